import { EntryRole } from '../../src/entities/courses';
import { GroupRole } from '../../src/entities/groups';
import {
  addCourseMember,
  addCurriculumElementMember,
  addGroupMember,
  buildCourse,
  buildCurriculum,
  buildCurriculumElement,
  buildGroup,
  buildOwnerOfAnotherCourse,
  buildUser,
  type TestCourse,
  type TestUser,
} from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { refusals } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';
import { EXPECTED_WIRE_ORDER } from '../wire-order/expected';

/**
 * Assessment results of course elements (OpenOLAT's CourseAssessmentWebService): every participant's results at the
 * root or an element, one person's, and the import of a person's results.
 */

let t: TestService;
let plain: TestUser;
let stranger: TestUser;
let owner: TestUser;
let course: TestCourse;
let direct: TestUser;
let throughGroup: TestUser;
let throughCurriculum: TestUser;
let coach: TestUser;
let childNode: string;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  stranger = await buildOwnerOfAnotherCourse(t);
  owner = await buildUser(t, { author: true });
  course = await buildCourse(t, { title: 'Assessed' });
  await addCourseMember(t, course.key, owner.key, EntryRole.owner);
  [direct, throughGroup, throughCurriculum, coach] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
  await addCourseMember(t, course.key, direct.key, EntryRole.participant);
  await addCourseMember(t, course.key, coach.key, EntryRole.coach);
  const groupKey = await buildGroup(t);
  await addGroupMember(t, groupKey, throughGroup.key, GroupRole.participant);
  const em = t.service.orm.em.fork();
  await em.getConnection().execute('insert into repository_entry_group (entry_id, group_id) values (?, ?)', [course.key, groupKey]);
  const elementKey = await buildCurriculumElement(t, await buildCurriculum(t));
  await addCurriculumElementMember(t, elementKey, throughCurriculum.key, 'participant');
  await em.getConnection().execute('insert into curriculum_element_entry (element_id, entry_id) values (?, ?)', [elementKey, course.key]);
  const added = await call(
    t.base,
    'PUT',
    `/restapi/repo/courses/${course.courseKey}/elements/structure?${new URLSearchParams({ parentNodeId: course.editorRootNodeId, shortTitle: 'Exam' })}`,
    { headers: { ...adminAuth(), ...JSON_TYPE } },
  );
  childNode = added.json.id;
});
afterAll(() => t.stop());

const asAdmin = () => ({ ...adminAuth(), ...JSON_TYPE });
const world = () => ({ t, values: { courseKey: course.courseKey, nodeId: childNode, identityKey: direct.key }, forbidden: plain, stranger });
const results = (path = '') => `/restapi/repo/courses/${course.courseKey}/assessments${path}`;

describe('GET /repo/courses/:courseKey/assessments', () => refusals('GET /repo/courses/:courseKey/assessments', world));
describe('GET /repo/courses/:courseKey/assessments/users/:identityKey', () => refusals('GET /repo/courses/:courseKey/assessments/users/:identityKey', world));
describe('GET /repo/courses/:courseKey/assessments/:nodeId', () => refusals('GET /repo/courses/:courseKey/assessments/:nodeId', world));
describe('GET /repo/courses/:courseKey/assessments/:nodeId/users/:identityKey', () =>
  refusals('GET /repo/courses/:courseKey/assessments/:nodeId/users/:identityKey', world));
describe('POST /repo/courses/:courseKey/assessments/:nodeId', () => refusals('POST /repo/courses/:courseKey/assessments/:nodeId', world));
describe('PUT /repo/courses/:courseKey/assessments/:nodeId', () => refusals('PUT /repo/courses/:courseKey/assessments/:nodeId', world));

it("every participant's results of the course (direct, through a group and a curriculum element; not the coach), empty until imported", async () => {
  const imported = await call(t.base, 'POST', results(`/${course.editorRootNodeId}`), {
    headers: asAdmin(),
    body: { identityKey: direct.key, score: 4.5, passed: true, assessmentStatus: 'done', attempts: 2, grade: ' ' },
  });
  expect(imported.status).toBe(200);
  expect(imported.text).toBe('');
  const all = await call(t.base, 'GET', results(), { headers: asAdmin() });
  expect(all.status).toBe(200);
  expect(all.json.map((row: { identityKey: number }) => row.identityKey)).toEqual([direct.key, throughGroup.key, throughCurriculum.key].sort((a, b) => a - b));
  const mine = all.json.find((row: { identityKey: number }) => row.identityKey === direct.key);
  expect(Object.keys(mine)).toEqual(EXPECTED_WIRE_ORDER.AssessableResultsVO);
  expect(mine).toMatchObject({
    nodeIdent: course.editorRootNodeId,
    score: 4.5,
    weightedScore: 4.5,
    passed: true,
    assessmentStatus: 'done',
    attempts: 2,
    grade: null,
  });
  expect(mine.assessmentDone).toEqual(expect.any(Number));
  expect(mine.lastCoachModified).toEqual(expect.any(Number));
  const other = all.json.find((row: { identityKey: number }) => row.identityKey === throughGroup.key);
  expect(other).toMatchObject({ nodeIdent: course.editorRootNodeId, score: null, passed: null, assessmentStatus: null });

  const xml = await call(t.base, 'GET', results(`/users/${direct.key}`), { headers: { ...adminAuth(), ...XML_TYPE } });
  expect(xml.text).toMatch(
    new RegExp(
      `^(<\\?xml[^>]*>)?<assessableResultsVO><identityKey>${direct.key}</identityKey>(<identityExternalId/>)?<nodeIdent>${course.editorRootNodeId}</nodeIdent><passed>true</passed><score>4.5</score>`,
    ),
  );
  const list = await call(t.base, 'GET', results(), { headers: { ...adminAuth(), ...XML_TYPE } });
  expect(list.text).toContain('<assessableResultsVOs><assessableResultsVO>');
});

