import { EntryRole } from '../../src/entities/courses';
import { addCourseMember, addOrganisationMember, buildCourse, buildOrganisation, buildUser, type TestCourse, type TestUser } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { refusals } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/**
 * Efficiency statements as OpenOLAT's own load-test setup writes and reads them (PUT and GET
 * /repo/courses/{resourceKey}/statements/{identityKey}), by the course's OLAT resource key, and stand-alone ones.
 */

let t: TestService;
let plain: TestUser;
let stranger: TestUser;
let person: TestUser;
let course: TestCourse;
let resourceKey: number;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  person = await buildUser(t);
  // An administrator, but of another organisation: not of the person's.
  stranger = await buildUser(t);
  await addOrganisationMember(t, await buildOrganisation(t), stranger.key, 'administrator');
  course = await buildCourse(t, { title: 'Statistics 101' });
  const [row] = await t.service.orm.em.fork().getConnection().execute('select olat_resource_key from repository_entry where id = ?', [course.key]);
  resourceKey = Number(row.olat_resource_key);
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const STANDALONE = 3495783497;
const world = () => ({ t, values: { resourceKey, identityKey: person.key }, forbidden: plain, stranger });

describe('GET /repo/courses/:resourceKey/statements/:identityKey', () => refusals('GET /repo/courses/:resourceKey/statements/:identityKey', world));
describe('PUT /repo/courses/:resourceKey/statements/:identityKey', () => refusals('PUT /repo/courses/:resourceKey/statements/:identityKey', world));

