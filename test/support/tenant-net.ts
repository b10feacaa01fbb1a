import { Client } from 'pg';
import { sql } from '../../src/db/sql';
import type { OrganisationRole } from '../../src/domain/roles';
import { EntryRole } from '../../src/entities/courses';
import type { RestRoute } from '../../src/rest/route';
import { ROUTES } from '../../src/rest/routes';
import { buildGatewaySchema } from '../../src/schema/build';
import {
  addCourseMember,
  addOrganisationMember,
  buildCourse,
  buildOrganisation,
  buildRelationRole,
  buildTaxonomy,
  buildTaxonomyLevel,
  buildUser,
  defaultOrganisationKey,
  uniqueLogin,
  type TestUser,
} from '../factories';
import { call, graphql } from './http';
import { BODY_OBJECTS, nameOf, placementOf, type BodyObjects, type Values, type WorldKind } from './object-routes';
import { graphqlOf, pathOf } from './operations';
import { adminAuth, type TestService } from './service';
import {
  ALSO_REFUSED_WITH,
  CONTROL_BY_MANAGER,
  ROUTE_VALUES,
  TableSnapshots,
  acceptFor,
  changedTables,
  courseSide,
  curriculumSide,
  graphqlBodyOf,
  groupSide,
  markManaged,
  organisationSide,
  personSide,
  queryOf,
  restBodyOf,
  type Shared,
  type Side,
} from './two-owners';

/*
 * The tenant net: the two-owners net (./two-owners.ts) across organisations and up the privilege
 * ladder. The tree is the default organisation D, a parent P below it and the siblings A and B below
 * P; every role inherits downwards. Each managing caller of A (one person per role, a user of A only)
 * tries every route of the route table that names an object or a person on the objects and people of
 * B, of P and of D (people holding inheriting roles there: D's administrator, whose membership
 * reaches into A, and an author of B whose course ownership granted an inheriting `author` role in
 * D), through REST and the route's GraphQL twin. The person routes are also tried by A's user
 * manager, role manager and administrator on people of A who hold a role the caller lacks (the
 * ladder), and the role routes with grants of roles the caller lacks. So does an API key bound to A
 * (src/domain/bound.ts) whose owner holds every managing role in D, inheriting to the whole tree: the
 * objects of B, P and D are not the key's, whatever its owner's roles. Every attempt must be refused
 * (403, or 404 where the object stays invisible) and leave every table as it was; the system
 * administrator then runs the first attempt on a fresh object of B and must succeed, so the refusal
 * came from the object check.
 *
 * A world is built straight in the database (../factories.ts). Objects of B, P and D are built once
 * and built again after a route whose attempts changed a table (a leak must not leave the next
 * route an object that is gone, whose 404 would pass).
 */

/** The managing roles each of A and B has a holder of (the line manager where the vocabulary has it). */
export const TENANT_ROLES = [
  'administrator',
  'usermanager',
  'rolesmanager',
  'groupmanager',
  'learnresourcemanager',
  'author',
  'curriculummanager',
  'lecturemanager',
  'linemanager',
] as const satisfies readonly OrganisationRole[];
export type TenantRole = (typeof TENANT_ROLES)[number];

/** Who tries the routes: a holder of each role in A, and the key bound to A of a holder of every role in D. */
type NetCaller = TenantRole | 'bound';

/** The callers of A who try a route of a kind whose operation any authenticated caller may call (its object decides). */
const CALLERS_OF_KIND: Record<TenantKind, TenantRole[]> = {
  course: ['administrator', 'learnresourcemanager', 'author'],
  group: ['administrator', 'groupmanager', 'author'],
  curriculum: ['administrator', 'curriculummanager'],
  organisation: ['administrator'],
  person: ['administrator', 'usermanager', 'rolesmanager', 'linemanager'],
};

/** The caller of A who manages A's own objects of a kind: it also tries B's children beneath them. */
const OWNER_OF_KIND: Record<TenantKind, TenantRole> = {
  course: 'author',
  group: 'groupmanager',
  curriculum: 'curriculummanager',
  organisation: 'administrator',
  person: 'usermanager',
};

