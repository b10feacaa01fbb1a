import { buildOperationNodeForField } from '@graphql-tools/utils';
import { getNamedType, Kind, OperationTypeNode, print } from 'graphql';
import { Client } from 'pg';
import { kindOfMutation, organisationsOf } from '../../src/changes/objects';
import { KIND_POLICIES } from '../../src/changes/policy';
import { changeTypeOf } from '../../src/changes/types';
import type { RestRoute } from '../../src/rest/route';
import { ROUTES } from '../../src/rest/routes';
import { buildGatewaySchema } from '../../src/schema/build';
import {
  addCurriculumElementMember,
  addOrganisationMember,
  addTaxonomyCompetence,
  buildCourse,
  buildCurriculum,
  buildCurriculumElement,
  buildGroup,
  buildOrganisation,
  buildOrganisationType,
  buildRelationRole,
  buildTaxonomy,
  buildTaxonomyLevel,
  buildTaxonomyLevelType,
  buildUser,
  defaultOrganisationKey,
  uniqueLogin,
  type TestUser,
} from '../factories';
import { JSON_TYPE, call, graphql, type Headers } from '../support/http';
import { BODY_OBJECTS, nameOf, placementOf, type Values, type WorldKind } from '../support/object-routes';
import { SAMPLE_BODIES, pathOf, wireSelection } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';
import { acceptFor, CONTROL_BY_MANAGER, queryOf, restBodyOf, ROUTE_VALUES, WORLDS, type Shared } from '../support/two-owners';

/*
 * Every mutation of the schema leaves its event in the feed, naming its object: performed once each (through its
 * REST route where it has one, else through GraphQL), its event is stored with the object's kind and key, and an
 * administrator of the object's organisation (not the system administrator) reads it through REST and GraphQL. A
 * mutation added later fails here until it has a world (test/support/two-owners.ts, or VOCABULARY below) or an
 * entry in NO_EVENT with its reason.
 */

const schema = buildGatewaySchema();
const MUTATIONS = schema.getMutationType()!.getFields();

/** Mutations that write no event, with the reason. */
const NO_EVENT: Record<string, string> = {
  logout: 'ends a session: it changes no object another system keeps (src/changes/types.ts)',
};

/** Mutations whose object has no key, with the reason. */
const NO_KEY: Record<string, string> = {
  updateSettings: "the gateway's switches are one object, without a key",
};

/** The kinds whose objects are their owner's (webhook subscriptions, sync jobs): written and read by that owner, an administrator. */
const OWNED = new Set(['webhook', 'syncJob']);

let t: TestService;
let db: Client;
let shared: Shared;
let owner: TestUser;
beforeAll(async () => {
  t = await startTestService();
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  const taxonomyKey = await buildTaxonomy(t);
  shared = {
    taxonomyLevelKey: await buildTaxonomyLevel(t, taxonomyKey),
    relationRoleKey: await buildRelationRole(t),
    organisationKey: await buildOrganisation(t),
  };
  owner = await buildUser(t);
  await addOrganisationMember(t, await defaultOrganisationKey(t), owner.key, 'administrator');
});
afterAll(async () => {
  await db.end();
  await t.stop();
});

const asAdmin = { ...adminAuth(), ...JSON_TYPE };

async function created(path: string, body: unknown, headers: Headers = asAdmin): Promise<number> {
  const reply = await call(t.base, 'PUT', path, { headers, body });
  expect(reply.status).toBe(200);
  return reply.json.key;
}

