import { Client } from 'pg';
import { traceStatements } from '../../scripts/trace-statements';
import { EntryRole } from '../../src/entities/courses';
import { GroupRole } from '../../src/entities/groups';
import { addCourseMember, addGroupMember, buildCourse, buildGroup, buildUser, defaultOrganisationKey, type TestCourse, type TestUser } from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Course groups: what their members are to the course, what deleting does, the course's GraphQL edges and what they cost. */

let t: TestService;
let db: Client;
beforeAll(async () => {
  t = await startTestService();
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await t.stop();
});

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const keysOf = (list: { key: number }[]) => list.map((item) => item.key);
const link = (course: TestCourse, groupKey: number) =>
  call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/groups/${groupKey}`, { headers: asAdmin }).then((reply) => expect(reply.status).toBe(200));

/** What the person sees of the course: in GET /repo/courses, in GET /repo/entries, and the course itself. */
async function sees(person: TestUser, course: TestCourse) {
  const headers = { ...person.auth, ...JSON_TYPE };
  const courses = keysOf((await call(t.base, 'GET', '/restapi/repo/courses', { headers })).json);
  const entries = keysOf((await call(t.base, 'GET', '/restapi/repo/entries', { headers })).json);
  const one = await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}`, { headers });
  return { inCourses: courses.includes(course.courseKey), inEntries: entries.includes(course.key), status: one.status };
}

describe('members of a linked group are members of the course', () => {
  let course: TestCourse;
  let groupKey: number;
  beforeAll(async () => {
    // Published: its participants see it (participants see a course when published or closed, src/courses/repository.ts MEMBER_STATUSES).
    course = await buildCourse(t, { title: 'Through groups', status: 'published' });
    groupKey = await buildGroup(t, { name: 'Course group' });
    await link(course, groupKey);
  });

  it('a participant of the course sees it, directly or through a group; a plain user does not', async () => {
    const direct = await buildUser(t);
    await addCourseMember(t, course.key, direct.key, EntryRole.participant);
    const throughGroup = await buildUser(t);
    await addGroupMember(t, groupKey, throughGroup.key, GroupRole.participant);
    const coach = await buildUser(t);
    await addGroupMember(t, groupKey, coach.key, GroupRole.coach);
    const outsider = await buildUser(t);
    for (const person of [direct, throughGroup, coach]) expect(await sees(person, course)).toEqual({ inCourses: true, inEntries: true, status: 200 });
    expect(await sees(outsider, course)).toEqual({ inCourses: false, inEntries: false, status: 403 });
  });

  it('a member of a group of another course, or of an unlinked group, does not see it', async () => {
    const unlinked = await buildGroup(t);
    const person = await buildUser(t);
    await addGroupMember(t, unlinked, person.key, GroupRole.participant);
    expect(await sees(person, course)).toEqual({ inCourses: false, inEntries: false, status: 403 });
  });

  it("the course's participants and tutors lists name its direct members only, as OpenOLAT's do", async () => {
    const direct = await buildUser(t);
    await addCourseMember(t, course.key, direct.key, EntryRole.coach);
    const viaGroup = await buildUser(t);
    await addGroupMember(t, groupKey, viaGroup.key, GroupRole.coach);
    const tutors = keysOf((await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/tutors`, { headers: asAdmin })).json);
    expect(tutors).toContain(direct.key);
    expect(tutors).not.toContain(viaGroup.key);
  });

  it('the groups of a course are listed to its members, a group to its own members only', async () => {
    const person = await buildUser(t);
    await addCourseMember(t, course.key, person.key, EntryRole.participant);
    const headers = { ...person.auth, ...JSON_TYPE };
    expect(keysOf((await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/groups`, { headers })).json)).toEqual([groupKey]);
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/groups/${groupKey}`, { headers })).status).toBe(403);
  });
});

describe('who changes course groups', () => {
  it('a group manager who is no member of the course links and creates groups; an author who does not own the course may not', async () => {
    const course = await buildCourse(t);
    const groupManager = await buildUser(t, { groupManager: true });
    const author = await buildUser(t, { author: true });
    const groupKey = await buildGroup(t);
    const path = `/restapi/repo/courses/${course.courseKey}/groups`;
    expect((await call(t.base, 'PUT', `${path}/${groupKey}`, { headers: { ...groupManager.auth, ...JSON_TYPE } })).status).toBe(200);
    expect((await call(t.base, 'PUT', path, { headers: { ...groupManager.auth, ...JSON_TYPE }, body: { name: 'By group manager' } })).status).toBe(200);
    expect((await call(t.base, 'PUT', path, { headers: { ...author.auth, ...JSON_TYPE }, body: { name: 'By author' } })).status).toBe(403);
  });

  it("an owner may not take a stranger's group: linking, renaming and deleting it through their course are refused and change nothing", async () => {
    const course = await buildCourse(t);
    const owner = await buildUser(t, { author: true });
    await addCourseMember(t, course.key, owner.key, EntryRole.owner);
    const groupKey = await buildGroup(t, { name: 'Not theirs' });
    const member = await buildUser(t);
    await addGroupMember(t, groupKey, member.key, GroupRole.participant);
    const headers = { ...owner.auth, ...JSON_TYPE };
    const path = `/restapi/repo/courses/${course.courseKey}/groups`;
    expect((await call(t.base, 'PUT', `${path}/${groupKey}`, { headers })).status).toBe(403);
    expect((await call(t.base, 'PUT', path, { headers, body: { key: groupKey } })).status).toBe(403);
    const viaGraphql = await graphql(t.base, owner.auth, 'mutation ($c: Long!, $g: Long!) { linkCourseGroup(courseKey: $c, groupKey: $g) }', {
      c: course.courseKey,
      g: groupKey,
    });
    expect(viaGraphql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await call(t.base, 'POST', `${path}/${groupKey}`, { headers, body: { name: 'Renamed' } })).status).toBe(404);
    expect((await call(t.base, 'DELETE', `${path}/${groupKey}`, { headers })).status).toBe(404);
    expect((await db.query('select count(*)::int as n from repository_entry_group where group_id = $1', [groupKey])).rows[0].n).toBe(0);
    expect((await call(t.base, 'GET', `/restapi/groups/${groupKey}`, { headers: asAdmin })).json).toMatchObject({ key: groupKey, name: 'Not theirs' });
    expect(await sees(member, course)).toMatchObject({ status: 403 });
  });

  it('a group linked to courses of two owners is changed by neither owner alone, through either course', async () => {
    const [first, second] = [await buildCourse(t), await buildCourse(t)];
    const [one, other] = [await buildUser(t, { author: true }), await buildUser(t, { author: true })];
    await addCourseMember(t, first.key, one.key, EntryRole.owner);
    await addCourseMember(t, second.key, other.key, EntryRole.owner);
    const groupKey = await buildGroup(t, { name: 'Shared' });
    await link(first, groupKey);
    await link(second, groupKey);
    const headers = { ...one.auth, ...JSON_TYPE };
    expect((await call(t.base, 'POST', `/restapi/repo/courses/${first.courseKey}/groups/${groupKey}`, { headers, body: { name: 'Mine' } })).status).toBe(403);
    expect((await call(t.base, 'DELETE', `/restapi/repo/courses/${first.courseKey}/groups/${groupKey}`, { headers })).status).toBe(403);
    expect((await call(t.base, 'GET', `/restapi/groups/${groupKey}`, { headers: asAdmin })).json).toMatchObject({ name: 'Shared' });
  });

  it("a course managed with the flag groups refuses group changes through GraphQL, and takes them through REST (the managing system's channel)", async () => {
    const course = await buildCourse(t, { managedFlags: 'groups' });
    const reply = await graphql(t.base, adminAuth(), 'mutation($c: Long!) { createCourseGroup(courseKey: $c, group: { name: "Locked" }) { key } }', {
      c: course.courseKey,
    });
    expect(reply.body.errors[0].extensions.code).toBe('MANAGED');
    const rest = await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/groups`, { headers: asAdmin, body: { name: 'Through REST' } });
    expect(rest.status).toBe(200);
  });
});

