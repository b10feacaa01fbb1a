import { sql } from '../../src/db/sql';
import { GroupRole } from '../../src/entities/groups';
import {
  addGroupMember,
  addOrganisationMember,
  buildCourse,
  buildGroup,
  buildOrganisation,
  buildUser,
  defaultOrganisationKey,
  type TestUser,
} from '../factories';
import { JSON_TYPE, call, graphql, type Headers } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/**
 * Groups belong to organisations (issue 32, item 2): a role in organisation A gives nothing over a group of
 * organisation B, whatever route or field reaches it; group managers and administrators of the default organisation,
 * whose roles inherit to every organisation, still manage every group.
 */

let t: TestService;
let organisationA: number;
let organisationB: number;
let adminOfA: TestUser;
let groupManagerOfA: TestUser;
let groupManagerOfDefault: TestUser;
let memberOfB: TestUser;
let groupOfA: number;
let groupOfB: number;
let courseOfB: { key: number; courseKey: number };

const em = () => t.service.orm.em.fork();
const organisationOf = async (groupKey: number) =>
  Number(
    (await sql<{ organisationKey: number }>(em(), 'select organisation_id as "organisationKey" from business_group where id = ?', [groupKey]))[0]
      .organisationKey,
  );
const groupState = (groupKey: number) =>
  sql(
    em(),
    `select g.name, g.last_modified, (select array_agg(m.identity_id || ':' || m.role order by m.id) from group_membership m where m.group_id = g.id) as members
     from business_group g where g.id = ?`,
    [groupKey],
  );

/** A person who is a user and holds `role` in the organisation only. */
async function personOf(organisationKey: number, role: 'administrator' | 'groupmanager' | null): Promise<TestUser> {
  const person = await buildUser(t);
  await addOrganisationMember(t, organisationKey, person.key, 'user');
  if (role) await addOrganisationMember(t, organisationKey, person.key, role);
  return person;
}

beforeAll(async () => {
  t = await startTestService();
  organisationA = await buildOrganisation(t);
  organisationB = await buildOrganisation(t);
  adminOfA = await personOf(organisationA, 'administrator');
  groupManagerOfA = await personOf(organisationA, 'groupmanager');
  memberOfB = await personOf(organisationB, null);
  groupManagerOfDefault = await buildUser(t, { groupManager: true });
  groupOfA = await buildGroup(t, { organisationKey: organisationA });
  groupOfB = await buildGroup(t, { organisationKey: organisationB, tools: ['hasCalendar'] });
  await addGroupMember(t, groupOfB, memberOfB.key, GroupRole.participant);
  courseOfB = await buildCourse(t, { organisationKey: organisationB, status: 'published' });
  await sql(em(), 'insert into repository_entry_group (entry_id, group_id) values (?, ?)', [courseOfB.key, groupOfB]);
  await sql(em(), 'insert into course_config (entry_id, calendar) values (?, true)', [courseOfB.key]);
}, 60_000);
afterAll(() => t.stop());

const rest = (auth: Headers, method: string, path: string, body?: unknown) =>
  call(t.base, method, `/restapi${path}`, { headers: { ...auth, ...JSON_TYPE }, body });
const errorCode = (reply: Awaited<ReturnType<typeof graphql>>) => reply.body.errors?.[0]?.extensions?.code;