/** Objects of global vocabulary (taxonomies, types, relation roles) and the owner's webhook, for the routes no two-owners world holds. */
async function vocabulary(route: RestRoute | null): Promise<Values> {
  const taxonomyKey = await buildTaxonomy(t);
  const taxonomyLevelKey = await buildTaxonomyLevel(t, taxonomyKey);
  const person = await buildUser(t);
  const curriculumTypes = route?.path.startsWith('/curriculum/types');
  const type = () =>
    curriculumTypes ? created('/restapi/curriculum/types', { identifier: uniqueLogin('element-type'), displayName: 'Element type' }) : buildOrganisationType(t);
  return {
    taxonomyKey,
    taxonomyLevelKey,
    levelTypeKey: await buildTaxonomyLevelType(t, taxonomyKey),
    subLevelTypeKey: await buildTaxonomyLevelType(t, taxonomyKey),
    competenceKey: await addTaxonomyCompetence(t, taxonomyLevelKey, person.key),
    identityKey: person.key,
    typeKey: await type(),
    subTypeKey: await type(),
    relationRoleKey: await buildRelationRole(t),
    webhookKey: await created('/restapi/webhooks', { url: 'https://hooks.example.org/every-mutation' }, { ...owner.auth, ...JSON_TYPE }),
    from: '',
  };
}

/** Bodies of creations whose sample would be taken by the second case (identifiers and logins are unique). */
const FRESH_BODIES: Record<string, () => unknown> = {
  'PUT /users': () => ({ ...(SAMPLE_BODIES.user as Values), login: uniqueLogin('new'), email: `${uniqueLogin('new')}@example.org` }),
  'PUT /taxonomy': () => ({ identifier: uniqueLogin('taxonomy'), displayName: 'Taxonomy' }),
  'PUT /organisations/types': () => ({ identifier: uniqueLogin('type'), displayName: 'Type' }),
  'PUT /curriculum/types': () => ({ identifier: uniqueLogin('element-type'), displayName: 'Element type' }),
  'PUT /users/relations/roles': () => ({ role: uniqueLogin('role'), rights: [] }),
};

/** Variables of the GraphQL-only mutations besides the values of their world. */
const GRAPHQL_ONLY_VARIABLES: Record<string, Values> = {
  updateSettings: { settings: { userApiKeyGeneration: false } },
  removeUserProperties: { names: ['telMobile'] },
  updateTaxonomy: { taxonomy: { identifier: 'changed', displayName: 'Changed' } },
};

/** The world of a GraphQL-only mutation: the world of the REST routes that name the same object. */
const GRAPHQL_ONLY_WORLD: Record<string, WorldKind> = { markCourseFavorite: 'course', unmarkCourseFavorite: 'course', createApiKey: 'person' };

function documentOf(field: string) {
  const operation = buildOperationNodeForField({
    schema,
    kind: OperationTypeNode.MUTATION,
    field,
    depthLimit: 2,
    argNames: MUTATIONS[field].args.map((arg) => arg.name),
  });
  return print(wireSelection(schema, { kind: Kind.DOCUMENT, definitions: [operation] }));
}

interface ChangeEventRow {
  id: string;
  xid: string;
  object_type: string | null;
  object_key: string | null;
  organisation_keys: string[] | null;
  object: Record<string, unknown> | null;
}

/** What a mutation's world lacks for it to change something (a write that changes nothing writes no event), by mutation. */
const PREPARE: Record<string, (values: Values) => Promise<Values>> = {
  linkCourseGroup: async () => ({ groupKey: await buildGroup(t) }),
  setRepositoryEntryPublicAccess: async () => ({ allUsers: true }),
  addCurriculumOwner: async () => ({ identityKey: (await buildUser(t)).key }),
  linkCurriculumElementEntry: async () => ({ repositoryEntryKey: (await buildCourse(t)).key }),
  addGroupOwner: async () => ({ identityKey: (await buildUser(t)).key }),
  addLectureBlockTeacher: async () => ({ identityKey: (await buildUser(t)).key }),
  deleteTaxonomy: async () => ({ taxonomyKey: await buildTaxonomy(t) }),
  deleteTaxonomyLevel: async (values) => ({ taxonomyLevelKey: await buildTaxonomyLevel(t, values.taxonomyKey as number) }),
  replayWebhook: async () => ({ from: (await db.query(`select xid::text || '-' || id as cursor from change_event order by id desc limit 1`)).rows[0].cursor }),
  healMovedLectureBlocks: async (values) => {
    await db.query('update lecture_block_participant_group set entry_id = $1 where block_id = $2', [values.originEntryKey, values.lectureBlockKey]);
    return {};
  },
  addLectureBlockCurriculumParticipants: (values) => linkElementWithParticipant(values),
  removeLectureBlockCurriculumParticipants: (values) => linkElementWithParticipant(values),
};

