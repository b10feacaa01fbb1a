import { addCourseMember, addOrganisationMember, buildCourse, buildCurriculum, buildOrganisation, buildUser, type TestUser } from '../factories';
import { EntryRole } from '../../src/entities/courses';
import { JSON_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Only what the reader may see: each caller gets the events of the objects they manage, on both transports. */

let t: TestService;
let managerA: TestUser;
let managerB: TestUser;
let personA: TestUser;
let personB: TestUser;
let owner: TestUser;
let gone: TestUser;
let administratorB: TestUser;
let curriculumManagerA: TestUser;
let curricula: number[];
let organisations: number[];
let courseKey: number;
let start: string;
beforeAll(async () => {
  t = await startTestService();
  const [a, b] = [await buildOrganisation(t), await buildOrganisation(t)];
  [managerA, managerB, personA, personB, owner, gone, administratorB] = [
    await buildUser(t),
    await buildUser(t),
    await buildUser(t),
    await buildUser(t),
    await buildUser(t),
    await buildUser(t),
    await buildUser(t),
  ];
  await addOrganisationMember(t, b, administratorB.key, 'administrator');
  curriculumManagerA = await buildUser(t);
  await addOrganisationMember(t, a, curriculumManagerA.key, 'curriculummanager');
  curricula = [await buildCurriculum(t, { organisationKey: a }), await buildCurriculum(t, { organisationKey: b })];
  organisations = [a, b];
  await addOrganisationMember(t, b, gone.key, 'user');
  await addOrganisationMember(t, a, managerA.key, 'usermanager');
  await addOrganisationMember(t, b, managerB.key, 'usermanager');
  await addOrganisationMember(t, a, personA.key, 'user');
  await addOrganisationMember(t, b, personB.key, 'user');
  const course = await buildCourse(t);
  courseKey = course.courseKey;
  await addCourseMember(t, course.key, owner.key, EntryRole.owner);
  start = (await call(t.base, 'GET', '/restapi/changes?limit=1000', { headers: { ...adminAuth(), ...JSON_TYPE } })).json.next;
  const asAdmin = { ...adminAuth(), ...JSON_TYPE };
  for (const person of [personA, personB])
    expect(
      (
        await call(t.base, 'POST', `/restapi/users/${person.key}`, {
          headers: asAdmin,
          body: { login: person.login, firstName: 'Changed', lastName: 'Person', email: `${person.login}@example.org` },
        })
      ).status,
    ).toBe(200);
  expect((await call(t.base, 'POST', `/restapi/repo/courses/${courseKey}/status?newStatus=published`, { headers: asAdmin })).status).toBe(200);
  expect((await call(t.base, 'DELETE', `/restapi/users/${gone.key}`, { headers: asAdmin })).status).toBe(200);
  for (const [index, curriculumKey] of curricula.entries()) {
    const body = { identifier: `feed-element-${index}`, displayName: `Feed element ${index}` };
    expect((await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements`, { headers: asAdmin, body })).status).toBe(200);
  }
  for (const [organisationKey, person] of [
    [organisations[0], personA],
    [organisations[1], personB],
  ] as const)
    // A role below the ladder's (src/domain/scope.ts): their user managers still manage them afterwards.
    expect((await call(t.base, 'PUT', `/restapi/organisations/${organisationKey}/invitee/${person.key}`, { headers: asAdmin })).status).toBe(200);
});
afterAll(() => t.stop());

/** What `reader` reads from the start of this file's writes, through REST and through GraphQL (both the same). */
async function seen(reader: TestUser | 'admin'): Promise<[string, number][]> {
  const auth = reader === 'admin' ? adminAuth() : reader.auth;
  const until = Date.now() + 10_000;
  let rest: { type: string; objectKey: number }[] = [];
  // An older write transaction of the database (the service's housekeeping) may hold the newest events back a moment.
  while (Date.now() < until) {
    const reply = await call(t.base, 'GET', `/restapi/changes?after=${start}`, { headers: { ...auth, ...JSON_TYPE } });
    rest = reply.json.events;
    const all = (await call(t.base, 'GET', `/restapi/changes?after=${start}`, { headers: { ...adminAuth(), ...JSON_TYPE } })).json.events;
    if (all.length >= 8) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const viaGraphql = await graphql(t.base, auth, 'query($after: String) { changes(after: $after) { events { type objectKey } } }', { after: start });
  expect(viaGraphql.body.data.changes.events).toEqual(rest.map(({ type, objectKey }) => ({ type, objectKey })));
  return rest.map((event) => [event.type, event.objectKey]);
}

it("a user manager or an administrator of organisation B gets the events of B's people (the administrator also of B's curricula and of B), never of A's", async () => {
  expect(await seen(managerA)).toEqual([['user.updated', personA.key]]);
  // A deletion reaches the managers of the organisations its object belonged to when it was deleted.
  expect(await seen(managerB)).toEqual([
    ['user.updated', personB.key],
    ['user.deleted', gone.key],
  ]);
  expect(await seen(administratorB)).toEqual([
    ['user.updated', personB.key],
    ['user.deleted', gone.key],
    ['curriculum.element.saved', curricula[1]],
    ['organisation.member.added', organisations[1]],
  ]);
});

it("a curriculum manager of organisation A gets the events of A's curricula, never of B's", async () => {
  expect(await seen(curriculumManagerA)).toEqual([['curriculum.element.saved', curricula[0]]]);
});

it("a person gets the events of themself, a course's owner those of the course, the administrator every one", async () => {
  expect(await seen(personA)).toEqual([['user.updated', personA.key]]);
  expect(await seen(owner)).toEqual([['course.status.changed', courseKey]]);
  expect(await seen('admin')).toEqual([
    ['user.updated', personA.key],
    ['user.updated', personB.key],
    ['course.status.changed', courseKey],
    ['user.deleted', gone.key],
    ['curriculum.element.saved', curricula[0]],
    ['curriculum.element.saved', curricula[1]],
    ['organisation.member.added', organisations[0]],
    ['organisation.member.added', organisations[1]],
  ]);
});