describe('an administrator of A against a group of B (used by a course of B)', () => {
  it('reads no members, renames nothing, adds nobody, deletes nothing through REST; the group stays as it was', async () => {
    const before = await groupState(groupOfB);
    expect((await rest(adminOfA.auth, 'GET', `/groups/${groupOfB}/participants`)).status).toBe(403);
    expect((await rest(adminOfA.auth, 'GET', `/groups/${groupOfB}/owners`)).status).toBe(403);
    expect((await rest(adminOfA.auth, 'GET', `/groups/${groupOfB}`)).status).toBe(403);
    expect((await rest(adminOfA.auth, 'GET', `/groups/${groupOfB}/configuration`)).status).toBe(403);
    expect((await rest(adminOfA.auth, 'POST', `/groups/${groupOfB}`, { name: 'Taken over' })).status).toBe(403);
    expect((await rest(adminOfA.auth, 'PUT', '/groups', { key: groupOfB, name: 'Taken over' })).status).toBe(403);
    expect((await rest(adminOfA.auth, 'PUT', `/groups/${groupOfB}/participants/${adminOfA.key}`)).status).toBe(403);
    expect((await rest(adminOfA.auth, 'PUT', `/groups/${groupOfB}/owners/${adminOfA.key}`)).status).toBe(403);
    expect((await rest(adminOfA.auth, 'DELETE', `/groups/${groupOfB}/participants/${memberOfB.key}`)).status).toBe(403);
    expect((await rest(adminOfA.auth, 'POST', `/groups/${groupOfB}/configuration`, { tools: [] })).status).toBe(403);
    expect((await rest(adminOfA.auth, 'DELETE', `/groups/${groupOfB}`)).status).toBe(403);
    expect((await rest(adminOfA.auth, 'GET', `/groups/${groupOfB}/calendar/events`)).status).toBe(403);
    expect((await rest(adminOfA.auth, 'GET', `/repo/courses/${courseOfB.courseKey}/groups`)).status).toBe(403);
    expect((await rest(adminOfA.auth, 'GET', `/repo/courses/${courseOfB.courseKey}/groups/${groupOfB}`)).status).toBe(403);
    expect((await rest(adminOfA.auth, 'POST', `/repo/courses/${courseOfB.courseKey}/groups/${groupOfB}`, { name: 'Taken over' })).status).toBe(403);
    expect(await groupState(groupOfB)).toEqual(before);
    expect((await rest(adminOfA.auth, 'GET', `/repo/courses/${courseOfB.courseKey}`)).status).toBe(403);
    expect((await rest(adminOfA.auth, 'GET', `/repo/courses/${courseOfB.courseKey}/calendar/events`)).status).toBe(403);
  });

  it('is refused the same through GraphQL', async () => {
    const before = await groupState(groupOfB);
    for (const [query, variables] of [
      ['query($g: Long!) { groupParticipants(groupKey: $g) { key email } }', { g: groupOfB }],
      ['query($g: Long!) { groupOwners(groupKey: $g) { key } }', { g: groupOfB }],
      ['query($g: Long!) { group(groupKey: $g) { key participants { key email } } }', { g: groupOfB }],
      ['query($g: Long!) { groupConfiguration(groupKey: $g) { tools } }', { g: groupOfB }],
      ['mutation($g: Long!) { updateGroup(groupKey: $g, group: { name: "Taken over" }) { key } }', { g: groupOfB }],
      ['mutation($g: Long!, $i: Long!) { addGroupParticipant(groupKey: $g, identityKey: $i) }', { g: groupOfB, i: adminOfA.key }],
      ['mutation($g: Long!, $i: Long!) { addGroupOwner(groupKey: $g, identityKey: $i) }', { g: groupOfB, i: adminOfA.key }],
      ['mutation($g: Long!) { deleteGroup(groupKey: $g) }', { g: groupOfB }],
      ['query($g: Long!) { groupCalendarEvents(groupKey: $g) { totalCount } }', { g: groupOfB }],
      [
        'mutation($c: Long!, $g: Long!) { updateCourseGroup(courseKey: $c, groupKey: $g, group: { name: "Taken over" }) { key } }',
        { c: courseOfB.courseKey, g: groupOfB },
      ],
    ] as const) {
      const reply = await graphql(t.base, adminOfA.auth, query, variables);
      expect([query, errorCode(reply)]).toEqual([query, 'FORBIDDEN']);
    }
    const edge = await graphql(t.base, adminOfA.auth, '{ groups { key participants { key } } }');
    expect(edge.body.data.groups.map((group: { key: number }) => group.key)).not.toContain(groupOfB);
    expect(await groupState(groupOfB)).toEqual(before);
    expect(errorCode(await graphql(t.base, adminOfA.auth, 'query($c: Long!) { course(courseKey: $c) { key } }', { c: courseOfB.courseKey }))).toBe('FORBIDDEN');
    expect(
      errorCode(await graphql(t.base, adminOfA.auth, 'query($c: Long!) { courseCalendarEvents(courseKey: $c) { totalCount } }', { c: courseOfB.courseKey })),
    ).toBe('FORBIDDEN');
  });

  it('manages the groups of A', async () => {
    expect((await rest(adminOfA.auth, 'PUT', `/groups/${groupOfA}/participants/${adminOfA.key}`)).status).toBe(200);
    expect((await rest(adminOfA.auth, 'GET', `/groups/${groupOfA}/participants`)).json.map((person: { key: number }) => person.key)).toContain(adminOfA.key);
    const reply = await graphql(t.base, adminOfA.auth, 'mutation($g: Long!) { updateGroup(groupKey: $g, group: { name: "Renamed in A" }) { name } }', {
      g: groupOfA,
    });
    expect(reply.body.data).toEqual({ updateGroup: { name: 'Renamed in A' } });
  });
});