/** The roles of a person of A that each managing caller of A lacks there (the ladder: such a person is not theirs). */
const HIGHER_ROLES: Partial<Record<NetCaller, OrganisationRole[]>> = {
  usermanager: ['administrator', 'sysadmin', 'rolesmanager', 'usermanager'],
  rolesmanager: ['administrator', 'sysadmin', 'usermanager'],
  administrator: ['sysadmin'],
};

/** Roles (as RolesVO flags) each caller of A lacks: granting them to a person of A must be refused. */
const ROLES_NOT_HELD: Partial<Record<NetCaller, Record<string, boolean>[]>> = {
  usermanager: [{ olatAdmin: true }, { groupManager: true }],
  rolesmanager: [{ olatAdmin: true }, { userManager: true }],
};

/** The kinds the tenant net covers: catalog entries are global (OpenOLAT's catalog), and the two-owners net tries them owner against owner. */
export type TenantKind = Exclude<WorldKind, 'catalog'>;

/** The organisations of the tree. */
export interface Tree {
  d: number;
  p: number;
  a: number;
  b: number;
}

export interface TenantWorld {
  tree: Tree;
  shared: Shared;
  /** One person per role in A: a user of A only, holding the role there; and `bound`, the key bound to A of a holder of every role in D. */
  callers: Record<NetCaller, TestUser>;
  /** A's own objects of each kind (what the owning caller tries B's children beneath). */
  own: Record<TenantKind, Side>;
}

/** A target: whose objects, built how, and which callers of A try them (all the route's callers unless said). */
interface Target {
  name: string;
  build: (t: TestService, world: TenantWorld) => Promise<Side>;
  callers?: NetCaller[];
  /** The only route this target is tried on, each caller granting the roles it lacks (ROLES_NOT_HELD). */
  grantsOn?: string;
}

const em = (t: TestService) => t.service.orm.em.fork();

/**
 * A person who belongs to `organisationKey` only (a user there, not in the default organisation) and
 * holds `roles` there, each inheriting to the organisations below as roles do by default.
 */
export async function personOf(t: TestService, organisationKey: number, roles: OrganisationRole[] = [], person?: TestUser): Promise<TestUser> {
  const user = person ?? (await buildUser(t));
  await sql(em(t), `update organisation_role set organisation_id = ? where identity_id = ? and role = 'user'`, [organisationKey, user.key]);
  for (const role of roles) await addOrganisationMember(t, organisationKey, user.key, role);
  return user;
}

/**
 * Puts a group into an organisation where groups have one (a column of business_group named
 * organisation…); before groups belonged to organisations, a group is B's by the course of B it is
 * linked to.
 */
const groupColumns = new WeakMap<TestService, Promise<string | undefined>>();
async function placeGroup(t: TestService, groupKey: number, organisationKey: number) {
  if (!groupColumns.has(t))
    groupColumns.set(
      t,
      sql<{ name: string }>(
        em(t),
        `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = 'business_group' and column_name like 'organisation%'`,
      ).then((rows) => rows[0]?.name),
    );
  const column = await groupColumns.get(t);
  if (column) await sql(em(t), `update business_group set "${column}" = ? where id = ?`, [organisationKey, groupKey]);
  const course = await buildCourse(t, { organisationKey });
  await sql(em(t), 'insert into repository_entry_group (entry_id, group_id) values (?, ?)', [course.key, groupKey]);
}

async function placeEntries(t: TestService, organisationKey: number, entryKeys: unknown[]) {
  await sql(em(t), `update repository_entry set organisation_id = ? where id in (${entryKeys.map(() => '?').join(', ')})`, [organisationKey, ...entryKeys]);
}

/** A course of the organisation owned by its author (who, as every course owner, holds the author role in the default organisation: src/courses/service.ts). */
export async function courseIn(t: TestService, world: TenantWorld, organisationKey: number, owner: TestUser): Promise<Side> {
  const side = await courseSide(t, { ...world.shared, organisationKey }, owner);
  await placeEntries(t, organisationKey, [side.values.entry, side.values.repoEntryKey]);
  // A second organisation below its own, so that the course may leave its own (an entry keeps one).
  await sql(em(t), 'insert into repository_entry_to_organisation (entry_id, organisation_id) values (?, ?)', [
    side.values.entry,
    await buildOrganisation(t, {}, organisationKey),
  ]);
  await placeGroup(t, side.values.groupKey as number, organisationKey);
  return side;
}

