import { traceStatements } from '../../scripts/trace-statements';
import { sql } from '../../src/db/sql';
import { EntryRole } from '../../src/entities/courses';
import {
  addCourseMember,
  addCurriculumElementMember,
  addOrganisationMember,
  buildCourse,
  buildCurriculum,
  buildCurriculumElement,
  buildOrganisation,
  buildOwnerOfAnotherCourse,
  buildOwnerOfAnotherCurriculum,
  buildUser,
  buildUsers,
  defaultOrganisationKey,
  type TestCourse,
  type TestUser,
} from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql, type Headers } from '../support/http';
import { refusals } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';
import { buildBlock, buildRollCall, linkCourseToElement, storedRollCall } from './roll-call-fixtures';

/**
 * Roll calls (read, and the three fields that may change) and the lecture statistics of a
 * curriculum, on REST (JSON and XML) and GraphQL. Roll calls can be read but not executed.
 */

let t: TestService;
let plain: TestUser;
let p1: TestUser;
let p2: TestUser;
let lmA: TestUser;
let lmB: TestUser;
let lrmA: TestUser;
let ownerA: TestUser;
let curriculumManagerA: TestUser;
let courseA: TestCourse;
let courseB: TestCourse;
let blockA1: number;
let blockA2: number;
let blockB1: number;
let rc1: number;
let rc2: number;
let rc3: number;
let curriculumKey: number;
/** A block of another course of organisation A for the writes, so that they leave the roll calls above alone. */
let writeBlock: number;
let orgA: number;
let orgB: number;
const NOTIFIED = new Date('2026-03-04T08:30:00.000Z');

/** Callers with the role of the roll-call and of the curriculum statistics routes, but no right to these roll calls or this curriculum. */
const strangers = {} as Record<'course' | 'curriculum', TestUser>;

beforeAll(async () => {
  t = await startTestService();
  orgA = await buildOrganisation(t);
  orgB = await buildOrganisation(t);
  plain = await buildUser(t);
  p1 = await buildUser(t, {}, { externalId: 'HR-4711' });
  p2 = await buildUser(t);
  lmA = await buildUser(t);
  lmB = await buildUser(t);
  lrmA = await buildUser(t);
  ownerA = await buildUser(t);
  curriculumManagerA = await buildUser(t);
  await addOrganisationMember(t, orgA, lmA.key, 'lecturemanager');
  await addOrganisationMember(t, orgB, lmB.key, 'lecturemanager');
  await addOrganisationMember(t, orgA, lrmA.key, 'learnresourcemanager');
  await addOrganisationMember(t, orgA, curriculumManagerA.key, 'curriculummanager');
  courseA = await buildCourse(t, { organisationKey: orgA });
  courseB = await buildCourse(t, { organisationKey: orgB });
  await addCourseMember(t, courseA.key, ownerA.key, EntryRole.owner);
  blockA1 = await buildBlock(t, courseA.key, { status: 'done', rollCallStatus: 'closed', plannedLectures: 2 });
  blockA2 = await buildBlock(t, courseA.key, { plannedLectures: 2 });
  blockB1 = await buildBlock(t, courseB.key, { rollCallStatus: 'autoclosed' });
  rc1 = await buildRollCall(t, blockA1, p1.key, { lecturesAttendedNumber: 1, lecturesAbsentNumber: 1, absenceAuthorized: true, absenceReason: 'Illness' });
  rc2 = await buildRollCall(t, blockA2, p2.key, { lecturesAttendedNumber: 2, lecturesAbsentNumber: 0, absenceSupervisorNotificationDate: NOTIFIED });
  rc3 = await buildRollCall(t, blockB1, p1.key, { lecturesAbsentNumber: 2 });
  writeBlock = await buildBlock(t, (await buildCourse(t, { organisationKey: orgA })).key);
  curriculumKey = await buildCurriculum(t, { organisationKey: orgA });
  const element = await buildCurriculumElement(t, curriculumKey);
  await linkCourseToElement(t, element, courseA.key);
  await addCurriculumElementMember(t, element, p1.key, 'participant');
  strangers.course = await buildOwnerOfAnotherCourse(t);
  strangers.curriculum = await buildOwnerOfAnotherCurriculum(t);
});
afterAll(() => t.stop());