describe('lists of groups', () => {
  const listed = async (auth: Headers) => (await rest(auth, 'GET', '/groups')).json.map((group: { key: number }) => group.key);
  const listedInGraphql = async (auth: Headers) =>
    (await graphql(t.base, auth, '{ groups { key } }')).body.data.groups.map((group: { key: number }) => group.key);

  it("a group manager of A lists A's groups only (and those they belong to)", async () => {
    for (const keys of [await listed(groupManagerOfA.auth), await listedInGraphql(groupManagerOfA.auth)]) {
      expect(keys).toContain(groupOfA);
      expect(keys).not.toContain(groupOfB);
    }
  });

  it('a group manager or administrator of the default organisation lists every group', async () => {
    for (const auth of [groupManagerOfDefault.auth, adminAuth()]) {
      for (const keys of [await listed(auth), await listedInGraphql(auth)]) expect(keys).toEqual(expect.arrayContaining([groupOfA, groupOfB]));
    }
  });

  it('a member of B lists the groups they belong to', async () => {
    expect(await listed(memberOfB.auth)).toEqual([groupOfB]);
  });
});

describe('the default organisation', () => {
  it('its group manager manages every group: reads members, renames, adds members, on both transports', async () => {
    const group = await buildGroup(t, { organisationKey: organisationB });
    expect((await rest(groupManagerOfDefault.auth, 'POST', `/groups/${group}`, { name: 'Renamed by the institution' })).status).toBe(200);
    expect((await rest(groupManagerOfDefault.auth, 'PUT', `/groups/${group}/participants/${memberOfB.key}`)).status).toBe(200);
    expect((await rest(groupManagerOfDefault.auth, 'GET', `/groups/${group}/participants`)).json.map((person: { key: number }) => person.key)).toEqual([
      memberOfB.key,
    ]);
    const reply = await graphql(t.base, groupManagerOfDefault.auth, 'mutation($g: Long!, $i: Long!) { addGroupOwner(groupKey: $g, identityKey: $i) }', {
      g: group,
      i: groupManagerOfDefault.key,
    });
    expect(reply.body).toEqual({ data: { addGroupOwner: true } });
  });

  it('its administrator manages every group, as in OpenOLAT', async () => {
    expect((await rest(adminAuth(), 'GET', `/groups/${groupOfB}/participants`)).status).toBe(200);
    const reply = await graphql(t.base, adminAuth(), 'query($g: Long!) { groupParticipants(groupKey: $g) { key } }', { g: groupOfB });
    expect(reply.body.data.groupParticipants.map((person: { key: number }) => person.key)).toEqual([memberOfB.key]);
  });
});