export async function groupIn(t: TestService, organisationKey: number): Promise<Side> {
  const side = await groupSide(t, await personOf(t, organisationKey));
  await placeGroup(t, side.values.groupKey as number, organisationKey);
  return side;
}

export async function curriculumIn(t: TestService, world: TenantWorld, organisationKey: number, owner: TestUser): Promise<Side> {
  const side = await curriculumSide(t, world.shared, owner);
  await sql(em(t), 'update curriculum set organisation_id = ? where id = ?', [organisationKey, side.values.curriculumKey]);
  await placeEntries(t, organisationKey, [side.values.repositoryEntryKey]);
  return side;
}

/** A person of the organisation holding `roles` there (and a related person of the same organisation). */
export async function personIn(t: TestService, world: TenantWorld, organisationKey: number, roles: OrganisationRole[] = []): Promise<Side> {
  const side = await personSide(t, world.shared, null, null);
  await sql(em(t), `update organisation_role set organisation_id = ? where identity_id in (?, ?) and role = 'user'`, [
    organisationKey,
    side.values.identityKey,
    side.values.relatedKey,
  ]);
  for (const role of roles) await addOrganisationMember(t, organisationKey, side.values.identityKey as number, role);
  return side;
}

/** An author of B who owns a course of B: becoming its owner granted the author role in the default organisation, inheriting into A. */
export async function courseOwnerOfB(t: TestService, world: TenantWorld): Promise<Side> {
  const side = await personIn(t, world, world.tree.b);
  const owner = side.values.identityKey as number;
  await addCourseMember(t, (await buildCourse(t, { organisationKey: world.tree.b })).key, owner, EntryRole.owner);
  await addOrganisationMember(t, world.tree.d, owner, 'author');
  return side;
}

const MANAGED: Record<TenantKind, Record<string, string[]>> = {
  course: { repository_entry: ['entry', 'repoEntryKey'], business_group: ['groupKey'], lecture_block: ['lectureBlockKey'], calendar_event: ['eventId'] },
  group: { business_group: ['groupKey'], calendar_event: ['eventId'] },
  curriculum: {
    curriculum: ['curriculumKey'],
    curriculum_element: ['elementKey'],
    repository_entry: ['repositoryEntryKey'],
    lecture_block: ['lectureBlockKey'],
  },
  organisation: { organisation: ['organisationKey'] },
  person: { identity_relation: ['relationKey'], calendar_event: ['eventId'] },
};

const managed =
  (kind: TenantKind, build: Target['build']): Target['build'] =>
  async (t, world) =>
    markManaged(t, await build(t, world), MANAGED[kind]);

/** The objects of P and D are tried by A's administrator and A's owner of the kind (every caller of A tries B's): what differs there is the tree, not the role. */
const aboveCallers = (kind: TenantKind): NetCaller[] => ['administrator', OWNER_OF_KIND[kind], 'bound'];

