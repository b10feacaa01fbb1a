import { CORE_OPEN_ROUTES } from '../open-endpoints';
import type { FamilyRoutes } from '../route';
import { admin } from './admin';
import { calendars } from './calendars';
import { catalog } from './catalog';
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

/** Every family's routes, one entry per family; the order of families and of routes within them does not matter. */
const FAMILIES: FamilyRoutes[] = [
  users,
  groups,
  organisations,
  relations,
  admin,
  courses,
  courseGroups,
  courseLifecycle,
  courseArchives,
  catalog,
  taxonomy,
  curriculum,
  rollCalls,
  lectures,
  calendars,
];

export const ROUTES = FAMILIES.flatMap((family) => family.routes);
export const OPEN_ROUTES = [...CORE_OPEN_ROUTES, ...FAMILIES.flatMap((family) => family.openRoutes ?? [])];
export const GRAPHQL_ONLY_OPERATIONS = new Set(FAMILIES.flatMap((family) => family.graphqlOnly ?? []));
