import type { RestRoute } from '../../src/rest/route';
import { ROUTES } from '../../src/rest/routes';
import { uniqueLogin } from '../factories';

/*
 * Which routes name an object, and of which kind: the places of the route table in the two-owners
 * net (./two-owners.ts) and the routes whose refusals (./operations.ts) need a caller who holds the
 * route's role but has no right to the object.
 */

export type Values = Record<string, unknown>;

export type WorldKind = 'course' | 'group' | 'curriculum' | 'organisation' | 'person' | 'catalog';

/** What a user without any manager role may do with another's objects (test/access.test.ts); every other route answers such a caller 403. */
export const OPEN_TO_EVERY_CALLER = new Set([
  'GET /users/me',
  'GET /users/:identityKey',
  'GET /groups',
  'GET /repo/courses',
  'GET /repo/entries',
  'GET /repo/entries/search',
  'GET /users/:identityKey/portrait',
  'HEAD /users/:identityKey/portrait',
  'HEAD /users/:identityKey/portrait/:size',
  'GET /catalog',
  'GET /catalog/:path',
  'GET /catalog/:path/children',
  'GET /changes',
]);

/** The world of a route, by its path. */
const WORLD_OF: [RegExp, WorldKind][] = [
  // A statement is the person's: the course is named by its resource key, and may be none (stand-alone).
  [/^\/repo\/courses\/:resourceKey\/statements/, 'person'],
  [/^\/repo\/(courses|entries)\/:/, 'course'],
  [/^\/repo\/lectures\/rollcalls/, 'course'],
  [/^\/repo\/courses$/, 'course'],
  [/^\/groups($|\/:groupKey)/, 'group'],
  [/^\/curriculum($|\/:curriculumKey)/, 'curriculum'],
  [/^\/organisations($|\/:organisationKey|\/membership\/)/, 'organisation'],
  [/^\/users\/(:identityKey|:username)\//, 'person'],
  [/^\/users\/:identityKey$/, 'person'],
  [/^\/catalog\/:path/, 'catalog'],
];

/**
 * Routes the net leaves out, with the reason. Lists and searches name no object (what they answer
 * is narrowed to the caller in the family's tests); the others' only callers are administrators
 * (or managers) of objects that belong to no organisation, so no caller manages one but not another.
 */
export const EXEMPT: Record<string, string> = Object.fromEntries(
  Object.entries({
    'no object: a list or search, narrowed to what the caller may see': [
      'GET /users',
      'GET /users/username',
      'GET /users/managed',
      'PUT /users',
      'GET /organisations',
      'POST /repo/courses',
      'PUT /repo/entries',
      'GET /curriculum',
      'GET /curriculum/elements',
      'GET /repo/lectures/rollcalls',
      'GET /repo/lectures',
    ],
    "an organisation's own record: every organisation administrator reads it, as GET /organisations lists them all (OpenOLAT); what it holds (members, entries) is checked":
      ['GET /organisations/:organisationKey'],
    'taxonomies belong to no organisation: administrators and system administrators of any organisation manage every one (OpenOLAT checks the global role)':
      ROUTES.filter((route) => route.path.startsWith('/taxonomy')).map((route) => `${route.method} ${route.path}`),
    'organisation types belong to no organisation: administrators of any organisation manage every one': ROUTES.filter((route) =>
      route.path.startsWith('/organisations/types'),
    ).map((route) => `${route.method} ${route.path}`),
    'relation roles belong to no organisation: administrators of any organisation manage every one': ROUTES.filter((route) =>
      route.path.startsWith('/users/relations/roles'),
    ).map((route) => `${route.method} ${route.path}`),
    "webhooks: a list narrowed to the caller's own, a creation that names no object": ['GET /webhooks', 'PUT /webhooks'],
    "a webhook is its creator's (system administrators manage every one): test/webhooks/operations.test.ts tries each of these routes on another administrator's webhook":
      ROUTES.filter((route) => route.path.startsWith('/webhooks/')).map((route) => `${route.method} ${route.path}`),
    "sync: a submission names its objects in the document (each write is checked as its own request: test/sync/sync.test.ts); the list is narrowed to the caller's own":
      ['POST /sync', 'GET /sync'],
    "a sync job is its submitter's (system administrators read every one): test/sync/operations.test.ts tries each of these routes on another person's job":
      ROUTES.filter((route) => route.path.startsWith('/sync/')).map((route) => `${route.method} ${route.path}`),
    'curriculum element types belong to no curriculum: every curriculum manager (administrator or curriculummanager of any organisation) manages every one':
      ROUTES.filter((route) => route.path.startsWith('/curriculum/types')).map((route) => `${route.method} ${route.path}`),
  }).flatMap(([reason, names]) => names.map((name) => [name, reason])),
);

/** Objects a route names in its body: the body for the values, and the values it takes them from (each tried beneath the caller's own objects too). */
export interface BodyObjects {
  objects: string[];
  body: (values: Values) => unknown;
}

export const BODY_OBJECTS: Record<string, BodyObjects[]> = {
  ...Object.fromEntries(
    ['PUT /users/:identityKey/authentications', 'POST /users/:identityKey/authentications', 'PUT /users/:username/auth'].map((name) => [
      name,
      [{ objects: [], body: (v: Values) => ({ identityKey: v.identityKey, provider: 'LDAP', authUsername: uniqueLogin('ldap') }) }],
    ]),
  ),
  'PUT /repo/courses': [{ objects: ['entry'], body: (v) => ({ title: 'Copy', copyFrom: Number(v.entry) }) }],
  'PUT /repo/courses/:resourceKey/statements': [{ objects: ['identityKey'], body: (v) => ({ identityKey: v.identityKey, score: 1.5, passed: true }) }],
  ...Object.fromEntries(
    ['POST /repo/courses/:courseKey/assessments/:nodeId', 'PUT /repo/courses/:courseKey/assessments/:nodeId'].map((name) => [
      name,
      [{ objects: ['identityKey'], body: (v: Values) => ({ identityKey: v.identityKey, score: 4.5, passed: true }) }],
    ]),
  ),
  'PUT /repo/courses/:courseKey/groups': [{ objects: ['groupKey'], body: (v) => ({ key: v.groupKey }) }],
  'POST /repo/courses/:courseKey/groups/new': [{ objects: ['groupKey'], body: (v) => ({ key: v.groupKey }) }],
  'PUT /groups': [{ objects: ['groupKey'], body: (v) => ({ key: v.groupKey, name: 'Renamed by body' }) }],
  'PUT /repo/lectures/rollcalls': [{ objects: ['rollCallKey'], body: (v) => ({ key: v.rollCallKey, comment: 'Comment' }) }],
  'POST /repo/lectures/rollcalls': [{ objects: ['rollCallKey'], body: (v) => ({ key: v.rollCallKey, comment: 'Comment' }) }],
  ...Object.fromEntries(
    [
      'PUT /repo/entries/:entry/lectureblocks',
      'POST /repo/entries/:entry/lectureblocks',
      'PUT /repo/courses/:courseKey/lectureblocks',
      'POST /repo/courses/:courseKey/lectureblocks',
      'PUT /curriculum/:curriculumKey/elements/:elementKey/lectureblocks',
      'POST /curriculum/:curriculumKey/elements/:elementKey/lectureblocks',
    ].map((name) => [name, [{ objects: ['lectureBlockKey'], body: (v: Values) => ({ key: v.lectureBlockKey, title: 'Block', plannedLectures: 2 }) }]]),
  ),
  ...Object.fromEntries(
    ['PUT /curriculum', 'POST /curriculum'].map((name) => [
      name,
      [{ objects: ['curriculumKey'], body: (v: Values) => ({ key: v.curriculumKey, identifier: 'changed', displayName: 'Changed by body' }) }],
    ]),
  ),
  ...Object.fromEntries(
    ['PUT /curriculum/:curriculumKey/elements', 'POST /curriculum/:curriculumKey/elements'].map((name) => [
      name,
      [{ objects: ['elementKey'], body: (v: Values) => ({ key: v.elementKey, displayName: 'Changed by body' }) }],
    ]),
  ),
  ...Object.fromEntries(
    ['PUT /organisations', 'POST /organisations'].map((name) => [
      name,
      [
        { objects: ['organisationKey'], body: (v: Values) => ({ key: v.organisationKey, identifier: uniqueLogin('org'), displayName: 'Changed by body' }) },
        { objects: ['parentKey'], body: (v: Values) => ({ identifier: uniqueLogin('org'), displayName: 'Below', parentOrganisationKey: v.parentKey }) },
      ],
    ]),
  ),
  'POST /organisations/:organisationKey': [{ objects: ['parentKey'], body: (v) => ({ displayName: 'Moved', parentOrganisationKey: v.parentKey }) }],
  'PUT /organisations/:organisationKey/:role': [{ objects: ['identityKey'], body: (v) => [{ key: v.identityKey }] }],
  ...Object.fromEntries(
    ['PUT /users/:identityKey/relations', 'POST /users/:identityKey/relations'].map((name) => [
      name,
      [
        {
          objects: ['relatedKey'],
          body: (v: Values) => ({ identitySourceKey: v.identityKey, identityTargetKey: v.relatedKey, relationRoleKey: v.relationRoleKey }),
        },
      ],
    ]),
  ),
  ...Object.fromEntries(
    [
      'PUT /repo/courses/:courseKey/elements/structure',
      'POST /repo/courses/:courseKey/elements/structure',
      'PUT /repo/courses/:courseKey/elements/singlepage',
      'POST /repo/courses/:courseKey/elements/singlepage',
    ].map((name) => [name, [{ objects: ['nodeId'], body: (v: Values) => ({ parentNodeId: v.nodeId }) }]]),
  ),
};

export const nameOf = (route: RestRoute) => `${route.method} ${route.path}`;

export type Placement = { kind: 'case'; world: WorldKind } | { kind: 'exempt'; reason: string } | { kind: 'missing'; problem: string };

/** Where the net places a route: its world, an exemption, or why it has none. */
export function placementOf(route: RestRoute): Placement {
  const name = nameOf(route);
  if (OPEN_TO_EVERY_CALLER.has(name)) return { kind: 'exempt', reason: 'open to every authenticated caller (test/access.test.ts)' };
  if (EXEMPT[name]) return { kind: 'exempt', reason: EXEMPT[name] };
  const world = WORLD_OF.find(([pattern]) => pattern.test(route.path))?.[1];
  if (!world)
    return { kind: 'missing', problem: `no two-owners case for ${name}: give it a world (WORLD_OF) or an exemption (EXEMPT) in test/support/object-routes.ts` };
  const params = (route.path.match(/:\w+/g) ?? []).map((param) => param.slice(1));
  if (!params.length && !BODY_OBJECTS[name])
    return { kind: 'missing', problem: `no two-owners case for ${name}: it names no object in its path; name one in its body (BODY_OBJECTS) or exempt it` };
  return { kind: 'case', world };
}