/** The other organisations' objects of each kind, and for people the rungs of the ladder in A. */
export const TARGETS: Record<TenantKind, Target[]> = {
  course: [
    { name: "B's course", build: managed('course', async (t, w) => courseIn(t, w, w.tree.b, await personOf(t, w.tree.b, ['author']))) },
    {
      name: "P's course",
      callers: aboveCallers('course'),
      build: managed('course', async (t, w) => courseIn(t, w, w.tree.p, await personOf(t, w.tree.p, ['author']))),
    },
    {
      name: "D's course",
      callers: aboveCallers('course'),
      build: managed('course', async (t, w) => courseIn(t, w, w.tree.d, await personOf(t, w.tree.d, ['author']))),
    },
  ],
  group: [
    { name: "B's group", build: managed('group', (t, w) => groupIn(t, w.tree.b)) },
    { name: "P's group", callers: aboveCallers('group'), build: managed('group', (t, w) => groupIn(t, w.tree.p)) },
    { name: "D's group", callers: aboveCallers('group'), build: managed('group', (t, w) => groupIn(t, w.tree.d)) },
  ],
  curriculum: [
    { name: "B's curriculum", build: managed('curriculum', async (t, w) => curriculumIn(t, w, w.tree.b, await personOf(t, w.tree.b))) },
    {
      name: "P's curriculum",
      callers: aboveCallers('curriculum'),
      build: managed('curriculum', async (t, w) => curriculumIn(t, w, w.tree.p, await personOf(t, w.tree.p))),
    },
    {
      name: "D's curriculum",
      callers: aboveCallers('curriculum'),
      build: managed('curriculum', async (t, w) => curriculumIn(t, w, w.tree.d, await personOf(t, w.tree.d))),
    },
  ],
  organisation: [
    {
      name: 'an organisation below B',
      build: managed('organisation', async (t, w) => organisationSide(t, await personOf(t, w.tree.b, ['administrator']), w.tree.b)),
    },
    {
      name: 'an organisation below P',
      callers: aboveCallers('organisation'),
      build: managed('organisation', async (t, w) => organisationSide(t, await personOf(t, w.tree.p, ['administrator']), w.tree.p)),
    },
    {
      name: 'an organisation below D',
      callers: aboveCallers('organisation'),
      build: managed('organisation', async (t, w) => organisationSide(t, await personOf(t, w.tree.d, ['administrator']), w.tree.d)),
    },
  ],
  person: [
    { name: 'a person of B', build: managed('person', (t, w) => personIn(t, w, w.tree.b)) },
    { name: 'an author of B who owns a course (author in D, inherited)', build: managed('person', courseOwnerOfB) },
    { name: "P's administrator", build: managed('person', (t, w) => personIn(t, w, w.tree.p, ['administrator'])) },
    { name: "D's administrator", build: managed('person', (t, w) => personIn(t, w, w.tree.d, ['administrator'])) },
    ...(['administrator', 'sysadmin', 'rolesmanager', 'usermanager'] as const).map((role): Target => ({
      name: `${role} of A`,
      build: managed('person', (t, w) => personIn(t, w, w.tree.a, [role])),
      callers: TENANT_ROLES.filter((caller) => HIGHER_ROLES[caller]?.includes(role)),
    })),
    {
      name: 'a person of A, granted a role the caller lacks',
      build: (t, w) => personIn(t, w, w.tree.a),
      callers: TENANT_ROLES.filter((caller) => ROLES_NOT_HELD[caller]),
      grantsOn: 'POST /users/:identityKey/roles',
    },
  ],
};

/** The bodies of a route beyond the two-owners net's: other providers, an organisation to create in. */
const TENANT_BODIES: Record<string, BodyObjects[]> = {
  ...Object.fromEntries(
    ['PUT /users/:identityKey/authentications', 'POST /users/:identityKey/authentications'].map((name) => [
      name,
      [...BODY_OBJECTS[name], { objects: [], body: (v: Values) => ({ identityKey: v.identityKey, provider: 'API-Key' }) }],
    ]),
  ),
  'PUT /repo/courses': [
    ...BODY_OBJECTS['PUT /repo/courses'],
    { objects: ['organisationKey'], body: (v) => ({ title: 'Planted', organisationKey: v.organisationKey }) },
    { objects: ['entry', 'organisationKey'], body: (v) => ({ title: 'Copy planted', copyFrom: Number(v.entry), organisationKey: v.organisationKey }) },
  ],
};

/** Children of a kind's objects tried beneath A's own objects (the two-owners net's, and the organisation a course is added to). */
const CHILDREN: Record<TenantKind, string[]> = {
  course: ['groupKey', 'lectureBlockKey', 'rollCallKey', 'nodeId', 'eventId', 'repoEntryKey', 'organisationKey'],
  group: ['eventId'],
  curriculum: ['elementKey', 'repositoryEntryKey', 'lectureBlockKey'],
  organisation: ['identityKey', 'parentKey'],
  person: ['authKey', 'relationKey', 'relatedKey', 'calendarId', 'eventId'],
};

/**
 * The GraphQL-only operations (src/rest/routes): those that name an object or a person of a tenant kind, with the kind
 * whose values they take and the callers of A who try them; for the others, why the net does not try them.
 */
