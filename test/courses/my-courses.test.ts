import { EntryRole } from '../../src/entities/courses';
import { GroupRole } from '../../src/entities/groups';
import { addCourseMember, addGroupMember, buildCourse, buildGroup, buildUser, type TestCourse, type TestUser } from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** A person's courses: /users/{k}/courses/my|teached|owned|favorite, with the memberships through groups, and favourites set through GraphQL. */

let t: TestService;
let person: TestUser;
/** Courses of the person: owned, coached directly, coached through a group, taken part in directly and through a group, none. */
let owned: TestCourse;
let coached: TestCourse;
let coachedByGroup: TestCourse;
let joined: TestCourse;
let joinedByGroup: TestCourse;
let foreign: TestCourse;
beforeAll(async () => {
  t = await startTestService();
  person = await buildUser(t);
  [owned, coached, coachedByGroup, joined, joinedByGroup, foreign] = await Promise.all(
    // Published: every member sees them (which status each role sees is test/courses/visibility.test.ts).
    Array.from({ length: 6 }, (_, i) => buildCourse(t, { title: `Mine ${i}`, status: 'published' })),
  );
  await addCourseMember(t, owned.key, person.key, EntryRole.owner);
  await addCourseMember(t, coached.key, person.key, EntryRole.coach);
  await addCourseMember(t, joined.key, person.key, EntryRole.participant);
  for (const [course, role] of [
    [coachedByGroup, GroupRole.coach],
    [joinedByGroup, GroupRole.participant],
  ] as const) {
    const groupKey = await buildGroup(t);
    await addGroupMember(t, groupKey, person.key, role);
    const reply = await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/groups/${groupKey}`, { headers: adminAuth() });
    expect(reply.status).toBe(200);
  }
});
afterAll(() => t.stop());

const listOf = async (list: string, headers = { ...person.auth, ...JSON_TYPE }, identityKey = person.key) => {
  const reply = await call(t.base, 'GET', `/restapi/users/${identityKey}/courses/${list}`, { headers });
  expect(reply.status).toBe(200);
  return (reply.json as { key: number }[]).map((course) => course.key);
};
const sorted = (courses: TestCourse[]) => courses.map((course) => course.courseKey).sort((a, b) => a - b);
const mark = (course: TestCourse, mutation = 'markCourseFavorite', auth = person.auth) =>
  graphql(t.base, auth, `mutation($c: Long!) { ${mutation}(courseKey: $c) }`, { c: course.courseKey });

it('my: every course the person is a member of, directly or through a group, in key order', async () => {
  expect(await listOf('my')).toEqual(sorted([owned, coached, coachedByGroup, joined, joinedByGroup]));
});

it('teached: the courses the person coaches, directly or through a group', async () => {
  expect(await listOf('teached')).toEqual(sorted([coached, coachedByGroup]));
});

it('owned: the courses the person owns', async () => {
  expect(await listOf('owned')).toEqual(sorted([owned]));
});

it('favorite: the courses the person bookmarked through GraphQL (a gateway extension), until unmarked', async () => {
  expect(await listOf('favorite')).toEqual([]);
  expect((await mark(joined)).body.data.markCourseFavorite).toBe(true);
  expect((await mark(joined)).body.data.markCourseFavorite).toBe(false);
  expect((await mark(owned)).body.data.markCourseFavorite).toBe(true);
  expect(await listOf('favorite')).toEqual(sorted([owned, joined]));
  expect((await mark(owned, 'unmarkCourseFavorite')).body.data.unmarkCourseFavorite).toBe(true);
  expect((await mark(owned, 'unmarkCourseFavorite')).body.data.unmarkCourseFavorite).toBe(false);
  expect(await listOf('favorite')).toEqual(sorted([joined]));
});

it('a course the person does not see cannot be bookmarked', async () => {
  const reply = await mark(foreign);
  expect(reply.body.errors[0].extensions.code).toBe('FORBIDDEN');
  expect((await graphql(t.base, person.auth, 'mutation { markCourseFavorite(courseKey: 2000000000) }')).body.errors[0].extensions.code).toBe('NOT_FOUND');
});

it('pages with pagingspec=1.0 as CourseVOes, in JSON and XML', async () => {
  const reply = await call(t.base, 'GET', `/restapi/users/${person.key}/courses/my?start=1&limit=2`, {
    headers: { ...person.auth, Accept: 'application/json; pagingspec=1.0' },
  });
  expect(reply.json).toEqual({
    totalCount: 5,
    courses: [expect.objectContaining({ key: sorted([owned, coached, coachedByGroup, joined, joinedByGroup])[1] }), expect.any(Object)],
  });
  const xml = await call(t.base, 'GET', `/restapi/users/${person.key}/courses/teached?limit=1`, {
    headers: { ...person.auth, Accept: 'application/xml; pagingspec=1.0' },
  });
  expect(xml.text).toMatch(/^<\?xml[^>]*\?><courses totalCount="2"><courses><course[^>]*><key>\d+<\/key>/);
});

it("the person's user managers read the lists; other people get 403, an unknown person 404", async () => {
  const manager = await buildUser(t, { userManager: true });
  expect(await listOf('owned', { ...manager.auth, ...JSON_TYPE })).toEqual(sorted([owned]));
  const other = await buildUser(t);
  expect((await call(t.base, 'GET', `/restapi/users/${person.key}/courses/my`, { headers: { ...other.auth, ...JSON_TYPE } })).status).toBe(403);
  expect((await call(t.base, 'GET', '/restapi/users/2000000000/courses/my', { headers: { ...adminAuth(), ...JSON_TYPE } })).status).toBe(404);
});

it('answers the same lists through GraphQL', async () => {
  const reply = await graphql(
    t.base,
    person.auth,
    'query($k: Long!) { coursesOfUser(identityKey: $k) { totalCount } coursesTeachedByUser(identityKey: $k, start: 0, limit: 1) { totalCount courses { key } } }',
    { k: person.key },
  );
  expect(reply.body.data).toEqual({
    coursesOfUser: { totalCount: 5 },
    coursesTeachedByUser: { totalCount: 2, courses: [{ key: sorted([coached, coachedByGroup])[0] }] },
  });
});
