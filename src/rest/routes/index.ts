import { CORE_OPEN_ROUTES } from '../open-endpoints';
import type { ApiTag, FamilyRoutes, OpenRoute, RestRoute } from '../route';
import { admin } from './admin';
import { assessment } from './assessment';
import { calendars } from './calendars';
import { catalog } from './catalog';
import { sync } from './sync';
import { webhooks } from './webhooks';
import { changes } from './changes';
import { courseGroups } from './course-groups';
import { courseLifecycle } from './course-lifecycle';
import { courseArchives } from './course-archives';
import { courses } from './courses';
import { curriculum } from './curriculum';
import { groups } from './groups';
import { lectures } from './lectures';
import { organisations } from './organisations';
import { relations } from './relations';
import { rollCalls } from './roll-calls';
import { taxonomy } from './taxonomy';
import { users } from './users';

/**
 * Every family's routes with the tag its operations get in openapi.json; the order of families and
 * of routes within them does not matter.
 */
const FAMILIES: [FamilyRoutes, ApiTag][] = [
  [users, { name: 'users', description: 'People: accounts, roles, status, authentications, preferences, portraits and login.' }],
  [groups, { name: 'groups', description: 'Learning groups, their owners and participants, news and configuration; the groups of a person.' }],
  [organisations, { name: 'organisations', description: 'Organisations, organisation types and members by role.' }],
  [relations, { name: 'relations', description: 'Relation roles and the relations between two people.' }],
  [admin, { name: 'admin', description: "The gateway's own administration (GraphQL only)." }],
  [
    courses,
    { name: 'courses', description: 'Courses and repository entries: list, create, read, delete, members by role, publishing, structure and course elements.' },
  ],
  [courseGroups, { name: 'course groups', description: "The groups of a course, a person's courses and an organisation's learning resources." }],
  [
    courseLifecycle,
    {
      name: 'course lifecycle',
      description: 'Metadata, status, access, image, organisations and configuration of repository entries and courses, and search.',
    },
  ],
  [
    courseArchives,
    { name: 'course archives', description: 'Courses and repository entries imported from archives (multipart uploads) and exported as archives (ZIP).' },
  ],
  [assessment, { name: 'assessment', description: 'Efficiency statements: the outcome of a course for a person.' }],
  [catalog, { name: 'catalog', description: 'The catalog tree: entries, their children and owners.' }],
  [taxonomy, { name: 'taxonomy', description: 'Taxonomies, levels, level types, competences, and the levels of repository entries.' }],
  [curriculum, { name: 'curriculum', description: 'Curricula, their elements, members, linked courses, and element types.' }],
  [rollCalls, { name: 'roll calls', description: 'Roll calls of lecture blocks and the lecture statistics of a curriculum.' }],
  [lectures, { name: 'lectures', description: 'Lecture blocks of courses and curriculum elements, their teachers, and the blocks of a day.' }],
  [calendars, { name: 'calendars', description: 'Calendars and events of people, groups and courses, and the iCalendar feed.' }],
  [changes, { name: 'changes', description: 'What committed writes changed, in commit order, from a cursor on (beyond OpenOLAT).' }],
  [webhooks, { name: 'webhooks', description: 'Subscriptions that POST the change feed to external systems, signed per Standard Webhooks (beyond OpenOLAT).' }],
  [sync, { name: 'sync', description: 'One request for a term: a desired-state document, its dry run and its apply as a tracked job (beyond OpenOLAT).' }],
];

export const ROUTES: RestRoute[] = FAMILIES.flatMap(([family, tag]) => family.routes.map((route) => ({ ...route, tag, strictQuery: family.strictQuery })));
export const OPEN_ROUTES: OpenRoute[] = [
  ...CORE_OPEN_ROUTES,
  ...FAMILIES.flatMap(([family, tag]) => (family.openRoutes ?? []).map((route) => ({ tag, ...route }))),
];
export const GRAPHQL_ONLY_OPERATIONS = new Set(FAMILIES.flatMap(([family]) => family.graphqlOnly ?? []));
