import { Client } from 'pg';
import { syncLectureBlockCalendars } from '../../src/calendars/lecture-sync';
import { entryImagePath } from '../../src/courses/image';
import { sql } from '../../src/db/sql';
import { fileStorage } from '../../src/files/storage';
import { EntryRole } from '../../src/entities/courses';
import { GroupRole } from '../../src/entities/groups';
import type { RestRoute } from '../../src/rest/route';
import { ROUTES } from '../../src/rest/routes';
import { buildGatewaySchema } from '../../src/schema/build';
import { addCatalogOwner, buildCatalogEntry } from '../catalog/support';
import {
  addCourseMember,
  addCurriculumElementMember,
  addGroupMember,
  addOrganisationMember,
  buildCourse,
  buildCurriculum,
  buildCurriculumElement,
  buildGroup,
  buildOrganisation,
  buildRelation,
  buildRelationRole,
  buildTaxonomy,
  buildTaxonomyLevel,
  buildUser,
  uniqueLogin,
  type TestUser,
} from '../factories';
import { call, graphql } from './http';
import { BODY_OBJECTS, nameOf, placementOf, type Values, type WorldKind } from './object-routes';
import { acceptOf, graphqlOf, pathOf, restBody, sampleBody } from './operations';
import { adminAuth, type TestService } from './service';

/*
 * The two-owners net: for every route of the route table that names an object (in its path or its
 * body), a caller who legitimately manages one object of that kind tries the route on another
 * owner's object of the same kind, and beneath their own object on the other owner's children
 * (groups, blocks, events, elements, …), through REST and through the route's GraphQL twin. Each
 * attempt must be refused (403, or 404 where the object stays invisible) and leave every table as
 * it was. The administrator then runs the same request on the other owner's objects: it must
 * succeed, which shows the values named real objects and the refusal came from the object check.
 *
 * A route is placed in a world by its path (WORLD_OF in ./object-routes.ts); a route the net cannot
 * place, or whose path names a parameter its world has no value for, fails the net: a route added
 * later needs a world or an entry in EXEMPT with its reason.
 */

export interface Side {
  /** The person who manages this side's objects. */
  manager: TestUser;
  values: Values;
}

export interface WorldSpec {
  /** What the caller manages there. */
  caller: string;
  /** Values naming children of the world's object: each is also tried beneath the caller's own object. */
  children: string[];
  /** The caller's side, built once per file (refused attempts leave it unchanged). */
  own(t: TestService, shared: Shared): Promise<Side>;
  /** Another owner's side, built afresh for every route (the administrator's control changes it). */
  foreign(t: TestService, shared: Shared): Promise<Side>;
}

/** Objects both sides refer to without owning them. */
export interface Shared {
  taxonomyLevelKey: number;
  relationRoleKey: number;
  /** An organisation courses are added to (a reference, not owned by either side). */
  organisationKey: number;
}

const em = (t: TestService) => t.service.orm.em.fork();
const DAY = 24 * 3600 * 1000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADklEQVQImWNoAAMGCAUAKg4GAeLeQoEAAAAASUVORK5CYII=',
  'base64',
);

/**
 * Marks the other owner's objects managed by an external system (flag `all`): a GraphQL caller must
 * be refused for the object (403, 404) before any managed flag is looked at (409), see
 * src/managed/elements.ts.
 */
export async function markManaged(t: TestService, side: Side, tables: Record<string, string[]>): Promise<Side> {
  for (const [table, names] of Object.entries(tables)) {
    const column = table === 'calendar_event' ? 'event_id' : 'id';
    const keys = names.map((name) => side.values[name]);
    await sql(em(t), `update ${table} set managed_flags = 'all' where ${column} in (${keys.map(() => '?').join(', ')})`, keys);
  }
  return side;
}

async function enableCourseTools(t: TestService, entryKey: number) {
  await sql(em(t), 'insert into course_config (entry_id, calendar) values (?, true)', [entryKey]);
  await sql(em(t), 'insert into lecture_entry_config (entry_id, lecture_enabled) values (?, true)', [entryKey]);
}