const json = (user?: TestUser): Headers => ({ ...(user ? user.auth : adminAuth()), ...JSON_TYPE });
const xml = (user?: TestUser): Headers => ({ ...(user ? user.auth : adminAuth()), ...XML_TYPE });
const keysOf = (list: { key: number }[]) => list.map((item) => item.key);
const mine = (keys: number[]) => keys.filter((key) => [rc1, rc2, rc3].includes(key));

async function gql(user: TestUser | undefined, query: string, variables: Record<string, unknown> = {}) {
  return graphql(t.base, user ? user.auth : adminAuth(), query, variables);
}

const world =
  (values: Record<string, unknown> = {}, stranger: keyof typeof strangers = 'course') =>
  () => ({ t, values: { rollCallKey: rc1, curriculumKey, identityKey: p1.key, ...values }, forbidden: plain, stranger: strangers[stranger] });

describe('refusals', () => {
  for (const name of [
    'GET /repo/lectures/rollcalls',
    'GET /repo/lectures/rollcalls/:rollCallKey',
    'PUT /repo/lectures/rollcalls',
    'POST /repo/lectures/rollcalls',
    'GET /curriculum/:curriculumKey/lectures',
    'GET /curriculum/:curriculumKey/lectures/:identityKey',
  ])
    describe(name, () => refusals(name, world({}, name.startsWith('GET /curriculum') ? 'curriculum' : 'course')));
});