export const GRAPHQL_ONLY: Record<string, { kind: TenantKind; roles: TenantRole[] } | string> = {
  'Mutation.createApiKey': { kind: 'person', roles: ['administrator', 'usermanager', 'rolesmanager'] },
  'Mutation.removeUserProperties': { kind: 'person', roles: ['administrator', 'usermanager', 'rolesmanager'] },
  'Mutation.markCourseFavorite': { kind: 'course', roles: CALLERS_OF_KIND.course },
  'Mutation.unmarkCourseFavorite': "removes the caller's own bookmark only (one of a course the caller no longer sees may go)",
  'Mutation.updateTaxonomy': "taxonomies are the institution's, not an organisation's: its administrators' only",
  'Mutation.updateSettings': "the gateway's settings: its administrators' only",
  'Mutation.logout': "ends the caller's own session",
  'Query.settings': 'names no object',
  'Query.auditLog': "the gateway's administrators' only",
  'Query.catalogTree': 'the catalog is global (OpenOLAT), tried owner against owner by the two-owners net',
};

const graphqlOnlyCase = (field: string) => {
  const tried = GRAPHQL_ONLY[field];
  return typeof tried === 'string' ? undefined : tried;
};

let schema: ReturnType<typeof buildGatewaySchema> | undefined;

/** The roles the route's field asks (`@auth(roles: …)`), or null when any authenticated caller may call it. */
function rolesOf(field: string): string[] | null {
  schema ??= buildGatewaySchema();
  const [kind, name] = field.split('.');
  const definition = (kind === 'Query' ? schema.getQueryType() : schema.getMutationType())!.getFields()[name];
  const auth = definition.astNode?.directives?.find((directive) => directive.name.value === 'auth');
  const roles = auth?.arguments?.find((argument) => argument.name.value === 'roles')?.value;
  return roles && roles.kind === 'ListValue' ? roles.values.map((value) => (value as { value: string }).value) : null;
}

function callersOf(route: RestRoute, kind: TenantKind): NetCaller[] {
  const roles = rolesOf(route.field);
  const inA: TenantRole[] = roles
    ? TENANT_ROLES.filter((role) => roles.includes(role))
    : [...CALLERS_OF_KIND[kind], ...(/lecture|rollcall/.test(route.path) ? (['lecturemanager'] as const) : [])];
  return [...inA, 'bound'];
}

interface Attempt {
  name: string;
  caller: NetCaller;
  values: Values;
  body?: unknown;
}

/** The attempts of one route on one target: each caller on the target's objects, and A's owning caller on them beneath A's own objects. */
function attemptsOf(route: RestRoute, kind: TenantKind, target: Target, callers: NetCaller[], own: Values, theirs: Values): Attempt[] {
  const name = nameOf(route);
  const params = (route.path.match(/:\w+/g) ?? []).map((param) => param.slice(1));
  const beneath = (names: string[]) => CHILDREN[kind].filter((child) => names.includes(child) && own[child] !== theirs[child]);
  const owner = OWNER_OF_KIND[kind];
  const tryBeneath = !target.callers && callers.includes(owner);
  if (target.grantsOn) {
    if (target.grantsOn !== name) return [];
    return callers.flatMap((caller) =>
      (ROLES_NOT_HELD[caller] ?? []).map((grant) => ({ name: `${target.name} (grant ${Object.keys(grant)[0]})`, caller, values: theirs, body: grant })),
    );
  }
  const bodies = TENANT_BODIES[name] ?? BODY_OBJECTS[name];
  if (!bodies) {
    return [
      ...callers.map((caller) => ({ name: target.name, caller, values: theirs })),
      ...(tryBeneath
        ? beneath(params).map((child) => ({
            name: `A's own objects with ${target.name}'s ${child}`,
            caller: owner,
            values: { ...own, [child]: theirs[child] },
          }))
        : []),
    ];
  }
  return bodies.flatMap(({ objects, body }) => [
    ...callers.map((caller) => ({ name: `${target.name} (body ${objects.join(', ') || 'as is'})`, caller, values: theirs, body: body(theirs) })),
    ...(tryBeneath
      ? beneath([...params, ...objects]).map((child) => {
          const values = { ...own, [child]: theirs[child] };
          return { name: `A's own objects with ${target.name}'s ${child}`, caller: owner, values, body: body(values) };
        })
      : []),
  ]);
}