async function buildBlock(t: TestService, entryKey: number, elementKey: number | null, teacherKey: number, participantKey: number) {
  const start = new Date(Date.now() + DAY);
  const [{ id }] = await sql<{ id: string }>(
    em(t),
    `insert into lecture_block (entry_id, curriculum_element_id, title, start_date, end_date, planned_lectures) values (?, ?, 'Block', ?, ?, 2) returning id`,
    [entryKey, elementKey, start, new Date(start.getTime() + 2 * 3600 * 1000)],
  );
  const blockKey = Number(id);
  await sql(em(t), 'insert into lecture_block_teacher (block_id, identity_id) values (?, ?)', [blockKey, teacherKey]);
  await sql(em(t), 'insert into lecture_block_participant_group (block_id, entry_id, element_id) values (?, ?, ?)', [
    blockKey,
    elementKey === null ? entryKey : null,
    elementKey,
  ]);
  const [{ id: rollCallKey }] = await sql<{ id: string }>(
    em(t),
    'insert into lecture_block_roll_call (block_id, identity_id, lectures_attended_number) values (?, ?, 1) returning id',
    [blockKey, participantKey],
  );
  await em(t).transactional((tx) => syncLectureBlockCalendars(tx, [blockKey]));
  return { lectureBlockKey: blockKey, rollCallKey: Number(rollCallKey) };
}

async function buildEvent(t: TestService, type: 'user' | 'group' | 'course', ownerKey: number): Promise<string> {
  const eventId = uniqueLogin('event');
  await sql(em(t), `insert into calendar_event (calendar_type, owner_key, event_id, subject, begin, "end") values (?, ?, ?, 'Event', ?, ?)`, [
    type,
    ownerKey,
    eventId,
    new Date(Date.now() + DAY),
    new Date(Date.now() + DAY + 3600 * 1000),
  ]);
  return eventId;
}

/** A course owned by `owner` with its calendar and lectures on, a linked group, a lecture block with a roll call, an event, and a second course of the owner. */
export async function courseSide(t: TestService, shared: Shared, owner: TestUser): Promise<Side> {
  const course = await buildCourse(t, { title: uniqueLogin('course') });
  const target = await buildCourse(t, { title: uniqueLogin('target') });
  const participant = await buildUser(t);
  for (const entry of [course, target]) {
    await addCourseMember(t, entry.key, owner.key, EntryRole.owner);
    await enableCourseTools(t, entry.key);
  }
  await addCourseMember(t, course.key, participant.key, EntryRole.participant);
  const groupKey = await buildGroup(t);
  await sql(em(t), 'insert into repository_entry_group (entry_id, group_id) values (?, ?)', [course.key, groupKey]);
  const block = await buildBlock(t, course.key, null, owner.key, participant.key);
  await fileStorage(em(t)).put(entryImagePath(course.key), PNG, 'image/png');
  return {
    manager: owner,
    values: {
      courseKey: course.courseKey,
      entry: String(course.key),
      role: 'participants',
      identityKey: owner.key,
      groupKey,
      ...block,
      nodeId: course.editorRootNodeId,
      eventId: await buildEvent(t, 'course', course.key),
      repoEntryKey: target.key,
      originEntryKey: target.key,
      organisationKey: shared.organisationKey,
      taxonomyLevelKey: shared.taxonomyLevelKey,
    },
  };
}

export async function groupSide(t: TestService, coach: TestUser): Promise<Side> {
  const groupKey = await buildGroup(t, { tools: ['hasCalendar', 'hasNews'], news: 'News' });
  await addGroupMember(t, groupKey, coach.key, GroupRole.coach);
  return { manager: coach, values: { groupKey, identityKey: coach.key, eventId: await buildEvent(t, 'group', groupKey) } };
}

/** A curriculum with an element, a course linked to it (lectures on), a lecture block of the element and a member. */
export async function curriculumSide(t: TestService, shared: Shared, owner: TestUser): Promise<Side> {
  const curriculumKey = await buildCurriculum(t);
  await sql(em(t), `insert into curriculum_role (curriculum_id, identity_id, role) values (?, ?, 'curriculumowner')`, [curriculumKey, owner.key]);
  const elementKey = await buildCurriculumElement(t, curriculumKey);
  await addCurriculumElementMember(t, elementKey, owner.key, 'participant');
  const course = await buildCourse(t, { title: uniqueLogin('linked') });
  await enableCourseTools(t, course.key);
  await sql(em(t), 'insert into curriculum_element_entry (element_id, entry_id) values (?, ?)', [elementKey, course.key]);
  const { lectureBlockKey } = await buildBlock(t, course.key, elementKey, owner.key, owner.key);
  return {
    manager: owner,
    values: {
      curriculumKey,
      elementKey,
      repositoryEntryKey: course.key,
      lectureBlockKey,
      identityKey: owner.key,
      role: 'participants',
      taxonomyLevelKey: shared.taxonomyLevelKey,
    },
  };
}