describe('creating a group', () => {
  it("belongs to the creator's organisation: the one where they manage groups", async () => {
    const created = await rest(groupManagerOfA.auth, 'PUT', '/groups', { name: 'Made in A' });
    expect(created.status).toBe(200);
    expect(await organisationOf(created.json.key)).toBe(organisationA);
    const reply = await graphql(t.base, groupManagerOfA.auth, 'mutation { createGroup(group: { name: "Made in A too" }) { key } }');
    expect(await organisationOf(reply.body.data.createGroup.key)).toBe(organisationA);
  });

  it('of a creator who manages groups in the default organisation and in A: the default organisation, nearest the root', async () => {
    const both = await buildUser(t, { groupManager: true });
    await addOrganisationMember(t, organisationA, both.key, 'groupmanager');
    const created = await rest(both.auth, 'PUT', '/groups', { name: 'Made by the institution' });
    expect(await organisationOf(created.json.key)).toBe(await defaultOrganisationKey(t));
  });

  it('in the organisation named, where the caller manages groups', async () => {
    const created = await rest(groupManagerOfDefault.auth, 'PUT', `/groups?organisationKey=${organisationB}`, { name: 'Made for B' });
    expect(created.status).toBe(200);
    expect(await organisationOf(created.json.key)).toBe(organisationB);
    const reply = await graphql(
      t.base,
      groupManagerOfDefault.auth,
      'mutation($o: Long!) { createGroup(group: { name: "Made for B too" }, organisationKey: $o) { key organisationKey } }',
      {
        o: organisationB,
      },
    );
    expect(await organisationOf(reply.body.data.createGroup.key)).toBe(organisationB);
    expect(reply.body.data.createGroup.organisationKey).toBe(organisationB);
  });

  it('GraphQL names the organisation of every group of an answer', async () => {
    const reply = await graphql(t.base, adminAuth(), 'query { groups { key organisationKey } }');
    const organisationOfGroup = new Map(reply.body.data.groups.map((group: { key: number; organisationKey: number }) => [group.key, group.organisationKey]));
    expect(organisationOfGroup.get(groupOfA)).toBe(organisationA);
    expect(organisationOfGroup.get(groupOfB)).toBe(organisationB);
    for (const [key, organisationKey] of [...organisationOfGroup].slice(0, 5)) expect(organisationKey).toBe(await organisationOf(key as number));
  });

  it('is refused in another organisation (403) and in an unknown one (404), on both transports', async () => {
    const count = async () => Number((await sql<{ count: number }>(em(), 'select count(*) as count from business_group'))[0].count);
    const before = await count();
    expect((await rest(groupManagerOfA.auth, 'PUT', `/groups?organisationKey=${organisationB}`, { name: 'Planted in B' })).status).toBe(403);
    expect((await rest(adminOfA.auth, 'PUT', `/groups?organisationKey=${organisationB}`, { name: 'Planted in B' })).status).toBe(403);
    expect((await rest(groupManagerOfA.auth, 'PUT', '/groups?organisationKey=999999', { name: 'Nowhere' })).status).toBe(404);
    const reply = await graphql(
      t.base,
      groupManagerOfA.auth,
      'mutation($o: Long!) { createGroup(group: { name: "Planted in B" }, organisationKey: $o) { key } }',
      {
        o: organisationB,
      },
    );
    expect(errorCode(reply)).toBe('FORBIDDEN');
    expect(await count()).toBe(before);
  });

  it("through a course, belongs to the course's organisation", async () => {
    const created = await rest(adminAuth(), 'PUT', `/repo/courses/${courseOfB.courseKey}/groups`, { name: 'Group of course B' });
    expect(created.status).toBe(200);
    expect(await organisationOf(created.json.key)).toBe(organisationB);
  });
});
