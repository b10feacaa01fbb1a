import { Client } from 'pg';
import { GroupRole } from '../../src/entities/groups';
import { traceStatements } from '../../scripts/trace-statements';
import {
  addGroupMember,
  addOrganisationMember,
  buildGroup,
  buildOrganisation,
  buildRelation,
  buildRelationRole,
  buildUser,
  defaultOrganisationKey,
  type TestUser,
} from '../factories';
import { graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** GraphQL edges of a person (UserVO.roles, UserVO.groups): the rules of their REST twins, in a number of statements that does not grow with the people. */

let t: TestService;
let db: Client;
let person: TestUser;
let groupKey: number;
let organisationKey: number;
let relationTarget: TestUser;
let relationKey: number;
beforeAll(async () => {
  t = await startTestService();
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  person = await buildUser(t, { author: true });
  groupKey = await buildGroup(t, { name: 'Edges' });
  organisationKey = await buildOrganisation(t);
  await addOrganisationMember(t, organisationKey, person.key, 'user');
  relationTarget = await buildUser(t);
  relationKey = await buildRelation(t, person.key, relationTarget.key, await buildRelationRole(t));
  await addGroupMember(t, groupKey, person.key, GroupRole.participant);
});
afterAll(async () => {
  await db.end();
  await t.stop();
});

const QUERY = '{ users { key roles { author olatAdmin } groups { key } organisations { key } relations { key identityTargetKey } } }';

it("answers each person's roles and groups to their user manager", async () => {
  const reply = await graphql(t.base, adminAuth(), QUERY);
  expect(reply.body.errors).toBeUndefined();
  const found = reply.body.data.users.find((user: { key: number }) => user.key === person.key);
  expect(found).toEqual({
    key: person.key,
    roles: { author: true, olatAdmin: false },
    groups: [{ key: groupKey }],
    organisations: [{ key: await defaultOrganisationKey(t) }, { key: organisationKey }],
    relations: [{ key: relationKey, identityTargetKey: relationTarget.key }],
  });
});

it('gives a person who manages nobody their own edges only, and refuses the others field by field', async () => {
  const other = await buildUser(t);
  const reply = await graphql(t.base, person.auth, `{ me { key roles { author } groups { key } } user(identityKey: ${other.key}) { key roles { author } } }`);
  expect(reply.body.data.me).toEqual({ key: person.key, roles: { author: true }, groups: [{ key: groupKey }] });
  expect(reply.body.data.user).toEqual({ key: other.key, roles: null });
  // Organisations are for organisation administrators, relations for the person's managers (not the person), as on REST.
  const own = await graphql(t.base, person.auth, '{ me { key organisations { key } relations { key } } }');
  expect(own.body.errors.map((error: { path: string[]; extensions: { code: string } }) => [error.path.join('.'), error.extensions.code]).sort()).toEqual([
    ['me.organisations', 'FORBIDDEN'],
    ['me.relations', 'FORBIDDEN'],
  ]);
  expect(own.body.data.me).toEqual({ key: person.key, organisations: null, relations: null });
  expect(reply.body.errors.map((error: { path: string[]; extensions: { code: string } }) => [error.path.join('.'), error.extensions.code])).toEqual([
    ['user.roles', 'FORBIDDEN'],
  ]);
});

it('reads 10 and 1,000 people with their roles and groups in the same number of statements', async () => {
  const statementsFor = async () => {
    expect((await graphql(t.base, adminAuth(), QUERY)).body.errors).toBeUndefined();
    let reply: Awaited<ReturnType<typeof graphql>> | undefined;
    const traced = await traceStatements(async () => (reply = await graphql(t.base, adminAuth(), QUERY)));
    expect(reply!.body.errors).toBeUndefined();
    return { people: reply!.body.data.users.length as number, statements: traced.length };
  };
  const organisation = await defaultOrganisationKey(t);
  const seed = async (count: number) => {
    const { rows } = await db.query(
      `insert into identity (login, first_name, last_name, email) select 'edge-' || n || '-' || $2::text, 'Edge', 'Person', 'edge-' || n || '-' || $2::text || '@example.org'
       from generate_series(1, $1::int) n returning id`,
      [count, String(Date.now())],
    );
    const keys = rows.map((row) => row.id as number);
    await db.query(`insert into organisation_role (identity_id, organisation_id, role) select unnest($1::bigint[]), $2, 'user'`, [keys, organisation]);
    await db.query(`insert into group_membership (group_id, identity_id, role) select $2, unnest($1::bigint[]), 'participant'`, [keys, groupKey]);
  };
  await seed(10 - (await db.query('select count(*)::int as n from identity')).rows[0].n);
  const few = await statementsFor();
  await seed(1000 - few.people);
  const many = await statementsFor();
  expect([few.people, many.people]).toEqual([10, 1000]);
  // the list; for all people at once: manager check and roles, manager check, group manager's reach and groups (src/groups/policy.ts
  // personGroupsReadable), manager check and organisations, manager check and relations
  expect(few.statements).toBeLessThanOrEqual(10);
  // The list itself is read in ranges of ANSWER_BATCH_SIZE (1,001) rows, 1,000 people in one; the edges in as many as for 10.
  expect(many.statements).toBe(few.statements);
});

it("a person's creationDate and lastModified: a creation answers them from its insert, a list reads them for all its people in one statement", async () => {
  const datesRead = (statements: { text: string }[]) => statements.filter((statement) => statement.text.includes('creation_date as "creationDate"'));
  let created: Awaited<ReturnType<typeof graphql>> | undefined;
  const onCreation = await traceStatements(async () => {
    created = await graphql(
      t.base,
      adminAuth(),
      'mutation { createUser(user: { login: "dated-person", firstName: "D", lastName: "P", email: "dated-person@example.org" }) { key creationDate lastModified } }',
    );
  });
  const { key, creationDate, lastModified } = created!.body.data.createUser;
  expect(new Date(creationDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
  expect(lastModified).toBe(creationDate);
  expect(datesRead(onCreation).filter((statement) => statement.text.startsWith('select'))).toEqual([]);

  let listed: Awaited<ReturnType<typeof graphql>> | undefined;
  const onList = await traceStatements(async () => {
    listed = await graphql(t.base, adminAuth(), '{ users { key creationDate lastModified } }');
  });
  const people = listed!.body.data.users as { key: number; creationDate: number }[];
  expect(people.length).toBeGreaterThan(1);
  expect(people.find((person) => person.key === key)?.creationDate).toBe(creationDate);
  expect(people.filter((person) => typeof person.creationDate !== 'number')).toEqual([]);
  expect(datesRead(onList)).toHaveLength(1);
});