describe('GET /repo/lectures/rollcalls', () => {
  const LIST = `query($closed: Boolean, $hasAbsence: Boolean, $hasSupervisorNotificationDate: Boolean, $lectureBlockKey: Long) {
    lectureRollCalls(closed: $closed, hasAbsence: $hasAbsence, hasSupervisorNotificationDate: $hasSupervisorNotificationDate, lectureBlockKey: $lectureBlockKey) { key } }`;

  it('answers JSON without Accept, every roll call for an administrator', async () => {
    const reply = await call(t.base, 'GET', '/restapi/repo/lectures/rollcalls', { headers: adminAuth() });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/json/);
    expect(mine(keysOf(reply.json))).toEqual([rc1, rc2, rc3]);
  });

  it.each([
    ['closed=true', { closed: true }, () => [rc1, rc3]],
    ['closed=false', { closed: false }, () => [rc2]],
    ['hasAbsence=true', { hasAbsence: true }, () => [rc1, rc3]],
    ['hasAbsence=false', { hasAbsence: false }, () => [rc2]],
    ['hasSupervisorNotificationDate=true', { hasSupervisorNotificationDate: true }, () => [rc2]],
    ['hasSupervisorNotificationDate=false', { hasSupervisorNotificationDate: false }, () => [rc1, rc3]],
    ['lectureBlockKey', { lectureBlockKey: 'A1' }, () => [rc1]],
    ['closed=true&hasAbsence=true&lectureBlockKey', { closed: true, hasAbsence: true, lectureBlockKey: 'B1' }, () => [rc3]],
  ])('filters %s on both transports', async (_name, filter: Record<string, unknown>, expected) => {
    const values = { ...filter, ...(filter.lectureBlockKey ? { lectureBlockKey: filter.lectureBlockKey === 'A1' ? blockA1 : blockB1 } : {}) };
    const query = new URLSearchParams(Object.entries(values).map(([name, value]) => [name, String(value)])).toString();
    const reply = await call(t.base, 'GET', `/restapi/repo/lectures/rollcalls?${query}`, { headers: json() });
    expect(mine(keysOf(reply.json))).toEqual(expected());
    const viaGraphql = await gql(undefined, LIST, values);
    expect(mine(keysOf(viaGraphql.body.data.lectureRollCalls))).toEqual(expected());
  });

  it('gives a lecture manager the roll calls of the courses of their organisations only', async () => {
    expect(mine(keysOf((await call(t.base, 'GET', '/restapi/repo/lectures/rollcalls', { headers: json(lmA) })).json))).toEqual([rc1, rc2]);
    expect(mine(keysOf((await gql(lmB, LIST)).body.data.lectureRollCalls))).toEqual([rc3]);
  });

  it("counts courses linked to the manager's organisation and organisations below an inheriting membership", async () => {
    const linked = await buildCourse(t, { organisationKey: orgB });
    await sql(t.service.orm.em.fork(), 'insert into repository_entry_to_organisation (entry_id, organisation_id) values (?, ?)', [linked.key, orgA]);
    const linkedCall = await buildRollCall(t, await buildBlock(t, linked.key), p1.key);
    const listed = keysOf((await call(t.base, 'GET', '/restapi/repo/lectures/rollcalls', { headers: json(lmA) })).json);
    expect(listed.filter((key) => [rc1, rc2, rc3, linkedCall].includes(key))).toEqual([rc1, rc2, linkedCall]);
    const root = await buildUser(t);
    await addOrganisationMember(t, await defaultOrganisationKey(t), root.key, 'lecturemanager');
    expect(mine(keysOf((await gql(root, LIST)).body.data.lectureRollCalls))).toEqual([rc1, rc2, rc3]);
  });

  it('refuses a learning resource manager and an owner (403 on both transports; OpenOLAT: 401)', async () => {
    for (const user of [lrmA, ownerA]) {
      expect((await call(t.base, 'GET', '/restapi/repo/lectures/rollcalls', { headers: json(user) })).status).toBe(403);
      expect((await gql(user, LIST)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
  });

  it('streams a list longer than one read (250 rows) whole and in key order, JSON and XML', async () => {
    const block = await buildBlock(t, courseB.key);
    const keys: number[] = [];
    for (const person of await buildUsers(t, 260)) keys.push(await buildRollCall(t, block, person.key));
    const listed = await call(t.base, 'GET', `/restapi/repo/lectures/rollcalls?lectureBlockKey=${block}`, { headers: json() });
    expect(keysOf(listed.json)).toEqual(keys);
    const asXml = await call(t.base, 'GET', `/restapi/repo/lectures/rollcalls?lectureBlockKey=${block}`, { headers: xml() });
    expect([...asXml.text.matchAll(/<lectureBlockRollCallVO><key>(\d+)<\/key>/g)].map((match) => Number(match[1]))).toEqual(keys);
    expect(asXml.text).toMatch(/<\/lectureBlockRollCallVO><\/lectureBlockRollCallVOs>$/);
  }, 60_000);

  it('answers XML on Accept: each <lectureBlockRollCallVO> in <lectureBlockRollCallVOs>', async () => {
    const reply = await call(t.base, 'GET', `/restapi/repo/lectures/rollcalls?lectureBlockKey=${blockA1}`, { headers: xml() });
    expect(reply.text).toContain(
      `<lectureBlockRollCallVOs><lectureBlockRollCallVO><key>${rc1}</key><lecturesAttendedNumber>1</lecturesAttendedNumber><lecturesAbsentNumber>1</lecturesAbsentNumber>` +
        `<absenceReason>Illness</absenceReason><absenceAuthorized>true</absenceAuthorized><identityKey>${p1.key}</identityKey>` +
        `<identityExternalId>HR-4711</identityExternalId><lectureBlockKey>${blockA1}</lectureBlockKey></lectureBlockRollCallVO></lectureBlockRollCallVOs>`,
    );
  });
});

describe('GET /repo/lectures/rollcalls/:rollCallKey', () => {
  const ONE = `query($rollCallKey: Long!) { lectureRollCall(rollCallKey: $rollCallKey) { key lecturesAttendedNumber lecturesAbsentNumber comment absenceReason
    absenceAuthorized absenceSupervisorNotificationDate identityKey identityExternalId lectureBlockKey } }`;

  it('answers the VO with its fields in OpenOLAT order, numbers of 0 as null', async () => {
    const reply = await call(t.base, 'GET', `/restapi/repo/lectures/rollcalls/${rc2}`, { headers: json() });
    expect(reply.text).toBe(
      JSON.stringify({
        key: rc2,
        lecturesAttendedNumber: 2,
        lecturesAbsentNumber: null,
        comment: null,
        absenceReason: null,
        absenceAuthorized: null,
        absenceSupervisorNotificationDate: NOTIFIED.getTime(),
        identityKey: p2.key,
        identityExternalId: null,
        lectureBlockKey: blockA2,
      }),
    );
    const viaGraphql = await gql(undefined, ONE, { rollCallKey: rc1 });
    expect(viaGraphql.body.data.lectureRollCall).toMatchObject({ key: rc1, lecturesAbsentNumber: 1, identityExternalId: 'HR-4711', absenceAuthorized: true });
  });

  it('answers XML by default: dates in ISO, null fields omitted', async () => {
    const reply = await call(t.base, 'GET', `/restapi/repo/lectures/rollcalls/${rc2}`, { headers: adminAuth() });
    expect(reply.text).toContain(
      `<lectureBlockRollCallVO><key>${rc2}</key><lecturesAttendedNumber>2</lecturesAttendedNumber>` +
        `<absenceSupervisorNotificationDate>2026-03-04T08:30:00.000Z</absenceSupervisorNotificationDate><identityKey>${p2.key}</identityKey>` +
        `<lectureBlockKey>${blockA2}</lectureBlockKey></lectureBlockRollCallVO>`,
    );
  });

  it("answers the managers of the block's course: its organisation's lecture and learning resource managers, its owner", async () => {
    for (const user of [lmA, lrmA, ownerA]) {
      expect((await call(t.base, 'GET', `/restapi/repo/lectures/rollcalls/${rc1}`, { headers: json(user) })).json.key).toBe(rc1);
      expect((await gql(user, ONE, { rollCallKey: rc1 })).body.data.lectureRollCall.key).toBe(rc1);
    }
  });

  it('refuses a lecture manager of another organisation (403 on both transports)', async () => {
    expect((await call(t.base, 'GET', `/restapi/repo/lectures/rollcalls/${rc1}`, { headers: json(lmB) })).status).toBe(403);
    expect((await gql(lmB, ONE, { rollCallKey: rc1 })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await call(t.base, 'GET', `/restapi/repo/lectures/rollcalls/${rc3}`, { headers: json(ownerA) })).status).toBe(403);
  });
});

describe('PUT and POST /repo/lectures/rollcalls', () => {
  const UPDATE = `mutation($rollCall: LectureBlockRollCallVOInput!) { updateLectureRollCall(rollCall: $rollCall) { key comment absenceReason
    absenceSupervisorNotificationDate lecturesAttendedNumber lecturesAbsentNumber absenceAuthorized identityKey lectureBlockKey } }`;

  /** Everything a client may send in a LectureBlockRollCallVO that must not change the roll call. */
  const READ_ONLY = (rollCall: number) => ({
    lecturesAttendedNumber: 7,
    lecturesAbsentNumber: 5,
    absenceAuthorized: false,
    identityKey: p2.key,
    lectureBlockKey: blockB1,
    identityExternalId: 'SOMEONE-ELSE',
    key: rollCall,
  });

  for (const method of ['PUT', 'POST'] as const) {
    it(`${method} JSON: changes the three fields, leaves each read-only field as it was`, async () => {
      const person = await buildUser(t, {}, { externalId: `EXT-${method}` });
      const key = await buildRollCall(t, writeBlock, person.key, {
        lecturesAttendedNumber: 1,
        lecturesAbsentNumber: 1,
        absenceAuthorized: true,
        comment: 'Old',
      });
      const before = await storedRollCall(t, key);
      const reply = await call(t.base, method, '/restapi/repo/lectures/rollcalls', {
        headers: json(lmA),
        body: { ...READ_ONLY(key), comment: 'Called the family', absenceReason: 'Flu', absenceSupervisorNotificationDate: NOTIFIED.getTime() },
      });
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({
        key,
        lecturesAttendedNumber: 1,
        lecturesAbsentNumber: 1,
        absenceAuthorized: true,
        identityKey: person.key,
        identityExternalId: `EXT-${method}`,
        lectureBlockKey: writeBlock,
        comment: 'Called the family',
        absenceReason: 'Flu',
        absenceSupervisorNotificationDate: NOTIFIED.getTime(),
      });
      const after = await storedRollCall(t, key);
      for (const field of ['lecturesAttendedNumber', 'lecturesAbsentNumber', 'absenceAuthorized', 'identityKey', 'lectureBlockKey'])
        expect({ field, value: after[field] }).toEqual({ field, value: before[field] });
      expect(after).toMatchObject({ comment: 'Called the family', absenceReason: 'Flu', absenceSupervisorNotificationDate: NOTIFIED });
    });

    it(`${method} XML: the same, the body read from <lectureBlockRollCallVO>`, async () => {
      const key = await buildRollCall(t, writeBlock, (await buildUser(t)).key, { lecturesAttendedNumber: 2, absenceReason: 'Kept' });
      const before = await storedRollCall(t, key);
      const body =
        `<lectureBlockRollCallVO><key>${key}</key><lecturesAttendedNumber>0</lecturesAttendedNumber><lecturesAbsentNumber>2</lecturesAbsentNumber>` +
        `<comment>From XML</comment><absenceAuthorized>true</absenceAuthorized><absenceSupervisorNotificationDate>2026-03-04T08:30:00Z</absenceSupervisorNotificationDate>` +
        `<identityKey>${p1.key}</identityKey><identityExternalId>X</identityExternalId><lectureBlockKey>${blockB1}</lectureBlockKey></lectureBlockRollCallVO>`;
      const reply = await call(t.base, method, '/restapi/repo/lectures/rollcalls', { headers: xml(), body, contentType: 'application/xml' });
      expect(reply.status).toBe(200);
      expect(reply.text).toContain(`<lectureBlockRollCallVO><key>${key}</key><lecturesAttendedNumber>2</lecturesAttendedNumber><comment>From XML</comment>`);
      expect(reply.text).toContain('<absenceReason>Kept</absenceReason>');
      const after = await storedRollCall(t, key);
      for (const field of ['lecturesAttendedNumber', 'lecturesAbsentNumber', 'absenceAuthorized', 'identityKey', 'lectureBlockKey'])
        expect({ field, value: after[field] }).toEqual({ field, value: before[field] });
      expect(after).toMatchObject({ comment: 'From XML', absenceReason: 'Kept', absenceSupervisorNotificationDate: NOTIFIED });
    });
  }

  it('clears the supervisor notification date when the body leaves it out; keeps comment and reason that are null', async () => {
    const key = await buildRollCall(t, writeBlock, (await buildUser(t)).key, {
      comment: 'Keep me',
      absenceReason: 'Keep too',
      absenceSupervisorNotificationDate: NOTIFIED,
    });
    const reply = await call(t.base, 'POST', '/restapi/repo/lectures/rollcalls', { headers: json(), body: { key, comment: null } });
    expect(reply.json).toMatchObject({ comment: 'Keep me', absenceReason: 'Keep too', absenceSupervisorNotificationDate: null });
    await call(t.base, 'POST', '/restapi/repo/lectures/rollcalls', { headers: json(), body: { key, absenceSupervisorNotificationDate: NOTIFIED.getTime() } });
    const viaGraphql = await gql(undefined, UPDATE, { rollCall: { key, comment: 'GraphQL' } });
    expect(viaGraphql.body.data.updateLectureRollCall).toMatchObject({
      comment: 'GraphQL',
      absenceReason: 'Keep too',
      absenceSupervisorNotificationDate: null,
    });
  });

  it('writes one audit row for each change', async () => {
    const key = await buildRollCall(t, writeBlock, (await buildUser(t)).key);
    await call(t.base, 'PUT', '/restapi/repo/lectures/rollcalls', { headers: json(), body: { key, comment: 'Audited' } });
    await gql(undefined, UPDATE, { rollCall: { key, comment: 'Audited again' } });
    const rows = await sql<{ transport: string; changes: { rollCall: { key: number } } }>(
      t.service.orm.em.fork(),
      `select transport, changes from audit_log where operation = 'updateLectureRollCall' and changes->'rollCall'->>'key' = ? order by id`,
      [String(key)],
    );
    expect(rows.map((row) => row.transport)).toEqual(['rest', 'graphql']);
  });

  it('GraphQL cannot even express attendance: such an input is refused and nothing changes', async () => {
    const key = await buildRollCall(t, writeBlock, (await buildUser(t)).key, { lecturesAttendedNumber: 2, comment: 'Unchanged' });
    const before = await storedRollCall(t, key);
    for (const field of ['lecturesAttendedNumber', 'lecturesAbsentNumber', 'absenceAuthorized', 'identityKey', 'lectureBlockKey', 'identityExternalId']) {
      const value = field === 'absenceAuthorized' ? true : field === 'identityExternalId' ? 'X' : 9;
      const reply = await gql(undefined, UPDATE, { rollCall: { key, comment: 'Changed', [field]: value } });
      expect({ field, errors: reply.body.errors?.length ?? 0 }).toEqual({ field, errors: 1 });
    }
    expect(await storedRollCall(t, key)).toEqual(before);
  });

  it('400 without key (ErrorVO in the format of the client), 404 unknown, 403 for a manager of another course', async () => {
    const noKey = await call(t.base, 'PUT', '/restapi/repo/lectures/rollcalls', { headers: json(), body: { comment: 'x' } });
    expect(noKey.status).toBe(400);
    expect(noKey.json).toMatchObject({ code: 'BAD_REQUEST' });
    const noKeyXml = await call(t.base, 'POST', '/restapi/repo/lectures/rollcalls', {
      headers: xml(),
      body: '<lectureBlockRollCallVO><comment>x</comment></lectureBlockRollCallVO>',
      contentType: 'application/xml',
    });
    expect(noKeyXml.status).toBe(400);
    expect(noKeyXml.text).toContain('<errorVO><code>BAD_REQUEST</code>');
    expect((await gql(undefined, UPDATE, { rollCall: { comment: 'x' } })).body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect((await call(t.base, 'PUT', '/restapi/repo/lectures/rollcalls', { headers: json(), body: { key: 2_000_000_000 } })).status).toBe(404);
    expect((await call(t.base, 'PUT', '/restapi/repo/lectures/rollcalls', { headers: json(lmB), body: { key: rc1, comment: 'no' } })).status).toBe(403);
    expect((await gql(lmB, UPDATE, { rollCall: { key: rc1, comment: 'no' } })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await storedRollCall(t, rc1)).comment).toBeNull();
  });
});

describe('LectureBlockRollCallVO.identity (GraphQL)', () => {
  it('reads the people of 5 and of 50 roll calls with the same number of statements', async () => {
    const course = await buildCourse(t);
    const counts: number[] = [];
    for (const size of [5, 50]) {
      const block = await buildBlock(t, course.key);
      for (let i = 0; i < size; i++) await buildRollCall(t, block, (await buildUser(t)).key);
      const query = `{ lectureRollCalls(lectureBlockKey: ${block}) { key identityKey identity { key login externalId } } }`;
      // Once before: the caller's principal is cached then, as for every later request.
      await gql(undefined, query);
      let reply: Awaited<ReturnType<typeof gql>> | undefined;
      const statements = await traceStatements(async () => (reply = await gql(undefined, query)));
      const rows = reply!.body.data.lectureRollCalls as { identityKey: number; identity: { key: number } }[];
      expect(rows).toHaveLength(size);
      for (const row of rows) expect(row.identity.key).toBe(row.identityKey);
      counts.push(statements.length);
    }
    expect(counts[1]).toBe(counts[0]);
  });
});

describe('GET /curriculum/:curriculumKey/lectures', () => {
  const STATS = `query($curriculumKey: Long!, $identityKey: Long) { curriculumLectureStatistics(curriculumKey: $curriculumKey, identityKey: $identityKey) {
    identityKey totalLectureBlocks totalEffectiveLectures totalPersonalPlannedLectures totalAttendedLectures totalAbsentLectures
    totalAuthorizedAbsentLectures totalDispensationLectures attendanceRate } }`;
  let statsCurriculum: number;
  let q1: TestUser;
  let q2: TestUser;

  beforeAll(async () => {
    // A course of its own: closed blocks count, an open one only its planned lectures, a non-compulsory or another course's none.
    statsCurriculum = await buildCurriculum(t);
    const element = await buildCurriculumElement(t, statsCurriculum);
    const child = await buildCurriculumElement(t, statsCurriculum, element);
    const course = await buildCourse(t);
    const second = await buildCourse(t);
    const outside = await buildCourse(t);
    await linkCourseToElement(t, element, course.key);
    await linkCourseToElement(t, child, second.key);
    q1 = await buildUser(t);
    q2 = await buildUser(t);
    const closed = await buildBlock(t, course.key, { plannedLectures: 4, status: 'done', rollCallStatus: 'closed' });
    const autoclosed = await buildBlock(t, second.key, { plannedLectures: 2, status: 'done', rollCallStatus: 'autoclosed' });
    const open = await buildBlock(t, course.key, { plannedLectures: 3 });
    const optional = await buildBlock(t, course.key, { plannedLectures: 5, compulsory: false, status: 'done', rollCallStatus: 'closed' });
    const cancelled = await buildBlock(t, course.key, { plannedLectures: 6, status: 'cancelled', rollCallStatus: 'closed' });
    const elsewhere = await buildBlock(t, outside.key, { plannedLectures: 8, status: 'done', rollCallStatus: 'closed' });
    await buildRollCall(t, closed, q1.key, { lecturesAttendedNumber: 2, lecturesAbsentNumber: 2 });
    await buildRollCall(t, autoclosed, q1.key, { lecturesAttendedNumber: 0, lecturesAbsentNumber: 2, absenceAuthorized: true });
    await buildRollCall(t, open, q1.key, { lecturesAttendedNumber: 3 });
    await buildRollCall(t, optional, q1.key, { lecturesAttendedNumber: 5 });
    await buildRollCall(t, cancelled, q1.key, { lecturesAbsentNumber: 6 });
    await buildRollCall(t, elsewhere, q1.key, { lecturesAttendedNumber: 8 });
    await buildRollCall(t, open, q2.key, {});
  });

  const q1Stats = () => ({
    identityKey: q1.key,
    totalLectureBlocks: 4,
    totalEffectiveLectures: 6,
    totalPersonalPlannedLectures: 9,
    totalAttendedLectures: 2,
    totalAbsentLectures: 2,
    totalAuthorizedAbsentLectures: 2,
    totalDispensationLectures: 0,
    attendanceRate: 2 / 6,
  });
  const q2Stats = () => ({
    identityKey: q2.key,
    totalLectureBlocks: 1,
    totalEffectiveLectures: 0,
    totalPersonalPlannedLectures: 3,
    totalAttendedLectures: 0,
    totalAbsentLectures: 0,
    totalAuthorizedAbsentLectures: 0,
    totalDispensationLectures: 0,
    attendanceRate: 0,
  });

  it('sums each participant over the compulsory blocks of the linked courses (JSON and GraphQL)', async () => {
    const reply = await call(t.base, 'GET', `/restapi/curriculum/${statsCurriculum}/lectures`, { headers: json() });
    expect(reply.json).toEqual([q1Stats(), q2Stats()]);
    expect(Object.keys(reply.json[0])).toEqual(Object.keys(q1Stats()));
    expect((await gql(undefined, STATS, { curriculumKey: statsCurriculum })).body.data.curriculumLectureStatistics).toEqual([q1Stats(), q2Stats()]);
    expect((await gql(undefined, STATS, { curriculumKey: statsCurriculum, identityKey: q2.key })).body.data.curriculumLectureStatistics).toEqual([q2Stats()]);
  });

  it("answers XML by default with OpenOLAT's root element", async () => {
    const reply = await call(t.base, 'GET', `/restapi/curriculum/${statsCurriculum}/lectures`, { headers: adminAuth() });
    expect(reply.text).toContain(
      `<lectureBlockRollCallVOs><lectureBlockRollCallVO><identityKey>${q1.key}</identityKey><totalLectureBlocks>4</totalLectureBlocks>`,
    );
    expect(reply.text).toContain(
      '<totalDispensationLectures>0</totalDispensationLectures><attendanceRate>0.3333333333333333</attendanceRate></lectureBlockRollCallVO>',
    );
  });

  it('answers one participant, 404 for a person without roll calls there', async () => {
    const one = await call(t.base, 'GET', `/restapi/curriculum/${statsCurriculum}/lectures/${q1.key}`, { headers: json() });
    expect(one.json).toEqual(q1Stats());
    const oneXml = await call(t.base, 'GET', `/restapi/curriculum/${statsCurriculum}/lectures/${q2.key}`, { headers: adminAuth() });
    expect(oneXml.text).toContain(`<lectureBlockRollCallVO><identityKey>${q2.key}</identityKey>`);
    expect((await call(t.base, 'GET', `/restapi/curriculum/${statsCurriculum}/lectures/${plain.key}`, { headers: json() })).status).toBe(404);
    const viaGraphql = await gql(
      undefined,
      `{ curriculumParticipantLectureStatistics(curriculumKey: ${statsCurriculum}, identityKey: ${plain.key}) { identityKey } }`,
    );
    expect(viaGraphql.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it("answers the curriculum's managers; refuses a lecture manager who is no curriculum manager (403 on both transports)", async () => {
    expect((await call(t.base, 'GET', `/restapi/curriculum/${curriculumKey}/lectures`, { headers: json(curriculumManagerA) })).json).toEqual([
      expect.objectContaining({ identityKey: p1.key, totalLectureBlocks: 1, totalAttendedLectures: 1, totalAuthorizedAbsentLectures: 1, attendanceRate: 0.5 }),
      expect.objectContaining({ identityKey: p2.key, totalLectureBlocks: 1 }),
    ]);
    expect((await call(t.base, 'GET', `/restapi/curriculum/${curriculumKey}/lectures`, { headers: json(lmA) })).status).toBe(403);
    expect((await gql(lmA, STATS, { curriculumKey })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await call(t.base, 'GET', `/restapi/curriculum/${curriculumKey}/lectures/${p1.key}`, { headers: json(lmA) })).status).toBe(403);
  });
});