/** An organisation below `parentKey` with a user member, administered by `administrator` (an inheriting role in `parentKey`). */
export async function organisationSide(t: TestService, administrator: TestUser, parentKey: number): Promise<Side> {
  const organisationKey = await buildOrganisation(t, {}, parentKey);
  const member = await buildUser(t);
  await addOrganisationMember(t, organisationKey, member.key, 'user');
  return { manager: administrator, values: { organisationKey, parentKey, role: 'users', identityKey: member.key } };
}

/** A person of the organisation `organisationKey` (unless null) with a relation to another one, an event in their calendar; managed by `manager`, else by themself. */
export async function personSide(t: TestService, shared: Shared, manager: TestUser | null, organisationKey: number | null): Promise<Side> {
  const person = await buildUser(t);
  const related = await buildUser(t);
  if (organisationKey !== null) {
    await addOrganisationMember(t, organisationKey, person.key, 'user');
    await addOrganisationMember(t, organisationKey, related.key, 'user');
  }
  const [{ id: authKey }] = await sql<{ id: number }>(em(t), 'select id from authentication where identity_id = ?', [person.key]);
  await sql(em(t), 'insert into efficiency_statement (identity_id, resource_key, score, course_title) values (?, ?, 5, ?)', [
    person.key,
    STATEMENT_RESOURCE_KEY,
    'Stand-alone',
  ]);
  await sql(em(t), 'insert into calendar_feed_token (identity_id, calendar_id, token_hash) values (?, ?, md5(?) || md5(?))', [
    person.key,
    `user_${person.key}`,
    person.login,
    person.password,
  ]);
  return {
    manager: manager ?? person,
    values: {
      identityKey: person.key,
      username: person.login,
      authKey,
      relationKey: await buildRelation(t, person.key, related.key, shared.relationRoleKey),
      relatedKey: related.key,
      relationRoleKey: shared.relationRoleKey,
      calendarId: `user_${person.login}`,
      eventId: await buildEvent(t, 'user', person.key),
    },
  };
}

async function catalogSide(t: TestService, owner: TestUser): Promise<Side> {
  const key = await buildCatalogEntry(t);
  await addCatalogOwner(t, key, owner.key);
  return { manager: owner, values: { path: String(key), identityKey: owner.key } };
}

/** Sub-organisations of the default one: the caller's side lives in the first, the other owner's in the second. */
const subOrganisations = new WeakMap<TestService, Promise<[number, number]>>();
const sides = (t: TestService) => {
  if (!subOrganisations.has(t)) subOrganisations.set(t, Promise.all([buildOrganisation(t), buildOrganisation(t)]));
  return subOrganisations.get(t)!;
};

export const WORLDS: Record<WorldKind, WorldSpec> = {
  course: {
    caller: 'an author who owns a course',
    children: ['groupKey', 'lectureBlockKey', 'rollCallKey', 'nodeId', 'eventId', 'repoEntryKey'],
    own: async (t, shared) => courseSide(t, shared, await buildUser(t, { author: true })),
    foreign: async (t, shared) =>
      markManaged(t, await courseSide(t, shared, await buildUser(t, { author: true })), {
        repository_entry: ['entry', 'repoEntryKey'],
        business_group: ['groupKey'],
        lecture_block: ['lectureBlockKey'],
        calendar_event: ['eventId'],
      }),
  },
  group: {
    caller: 'the coach of a group',
    children: ['eventId'],
    own: async (t) => groupSide(t, await buildUser(t)),
    foreign: async (t) => markManaged(t, await groupSide(t, await buildUser(t)), { business_group: ['groupKey'], calendar_event: ['eventId'] }),
  },
  curriculum: {
    caller: 'the owner of a curriculum (and curriculum manager of an organisation without curricula)',
    children: ['elementKey', 'repositoryEntryKey', 'lectureBlockKey'],
    async own(t, shared) {
      const owner = await buildUser(t);
      await addOrganisationMember(t, await buildOrganisation(t), owner.key, 'curriculummanager');
      return curriculumSide(t, shared, owner);
    },
    foreign: async (t, shared) =>
      markManaged(t, await curriculumSide(t, shared, await buildUser(t)), {
        curriculum: ['curriculumKey'],
        curriculum_element: ['elementKey'],
        repository_entry: ['repositoryEntryKey'],
        lecture_block: ['lectureBlockKey'],
      }),
  },
  organisation: {
    caller: 'the administrator of an organisation',
    children: ['identityKey', 'parentKey'],
    async own(t) {
      const [mine] = await sides(t);
      const administrator = await buildUser(t);
      await addOrganisationMember(t, mine, administrator.key, 'administrator');
      return organisationSide(t, administrator, mine);
    },
    async foreign(t) {
      const [, theirs] = await sides(t);
      const administrator = await buildUser(t);
      await addOrganisationMember(t, theirs, administrator.key, 'administrator');
      return markManaged(t, await organisationSide(t, administrator, theirs), { organisation: ['organisationKey'] });
    },
  },
  person: {
    caller: 'the user manager of an organisation',
    children: ['authKey', 'relationKey', 'relatedKey', 'calendarId', 'eventId'],
    async own(t, shared) {
      const [mine] = await sides(t);
      const manager = await buildUser(t);
      await addOrganisationMember(t, mine, manager.key, 'usermanager');
      return personSide(t, shared, manager, mine);
    },
    foreign: async (t, shared) => markManaged(t, await personSide(t, shared, null, null), { identity_relation: ['relationKey'], calendar_event: ['eventId'] }),
  },
  catalog: {
    caller: 'the owner of a catalog entry',
    children: [],
    own: async (t) => catalogSide(t, await buildUser(t)),
    foreign: async (t) => catalogSide(t, await buildUser(t)),
  },
};