describe('deleting', () => {
  it('deleting a course removes its links; its groups stay', async () => {
    const course = await buildCourse(t);
    const groupKey = await buildGroup(t, { name: 'Survivor' });
    await link(course, groupKey);
    expect((await call(t.base, 'DELETE', `/restapi/repo/courses/${course.courseKey}`, { headers: asAdmin })).status).toBe(200);
    expect((await db.query('select count(*)::int as n from repository_entry_group where group_id = $1', [groupKey])).rows[0].n).toBe(0);
    expect((await call(t.base, 'GET', `/restapi/groups/${groupKey}`, { headers: asAdmin })).json).toMatchObject({ key: groupKey, name: 'Survivor' });
  });

  it('deleting a group through /groups/{g} removes it from its courses', async () => {
    const course = await buildCourse(t);
    const groupKey = await buildGroup(t);
    await link(course, groupKey);
    expect((await call(t.base, 'DELETE', `/restapi/groups/${groupKey}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/groups`, { headers: asAdmin })).json).toEqual([]);
  });
});

describe('concurrency', () => {
  it('20 concurrent PUT /repo/courses with one externalId give exactly one course, answered to each', async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(t.base, 'PUT', `/restapi/repo/courses?title=Race${i}&externalId=RACE-20`, { headers: asAdmin })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(200));
    expect(new Set(replies.map((reply) => reply.json.key)).size).toBe(1);
    expect((await db.query(`select count(*)::int as n from repository_entry where external_id = 'RACE-20'`)).rows[0].n).toBe(1);
  });

  it('concurrent links of one group to one course leave one link: one 200, the others 304', async () => {
    const course = await buildCourse(t);
    const groupKey = await buildGroup(t);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/groups/${groupKey}`, { headers: asAdmin })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, ...Array(9).fill(304)]);
    expect((await db.query('select count(*)::int as n from repository_entry_group where group_id = $1', [groupKey])).rows[0].n).toBe(1);
  });
});

const COURSE = `query($c: Long!) { course(courseKey: $c) { key owners { key } coaches { key } participants { key }
  groups { key name owners { key } participants { key } } editorTree { id } runTree { id } } }`;

describe('the course on GraphQL', () => {
  it('answers its owners, coaches, participants and groups with their members to a manager', async () => {
    const course = await buildCourse(t, { status: 'published' });
    const [owner, coach, participant, groupCoach, groupParticipant] = await Promise.all(Array.from({ length: 5 }, () => buildUser(t)));
    await addCourseMember(t, course.key, owner.key, EntryRole.owner);
    await addCourseMember(t, course.key, coach.key, EntryRole.coach);
    await addCourseMember(t, course.key, participant.key, EntryRole.participant);
    const groupKey = await buildGroup(t, { name: 'Edge group' });
    await addGroupMember(t, groupKey, groupCoach.key, GroupRole.coach);
    await addGroupMember(t, groupKey, groupParticipant.key, GroupRole.participant);
    await link(course, groupKey);
    const reply = await graphql(t.base, adminAuth(), COURSE, { c: course.courseKey });
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data.course).toMatchObject({
      owners: [{ key: owner.key }],
      coaches: [{ key: coach.key }],
      participants: [{ key: participant.key }],
      groups: [{ key: groupKey, name: 'Edge group', owners: [{ key: groupCoach.key }], participants: [{ key: groupParticipant.key }] }],
    });
    // A participant sees the course and its groups, not its member lists: refused field by field.
    const own = await graphql(t.base, participant.auth, 'query($c: Long!) { course(courseKey: $c) { key participants { key } groups { key } } }', {
      c: course.courseKey,
    });
    expect(own.body.data.course).toEqual({ key: course.courseKey, participants: null, groups: [{ key: groupKey }] });
    expect(own.body.errors.map((error: { path: string[]; extensions: { code: string } }) => [error.path.join('.'), error.extensions.code])).toEqual([
      ['course.participants', 'FORBIDDEN'],
    ]);
  });

  it('reads a course with 10 and with 1,000 members in each list and in its groups in the same number of statements', async () => {
    const statementsFor = async (size: number) => {
      const course = await buildCourse(t);
      const stamp = `${size}-${Date.now()}`;
      const { rows } = await db.query(
        `insert into identity (login, first_name, last_name, email) select 'cg-' || n || '-' || $2::text, 'Course', 'Member', 'cg-' || n || '-' || $2::text || '@example.org'
         from generate_series(1, $1::int) n returning id`,
        [size, stamp],
      );
      const keys = rows.map((row) => row.id as number);
      for (const role of ['owner', 'coach', 'participant']) {
        await db.query('insert into repository_entry_membership (entry_id, identity_id, role) select $1, unnest($2::int[]), $3', [course.key, keys, role]);
      }
      // As many groups as members, each linked; the first holds every person as coach and participant.
      const groups = await db.query(
        `insert into business_group (name, organisation_id) select 'cg ' || n, $2 from generate_series(1, $1::int) n returning id`,
        [size, await defaultOrganisationKey(t)],
      );
      const groupKeys = groups.rows.map((row) => row.id as number);
      await db.query('insert into repository_entry_group (entry_id, group_id) select $1, unnest($2::int[])', [course.key, groupKeys]);
      for (const role of ['coach', 'participant']) {
        await db.query('insert into group_membership (group_id, identity_id, role) select $1, unnest($2::int[]), $3', [groupKeys[0], keys, role]);
      }
      let reply: Awaited<ReturnType<typeof graphql>> | undefined;
      const traced = await traceStatements(async () => (reply = await graphql(t.base, adminAuth(), PAGES, { c: course.courseKey })));
      expect(reply!.body.errors).toBeUndefined();
      const answer = reply!.body.data.course;
      expect([answer.owners.length, answer.coaches.length, answer.participants.length, answer.groups.length]).toEqual([size, size, size, Math.min(size, 10)]);
      expect([answer.groups[0].owners.length, answer.groups[0].participants.length]).toEqual([size, size]);
      return traced.length;
    };
    // Pages of every list as large as the cost limit allows (10 groups of 1,000 + 1,000: 23,011).
    const PAGES = `query($c: Long!) { course(courseKey: $c) { key owners(limit: 1000) { key } coaches(limit: 1000) { key } participants(limit: 1000) { key }
      groups(limit: 10) { key name owners(limit: 1000) { key } participants(limit: 1000) { key } } editorTree { id } runTree { id } } }`;
    const few = await statementsFor(10);
    const many = await statementsFor(1000);
    // the course and its visibility; per tree a manager check and its nodes; one manager check and the three member lists;
    // whether the caller manages groups in the course's organisation (then no visibility check) and the groups; which of
    // the groups the caller manages, and their coaches and participants; the login throttle's read for the basic credentials
    expect(few).toBeLessThanOrEqual(16);
    expect(many).toBe(few);
  });
});