// The person is in the body here: the shared refusals' sample body names nobody.
describe('PUT /repo/courses/:resourceKey/statements', () => {
  const put = (auth: Record<string, string>, body: unknown) =>
    call(t.base, 'PUT', `/restapi/repo/courses/${STANDALONE}/statements`, { headers: { ...auth, ...JSON_TYPE }, body });
  const viaGraphql = (auth: Record<string, string>, identityKey: number) =>
    graphql(t.base, auth, 'mutation($r: Long!, $s: EfficiencyStatementVOInput!) { createEfficiencyStatement(resourceKey: $r, statement: $s) }', {
      r: STANDALONE,
      s: { identityKey, score: 1 },
    });

  it('401 without credentials, 403 for a caller without the role and for an administrator of another organisation, 404 for an unknown person', async () => {
    expect((await put({}, { identityKey: person.key })).status).toBe(401);
    expect((await viaGraphql({}, person.key)).status).toBe(401);
    for (const caller of [plain, stranger]) {
      expect((await put(caller.auth, { identityKey: person.key })).status).toBe(403);
      expect((await viaGraphql(caller.auth, person.key)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    expect((await put(adminAuth(), { identityKey: 999_999_999 })).status).toBe(404);
    expect((await viaGraphql(adminAuth(), 999_999_999)).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${STANDALONE}/statements/${person.key}`, { headers: asAdmin })).status).toBe(404);
  });
});

it('a statement of a course: written once (then 409), read in JSON and XML in OpenOLAT’s field order, and through GraphQL', async () => {
  const learner = await buildUser(t);
  const path = `/restapi/repo/courses/${resourceKey}/statements/${learner.key}`;
  const put = await call(t.base, 'PUT', path, { headers: asAdmin, body: { creationDate: '2026-06-30T10:00:00Z', passed: true, score: 2.5, grade: 'B' } });
  expect(put.status).toBe(200);
  expect(put.text).toBe('');
  const json = await call(t.base, 'GET', path, { headers: asAdmin });
  expect(json.status).toBe(200);
  expect(Object.keys(json.json)).toEqual([
    'identityKey',
    'score',
    'grade',
    'gradeSystemIdent',
    'performanceClassIdent',
    'passed',
    'creationDate',
    'courseTitle',
  ]);
  expect(json.json).toMatchObject({ identityKey: learner.key, score: 2.5, grade: 'B', passed: true, courseTitle: 'Statistics 101' });
  const xml = await call(t.base, 'GET', path, { headers: { ...adminAuth(), ...XML_TYPE } });
  expect(xml.text).toMatch(/<identityKey>\d+<\/identityKey><score>2\.5<\/score><grade>B<\/grade>.*<courseTitle>Statistics 101<\/courseTitle>/);

  const again = await call(t.base, 'PUT', path, { headers: asAdmin, body: { score: 3 } });
  expect(again.status).toBe(409);
  const viaGraphql = await graphql(
    t.base,
    adminAuth(),
    `
      mutation ($r: Long!, $k: Long) {
        createEfficiencyStatement(resourceKey: $r, identityKey: $k, statement: { score: 3 })
      }
    `,
    { r: resourceKey, k: learner.key },
  );
  expect(viaGraphql.body.errors[0].extensions.code).toBe('CONFLICT');
  const read = await graphql(
    t.base,
    adminAuth(),
    `
      query ($r: Long!, $k: Long!) {
        efficiencyStatement(resourceKey: $r, identityKey: $k) {
          score
          passed
          courseTitle
        }
      }
    `,
    {
      r: resourceKey,
      k: learner.key,
    },
  );
  expect(read.body.data.efficiencyStatement).toEqual({ score: 2.5, passed: true, courseTitle: 'Statistics 101' });
  // No statement of another resource: 404.
  expect((await call(t.base, 'GET', `/restapi/repo/courses/${STANDALONE}/statements/${learner.key}`, { headers: asAdmin })).status).toBe(404);
});

it('a stand-alone statement (a resource key of no course) keeps its title; the person may come in the body', async () => {
  const learner = await buildUser(t);
  const put = await call(t.base, 'PUT', `/restapi/repo/courses/${STANDALONE}/statements`, {
    headers: asAdmin,
    body: { identityKey: learner.key, passed: true, score: 8.5, courseTitle: 'Standalone' },
  });
  expect(put.status).toBe(200);
  const read = await call(t.base, 'GET', `/restapi/repo/courses/${STANDALONE}/statements/${learner.key}`, { headers: asAdmin });
  expect(read.json).toMatchObject({ identityKey: learner.key, score: 8.5, passed: true, courseTitle: 'Standalone' });
  const nobody = await call(t.base, 'PUT', `/restapi/repo/courses/${STANDALONE}/statements`, { headers: asAdmin, body: { score: 1 } });
  expect(nobody.status).toBe(404);
  const [event] = await t.service.orm.em
    .fork()
    .getConnection()
    .execute(`select object_type, object_key from change_event where type = 'efficiency.statement.created' order by id desc limit 1`);
  expect(event).toEqual({ object_type: 'user', object_key: String(learner.key) });
});

it('GraphQL: the statements of a person and of a course, paged, read for all parents at once', async () => {
  const learners = [await buildUser(t), await buildUser(t), await buildUser(t)];
  for (const learner of learners) {
    await call(t.base, 'PUT', `/restapi/repo/courses/${resourceKey}/statements/${learner.key}`, { headers: asAdmin, body: { score: learner.key % 7 } });
  }
  const people = await graphql(
    t.base,
    adminAuth(),
    `
      query ($k: Long!) {
        user(identityKey: $k) {
          efficiencyStatements(limit: 5) {
            identityKey
            score
            courseTitle
          }
        }
      }
    `,
    { k: learners[0].key },
  );
  expect(people.body.data.user.efficiencyStatements).toEqual([{ identityKey: learners[0].key, score: learners[0].key % 7, courseTitle: 'Statistics 101' }]);
  const ofCourse = await graphql(
    t.base,
    adminAuth(),
    `
      query ($c: Long!) {
        course(courseKey: $c) {
          efficiencyStatements(limit: 2, offset: 1) {
            identityKey
          }
        }
      }
    `,
    {
      c: course.courseKey,
    },
  );
  expect(ofCourse.body.data.course.efficiencyStatements).toHaveLength(2);
  // A person without the administrator role reads nobody's.
  const refused = await graphql(
    t.base,
    plain.auth,
    `
      query ($k: Long!) {
        user(identityKey: $k) {
          efficiencyStatements {
            score
          }
        }
      }
    `,
    { k: learners[0].key },
  );
  expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
});

it('a too long grade is 406 with the field named, and nothing is written', async () => {
  const learner = await buildUser(t);
  const path = `/restapi/repo/courses/${resourceKey}/statements/${learner.key}`;
  const put = await call(t.base, 'PUT', path, { headers: asAdmin, body: { grade: 'x'.repeat(300) } });
  expect(put.status).toBe(406);
  expect(put.text).toContain('grade');
  expect((await call(t.base, 'GET', path, { headers: asAdmin })).status).toBe(404);
});

it('GraphQL: a course’s statements list only the people the caller administers', async () => {
  const organisation = await buildOrganisation(t);
  const adminOfX = await buildUser(t);
  await addOrganisationMember(t, organisation, adminOfX.key, 'administrator');
  const own = await buildCourse(t, { title: 'Course of X' });
  await addCourseMember(t, own.key, adminOfX.key, EntryRole.owner);
  const [row] = await t.service.orm.em.fork().getConnection().execute('select olat_resource_key from repository_entry where id = ?', [own.key]);
  const [inX, elsewhere] = [await buildUser(t), await buildUser(t)];
  await addOrganisationMember(t, organisation, inX.key, 'user');
  for (const learner of [inX, elsewhere]) {
    const put = await call(t.base, 'PUT', `/restapi/repo/courses/${row.olat_resource_key}/statements/${learner.key}`, { headers: asAdmin, body: { score: 1 } });
    expect(put.status).toBe(200);
  }
  const document = `query($c: Long!) { course(courseKey: $c) { efficiencyStatements { identityKey } } }`;
  const ofX = await graphql(t.base, adminOfX.auth, document, { c: own.courseKey });
  expect(ofX.body.data.course.efficiencyStatements).toEqual([{ identityKey: inX.key }]);
  const ofAll = await graphql(t.base, adminAuth(), document, { c: own.courseKey });
  expect(ofAll.body.data.course.efficiencyStatements.map((s: { identityKey: number }) => s.identityKey).sort()).toEqual([inX.key, elsewhere.key].sort());
});