/** Values of one route that differ from its world's (a route whose argument means something else there). */
/** The resource key of the stand-alone efficiency statement every person side holds. */
const STATEMENT_RESOURCE_KEY = 3_495_783_497;
let statementsWritten = 0;

export const ROUTE_VALUES: Record<string, () => Values> = {
  'GET /curriculum/:curriculumKey/elements/:elementKey/users': () => ({ role: 'participant' }),
  'PUT /users/:identityKey/username': () => ({ username: uniqueLogin('renamed') }),
  'POST /users/:identityKey/username': () => ({ username: uniqueLogin('renamed') }),
  'GraphQL Mutation.removeUserProperties': () => ({ names: ['telMobile'] }),
  // Efficiency statements are the person's whatever the resource: the one every person side holds, and a new one for each write.
  'GET /repo/courses/:resourceKey/statements/:identityKey': () => ({ resourceKey: STATEMENT_RESOURCE_KEY }),
  ...Object.fromEntries(
    ['PUT /repo/courses/:resourceKey/statements/:identityKey', 'PUT /repo/courses/:resourceKey/statements'].map((name) => [
      name,
      () => ({ resourceKey: STATEMENT_RESOURCE_KEY + ++statementsWritten }),
    ]),
  ),
};

/** Refusals besides 403 and 404 that a route documents for an attempt, with the reason. */
const ELEMENT_OF_ANOTHER_CURRICULUM = {
  status: 409,
  code: 'CONFLICT',
  reason: 'an update naming an element of another curriculum is a conflict, as a parent there is (catalogue 2.6, test/curriculum/curriculum.test.ts)',
};
export const ALSO_REFUSED_WITH: Record<string, { status: number; code: string; reason: string }> = {
  'PUT /curriculum/:curriculumKey/elements': ELEMENT_OF_ANOTHER_CURRICULUM,
  'POST /curriculum/:curriculumKey/elements': ELEMENT_OF_ANOTHER_CURRICULUM,
  'POST /curriculum/:curriculumKey/elements/:elementKey': ELEMENT_OF_ANOTHER_CURRICULUM,
  'DELETE /users/:identityKey/relations/:relationKey': {
    status: 409,
    code: 'CONFLICT',
    reason: 'catalogue 2.10: a relation the person does not have is a conflict',
  },
};

/** Routes whose control is run by the other side's manager, not the administrator, with the reason. */
export const CONTROL_BY_MANAGER: Record<string, string> = {
  'PUT /users/:identityKey/calendars/:calendarId/feed': 'only the person themself subscribes to their calendars',
  'DELETE /users/:identityKey/calendars/:calendarId/feed': 'only the person themself subscribes to their calendars',
};

interface Attempt {
  name: string;
  values: Values;
  body?: unknown;
}

