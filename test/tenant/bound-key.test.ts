import { randomUUID } from 'node:crypto';
import { getNamedType, isInputObjectType, isNonNullType, type GraphQLArgument } from 'graphql';
import { kindOfMutation } from '../../src/changes/objects';
import { KIND_POLICIES } from '../../src/changes/policy';
import type { RestRoute } from '../../src/rest/route';
import { ROUTES } from '../../src/rest/routes';
import { buildGatewaySchema } from '../../src/schema/build';
import { sql } from '../../src/db/sql';
import { eventually } from '../support/eventually';
import type { TestUser } from '../factories';
import { JSON_TYPE, call, graphql, type Headers } from '../support/http';
import { SAMPLE_BODIES, graphqlOf, pathOf, restBody, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';
import { TENANT_ROLES, buildTenantWorld, courseIn, curriculumIn, groupIn, personIn, personOf, type TenantWorld } from '../support/tenant-net';
import type { Values } from '../support/object-routes';

/*
 * A credential bound to organisation A (src/domain/bound.ts) whose owner holds every managing role in the default
 * organisation, inheriting to the whole tree: every list it reads holds A's objects and nothing of B's, on REST and
 * GraphQL, though its owner's own login lists B's objects in every one of them. The tenant net (./courses.test.ts and
 * the others) tries the same credential on every route that names one of B's objects.
 */

let t: TestService;
let world: TenantWorld;
let bound: Headers;
let owner: TestUser;
const INSIDE = `inside-${randomUUID().slice(0, 8)}`;
const OUTSIDE = `outside-${randomUUID().slice(0, 8)}`;
const objects: Record<'inside' | 'outside', Values> = { inside: {}, outside: {} };

const em = () => t.service.orm.em.fork();

/** Names the objects of one side with the marker: what a list shows of them. */
async function mark(values: Values, marker: string) {
  const updates: [string, unknown][] = [
    ['update repository_entry set displayname = ? where id = ?', values.entry],
    ['update repository_entry set displayname = ? where id = ?', values.repositoryEntryKey],
    ['update business_group set name = ? where id = ?', values.groupKey],
    ['update curriculum set display_name = ? where id = ?', values.curriculumKey],
    ['update curriculum_element set display_name = ? where id = ?', values.elementKey],
    ['update lecture_block set title = ? where id = ?', values.lectureBlockKey],
    ['update lecture_block_roll_call set comment = ? where id = ?', values.rollCallKey],
    ['update organisation set display_name = ? where id = ?', values.organisationKey],
    ['update identity set last_name = ? where id = ?', values.identityKey],
  ];
  for (const [statement, key] of updates) if (key !== undefined) await sql(em(), statement, [marker, key]);
}

const CREATE_KEY = `mutation($k: Long!, $o: Long) { createApiKey(identityKey: $k, boundOrganisationKey: $o) { clientId secret } }`;

beforeAll(async () => {
  t = await startTestService();
  world = await buildTenantWorld(t);
  const { a, b, d } = world.tree;
  const provider = await personOf(t, d, [...TENANT_ROLES]);
  owner = provider;
  const reply = await graphql(t.base, adminAuth(), CREATE_KEY, { k: provider.key, o: a });
  bound = { Authorization: `Bearer ${reply.body.data.createApiKey.clientId}:${reply.body.data.createApiKey.secret}` };

  const sides = {
    inside: { ...world.own.course.values, ...world.own.group.values, ...world.own.curriculum.values, ...world.own.person.values, organisationKey: a },
    outside: {
      ...(await courseIn(t, world, b, await personOf(t, b, ['author']))).values,
      ...(await groupIn(t, b)).values,
      ...(await curriculumIn(t, world, b, await personOf(t, b))).values,
      ...(await personIn(t, world, b)).values,
      organisationKey: b,
    },
  };
  await mark(sides.inside, INSIDE);
  await mark(sides.outside, OUTSIDE);
  objects.inside = sides.inside;
  objects.outside = sides.outside;
}, 120_000);
afterAll(() => t.stop());

/** Every list route whose objects lie in organisations, with the arguments that make it list the side's objects. */
const LISTS: { name: string; values?: (side: Values) => Values }[] = [
  { name: 'GET /organisations' },
  { name: 'GET /users' },
  { name: 'GET /groups' },
  { name: 'GET /repo/courses' },
  { name: 'GET /repo/entries' },
  { name: 'GET /repo/entries/search', values: () => ({ name: '*side-*' }) },
  { name: 'GET /curriculum' },
  { name: 'GET /curriculum/elements', values: (side) => ({ key: side.elementKey }) },
  { name: 'GET /repo/lectures' },
  { name: 'GET /repo/lectures/rollcalls' },
];

async function rest(name: string, auth: Headers, values: Values): Promise<string> {
  const route = routeNamed(name);
  const query = new URLSearchParams(Object.entries(values).map(([key, value]) => [key, String(value)])).toString();
  const answer = await call(t.base, route.method, `/restapi${route.path}${query ? `?${query}` : ''}`, { headers: { ...auth, ...JSON_TYPE } });
  expect([name, answer.status]).toEqual([name, 200]);
  return answer.text;
}

async function gql(name: string, auth: Headers, values: Values): Promise<string> {
  const op = graphqlOf(routeNamed(name));
  const reply = await graphql(t.base, auth, op.document, op.variables(values));
  expect([name, reply.body.errors]).toEqual([name, undefined]);
  return JSON.stringify(reply.body.data);
}

it.each(LISTS.map((list) => [list.name, list] as const))(
  '%s: the bound credential lists its organisation’s objects, none of the other’s',
  async (name, list) => {
    const valuesOf = (side: 'inside' | 'outside') => list.values?.(objects[side]) ?? {};
    // The control: the owner's roles reach both organisations' objects.
    for (const side of ['inside', 'outside'] as const) {
      const text = await rest(name, adminAuth(), valuesOf(side));
      expect([name, side, text.includes(side === 'inside' ? INSIDE : OUTSIDE)]).toEqual([name, side, true]);
    }
    for (const read of [rest, gql]) {
      const inside = await read(name, bound, valuesOf('inside'));
      const outside = await read(name, bound, valuesOf('outside'));
      expect([name, read.name, inside.includes(INSIDE), `${inside}${outside}`.includes(OUTSIDE)]).toEqual([name, read.name, true, false]);
    }
  },
);

it('the change feed holds the deletions of its organisation’s objects, none of the other’s: REST and GraphQL', async () => {
  const outside = (await groupIn(t, world.tree.b)).values.groupKey as number;
  const inside = (await groupIn(t, world.tree.a)).values.groupKey as number;
  for (const key of [outside, inside]) expect((await call(t.base, 'DELETE', `/restapi/groups/${key}`, { headers: adminAuth() })).status).toBe(200);
  const deletedGroups = (events: { type: string; objectKey: number | null }[]) =>
    events.filter((event) => event.type === 'group.deleted').map((event) => event.objectKey);
  // The feed hands out an event once every older write transaction has ended.
  await eventually(async () => {
    const all = await call(t.base, 'GET', '/restapi/changes', { headers: { ...adminAuth(), ...JSON_TYPE } });
    expect(deletedGroups(all.json.events)).toEqual(expect.arrayContaining([inside, outside]));
  }, 10_000);
  const feed = await call(t.base, 'GET', '/restapi/changes', { headers: { ...bound, ...JSON_TYPE } });
  const viaGraphql = await graphql(t.base, bound, 'query { changes { events { type objectKey } } }');
  for (const events of [feed.json.events, viaGraphql.body.data.changes.events]) {
    expect(deletedGroups(events)).toContain(inside);
    expect(deletedGroups(events)).not.toContain(outside);
  }
});

it('the record of another organisation is refused, and an edge to one outside reads null: REST and GraphQL', async () => {
  const { a, b, p } = world.tree;
  const read = async (key: number) => ({
    rest: (await call(t.base, 'GET', `/restapi/organisations/${key}`, { headers: { ...bound, ...JSON_TYPE } })).status,
    graphql: (await graphql(t.base, bound, 'query($k: Long!) { organisation(organisationKey: $k) { key parent { key } } }', { k: key })).body,
  });
  expect(await read(a)).toEqual({ rest: 200, graphql: { data: { organisation: { key: a, parent: null } } } });
  for (const outside of [b, p]) {
    const refused = await read(outside);
    expect([outside, refused.rest, refused.graphql.errors[0].extensions.code]).toEqual([outside, 403, 'FORBIDDEN']);
  }
  // The owner's own login reads A's parent.
  const owned = await graphql(t.base, adminAuth(), 'query($k: Long!) { organisation(organisationKey: $k) { parent { key } } }', { k: a });
  expect(owned.body.data.organisation.parent).toEqual({ key: p });
});

/** The mutations of what the whole institution shares (the kinds src/changes/policy.ts marks institutionWide). */
const schema = buildGatewaySchema();
const INSTITUTION_WIDE = Object.values(schema.getMutationType()!.getFields()).filter(
  (field) =>
    KIND_POLICIES[
      kindOfMutation(
        field.name,
        field.args.map((arg) => arg.name),
        getNamedType(field.type).name,
      ) ?? ''
    ]?.institutionWide,
);

/** A value of the argument's type: refused before any object is looked up, it names none that must exist. */
function sampleOf(arg: GraphQLArgument): unknown {
  const type = getNamedType(arg.type);
  if (isInputObjectType(type)) return SAMPLE_BODIES[arg.name] ?? {};
  return type.name === 'String' ? 'sample' : type.name === 'Boolean' ? true : 1;
}

it('changes nothing the whole institution shares (taxonomies, types, relation roles, the catalog, the settings): REST and GraphQL', async () => {
  expect(INSTITUTION_WIDE.map((field) => field.name)).toEqual(
    expect.arrayContaining([
      'createTaxonomy',
      'saveTaxonomyLevel',
      'createOrganisationType',
      'createCurriculumElementType',
      'createRelationRole',
      'createCatalogEntry',
      'updateSettings',
    ]),
  );
  const problems: string[] = [];
  for (const field of INSTITUTION_WIDE) {
    const op = graphqlOf({ method: 'POST', path: '', field: `Mutation.${field.name}`, summary: '', defaultFormat: 'json' } as RestRoute);
    const variables = Object.fromEntries(field.args.filter((arg) => isNonNullType(arg.type)).map((arg) => [arg.name, sampleOf(arg)]));
    const reply = await graphql(t.base, bound, op.document, variables);
    if (reply.body.errors?.[0]?.extensions?.code !== 'FORBIDDEN') problems.push(`${field.name}: GraphQL answered ${JSON.stringify(reply.body).slice(0, 200)}`);
  }
  const names = new Set(INSTITUTION_WIDE.map((field) => `Mutation.${field.name}`));
  for (const route of ROUTES.filter((candidate) => names.has(candidate.field))) {
    const values = Object.fromEntries((route.path.match(/:\w+/g) ?? []).map((param) => [param.slice(1), 1]));
    const answer = await call(t.base, route.method, pathOf(route, values), { headers: { ...bound, ...JSON_TYPE }, body: restBody(route) });
    if (answer.status !== 403) problems.push(`${route.method} ${route.path}: REST answered ${answer.status} ${answer.text.slice(0, 160)}`);
  }
  expect(problems).toEqual([]);
  // The key's owner, unbound, makes what the key may not.
  const created = await graphql(t.base, owner.auth, 'mutation($t: OrganisationTypeVOInput!) { createOrganisationType(organisationType: $t) { key } }', {
    t: { identifier: 'shared-type', displayName: 'Shared' },
  });
  expect(created.body.data.createOrganisationType.key).toEqual(expect.any(Number));
});