/** Mutations that change something only after another one did, and that one (run first with the same values). */
const AFTER: Record<string, string> = {
  unmarkCourseFavorite: 'markCourseFavorite',
  disallowCurriculumElementSubType: 'allowCurriculumElementSubType',
  disallowOrganisationSubType: 'allowOrganisationSubType',
  disallowTaxonomyLevelSubType: 'allowTaxonomyLevelSubType',
  removeLectureBlockTaxonomyLevel: 'addLectureBlockTaxonomyLevel',
  removeLectureBlockCurriculumParticipants: 'addLectureBlockCurriculumParticipants',
  deleteUserPortrait: 'uploadUserPortrait',
};

/** A curriculum element with a participant, linked to the course of `values`. */
async function linkElementWithParticipant(values: Values): Promise<Values> {
  const elementKey = await buildCurriculumElement(t, await buildCurriculum(t));
  await db.query('insert into curriculum_element_entry (element_id, entry_id) values ($1, $2)', [elementKey, Number(values.entry)]);
  await addCurriculumElementMember(t, elementKey, (await buildUser(t)).key, 'participant');
  return {};
}

const routeOf = (name: string) => {
  const routes = ROUTES.filter((route) => route.field === `Mutation.${name}`);
  return routes.find((candidate) => placementOf(candidate).kind === 'case') ?? routes[0] ?? null;
};

/** The values of the mutation's world, and who writes there. */
async function worldOf(name: string): Promise<{ values: Values; writer: Headers }> {
  const route = routeOf(name);
  const placement = route && placementOf(route);
  const world = placement?.kind === 'case' ? placement.world : GRAPHQL_ONLY_WORLD[name];
  const side = world ? await WORLDS[world].foreign(t, shared) : null;
  const values = { ...(side?.values ?? (await vocabulary(route))), ...(route ? (ROUTE_VALUES[nameOf(route)]?.() ?? {}) : {}) };
  Object.assign(values, await PREPARE[name]?.(values));
  const kind = kindOfMutation(
    name,
    MUTATIONS[name].args.map((arg) => arg.name),
    getNamedType(MUTATIONS[name].type).name,
  );
  const writer = OWNED.has(kind!) ? owner.auth : route && CONTROL_BY_MANAGER[nameOf(route)] ? side!.manager.auth : adminAuth();
  return { values, writer };
}

/** Performs the mutation with these values, through its REST route where it has one. */
async function perform(name: string, values: Values, writer: Headers): Promise<void> {
  const route = routeOf(name);
  if (!route) {
    const variables = { ...values, ...GRAPHQL_ONLY_VARIABLES[name] };
    const reply = await graphql(
      t.base,
      writer,
      documentOf(name),
      Object.fromEntries(MUTATIONS[name].args.map((arg) => [arg.name, variables[arg.name]]).filter(([, value]) => value !== undefined)),
    );
    expect(reply.body.errors).toBeUndefined();
    return;
  }
  const body = FRESH_BODIES[nameOf(route)]?.() ?? BODY_OBJECTS[nameOf(route)]?.[0].body(values);
  const reply = await call(t.base, route.method, `${pathOf(route, values)}${queryOf(route, values)}`, {
    headers: { ...writer, ...acceptFor(route) },
    body: restBodyOf(route, body),
  });
  expect({ status: reply.status < 400 ? 'ok' : reply.status, text: reply.status < 400 ? '' : reply.text.slice(0, 300) }).toEqual({ status: 'ok', text: '' });
}