/** The attempts on one route: the other owner's objects, then each of their children beneath the caller's own objects (and the same for the objects its body names). */
function attemptsOf(route: RestRoute, spec: WorldSpec, own: Values, foreign: Values): Attempt[] {
  const params = (route.path.match(/:\w+/g) ?? []).map((param) => param.slice(1));
  const beneath = (names: string[]) => spec.children.filter((child) => names.includes(child) && own[child] !== foreign[child]);
  const bodies = BODY_OBJECTS[nameOf(route)];
  if (!bodies) {
    return [
      { name: "the other owner's objects", values: foreign },
      ...beneath(params).map((child) => ({ name: `the caller's objects with the other owner's ${child}`, values: { ...own, [child]: foreign[child] } })),
    ];
  }
  return bodies.flatMap(({ objects, body }) => [
    { name: `the other owner's objects (body ${objects.join(', ')})`, values: foreign, body: body(foreign) },
    ...beneath([...params, ...objects]).map((child) => {
      const values = { ...own, [child]: foreign[child] };
      return { name: `the caller's objects with the other owner's ${child}`, values, body: body(values) };
    }),
  ]);
}

/** The arguments of the route's field that are neither in its path nor its body: REST takes them as query parameters. */
let schema: ReturnType<typeof buildGatewaySchema> | undefined;