it("an element's results: the import keeps what is absent but the score, a single person's read on both transports, an unknown element 404", async () => {
  const post = (body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') =>
    call(t.base, method, results(`/${childNode}`), { headers: asAdmin(), body: { identityKey: throughGroup.key, ...body } });
  expect((await post({ score: 7, passed: false, userVisible: true, completion: 0.5, assessmentStatus: 'inReview' })).status).toBe(200);
  expect((await post({ attempts: 3, assessmentStatus: 'nonsense', lastVisit: '2026-01-01T00:00:00Z' }, 'PUT')).status).toBe(200);
  const one = await call(t.base, 'GET', results(`/${childNode}/users/${throughGroup.key}`), { headers: asAdmin() });
  expect(one.json).toMatchObject({
    identityKey: throughGroup.key,
    nodeIdent: childNode,
    score: null,
    passed: false,
    userVisible: true,
    completion: 0.5,
    attempts: 3,
    assessmentStatus: 'inReview',
    assessmentDone: null,
    lastVisit: null,
  });
  const viaGraphql = await graphql(
    t.base,
    adminAuth(),
    `
      query ($c: Long!, $n: String, $k: Long!) {
        courseAssessmentResult(courseKey: $c, nodeId: $n, identityKey: $k) {
          nodeIdent
          passed
          attempts
          assessmentStatus
        }
      }
    `,
    { c: course.courseKey, n: childNode, k: throughGroup.key },
  );
  expect(viaGraphql.body.data.courseAssessmentResult).toEqual({ nodeIdent: childNode, passed: false, attempts: 3, assessmentStatus: 'inReview' });
  const imported = await graphql(
    t.base,
    adminAuth(),
    `
      mutation ($c: Long!, $n: String!, $r: AssessableResultsVOInput!) {
        importAssessmentResults(courseKey: $c, nodeId: $n, results: $r)
      }
    `,
    { c: course.courseKey, n: childNode, r: { identityKey: throughCurriculum.key, score: 2, assessmentStatus: 'done' } },
  );
  expect(imported.body).toEqual({ data: { importAssessmentResults: true } });
  const listed = await graphql(
    t.base,
    adminAuth(),
    `
      query ($c: Long!, $n: String) {
        courseAssessmentResults(courseKey: $c, nodeId: $n) {
          identityKey
          score
          assessmentStatus
        }
      }
    `,
    { c: course.courseKey, n: childNode },
  );
  expect(listed.body.data.courseAssessmentResults).toContainEqual({ identityKey: throughCurriculum.key, score: 2, assessmentStatus: 'done' });

  const [event] = await t.service.orm.em
    .fork()
    .getConnection()
    .execute(`select object_type, object_key from change_event where type = 'assessment.results.imported' order by id desc limit 1`);
  expect(event).toEqual({ object_type: 'course', object_key: String(course.courseKey) });

  expect((await call(t.base, 'GET', results('/123456789012345'), { headers: asAdmin() })).status).toBe(404);
  expect((await call(t.base, 'POST', results('/123456789012345'), { headers: asAdmin(), body: { identityKey: direct.key } })).status).toBe(404);
  expect((await call(t.base, 'GET', results('/version'), { headers: adminAuth() })).text).toBe('1.0');
});

it("the course's owner reads and writes the results of its members, not of people outside the course", async () => {
  const outsider = await buildUser(t);
  expect((await call(t.base, 'GET', results(`/users/${coach.key}`), { headers: { ...owner.auth, ...JSON_TYPE } })).status).toBe(200);
  expect((await call(t.base, 'GET', results(`/users/${outsider.key}`), { headers: { ...owner.auth, ...JSON_TYPE } })).status).toBe(403);
  const written = await call(t.base, 'POST', results(`/${childNode}`), {
    headers: { ...owner.auth, ...JSON_TYPE },
    body: { identityKey: outsider.key, score: 1 },
  });
  expect(written.status).toBe(403);
  const rows = await t.service.orm.em.fork().getConnection().execute('select count(*)::int as n from assessment_entry where identity_id = ?', [outsider.key]);
  expect(rows[0].n).toBe(0);
  // The administrator manages the outsider: OpenOLAT's answer, an empty result.
  expect((await call(t.base, 'GET', results(`/users/${outsider.key}`), { headers: asAdmin() })).json).toMatchObject({ identityKey: outsider.key, score: null });
  expect((await call(t.base, 'POST', results(`/${childNode}`), { headers: asAdmin(), body: { score: 1 } })).status).toBe(404);
});