const CREATE_KEY = 'mutation($k: Long!, $o: Long) { createApiKey(identityKey: $k, boundOrganisationKey: $o) { clientId secret } }';

/** The person, calling with a new API key bound to the organisation (`Bearer clientId:secret`). */
export async function boundKeyOf(t: TestService, person: TestUser, organisationKey: number): Promise<TestUser> {
  const { clientId, secret } = (await graphql(t.base, adminAuth(), CREATE_KEY, { k: person.key, o: organisationKey })).body.data.createApiKey;
  return { ...person, auth: { Authorization: `Bearer ${clientId}:${secret}` } };
}

/** The world of a file: the tree, a holder of each role in A, A's own objects. */
export async function buildTenantWorld(t: TestService): Promise<TenantWorld> {
  const d = await defaultOrganisationKey(t);
  const p = await buildOrganisation(t, { identifier: uniqueLogin('P') });
  const a = await buildOrganisation(t, { identifier: uniqueLogin('A') }, p);
  const b = await buildOrganisation(t, { identifier: uniqueLogin('B') }, p);
  const taxonomyKey = await buildTaxonomy(t);
  const shared: Shared = { taxonomyLevelKey: await buildTaxonomyLevel(t, taxonomyKey), relationRoleKey: await buildRelationRole(t), organisationKey: a };
  const callers = {} as Record<NetCaller, TestUser>;
  for (const role of TENANT_ROLES) callers[role] = await personOf(t, a, [role]);
  callers.bound = await boundKeyOf(t, await personOf(t, d, [...TENANT_ROLES]), a);
  const world: TenantWorld = { tree: { d, p, a, b }, shared, callers, own: {} as Record<TenantKind, Side> };
  world.own = {
    course: await courseIn(t, world, a, callers.author),
    group: await groupIn(t, a),
    curriculum: await curriculumIn(t, world, a, callers.curriculummanager),
    organisation: await organisationSide(t, callers.administrator, a),
    person: await personIn(t, world, a),
  };
  return world;
}

/** The world and a route's attempts take seconds, more on a busy machine. */
export const NET_TIMEOUT = 120_000;

/** A route, or a GraphQL-only field (no REST attempt). */
interface Case {
  name: string;
  route: RestRoute;
  kind: TenantKind;
  graphqlOnly?: boolean;
}

function casesOf(kinds: TenantKind[]): Case[] {
  const routed: Case[] = ROUTES.flatMap((route) => {
    const placement = placementOf(route);
    return placement.kind === 'case' && (kinds as string[]).includes(placement.world)
      ? [{ name: nameOf(route), route, kind: placement.world as TenantKind }]
      : [];
  });
  const graphqlOnly: Case[] = Object.keys(GRAPHQL_ONLY).flatMap((field) => {
    const tried = graphqlOnlyCase(field);
    return tried && kinds.includes(tried.kind)
      ? [
          {
            name: `GraphQL ${field}`,
            route: { method: 'POST', path: '', field, summary: '', defaultFormat: 'json' } as RestRoute,
            kind: tried.kind,
            graphqlOnly: true,
          },
        ]
      : [];
  });
  return [...routed, ...graphqlOnly];
}

/**
 * The net for the routes of these kinds: one test per route, its attempts run one after another
 * (every caller of A that may call the route, on every target), the tables compared around them.
 */