export function queryOf(route: RestRoute, values: Values): string {
  schema ??= buildGatewaySchema();
  const [kind, field] = route.field.split('.');
  const args = (kind === 'Query' ? schema.getQueryType() : schema.getMutationType())!.getFields()[field].args.map((arg) => arg.name);
  const inPath = new Set((route.path.match(/:\w+/g) ?? []).map((param) => param.slice(1)));
  const query = new URLSearchParams();
  for (const name of args) if (!inPath.has(name) && name !== route.bodyArg && values[name] !== undefined) query.set(name, String(values[name]));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The Accept header of the route's client: anything for a file or a stream. */
export const acceptFor = (route: RestRoute) =>
  route.streamedAnswer ? { Accept: '*/*' } : route.paging === 'required' ? { Accept: 'application/json; pagingspec=1.0' } : acceptOf(route);

export function restBodyOf(route: RestRoute, body: unknown): unknown {
  if (body === undefined) return restBody(route);
  if (route.multipartBody) return restBody(route, body as Values);
  const sample = sampleBody(route);
  return Array.isArray(body) || !sample || typeof sample !== 'object' || Array.isArray(sample) ? body : { ...sample, ...(body as Values) };
}

export function graphqlBodyOf(route: RestRoute, body: unknown): unknown {
  const sample = sampleBody(route);
  if (body === undefined) return sample;
  return Array.isArray(body) || !sample || typeof sample !== 'object' || Array.isArray(sample) ? body : { ...sample, ...(body as Values) };
}

/** The tables an attempt could change, hashed row by row; the log and the per-request bookkeeping of logins are left out. */
const NOT_COMPARED = ['mikro_orm_migrations', 'audit_log', 'http_session', 'rate_limit_bucket', 'login_failure_window'];
/** Columns a successful login writes. */
const LOGIN_COLUMNS = ['last_login', 'last_usage'];
/** Rows a successful login writes: the X-SERVICE-TOKEN every REST answer carries (src/auth/tokens.ts). */
const LOGIN_ROWS: Record<string, string> = { authentication: `where x.provider <> 'REST'` };

export class TableSnapshots {
  private statement = '';
  tables: string[] = [];

  constructor(private readonly db: Client) {}

  async prepare() {
    const { rows } = await this.db.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    this.tables = rows.map((row) => row.name).filter((name) => !NOT_COMPARED.includes(name));
    const dropped = LOGIN_COLUMNS.map((column) => ` - '${column}'`).join('');
    this.statement = this.tables
      .map(
        (table) =>
          `select '${table}' as name, md5(coalesce(string_agg(r, ',' order by r), '')) as hash from (select (to_jsonb(x)${dropped})::text as r from "${table}" x ${LOGIN_ROWS[table] ?? ''}) s`,
      )
      .join(' union all ');
  }

  async take(): Promise<Record<string, string>> {
    const { rows } = await this.db.query<{ name: string; hash: string }>(this.statement);
    return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
  }
}

export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(before).filter((table) => before[table] !== after[table]);

export interface NetCounters {
  routes: number;
  attempts: number;
}

/**
 * The net for the routes of these worlds: one test per route, each with a fresh other owner.
 * `counters` adds up what it ran (for the report of its size).
 */
export function twoOwnersNet(kinds: WorldKind[], start: () => Promise<TestService>) {
  let t: TestService;
  let db: Client;
  let shared: Shared;
  let snapshots: TableSnapshots;
  const own = {} as Record<WorldKind, Side>;
  const counters: NetCounters = { routes: 0, attempts: 0 };

  beforeAll(async () => {
    t = await start();
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    const taxonomyKey = await buildTaxonomy(t);
    shared = {
      taxonomyLevelKey: await buildTaxonomyLevel(t, taxonomyKey),
      relationRoleKey: await buildRelationRole(t),
      organisationKey: await buildOrganisation(t),
    };
    for (const kind of kinds) own[kind] = await WORLDS[kind].own(t, shared);
    snapshots = new TableSnapshots(db);
    await snapshots.prepare();
  });
  afterAll(async () => {
    if (process.env.TWO_OWNERS_REPORT)
      console.log(`two-owners ${kinds.join('+')}: ${counters.routes} routes, ${counters.attempts} attempts, ${snapshots.tables.length} tables`);
    await db.end();
    await t.stop();
  });

  const routes = ROUTES.filter((route) => {
    const placement = placementOf(route);
    return placement.kind === 'case' && kinds.includes(placement.world);
  });

  it.each(routes.map((route) => [nameOf(route), route] as const))('%s: refused on the other owner’s objects', async (name, route) => {
    const kind = (placementOf(route) as { world: WorldKind }).world;
    const spec = WORLDS[kind];
    const side = own[kind];
    const other = await spec.foreign(t, shared);
    const overrides = ROUTE_VALUES[name]?.() ?? {};
    const mine = { ...side.values, ...overrides };
    const theirs = { ...other.values, ...overrides };
    const params = (route.path.match(/:\w+/g) ?? []).map((param) => param.slice(1));
    const unknown = params.filter((param) => theirs[param] === undefined || mine[param] === undefined);
    if (unknown.length) throw new Error(`${name}: the ${kind} world has no value for :${unknown.join(', :')}; add it to WORLDS in test/support/two-owners.ts`);

    const op = graphqlOf(route);
    const also = ALSO_REFUSED_WITH[name];
    const problems: string[] = [];
    const attempts = attemptsOf(route, spec, mine, theirs);
    counters.routes++;
    counters.attempts += attempts.length;
    // The tables are compared around all attempts of the route (a comparison reads every table): a change names the
    // route and the tables; its answers above say which attempt was let through.
    const before = await snapshots.take();
    for (const attempt of attempts) {
      const label = `${name} as ${spec.caller}, on ${attempt.name}`;
      const rest = await call(t.base, route.method, `${pathOf(route, attempt.values)}${queryOf(route, attempt.values)}`, {
        headers: { ...side.manager.auth, ...acceptFor(route) },
        body: restBodyOf(route, attempt.body),
      });
      if (![403, 404, ...(also ? [also.status] : [])].includes(rest.status)) problems.push(`${label}: REST answered ${rest.status} ${rest.text.slice(0, 200)}`);
      const variables = { ...op.variables(attempt.values), ...(route.bodyArg ? { [route.bodyArg]: graphqlBodyOf(route, attempt.body) } : {}) };
      const reply = await graphql(t.base, side.manager.auth, op.document, variables);
      const code = reply.body?.errors?.[0]?.extensions?.code;
      if (!['FORBIDDEN', 'NOT_FOUND', ...(also ? [also.code] : [])].includes(code) || reply.body?.data?.[op.field] != null)
        problems.push(`${label}: GraphQL answered ${JSON.stringify(reply.body).slice(0, 300)}`);
    }
    const changed = changedTables(before, await snapshots.take());
    if (changed.length) problems.push(`${name} as ${spec.caller}: the attempts changed ${changed.join(', ')}`);

    // The control: the same request on the other owner's objects succeeds for the administrator (or their manager).
    const first = attempts[0];
    const controller = CONTROL_BY_MANAGER[name] ? other.manager.auth : adminAuth();
    const control = await call(t.base, route.method, `${pathOf(route, first.values)}${queryOf(route, first.values)}`, {
      headers: { ...controller, ...acceptFor(route) },
      body: restBodyOf(route, first.body),
    });
    if (control.status >= 400)
      problems.push(
        `${name}: the control on the other owner's objects answered ${control.status} ${control.text.slice(0, 200)}: the world's values name no such objects`,
      );
    expect(problems).toEqual([]);
  });
}
