import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { loadConfig } from '../../src/config/config';
import { costRefusal, operationCost, type CostLimits } from '../../src/graphql/cost';
import { stringifyPaced } from '../../src/graphql/pacing';
import { buildGatewaySchema } from '../../src/schema/build';
import { GroupRole } from '../../src/entities/groups';
import { addGroupMember, addGroupMembers, buildGroup, buildUser, buildUsers, uniqueLogin } from '../factories';
import { graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

const schema = buildGatewaySchema();
const defaults = loadConfig({});
const LIMITS: CostLimits = {
  maxDepth: defaults.graphqlMaxDepth,
  maxCost: defaults.graphqlMaxCost,
  maxAliases: defaults.graphqlMaxAliases,
  maxRootFields: defaults.graphqlMaxRootFields,
  defaultListSize: defaults.graphqlDefaultListSize,
};

function measure(query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  return operationCost(schema, document, operation, variables, LIMITS.defaultListSize);
}

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

async function gql(query: string, variables?: Record<string, unknown>) {
  const response = await fetch(`${t.base}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...adminAuth() },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) };
}

describe('GraphQL cost model', () => {
  it('counts a list by its possible size, multiplies nested lists and counts every alias', () => {
    expect(LIMITS).toEqual({ maxDepth: 8, maxCost: 50_000, maxAliases: 30, maxRootFields: 20, defaultListSize: 100 });
    // 100 users, each one object: 100; scalars count nothing.
    expect(measure('{ users { key login } }').cost).toBe(100);
    // 100 users × (1 + 100 properties) = 10,100.
    expect(measure('{ users { key properties { name value } } }').cost).toBe(10_100);
    // Each alias on its own.
    expect(measure('{ a: users { key } b: users { key } c: users { key } }')).toEqual({ cost: 300, aliases: 3, rootFields: 3, depth: 1 });
    // A page's `limit` sizes its items, also from a variable; without it the default list size.
    expect(measure('{ courses(limit: 10) { totalCount courses { key } } }').cost).toBe(1 + 10);
    expect(measure('query ($n: Int) { courses(limit: $n) { courses { key } } }', { n: 7 }).cost).toBe(1 + 7);
    expect(measure('{ courses { courses { key } } }').cost).toBe(1 + 100);
    // Fragments count where they are spread; skipped fields do not count.
    expect(measure('{ ...q } fragment q on Query { x: users { key } y: users { key } }')).toEqual({ cost: 200, aliases: 2, rootFields: 2, depth: 1 });
    expect(measure('{ users @skip(if: true) { key } me { key } }').cost).toBe(1);
    // Tree edges (children of the same type) count the tree's breadth once, not to the power of its depth, whatever their page.
    expect(measure('{ curriculum(curriculumKey: 1) { elements { key children { key children(limit: 500) { key } } } } }').cost).toBe(
      1 + 20 * (1 + 1 * (1 + 1)),
    );
    const tree = measure(
      'query($k: Long!) { taxonomy(taxonomyKey: $k) { key types { key } rootLevels { key children { key children { key type { key } competences { key } } } } levels { key parentKey } } }',
      { k: 1 },
    );
    // types 20; root levels 20 × (itself, a child, a grandchild with its type and 20 competences); levels 20
    expect(tree.cost).toBe(1 + 20 + 20 * (1 + 1 * (1 + 1 * (1 + 1 + 20))) + 20);
  });

  it('counts an edge by its page: the limit given, else the default page (20)', () => {
    // The review's documents, without sizes: each edge its default page, each accepted.
    const examples = {
      '{ users(login: "ppart") { groups { participants { key } } } }': 100 * (1 + 20 * (1 + 20)),
      '{ groups { participants { groups { key } } } }': 100 * (1 + 20 * (1 + 20)),
      '{ curricula { elements { members { identityKey } } } }': 100 * (1 + 20 * (1 + 20)),
    };
    for (const [query, cost] of Object.entries(examples)) {
      expect({ query, cost: measure(query).cost, refused: costRefusal(measure(query), LIMITS) }).toEqual({ query, cost, refused: undefined });
    }
    // Three levels with page sizes from one person, one group page, one curriculum.
    expect(measure('{ user(identityKey: 1) { groups(limit: 10) { participants(limit: 100) { key } } } }').cost).toBe(1 + 10 * (1 + 100));
    expect(measure('{ groupsOfUser(identityKey: 1, limit: 10) { groups { participants(limit: 100) { groups(limit: 10) { key } } } } }').cost).toBe(
      1 + 10 * (1 + 100 * (1 + 10)),
    );
    expect(measure('{ curriculum(curriculumKey: 1) { elements(limit: 10) { members(limit: 100) { identityKey } } } }').cost).toBe(1 + 10 * (1 + 100));
    // The review's twenty aliases of a course's participants: a page each.
    const participants = (args: string) => Array.from({ length: 20 }, (_, i) => `a${i}: course(courseKey: 1) { participants${args} { key login } }`).join(' ');
    expect(measure(`{ ${participants('')} }`).cost).toBe(20 * (1 + 20));
    expect(measure(`{ ${participants('(limit: 1000)')} }`).cost).toBe(20 * (1 + 1000));
    // Pages multiply down: the largest page of people with a hundred groups each is too much.
    const deep = measure('{ course(courseKey: 1) { participants(limit: 1000) { groups(limit: 100) { key } } } }');
    expect(costRefusal(deep, LIMITS)?.message).toBe('query cost 101,001 exceeds the limit 50,000 (GRAPHQL_MAX_COST)');
    // The limit may come from a variable.
    expect(measure('query($n: Int!) { me { groups(limit: $n) { key } } }', { n: 7 }).cost).toBe(1 + 7);
  });

  it('writes an answer in pieces that make the text JSON.stringify makes', async () => {
    const person = (i: number) =>
      Object.assign(Object.create(null), { key: i, login: `p-${i}`, email: i % 3 ? null : `ä${i}@"x"`, properties: [{ name: 'n', value: '\u2028' }] });
    const answer = {
      data: Object.assign(Object.create(null), { users: Array.from({ length: 2500 }, (_, i) => person(i)), me: person(0), empty: [], nothing: null }),
      errors: [{ message: 'm', path: ['users', 3], extensions: { code: 'X' } }],
      extensions: undefined,
    };
    expect(await stringifyPaced(answer)).toBe(`${JSON.stringify(answer)}\n`);
  });

  it('measures depth below the root fields, through fragments, without introspection fields', () => {
    expect(measure('{ me { login } }').depth).toBe(1);
    expect(measure('{ me { properties { name } } }').depth).toBe(2);
    expect(measure('{ me { ...p } } fragment p on UserVO { properties { name } }').depth).toBe(2);
    expect(measure('{ __schema { types { fields { type { ofType { name } } } } } }').depth).toBe(0);
    expect(costRefusal({ cost: 1, aliases: 0, rootFields: 1, depth: 9 }, LIMITS)?.message).toBe(
      'query depth 9 exceeds the maximum operation depth 8 (GRAPHQL_MAX_DEPTH)',
    );
  });

  it('measures fragments that spread others twice in linear time (no fragment bomb)', () => {
    const depth = 40;
    const fragments = Array.from({ length: depth }, (_, i) =>
      i === depth - 1 ? `fragment f${i} on UserVO { a${i}: login }` : `fragment f${i} on UserVO { ...f${i + 1} x${i}: properties { name } ...f${i + 1} }`,
    ).join(' ');
    // An exponential walk would not finish before the test's timeout.
    const measured = measure(`{ me { ...f0 } } ${fragments}`);
    // 2^39 aliased logins: far beyond any limit, and said so.
    expect(costRefusal(measured, LIMITS)?.extensions.code).toBe('TOO_MANY_ALIASES');
    expect(measured.cost).toBeGreaterThan(LIMITS.maxCost);
  });

  it('passes every GraphQL query of the README under the defaults', () => {
    const readme = readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
    const queries = [...readme.matchAll(/"query":"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1].replace(/\\"/g, '"').replace(/'\$[A-Z]+'/g, '1'));
    expect(queries.length).toBeGreaterThanOrEqual(4);
    for (const query of queries) {
      const measured = measure(query);
      expect({ query, refused: costRefusal(measured, LIMITS)?.message }).toEqual({ query, refused: undefined });
    }
  });
});

describe('GraphQL limits over HTTP', () => {
  it("refuses the issue's probe (200 aliases of users) at once, naming the limit and the value", async () => {
    const probe = `{ ${Array.from({ length: 200 }, (_, i) => `u${i}: users { key login firstName lastName email properties { name value } }`).join(' ')} }`;
    const reply = await gql(probe);
    expect(reply.status).toBe(400);
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors).toHaveLength(1);
    expect(reply.body.errors[0].message).toBe('200 root fields exceed the limit 20 (GRAPHQL_MAX_ROOT_FIELDS)');
    expect(reply.body.errors[0].extensions).toEqual({ code: 'TOO_MANY_ROOT_FIELDS', limit: 'GRAPHQL_MAX_ROOT_FIELDS', value: 200, maximum: 20 });
    expect(reply.text.length).toBeLessThan(1000);
  });

  it('refuses more aliases than GRAPHQL_MAX_ALIASES', async () => {
    const fields = Array.from({ length: 12 }, (_, i) => `m${i}: me { a${i}: key b${i}: login c${i}: email }`).join(' ');
    const reply = await gql(`{ ${fields} }`);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].message).toBe('48 aliases exceed the limit 30 (GRAPHQL_MAX_ALIASES)');
    expect(reply.body.errors[0].extensions.code).toBe('TOO_MANY_ALIASES');
    // Aliases hidden in fragments that spread each other twice: counted where they are spread.
    const depth = 20;
    const fragments = Array.from({ length: depth }, (_, i) =>
      i === depth - 1 ? `fragment f${i} on UserVO { a${i}: login }` : `fragment f${i} on UserVO { ...f${i + 1} ...f${i + 1} }`,
    ).join(' ');
    const bomb = await gql(`{ me { ...f0 } } ${fragments}`);
    expect(bomb.status).toBe(400);
    expect(bomb.body.errors[0].message).toBe(`${(2 ** (depth - 1)).toLocaleString('en-US')} aliases exceed the limit 30 (GRAPHQL_MAX_ALIASES)`);
  });

  it('refuses a query whose lists multiply beyond GRAPHQL_MAX_COST', async () => {
    const fields = Array.from({ length: 5 }, (_, i) => `u${i}: users { key properties { name value } }`).join(' ');
    const reply = await gql(`{ ${fields} }`);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].message).toBe('query cost 50,500 exceeds the limit 50,000 (GRAPHQL_MAX_COST)');
    expect(reply.body.errors[0].extensions).toEqual({ code: 'QUERY_TOO_COSTLY', limit: 'GRAPHQL_MAX_COST', value: 50_500, maximum: 50_000 });
    // A limit brings the same query under the budget.
    const paged = await gql(`{ a: courses(limit: 10) { courses { key } } b: users { key properties { name } } }`);
    expect(paged.status).toBe(200);
    expect(paged.body.errors).toBeUndefined();
  });

  it('refuses a document of more than GRAPHQL_MAX_TOKENS tokens while parsing, before its fields are validated pairwise', async () => {
    const reply = await gql(`{ me { ${'login '.repeat(200_000)} } }`);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      {
        message: 'the document has more than 5,000 tokens (GRAPHQL_MAX_TOKENS)',
        extensions: { code: 'QUERY_TOO_LARGE', limit: 'GRAPHQL_MAX_TOKENS', maximum: 5000 },
      },
    ]);
  });

  it('executes nothing of a refused operation', async () => {
    const login = `limits-${Date.now()}`;
    const creations = Array.from(
      { length: 31 },
      (_, i) => `c${i}: createUser(user: { login: "${login}-${i}", firstName: "A", lastName: "B", email: "${login}-${i}@example.org" }) { key }`,
    ).join(' ');
    const reply = await gql(`mutation { ${creations} }`);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].extensions.code).toBe('TOO_MANY_ROOT_FIELDS');
    const found = await gql(`{ users(login: "${login}") { key } }`);
    expect(found.body.data.users).toEqual([]);
  });

  it("runs the review's documents without sizes, and refuses pages beyond the cost before anything runs", async () => {
    for (const query of [
      '{ users(login: "ppart") { groups { participants { key } } } }',
      '{ groups { participants { groups { key } } } }',
      '{ curricula { elements { members { identityKey } } } }',
    ]) {
      const reply = await gql(query);
      expect({ query, status: reply.status, errors: reply.body.errors }).toEqual({ query, status: 200, errors: undefined });
    }
    const deep = await gql('{ me { groups(limit: 1000) { participants(limit: 100) { key } } } }');
    expect(deep.status).toBe(400);
    expect(deep.body.errors[0].extensions).toEqual({ code: 'QUERY_TOO_COSTLY', limit: 'GRAPHQL_MAX_COST', value: 1 + 1000 * 101, maximum: 50_000 });
  });

  it('runs the README walk-through queries', async () => {
    const reply = await gql('{ groups { key name managedFlagsInEffect } }');
    expect(reply.status).toBe(200);
    expect(reply.body.errors).toBeUndefined();
  });
});

describe('GraphQL edges count their real rows against GRAPHQL_MAX_COST', () => {
  let budget: TestService;
  beforeAll(async () => {
    budget = await startTestService({ graphqlMaxCost: 1000 });
    const groupKey = await buildGroup(budget);
    const people = await buildUsers(budget, 600, {}, () => ({ login: uniqueLogin('edge') }));
    await addGroupMembers(
      budget,
      groupKey,
      people.map((person) => person.key),
      GroupRole.participant,
    );
  }, 120_000);
  afterAll(() => budget.stop());

  it('refuses an answer whose edges read more rows than the limit once it runs, with that one error (a list counted as 100 rows had 600)', async () => {
    const document = '{ users(login: "edge-") { key groups(limit: 1) { key } } }';
    expect(measure(document).cost).toBe(100 * (1 + 1));
    const reply = await graphql(budget.base, adminAuth(), document);
    expect(reply.status).toBe(400);
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors).toHaveLength(1);
    expect(reply.body.errors[0].message).toMatch(
      /^the lists of this answer hold more than the 1,000 rows one answer may hold \(GRAPHQL_MAX_COST\): filter, or page with limit$/,
    );
    expect(reply.body.errors[0].extensions).toEqual({ code: 'QUERY_TOO_COSTLY', limit: 'GRAPHQL_MAX_COST' });
    // The people alone fit.
    expect((await graphql(budget.base, adminAuth(), '{ users(login: "edge-") { key } }')).body.data.users).toHaveLength(600);
  });
});

describe('GraphQL lists count their real rows against GRAPHQL_MAX_COST', () => {
  let small: TestService;
  beforeAll(async () => {
    small = await startTestService({ graphqlMaxCost: 110 });
    await buildUsers(small, 110);
  });
  afterAll(() => small.stop());

  it('an unpaged list (counted as GRAPHQL_DEFAULT_LIST_SIZE rows before it runs) that reads more rows than the limit is refused, naming the limit', async () => {
    expect(measure('{ users { key } }').cost).toBe(100);
    const all = await graphql(small.base, adminAuth(), '{ users { key } }');
    // Refused as before it runs: 400 with that one error, no partial answer.
    expect(all.status).toBe(400);
    expect(all.body.data).toBeUndefined();
    expect(all.body.errors).toHaveLength(1);
    expect(all.body.errors[0].message).toMatch(/more than the 110 rows one answer may hold \(GRAPHQL_MAX_COST\)/);
    expect(all.body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY', limit: 'GRAPHQL_MAX_COST' });
    // The lists of one answer share the rows: 110 alone fit, 110 and 1 more do not.
    const users = await graphql(small.base, adminAuth(), '{ users(login: "user-") { key } }');
    expect(users.body.errors).toBeUndefined();
    expect(users.body.data.users).toHaveLength(110);
    const both = await graphql(small.base, adminAuth(), '{ a: users(login: "user-") { key } b: users(login: "administrator") { key } }');
    expect(both.body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY', limit: 'GRAPHQL_MAX_COST' });
  });

  it('a page without a limit (every row, counted as GRAPHQL_DEFAULT_LIST_SIZE) reads no more rows than the limit either', async () => {
    const person = await buildUser(small);
    for (let i = 0; i < 111; i++) await addGroupMember(small, await buildGroup(small), person.key, GroupRole.participant);
    const document = `{ groupsOfUser(identityKey: ${person.key}) { totalCount groups { key } } }`;
    expect(measure(document).cost).toBe(1 + 100);
    const all = await graphql(small.base, adminAuth(), document);
    expect([all.status, all.body.errors[0].extensions.code]).toEqual([400, 'QUERY_TOO_COSTLY']);
    const page = await graphql(small.base, adminAuth(), `{ groupsOfUser(identityKey: ${person.key}, limit: 100) { totalCount groups { key } } }`);
    expect(page.body.data.groupsOfUser.totalCount).toBe(111);
    expect(page.body.data.groupsOfUser.groups).toHaveLength(100);
  });
});
