import { sql } from '../../src/db/sql';
import { ENTRY_STATUSES, EntryRole, type EntryStatus } from '../../src/entities/courses';
import { GroupRole } from '../../src/entities/groups';
import { addCourseMember, addGroupMember, buildCourse, buildGroup, buildUser, type TestCourse, type TestUser } from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { graphqlOf, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/**
 * Who sees a course depends on its status, as in OpenOLAT (RepositoryEntryStatusEnum): owners from
 * `preparation` to `closed`, coaches from `coachpublished` to `closed`, participants when `published`
 * or `closed`, members of a linked group as the course's coaches and participants; nobody in `trash`
 * or `deleted` but the administrators; everyone a published public course.
 */

let t: TestService;
/** One course in each status, each with the same members. */
const courses = {} as Record<EntryStatus, TestCourse>;
let people: Record<'owner' | 'coach' | 'participant' | 'groupCoach' | 'groupParticipant' | 'plain', TestUser>;

const OWNER: EntryStatus[] = ['preparation', 'review', 'coachpublished', 'published', 'closed'];
const COACH: EntryStatus[] = ['coachpublished', 'published', 'closed'];
const PARTICIPANT: EntryStatus[] = ['published', 'closed'];
/** The statuses in which each person sees the course. */
const SEES: Record<keyof typeof people, EntryStatus[]> = {
  owner: OWNER,
  coach: COACH,
  participant: PARTICIPANT,
  groupCoach: COACH,
  groupParticipant: PARTICIPANT,
  plain: [],
};

beforeAll(async () => {
  t = await startTestService();
  const [owner, coach, participant, groupCoach, groupParticipant, plain] = await Promise.all(Array.from({ length: 6 }, () => buildUser(t)));
  people = { owner, coach, participant, groupCoach, groupParticipant, plain };
  const groupKey = await buildGroup(t, { name: 'Status group' });
  await addGroupMember(t, groupKey, groupCoach.key, GroupRole.coach);
  await addGroupMember(t, groupKey, groupParticipant.key, GroupRole.participant);
  for (const status of ENTRY_STATUSES) {
    const course = await buildCourse(t, { title: `Status ${status}`, status });
    courses[status] = course;
    await addCourseMember(t, course.key, owner.key, EntryRole.owner);
    await addCourseMember(t, course.key, coach.key, EntryRole.coach);
    await addCourseMember(t, course.key, participant.key, EntryRole.participant);
    await sql(t.service.orm.em.fork(), 'insert into repository_entry_group (entry_id, group_id) values (?, ?)', [course.key, groupKey]);
  }
});
afterAll(() => t.stop());

const keysOf = (list: { key: number }[]) => list.map((item) => item.key);

/** The statuses of the courses the person sees through each way of asking. */
async function seenBy(person: TestUser) {
  const headers = { ...person.auth, ...JSON_TYPE };
  const listed = keysOf((await call(t.base, 'GET', '/restapi/repo/courses', { headers })).json);
  const entries = keysOf((await call(t.base, 'GET', '/restapi/repo/entries', { headers })).json);
  const my = keysOf((await call(t.base, 'GET', `/restapi/users/${person.key}/courses/my`, { headers })).json);
  const answered: EntryStatus[] = [];
  const refused: EntryStatus[] = [];
  for (const status of ENTRY_STATUSES) {
    const one = await call(t.base, 'GET', `/restapi/repo/courses/${courses[status].courseKey}`, { headers });
    expect([200, 403]).toContain(one.status);
    (one.status === 200 ? answered : refused).push(status);
  }
  const statuses = (keys: number[], key: 'key' | 'courseKey') => ENTRY_STATUSES.filter((status) => keys.includes(courses[status][key]));
  return { courses: statuses(listed, 'courseKey'), entries: statuses(entries, 'key'), course: answered, refused, my: statuses(my, 'courseKey') };
}

describe.each(Object.keys(SEES) as (keyof typeof people)[])('the %s', (name) => {
  it('sees the course in the statuses OpenOLAT shows it to that role: in the lists, the course itself (403 otherwise) and their courses', async () => {
    const expected = SEES[name];
    expect(await seenBy(people[name])).toEqual({
      courses: expected,
      entries: expected,
      course: expected,
      refused: ENTRY_STATUSES.filter((status) => !expected.includes(status)),
      my: expected,
    });
  });
});

it('teached lists what a coach sees, owned what the person owns in every status', async () => {
  const list = async (person: TestUser, name: string) =>
    keysOf((await call(t.base, 'GET', `/restapi/users/${person.key}/courses/${name}`, { headers: { ...person.auth, ...JSON_TYPE } })).json);
  const of = (statuses: readonly EntryStatus[]) => statuses.map((status) => courses[status].courseKey);
  expect(await list(people.coach, 'teached')).toEqual(of(COACH));
  expect(await list(people.groupCoach, 'teached')).toEqual(of(COACH));
  expect(await list(people.participant, 'teached')).toEqual([]);
  expect(await list(people.owner, 'owned')).toEqual(of(ENTRY_STATUSES));
});

it('the administrator sees the course in every status', async () => {
  const listed = keysOf((await call(t.base, 'GET', '/restapi/repo/courses', { headers: { ...adminAuth(), ...JSON_TYPE } })).json);
  for (const status of ENTRY_STATUSES) {
    expect(listed).toContain(courses[status].courseKey);
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${courses[status].courseKey}`, { headers: { ...adminAuth(), ...JSON_TYPE } })).status).toBe(200);
  }
});

it('everyone sees a published public course, nobody but its members a public one in preparation', async () => {
  const open = await buildCourse(t, { title: 'Open', status: 'published', publicVisible: true });
  const prepared = await buildCourse(t, { title: 'Prepared public', status: 'preparation', publicVisible: true });
  const headers = { ...people.plain.auth, ...JSON_TYPE };
  expect((await call(t.base, 'GET', `/restapi/repo/courses/${open.courseKey}`, { headers })).status).toBe(200);
  expect((await call(t.base, 'GET', `/restapi/repo/courses/${prepared.courseKey}`, { headers })).status).toBe(403);
});

it('GraphQL answers the same: the course, the course list and the courses of the person', async () => {
  const person = people.participant;
  const one = graphqlOf(routeNamed('GET /repo/courses/:courseKey'));
  const hidden = await graphql(t.base, person.auth, one.document, one.variables({ courseKey: courses.coachpublished.courseKey }));
  expect(hidden.body.errors[0].extensions.code).toBe('FORBIDDEN');
  const shown = await graphql(t.base, person.auth, one.document, one.variables({ courseKey: courses.closed.courseKey }));
  expect(shown.body.data[one.field]).toMatchObject({ key: courses.closed.courseKey });
  const list = graphqlOf(routeNamed('GET /repo/courses'));
  const listed = await graphql(t.base, person.auth, list.document, list.variables({}));
  // Of this file's courses (the published public one above is listed too).
  const ours = new Set(ENTRY_STATUSES.map((status) => courses[status].courseKey));
  expect(keysOf(listed.body.data[list.field].courses).filter((key) => ours.has(key))).toEqual(PARTICIPANT.map((status) => courses[status].courseKey));
  const mine = await graphql(t.base, person.auth, 'query($k: Long!) { coursesOfUser(identityKey: $k) { totalCount courses { key } } }', { k: person.key });
  expect(mine.body.data.coursesOfUser).toEqual({ totalCount: 2, courses: PARTICIPANT.map((status) => ({ key: courses[status].courseKey })) });
});