/** The events a reader reads from just before `event`, through REST and GraphQL (the same): a write transaction still open may hold them back a moment. */
async function readBy(headers: Headers, event: ChangeEventRow, type: string): Promise<{ type: string; objectKey: number | null }[]> {
  const after = `${event.xid}-${Number(event.id) - 1}`;
  const until = Date.now() + 10_000;
  let events: { cursor: string; type: string; objectKey: number | null }[] = [];
  while (Date.now() < until) {
    const reply = await call(t.base, 'GET', `/restapi/changes?after=${after}&types=${type}`, { headers: { ...headers, ...JSON_TYPE } });
    expect(reply.status).toBe(200);
    events = reply.json.events;
    if (events.length || reply.json.next !== after) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const viaGraphql = await graphql(
    t.base,
    headers,
    'query($after: String, $types: [String!]) { changes(after: $after, types: $types) { events { type objectKey } } }',
    {
      after,
      types: [type],
    },
  );
  expect(viaGraphql.body.data.changes.events).toEqual(events.map(({ type: eventType, objectKey }) => ({ type: eventType, objectKey })));
  return events.map(({ type: eventType, objectKey }) => ({ type: eventType, objectKey }));
}

const written = Object.keys(MUTATIONS).filter((name) => !NO_EVENT[name]);

it.each(written)('%s: its event names its object, and an administrator of the object reads it', async (name) => {
  const type = changeTypeOf(name)!;
  const { values, writer } = await worldOf(name);
  if (AFTER[name]) await perform(AFTER[name], values, writer);
  const [{ last }] = (await db.query<{ last: string }>('select coalesce(max(id), 0)::text as last from change_event')).rows;
  await perform(name, values, writer);
  const { rows } = await db.query<ChangeEventRow>(
    `select id::text, xid::text, object_type, object_key, organisation_keys::text[], object from change_event where id > $1 and type = $2 order by id`,
    [last, type],
  );
  expect(rows.length).toBeGreaterThan(0);
  const [event] = rows;
  const kind = kindOfMutation(
    name,
    MUTATIONS[name].args.map((arg) => arg.name),
    getNamedType(MUTATIONS[name].type).name,
  );
  expect({ kind: event.object_type, named: event.object_key != null || !!NO_KEY[name] }).toEqual({ kind, named: true });
  expect(KIND_POLICIES[kind!]).toBeDefined();
  // The object the event carries (where it carries one) is the written object, not a shape without values.
  if (event.object) expect(Object.values(event.object).filter((value) => value !== null).length).toBeGreaterThan(0);
  if (event.object_key == null) return;

  let reader = writer;
  if (!OWNED.has(kind!)) {
    const organisations = event.organisation_keys ?? (await organisationsOf(t.service.orm.em.fork(), { type: event.object_type, key: event.object_key })) ?? [];
    const administrator = await buildUser(t);
    await addOrganisationMember(t, organisations.length ? Number(organisations[0]) : await defaultOrganisationKey(t), administrator.key, 'administrator');
    reader = administrator.auth;
  }
  expect(await readBy(reader, event, type)).toContainEqual({ type, objectKey: Number(event.object_key) });
});

it('every kind of object a mutation names has a policy in the feed (src/changes/policy.ts), and only those kinds do', () => {
  const kinds = new Set(
    written.map((name) =>
      kindOfMutation(
        name,
        MUTATIONS[name].args.map((arg) => arg.name),
        getNamedType(MUTATIONS[name].type).name,
      ),
    ),
  );
  expect([...kinds].filter((kind) => !kind || !KIND_POLICIES[kind])).toEqual([]);
  expect(Object.keys(KIND_POLICIES).filter((kind) => !kinds.has(kind))).toEqual([]);
});