export function tenantNet(kinds: TenantKind[], start: () => Promise<TestService>, part: (name: string) => boolean = () => true) {
  let t: TestService;
  let db: Client;
  let world: TenantWorld;
  let snapshots: TableSnapshots;
  const built = new Map<Target, Side>();
  const counters = { routes: 0, attempts: 0 };

  const sideOf = async (target: Target) => {
    if (!built.has(target)) built.set(target, await target.build(t, world));
    return built.get(target)!;
  };

  beforeAll(async () => {
    t = await start();
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    world = await buildTenantWorld(t);
    snapshots = new TableSnapshots(db);
    await snapshots.prepare();
  }, NET_TIMEOUT);
  afterAll(async () => {
    if (process.env.TWO_OWNERS_REPORT) console.log(`tenant ${kinds.join('+')}: ${counters.routes} routes, ${counters.attempts} attempts`);
    await db.end();
    await t.stop();
  });

  it.each(
    casesOf(kinds)
      .filter((c) => part(c.name))
      .map((c) => [c.name, c] as const),
  )(
    '%s: refused to callers of A on objects of B, P and D and up the ladder',
    async (name, { route, kind, graphqlOnly }) => {
      const op = graphqlOf(route);
      const also = ALSO_REFUSED_WITH[name];
      const overrides = ROUTE_VALUES[name]?.() ?? {};
      const callers: NetCaller[] = graphqlOnly ? [...graphqlOnlyCase(route.field)!.roles, 'bound'] : callersOf(route, kind);
      const problems: string[] = [];
      const targets = TARGETS[kind].filter((target) => callers.some((caller) => !target.callers || target.callers.includes(caller)));
      for (const target of targets) await sideOf(target);
      const before = await snapshots.take();
      counters.routes++;
      for (const target of targets) {
        const targetCallers = callers.filter((caller) => !target.callers || target.callers.includes(caller));
        const theirs = { ...(await sideOf(target)).values, ...overrides };
        const mine = { ...world.own[kind].values, ...overrides };
        for (const attempt of attemptsOf(route, kind, target, targetCallers, mine, theirs)) {
          counters.attempts++;
          const caller = world.callers[attempt.caller];
          const label = `${name} by ${attempt.caller === 'bound' ? 'the key bound to A' : `the ${attempt.caller} of A`} on ${attempt.name}`;
          if (!graphqlOnly) {
            const rest = await call(t.base, route.method, `${pathOf(route, attempt.values)}${queryOf(route, attempt.values)}`, {
              headers: { ...caller.auth, ...acceptFor(route) },
              body: restBodyOf(route, attempt.body),
            });
            if (![403, 404, ...(also ? [also.status] : [])].includes(rest.status))
              problems.push(`${label}: REST answered ${rest.status} ${rest.text.slice(0, 160)}`);
          }
          const variables = { ...op.variables(attempt.values), ...(route.bodyArg ? { [route.bodyArg]: graphqlBodyOf(route, attempt.body) } : {}) };
          const reply = await graphql(t.base, caller.auth, op.document, variables);
          const code = reply.body?.errors?.[0]?.extensions?.code;
          if (!['FORBIDDEN', 'NOT_FOUND', ...(also ? [also.code] : [])].includes(code) || reply.body?.data?.[op.field] != null)
            problems.push(`${label}: GraphQL answered ${JSON.stringify(reply.body).slice(0, 200)}`);
        }
      }
      const changed = changedTables(before, await snapshots.take());
      if (changed.length) {
        problems.push(`${name}: the attempts changed ${changed.join(', ')}`);
        built.clear();
      }

      // The control: the system administrator (or the person themself, CONTROL_BY_MANAGER) runs the first attempt on a fresh object of B.
      if (!graphqlOnly) {
        const target = TARGETS[kind][0];
        const side = route.field.startsWith('Query.') ? await sideOf(target) : await target.build(t, world);
        const values = { ...side.values, ...(ROUTE_VALUES[name]?.() ?? {}) };
        const [first] = attemptsOf(route, kind, target, [callers[0] ?? CALLERS_OF_KIND[kind][0]], world.own[kind].values, values);
        const controller = CONTROL_BY_MANAGER[name] ? side.manager.auth : adminAuth();
        const control = await call(t.base, route.method, `${pathOf(route, first.values)}${queryOf(route, first.values)}`, {
          headers: { ...controller, ...acceptFor(route) },
          body: restBodyOf(route, first.body),
        });
        if (control.status >= 400) problems.push(`${name}: the control on ${target.name} answered ${control.status} ${control.text.slice(0, 160)}`);
      }
      expect(problems).toEqual([]);
    },
    NET_TIMEOUT,
  );
}
