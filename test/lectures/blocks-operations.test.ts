import { traceStatements } from '../../scripts/trace-statements';
import { sql } from '../../src/db/sql';
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
  buildRoleInAnotherOrganisation,
  buildTaxonomy,
  buildTaxonomyLevel,
  buildUser,
  defaultOrganisationKey,
  type TestCourse,
  type TestUser,
} from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { graphqlOf, pathOf, refusals, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Every lecture block operation of courses, curriculum elements and days: refusals on both transports and its successes. */

let t: TestService;
let plain: TestUser;
let owner: TestUser;
let teacher: TestUser;
let participant: TestUser;
let lectureManager: TestUser;
let course: TestCourse;
let other: TestCourse;
let blockKey: number;
let levelKey: number;
let curriculumKey: number;
let elementKey: number;
let elementBlockKey: number;
/** Callers with the role of the course's and of the curriculum's lecture routes, but no right to this course or curriculum. */
const strangers = {} as Record<'course' | 'curriculum' | 'administrator', TestUser>;

const asAdmin = () => ({ ...adminAuth(), ...JSON_TYPE });
const db = () => t.service.orm.em.fork();

async function enableLectures(entryKey: number) {
  const reply = await call(t.base, 'POST', `/restapi/repo/entries/${entryKey}/lectureblocks/configuration`, {
    headers: asAdmin(),
    body: { lectureEnabled: true },
  });
  expect(reply.status).toBe(200);
}

async function createBlock(entryKey: number, body: Record<string, unknown> = {}): Promise<number> {
  const reply = await call(t.base, 'PUT', `/restapi/repo/entries/${entryKey}/lectureblocks`, {
    headers: asAdmin(),
    body: { title: 'Block', plannedLectures: 2, startDate: Date.parse('2026-03-02T08:00:00Z'), endDate: Date.parse('2026-03-02T09:30:00Z'), ...body },
  });
  expect(reply.status).toBe(200);
  return reply.json.key;
}

beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  owner = await buildUser(t);
  teacher = await buildUser(t);
  participant = await buildUser(t);
  lectureManager = await buildUser(t);
  await addOrganisationMember(t, await defaultOrganisationKey(t), lectureManager.key, 'lecturemanager');
  course = await buildCourse(t);
  other = await buildCourse(t);
  await addCourseMember(t, course.key, owner.key, 'owner');
  await addCourseMember(t, course.key, participant.key, 'participant');
  await enableLectures(course.key);
  await enableLectures(other.key);
  blockKey = await createBlock(course.key);
  levelKey = await buildTaxonomyLevel(t, await buildTaxonomy(t));
  curriculumKey = await buildCurriculum(t);
  elementKey = await buildCurriculumElement(t, curriculumKey);
  await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements/${elementKey}/entries/${course.key}`, { headers: asAdmin() });
  const created = await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements/${elementKey}/lectureblocks`, {
    headers: asAdmin(),
    body: { title: 'Element block', plannedLectures: 1 },
  });
  expect(created.status).toBe(200);
  elementBlockKey = created.json.key;
  strangers.course = await buildOwnerOfAnotherCourse(t);
  strangers.curriculum = await buildOwnerOfAnotherCurriculum(t);
  strangers.administrator = await buildRoleInAnotherOrganisation(t, 'administrator');
}, 60_000);
afterAll(() => t.stop());

const MOUNTS = [
  { kind: 'entries', param: ':entry' },
  { kind: 'courses', param: ':courseKey' },
] as const;
type Mount = (typeof MOUNTS)[number];

const mountValues = (mount: Mount, of: TestCourse = course): Record<string, unknown> =>
  mount.kind === 'entries' ? { entry: String(of.key) } : { courseKey: of.courseKey };

const world =
  (mount: Mount, values: Record<string, unknown> = {}) =>
  () => ({
    t,
    values: {
      ...mountValues(mount),
      lectureBlockKey: blockKey,
      identityKey: teacher.key,
      taxonomyLevelKey: levelKey,
      repoEntryKey: other.key,
      originEntryKey: other.key,
      curriculumKey,
      elementKey,
      ...values,
    },
    forbidden: plain,
    stranger: strangers.course,
  });

function rest(name: string, values: Record<string, unknown>, options: { body?: unknown; headers?: Record<string, string>; contentType?: string } = {}) {
  const route = routeNamed(name);
  return call(t.base, route.method, pathOf(route, values), { headers: options.headers ?? asAdmin(), body: options.body, contentType: options.contentType });
}

const keysOf = (list: { key: number }[]) => list.map((item) => item.key);

async function rollCalls(block: number) {
  return sql<{ identity: number; attended: number | null; absent: number | null }>(
    db(),
    'select identity_id as identity, lectures_attended_number as attended, lectures_absent_number as absent from lecture_block_roll_call where block_id = ? order by identity_id',
    [block],
  );
}

for (const mount of MOUNTS) {
  const { kind, param } = mount;
  const here = (values: Record<string, unknown> = {}) => ({ ...world(mount)().values, ...values });

  describe(`GET /repo/${kind}/${param}/lectureblocks/configuration`, () => {
    refusals(`GET /repo/${kind}/${param}/lectureblocks/configuration`, world(mount));
    it('answers all fields null for a course without configuration, then the stored ones', async () => {
      const fresh = await buildCourse(t);
      const empty = await rest(`GET /repo/${kind}/${param}/lectureblocks/configuration`, mountValues(mount, fresh));
      expect(empty.json).toEqual({
        lectureEnabled: null,
        overrideModuleDefault: null,
        calculateAttendanceRate: null,
        requiredAttendanceRate: null,
        courseCalendarSyncEnabled: null,
        teacherCalendarSyncEnabled: null,
        rollCallEnabled: null,
      });
      const xml = await rest(`GET /repo/${kind}/${param}/lectureblocks/configuration`, mountValues(mount), { headers: { ...adminAuth(), ...XML_TYPE } });
      expect(xml.text).toContain('<repositoryEntryLectureConfigurationVO>');
      expect(xml.text).toContain('<lectureEnabled>true</lectureEnabled>');
    });

    it('answers JSON when the client names no format, as OpenOLAT (GET and POST)', async () => {
      for (const name of [`GET /repo/${kind}/${param}/lectureblocks/configuration`, `POST /repo/${kind}/${param}/lectureblocks/configuration`]) {
        const route = routeNamed(name);
        const bare = await call(t.base, route.method, pathOf(route, mountValues(mount)), {
          headers: adminAuth(),
          body: route.method === 'POST' ? 'rollCallEnabled=true' : undefined,
          contentType: route.method === 'POST' ? 'application/x-www-form-urlencoded' : undefined,
        });
        expect([name, bare.status, bare.headers.get('content-type')]).toEqual([name, 200, expect.stringMatching(/json/)]);
        expect(bare.json.lectureEnabled).toBe(true);
      }
    });
  });

  describe(`POST /repo/${kind}/${param}/lectureblocks/configuration`, () => {
    refusals(`POST /repo/${kind}/${param}/lectureblocks/configuration`, world(mount));
    it('writes only the fields given, as JSON, XML and form, creating the configuration', async () => {
      const fresh = await buildCourse(t);
      const name = `POST /repo/${kind}/${param}/lectureblocks/configuration`;
      const first = await rest(name, mountValues(mount, fresh), { body: { rollCallEnabled: false, requiredAttendanceRate: 0.7 } });
      expect(first.status).toBe(200);
      expect(first.json).toMatchObject({ lectureEnabled: false, overrideModuleDefault: false, rollCallEnabled: false, requiredAttendanceRate: 0.7 });
      const xml = await rest(name, mountValues(mount, fresh), {
        headers: { ...adminAuth(), ...XML_TYPE },
        body: '<repositoryEntryLectureConfigurationVO><overrideModuleDefault>true</overrideModuleDefault></repositoryEntryLectureConfigurationVO>',
        contentType: 'application/xml',
      });
      expect(xml.status).toBe(200);
      expect(xml.text).toContain('<overrideModuleDefault>true</overrideModuleDefault>');
      const form = await rest(name, mountValues(mount, fresh), { body: 'lectureEnabled=true', contentType: 'application/x-www-form-urlencoded' });
      expect(form.json).toMatchObject({ lectureEnabled: true, overrideModuleDefault: true, rollCallEnabled: false, requiredAttendanceRate: 0.7 });
      // A Double stored as given, as OpenOLAT does (its own examples send 34.0); only what Java cannot read as a double is refused.
      const percent = await rest(name, mountValues(mount, fresh), { body: '{"requiredAttendanceRate":34.0}', contentType: 'application/json' });
      expect(percent.status).toBe(200);
      expect(percent.json).toMatchObject({ requiredAttendanceRate: 34 });
      const negativeXml = await rest(name, mountValues(mount, fresh), {
        headers: { ...adminAuth(), ...XML_TYPE },
        body: '<repositoryEntryLectureConfigurationVO><requiredAttendanceRate>-1.5</requiredAttendanceRate></repositoryEntryLectureConfigurationVO>',
        contentType: 'application/xml',
      });
      expect(negativeXml.status).toBe(200);
      expect(negativeXml.text).toContain('<requiredAttendanceRate>-1.5</requiredAttendanceRate>');
      const unreadable = await rest(name, mountValues(mount, fresh), { body: '{"requiredAttendanceRate":"many"}', contentType: 'application/json' });
      expect(unreadable.status).toBe(400);
      const stored = await rest(`GET /repo/${kind}/${param}/lectureblocks/configuration`, mountValues(mount, fresh));
      expect(stored.json).toMatchObject({ requiredAttendanceRate: -1.5 });
      const viaGraphql = await graphql(
        t.base,
        adminAuth(),
        'mutation($c: Long) { updateLectureConfiguration(courseKey: $c, lectureConfiguration: { requiredAttendanceRate: 75.5 }) { requiredAttendanceRate } }',
        { c: fresh.courseKey },
      );
      expect(viaGraphql.body).toEqual({ data: { updateLectureConfiguration: { requiredAttendanceRate: 75.5 } } });
    });
  });

  describe(`GET /repo/${kind}/${param}/lectureblocks`, () => {
    refusals(`GET /repo/${kind}/${param}/lectureblocks`, world(mount));
    it('lists the blocks of the course, JSON without Accept, XML on request', async () => {
      const plainJson = await call(t.base, 'GET', pathOf(routeNamed(`GET /repo/${kind}/${param}/lectureblocks`), here()), { headers: adminAuth() });
      expect(plainJson.headers.get('content-type')).toMatch(/json/);
      expect(keysOf(plainJson.json)).toContain(blockKey);
      const xml = await rest(`GET /repo/${kind}/${param}/lectureblocks`, here(), { headers: { ...adminAuth(), ...XML_TYPE } });
      expect(xml.text).toContain('<lectureBlocksVO>');
      const byOwner = await rest(`GET /repo/${kind}/${param}/lectureblocks`, here(), { headers: { ...owner.auth, ...JSON_TYPE } });
      expect(byOwner.status).toBe(200);
      const byLectureManager = await rest(`GET /repo/${kind}/${param}/lectureblocks`, here(), { headers: { ...lectureManager.auth, ...JSON_TYPE } });
      expect(byLectureManager.status).toBe(200);
    });
  });

  for (const method of ['PUT', 'POST'] as const) {
    describe(`${method} /repo/${kind}/${param}/lectureblocks`, () => {
      refusals(`${method} /repo/${kind}/${param}/lectureblocks`, world(mount));
      const name = `${method} /repo/${kind}/${param}/lectureblocks`;
      it('creates a block and updates it: plannedLectures always, the other fields when given', async () => {
        const created = await rest(name, here(), {
          body: {
            title: `By ${method}`,
            location: 'HG E 7',
            plannedLectures: 3,
            managedFlagsString: 'title,dates',
            status: 'done',
            externalId: `EXT-${method}-${kind}`,
          },
        });
        expect(created.status).toBe(200);
        expect(created.json).toMatchObject({
          title: `By ${method}`,
          location: 'HG E 7',
          plannedLectures: 3,
          managedFlagsString: 'title,dates',
          status: 'active',
          rollCallStatus: 'open',
          compulsory: true,
          repoEntryKey: course.key,
          curriculumElementKey: null,
          bigBlueButtonMeetingKey: null,
        });
        const updated = await rest(name, here(), { body: { key: created.json.key, description: 'Described' } });
        expect(updated.json).toMatchObject({ key: created.json.key, title: `By ${method}`, location: 'HG E 7', description: 'Described', plannedLectures: 0 });
        expect((await rest(name, here(), { body: { key: 2_000_000_000, title: 'x' } })).status).toBe(404);
        const foreign = await createBlock(other.key);
        expect((await rest(name, here(), { body: { key: foreign, title: 'x' } })).status).toBe(404);
      });

      it('applies parallel updates of different fields both: an update reads the block it overwrites under a lock', async () => {
        const key = await createBlock(course.key, { plannedLectures: 2 });
        const updates = Array.from({ length: 6 }, (_, i) => rest(name, here(), { body: { key, plannedLectures: 2, [i % 2 ? 'location' : 'title']: `v${i}` } }));
        expect((await Promise.all(updates)).map((reply) => reply.status)).toEqual(Array(6).fill(200));
        const read = await rest(`GET /repo/${kind}/${param}/lectureblocks/:lectureBlockKey`, here({ lectureBlockKey: key }));
        expect(['v0', 'v2', 'v4']).toContain(read.json.title);
        expect(['v1', 'v3', 'v5']).toContain(read.json.location);
      });

      it('answers 409 for a new block while lectures are not enabled, and still updates', async () => {
        const off = await buildCourse(t);
        const refused = await rest(name, mountValues(mount, off), { body: { title: 'Off' } });
        expect(refused.status).toBe(409);
        expect(JSON.stringify(refused.json)).toContain('lectures are not enabled for this course');
      });

      it('auto-closes: status done, roll call autoclosed, every participant attended', async () => {
        const key = await createBlock(course.key, { plannedLectures: 3 });
        await rest(`PUT /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/participants/repositoryentry`, here({ lectureBlockKey: key }));
        const closed = await rest(name, here(), { body: { key, plannedLectures: 3, rollCallStatus: 'autoclosed' } });
        expect(closed.json).toMatchObject({ status: 'done', rollCallStatus: 'autoclosed' });
        expect(await rollCalls(key)).toEqual([{ identity: participant.key, attended: 3, absent: null }]);
        const [{ autoClosed }] = await sql<{ autoClosed: Date | null }>(db(), 'select auto_closed_date as "autoClosed" from lecture_block where id = ?', [key]);
        expect(autoClosed).not.toBeNull();
      });
    });
  }

  describe(`GET /repo/${kind}/${param}/lectureblocks/:lectureBlockKey`, () => {
    refusals(`GET /repo/${kind}/${param}/lectureblocks/:lectureBlockKey`, world(mount));
    it('answers the block, 404 for a block of another course', async () => {
      const reply = await rest(`GET /repo/${kind}/${param}/lectureblocks/:lectureBlockKey`, here());
      expect(reply.json).toMatchObject({ key: blockKey, title: 'Block', plannedLectures: 2 });
      const xml = await rest(`GET /repo/${kind}/${param}/lectureblocks/:lectureBlockKey`, here(), { headers: { ...adminAuth(), ...XML_TYPE } });
      expect(xml.text).toMatch(/^(<\?xml[^>]*>)?<lectureBlocksVO><key>/);
      const foreign = await createBlock(other.key);
      expect((await rest(`GET /repo/${kind}/${param}/lectureblocks/:lectureBlockKey`, here({ lectureBlockKey: foreign }))).status).toBe(404);
    });
  });

  describe(`DELETE /repo/${kind}/${param}/lectureblocks/:lectureBlockKey`, () => {
    refusals(`DELETE /repo/${kind}/${param}/lectureblocks/:lectureBlockKey`, world(mount));
    it('deletes the block with its calendar events', async () => {
      const key = await createBlock(course.key);
      await rest(`PUT /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/teachers/:identityKey`, here({ lectureBlockKey: key }));
      expect((await sql(db(), 'select 1 from calendar_event where lecture_block_id = ?', [key])).length).toBeGreaterThan(0);
      expect((await rest(`DELETE /repo/${kind}/${param}/lectureblocks/:lectureBlockKey`, here({ lectureBlockKey: key }))).status).toBe(200);
      expect((await rest(`GET /repo/${kind}/${param}/lectureblocks/:lectureBlockKey`, here({ lectureBlockKey: key }))).status).toBe(404);
      expect(await sql(db(), 'select 1 from calendar_event where lecture_block_id = ?', [key])).toEqual([]);
    });
  });

  describe(`POST /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/entry/:repoEntryKey`, () => {
    refusals(`POST /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/entry/:repoEntryKey`, world(mount));
    const name = `POST /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/entry/:repoEntryKey`;
    it('moves the block to another course; 403 when the caller does not manage the target', async () => {
      const key = await createBlock(course.key);
      const refused = await rest(name, here({ lectureBlockKey: key }), { headers: { ...owner.auth, ...JSON_TYPE } });
      expect(refused.status).toBe(403);
      const moved = await rest(name, here({ lectureBlockKey: key }));
      expect(moved.json).toMatchObject({ key, repoEntryKey: other.key });
      expect((await rest(`GET /repo/${kind}/${param}/lectureblocks/:lectureBlockKey`, here({ lectureBlockKey: key }))).status).toBe(404);
    });

    it('answers 409 for a target course without lectures, as creating a block there does', async () => {
      const key = await createBlock(course.key);
      const off = await buildCourse(t);
      const refused = await rest(name, here({ lectureBlockKey: key, repoEntryKey: off.key }));
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.json)).toContain('lectures are not enabled for this course');
      expect((await rest(`GET /repo/${kind}/${param}/lectureblocks/:lectureBlockKey`, here({ lectureBlockKey: key }))).status).toBe(200);
    });
  });

  describe(`${kind} teachers`, () => {
    refusals(`GET /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/teachers`, world(mount));
    refusals(`PUT /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/teachers/:identityKey`, world(mount));
    refusals(`DELETE /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/teachers/:identityKey`, world(mount));
    it('adds (200, and 200 again as OpenOLAT), lists and removes (200, and 200 again as OpenOLAT) a teacher; the teacher calendar follows', async () => {
      const key = await createBlock(course.key);
      const values = here({ lectureBlockKey: key });
      expect((await rest(`PUT /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/teachers/:identityKey`, values)).status).toBe(200);
      const again = await rest(`PUT /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/teachers/:identityKey`, values);
      expect([again.status, again.text]).toEqual([200, '']);
      const listed = await rest(`GET /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/teachers`, values);
      expect(keysOf(listed.json)).toEqual([teacher.key]);
      const events = await sql<{ type: string; owner: number }>(
        db(),
        'select calendar_type as type, owner_key as owner from calendar_event where lecture_block_id = ? order by 1',
        [key],
      );
      expect(events).toEqual([
        { type: 'course', owner: course.key },
        { type: 'user', owner: teacher.key },
      ]);
      expect((await rest(`DELETE /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/teachers/:identityKey`, values)).status).toBe(200);
      expect(await sql(db(), 'select calendar_type as type from calendar_event where lecture_block_id = ?', [key])).toEqual([{ type: 'course' }]);
      expect((await rest(`DELETE /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/teachers/:identityKey`, values)).status).toBe(200);
      expect(
        (await rest(`DELETE /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/teachers/:identityKey`, { ...values, identityKey: 2_000_000_000 })).status,
      ).toBe(404);
      expect(
        (await rest(`PUT /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/teachers/:identityKey`, { ...values, identityKey: 2_000_000_000 })).status,
      ).toBe(404);
    });
  });

  describe(`${kind} participants`, () => {
    refusals(`PUT /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/participants/repositoryentry`, world(mount));
    refusals(`DELETE /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/participants/repositoryentry`, world(mount));
    refusals(`PUT /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/participants/curriculum`, world(mount));
    refusals(`DELETE /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/participants/curriculum`, world(mount));
    it('takes the course participants, with roll calls without attendance', async () => {
      const key = await createBlock(course.key);
      const values = here({ lectureBlockKey: key });
      expect((await rest(`PUT /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/participants/repositoryentry`, values)).status).toBe(200);
      expect(await rollCalls(key)).toEqual([{ identity: participant.key, attended: null, absent: null }]);
      expect((await rest(`DELETE /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/participants/repositoryentry`, values)).status).toBe(200);
      expect(await sql(db(), 'select 1 from lecture_block_participant_group where block_id = ?', [key])).toEqual([]);
    });

    it('takes the participants of the linked curriculum elements (200, then 304)', async () => {
      const key = await createBlock(course.key);
      const values = here({ lectureBlockKey: key });
      const learner = await buildUser(t);
      const sub = await buildCurriculumElement(t, curriculumKey, elementKey);
      await addCurriculumElementMember(t, elementKey, learner.key, 'participant', 'root');
      await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements/${sub}/entries/${course.key}`, { headers: asAdmin() });
      expect((await rest(`PUT /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/participants/curriculum`, values)).status).toBe(200);
      expect((await rollCalls(key)).map((r) => r.identity)).toContain(learner.key);
      expect((await rollCalls(key)).map((r) => r.identity)).not.toContain(participant.key);
      expect((await rest(`PUT /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/participants/curriculum`, values)).status).toBe(304);
      expect((await rest(`DELETE /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/participants/curriculum`, values)).status).toBe(200);
      expect((await rest(`DELETE /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/participants/curriculum`, values)).status).toBe(304);
      await call(t.base, 'DELETE', `/restapi/curriculum/${curriculumKey}/elements/${sub}/entries/${course.key}`, { headers: asAdmin() });
    });
  });

  describe(`${kind} taxonomy levels`, () => {
    refusals(`GET /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/taxonomy/levels`, world(mount));
    refusals(`PUT /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/taxonomy/levels/:taxonomyLevelKey`, world(mount));
    refusals(`DELETE /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/taxonomy/levels/:taxonomyLevelKey`, world(mount));
    it('tags (200, then 304), lists and untags (200, also for a level not there or unknown, as OpenOLAT); PUT of an unknown level is 404', async () => {
      const key = await createBlock(course.key);
      const values = here({ lectureBlockKey: key });
      const put = `PUT /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/taxonomy/levels/:taxonomyLevelKey`;
      expect((await rest(put, values)).status).toBe(200);
      expect((await rest(put, values)).status).toBe(304);
      expect((await rest(put, { ...values, taxonomyLevelKey: 2_000_000_000 })).status).toBe(404);
      const listed = await rest(`GET /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/taxonomy/levels`, values, {
        headers: { ...adminAuth(), ...XML_TYPE },
      });
      expect(listed.text).toContain(`<key>${levelKey}</key>`);
      const remove = `DELETE /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/taxonomy/levels/:taxonomyLevelKey`;
      expect((await rest(remove, values)).status).toBe(200);
      expect((await rest(`GET /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/taxonomy/levels`, values)).json).toEqual([]);
      expect((await rest(remove, values)).status).toBe(200);
      expect((await rest(remove, { ...values, taxonomyLevelKey: 2_000_000_000 })).status).toBe(200);
    });
  });

  describe(`${kind} calendars`, () => {
    refusals(`POST /repo/${kind}/${param}/lectureblocks/sync/calendar`, world(mount));
    refusals(`POST /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/sync/calendar`, world(mount));
    it('brings the events of the course and of a block up to date', async () => {
      const key = await createBlock(course.key);
      await sql(db(), 'delete from calendar_event where lecture_block_id = ?', [key]);
      expect((await rest(`POST /repo/${kind}/${param}/lectureblocks/:lectureBlockKey/sync/calendar`, here({ lectureBlockKey: key }))).status).toBe(200);
      expect((await sql(db(), 'select 1 from calendar_event where lecture_block_id = ?', [key])).length).toBe(1);
      await sql(db(), 'delete from calendar_event where lecture_block_id = ?', [key]);
      expect((await rest(`POST /repo/${kind}/${param}/lectureblocks/sync/calendar`, here())).status).toBe(200);
      expect((await sql(db(), 'select 1 from calendar_event where lecture_block_id = ?', [key])).length).toBe(1);
    });
  });

  describe(`POST /repo/${kind}/${param}/lectureblocks/healmoved/:originEntryKey`, () => {
    refusals(`POST /repo/${kind}/${param}/lectureblocks/healmoved/:originEntryKey`, world(mount));
    it('re-points the participants of blocks moved from the origin course (200, then 304)', async () => {
      const origin = await buildCourse(t);
      await enableLectures(origin.key);
      const key = await createBlock(origin.key);
      await call(t.base, 'PUT', `/restapi/repo/entries/${origin.key}/lectureblocks/${key}/participants/repositoryentry`, { headers: asAdmin() });
      await call(t.base, 'POST', `/restapi/repo/entries/${origin.key}/lectureblocks/${key}/entry/${course.key}`, { headers: asAdmin() });
      const name = `POST /repo/${kind}/${param}/lectureblocks/healmoved/:originEntryKey`;
      expect((await rest(name, here({ originEntryKey: origin.key }))).status).toBe(200);
      expect(await sql(db(), 'select entry_id as entry from lecture_block_participant_group where block_id = ?', [key])).toEqual([{ entry: course.key }]);
      expect((await rest(name, here({ originEntryKey: origin.key }))).status).toBe(304);
    });
  });

  describe(`GET /repo/${kind}/${param}/lectureblocks/adaptation`, () => {
    refusals(`GET /repo/${kind}/${param}/lectureblocks/adaptation`, () => ({ ...world(mount)(), forbidden: owner, stranger: strangers.administrator }));
    it('adapts attendance to the planned lectures, for administrators only', async () => {
      const key = await createBlock(course.key, { plannedLectures: 2 });
      await sql(db(), 'insert into lecture_block_roll_call (block_id, identity_id, lectures_attended_number, lectures_absent_number) values (?, ?, 4, 1)', [
        key,
        participant.key,
      ]);
      const name = `GET /repo/${kind}/${param}/lectureblocks/adaptation`;
      expect((await rest(name, here(), { headers: { ...owner.auth, ...JSON_TYPE } })).status).toBe(403);
      const reply = await rest(name, here());
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ repoEntryKey: course.key, adaptedRollCalls: 1 });
      const xml = await rest(name, here(), { headers: { ...adminAuth(), ...XML_TYPE } });
      expect(xml.text).toContain('<rollCallAdaptationVO><repoEntryKey>');
      expect(await rollCalls(key)).toEqual([{ identity: participant.key, attended: 1, absent: 1 }]);
    });
  });
}

describe('GET /repo/lectures', () => {
  refusals('GET /repo/lectures', () => ({ t, values: {}, forbidden: plain }));
  it('lists the blocks of a day for administrators and lecture managers, JSON by default', async () => {
    const key = await createBlock(course.key, { startDate: Date.parse('2031-05-07T22:30:00Z'), endDate: Date.parse('2031-05-08T00:30:00Z') });
    const day = await call(t.base, 'GET', '/restapi/repo/lectures?date=2031-05-08', { headers: adminAuth() });
    expect(day.headers.get('content-type')).toMatch(/json/);
    expect(keysOf(day.json)).toEqual([key]);
    expect(keysOf((await call(t.base, 'GET', '/restapi/repo/lectures?date=2031-05-07T10:00:00Z', { headers: asAdmin() })).json)).toEqual([key]);
    expect((await call(t.base, 'GET', '/restapi/repo/lectures?date=2031-05-09', { headers: asAdmin() })).json).toEqual([]);
    expect(keysOf((await call(t.base, 'GET', '/restapi/repo/lectures', { headers: { ...lectureManager.auth, ...JSON_TYPE } })).json)).toContain(key);
    // A lecture manager of another organisation does not see the courses' blocks (OpenOLAT narrows the list to the caller's courses too).
    const elsewhere = await buildRoleInAnotherOrganisation(t, 'lecturemanager');
    const theirs = await call(t.base, 'GET', '/restapi/repo/lectures?date=2031-05-08', { headers: elsewhere.auth });
    expect([theirs.status, theirs.json]).toEqual([200, []]);
    const theirsXml = await call(t.base, 'GET', '/restapi/repo/lectures', { headers: { ...elsewhere.auth, ...XML_TYPE } });
    expect(theirsXml.text).not.toContain(`<key>${key}</key>`);
    const theirsViaGraphql = await graphql(t.base, elsewhere.auth, '{ lectureBlocksOfDay(date: "2031-05-08") { key } }');
    expect(theirsViaGraphql.body.data.lectureBlocksOfDay).toEqual([]);
    expect((await call(t.base, 'GET', '/restapi/repo/lectures?date=yesterday', { headers: asAdmin() })).status).toBe(400);
    const viaGraphql = await graphql(t.base, adminAuth(), '{ lectureBlocksOfDay(date: "2031-05-08") { key } }');
    expect(viaGraphql.body.data.lectureBlocksOfDay).toEqual([{ key }]);
  });
});

describe('lecture blocks of curriculum elements', () => {
  const elementWorld = () => ({ t, values: { curriculumKey, elementKey, lectureBlockKey: elementBlockKey }, forbidden: plain, stranger: strangers.curriculum });
  const BLOCKS = '/curriculum/:curriculumKey/elements/:elementKey/lectureblocks';
  refusals('GET /curriculum/:curriculumKey/elements/:elementKey/lectureblocks', elementWorld);
  refusals('PUT /curriculum/:curriculumKey/elements/:elementKey/lectureblocks', elementWorld);
  refusals('POST /curriculum/:curriculumKey/elements/:elementKey/lectureblocks', elementWorld);
  refusals('GET /curriculum/:curriculumKey/elements/:elementKey/lectureblocks/:lectureBlockKey', elementWorld);
  refusals('DELETE /curriculum/:curriculumKey/elements/:elementKey/lectureblocks/:lectureBlockKey', elementWorld);

  it('creates in the only course of the element, lists, reads and deletes', async () => {
    const values = elementWorld().values;
    const created = await rest(`POST ${BLOCKS}`, values, { body: { title: 'In element', plannedLectures: 2 } });
    expect(created.json).toMatchObject({ repoEntryKey: course.key, curriculumElementKey: elementKey });
    expect(keysOf((await rest(`GET ${BLOCKS}`, values)).json)).toEqual(expect.arrayContaining([elementBlockKey, created.json.key]));
    expect((await rest(`GET ${BLOCKS}/:lectureBlockKey`, { ...values, lectureBlockKey: created.json.key })).json.title).toBe('In element');
    expect((await rest(`GET ${BLOCKS}/:lectureBlockKey`, { ...values, lectureBlockKey: blockKey })).status).toBe(404);
    expect(await sql(db(), 'select element_id as element from lecture_block_participant_group where block_id = ?', [created.json.key])).toEqual([
      { element: elementKey },
    ]);
    expect((await rest(`DELETE ${BLOCKS}/:lectureBlockKey`, { ...values, lectureBlockKey: created.json.key })).status).toBe(200);
  });

  it('answers GET and POST in JSON when the client names no format, PUT in XML, as OpenOLAT; POST also takes a form', async () => {
    const values = elementWorld().values;
    const path = pathOf(routeNamed(`GET ${BLOCKS}`), values);
    const listed = await call(t.base, 'GET', path, { headers: adminAuth() });
    expect(listed.headers.get('content-type')).toMatch(/json/);
    const posted = await call(t.base, 'POST', path, {
      headers: adminAuth(),
      body: 'title=From+a+form&plannedLectures=1',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect([posted.status, posted.headers.get('content-type')]).toEqual([200, expect.stringMatching(/json/)]);
    expect(posted.json).toMatchObject({ title: 'From a form', plannedLectures: 1, curriculumElementKey: elementKey });
    const put = await call(t.base, 'PUT', path, { headers: adminAuth(), body: { key: posted.json.key, title: 'Put', plannedLectures: 1 } });
    expect(put.text).toContain('<title>Put</title>');
  });

  it('answers 409 without a course, with several courses and no repoEntryKey, or a course not linked', async () => {
    const lonely = await buildCurriculumElement(t, curriculumKey);
    expect((await rest(`PUT ${BLOCKS}`, { curriculumKey, elementKey: lonely }, { body: { title: 'x' } })).status).toBe(409);
    await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements/${lonely}/entries/${course.key}`, { headers: asAdmin() });
    await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements/${lonely}/entries/${other.key}`, { headers: asAdmin() });
    expect((await rest(`PUT ${BLOCKS}`, { curriculumKey, elementKey: lonely }, { body: { title: 'x' } })).status).toBe(409);
    const third = await buildCourse(t);
    expect((await rest(`PUT ${BLOCKS}`, { curriculumKey, elementKey: lonely }, { body: { title: 'x', repoEntryKey: third.key } })).status).toBe(409);
    // An unknown course is no course of the element either: 409, as OpenOLAT.
    expect((await rest(`PUT ${BLOCKS}`, { curriculumKey, elementKey: lonely }, { body: { title: 'x', repoEntryKey: 2_000_000_000 } })).status).toBe(409);
    const viaGraphql = await graphql(
      t.base,
      adminAuth(),
      'mutation($c: Long!, $e: Long!, $b: LectureBlockVOInput!) { saveCurriculumElementLectureBlock(curriculumKey: $c, elementKey: $e, lectureBlock: $b) { key } }',
      { c: curriculumKey, e: lonely, b: { title: 'x', repoEntryKey: 2_000_000_000 } },
    );
    expect(viaGraphql.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const chosen = await rest(`PUT ${BLOCKS}`, { curriculumKey, elementKey: lonely }, { body: { title: 'x', repoEntryKey: other.key } });
    expect(chosen.json).toMatchObject({ repoEntryKey: other.key, curriculumElementKey: lonely });
  });
});

describe('GraphQL', () => {
  it('reads blocks with teachers and levels in the same number of statements at 3 and 30 blocks', async () => {
    const subject = await buildCourse(t);
    await enableLectures(subject.key);
    const grow = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const key = await createBlock(subject.key);
        await call(t.base, 'PUT', `/restapi/repo/entries/${subject.key}/lectureblocks/${key}/teachers/${teacher.key}`, { headers: asAdmin() });
        await call(t.base, 'PUT', `/restapi/repo/entries/${subject.key}/lectureblocks/${key}/taxonomy/levels/${levelKey}`, { headers: asAdmin() });
      }
    };
    const QUERY = 'query($c: Long) { lectureBlocks(courseKey: $c) { key title teachers { key login } taxonomyLevels { key identifier } } }';
    const statements = async () => {
      let reply: Awaited<ReturnType<typeof graphql>> | undefined;
      const traced = await traceStatements(async () => (reply = await graphql(t.base, adminAuth(), QUERY, { c: subject.courseKey })));
      expect(reply!.body.errors).toBeUndefined();
      return { count: traced.length, blocks: reply!.body.data.lectureBlocks };
    };
    await grow(3);
    const small = await statements();
    expect(small.blocks).toHaveLength(3);
    expect(small.blocks[0].teachers).toEqual([{ key: teacher.key, login: teacher.login }]);
    expect(small.blocks[0].taxonomyLevels).toHaveLength(1);
    await grow(27);
    const large = await statements();
    expect(large.blocks).toHaveLength(30);
    expect(large.count).toBe(small.count);
    expect(small.count).toBeLessThanOrEqual(8);
  }, 120_000);

  it('guards managed blocks against interactive changes, not REST', async () => {
    const key = await createBlock(course.key, { managedFlagsString: 'title,teachers,delete' });
    const save = await graphql(
      t.base,
      adminAuth(),
      'mutation($e: String, $b: LectureBlockVOInput!) { saveLectureBlock(entry: $e, lectureBlock: $b) { title } }',
      { e: String(course.key), b: { key, title: 'Renamed', plannedLectures: 2 } },
    );
    expect(save.body.errors?.[0]?.extensions?.code).toBe('MANAGED');
    const unchanged = await graphql(
      t.base,
      adminAuth(),
      'mutation($e: String, $b: LectureBlockVOInput!) { saveLectureBlock(entry: $e, lectureBlock: $b) { title location } }',
      { e: String(course.key), b: { key, title: null, location: 'Room', plannedLectures: 2 } },
    );
    expect(unchanged.body.errors).toBeUndefined();
    expect(unchanged.body.data.saveLectureBlock).toEqual({ title: 'Block', location: 'Room' });
    const planned = await graphql(
      t.base,
      adminAuth(),
      'mutation($e: String, $b: LectureBlockVOInput!) { saveLectureBlock(entry: $e, lectureBlock: $b) { title } }',
      { e: String(course.key), b: { key, plannedLectures: 5, managedFlagsString: 'plannedLectures' } },
    );
    expect(planned.body.errors?.[0]?.extensions?.code).toBe('MANAGED');
    const teach = await graphql(
      t.base,
      adminAuth(),
      'mutation($e: String, $k: Long!, $i: Long!) { addLectureBlockTeacher(entry: $e, lectureBlockKey: $k, identityKey: $i) }',
      {
        e: String(course.key),
        k: key,
        i: teacher.key,
      },
    );
    expect(teach.body.errors?.[0]?.extensions?.code).toBe('MANAGED');
    const remove = await graphql(t.base, adminAuth(), 'mutation($e: String, $k: Long!) { deleteLectureBlock(entry: $e, lectureBlockKey: $k) }', {
      e: String(course.key),
      k: key,
    });
    expect(remove.body.errors?.[0]?.extensions?.code).toBe('MANAGED');
    const viaRest = await call(t.base, 'POST', `/restapi/repo/entries/${course.key}/lectureblocks`, { headers: asAdmin(), body: { key, title: 'Renamed' } });
    expect(viaRest.json.title).toBe('Renamed');
  });

  it('answers 404, not the flags, for a managed block of another course named through this one', async () => {
    const foreign = await createBlock(other.key, { managedFlagsString: 'all' });
    const save = await graphql(
      t.base,
      adminAuth(),
      'mutation($e: String, $b: LectureBlockVOInput!) { saveLectureBlock(entry: $e, lectureBlock: $b) { title } }',
      { e: String(course.key), b: { key: foreign, title: 'Renamed', plannedLectures: 2 } },
    );
    expect(save.body.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND' });
    const remove = await graphql(t.base, adminAuth(), 'mutation($e: String, $k: Long!) { deleteLectureBlock(entry: $e, lectureBlockKey: $k) }', {
      e: String(course.key),
      k: foreign,
    });
    expect(remove.body.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND' });
  });

  it('lectureManager of another organisation gets 403', async () => {
    const elsewhere = await buildUser(t);
    const org = await buildOrganisation(t);
    await addOrganisationMember(t, org, elsewhere.key, 'lecturemanager');
    const reply = await call(t.base, 'GET', `/restapi/repo/entries/${course.key}/lectureblocks`, { headers: { ...elsewhere.auth, ...JSON_TYPE } });
    expect(reply.status).toBe(403);
  });
});

describe('GraphQL twins of the routes', () => {
  async function twin(name: string, values: Record<string, unknown>, body?: unknown) {
    const route = routeNamed(name);
    const op = graphqlOf(route);
    const variables = { ...op.variables(values), ...(route.bodyArg && body !== undefined ? { [route.bodyArg]: body } : {}) };
    const reply = await graphql(t.base, adminAuth(), op.document, variables);
    expect(reply.body.errors).toBeUndefined();
    return reply.body.data[op.field];
  }

  it('answers every operation of a course mount as REST does', async () => {
    const subject = await buildCourse(t);
    const values = { courseKey: subject.courseKey, identityKey: teacher.key, taxonomyLevelKey: levelKey, originEntryKey: other.key, repoEntryKey: other.key };
    const M = '/repo/courses/:courseKey/lectureblocks';
    expect(
      await twin(`POST ${M}/configuration`, values, { lectureEnabled: true, overrideModuleDefault: true, teacherCalendarSyncEnabled: false }),
    ).toMatchObject({
      lectureEnabled: true,
      teacherCalendarSyncEnabled: false,
    });
    expect((await twin(`GET ${M}/configuration`, values)).overrideModuleDefault).toBe(true);
    const block = await twin(`PUT ${M}`, values, {
      title: 'Via GraphQL',
      plannedLectures: 1,
      startDate: Date.parse('2030-04-01T08:00:00Z'),
      endDate: Date.parse('2030-04-01T09:00:00Z'),
    });
    expect(block).toMatchObject({ title: 'Via GraphQL', repoEntryKey: subject.key });
    const at = { ...values, lectureBlockKey: block.key };
    expect(keysOf(await twin(`GET ${M}`, at))).toEqual([block.key]);
    expect((await twin(`GET ${M}/:lectureBlockKey`, at)).title).toBe('Via GraphQL');
    expect(await twin(`PUT ${M}/:lectureBlockKey/teachers/:identityKey`, at)).toBe(true);
    expect(await twin(`PUT ${M}/:lectureBlockKey/teachers/:identityKey`, at)).toBe(false);
    expect(keysOf(await twin(`GET ${M}/:lectureBlockKey/teachers`, at))).toEqual([teacher.key]);
    // teacher calendars are off for this course: only the course event
    expect(await sql(db(), 'select calendar_type as type from calendar_event where lecture_block_id = ?', [block.key])).toEqual([{ type: 'course' }]);
    expect(await twin(`DELETE ${M}/:lectureBlockKey/teachers/:identityKey`, at)).toBe(true);
    expect(await twin(`DELETE ${M}/:lectureBlockKey/teachers/:identityKey`, at)).toBe(true);
    expect(await twin(`PUT ${M}/:lectureBlockKey/participants/repositoryentry`, at)).toBe(true);
    expect(await twin(`DELETE ${M}/:lectureBlockKey/participants/repositoryentry`, at)).toBe(true);
    expect(await twin(`PUT ${M}/:lectureBlockKey/participants/curriculum`, at)).toBe(false);
    expect(await twin(`DELETE ${M}/:lectureBlockKey/participants/curriculum`, at)).toBe(false);
    expect(await twin(`PUT ${M}/:lectureBlockKey/taxonomy/levels/:taxonomyLevelKey`, at)).toBe(true);
    expect(keysOf(await twin(`GET ${M}/:lectureBlockKey/taxonomy/levels`, at))).toEqual([levelKey]);
    expect(await twin(`DELETE ${M}/:lectureBlockKey/taxonomy/levels/:taxonomyLevelKey`, at)).toBe(true);
    expect(await twin(`DELETE ${M}/:lectureBlockKey/taxonomy/levels/:taxonomyLevelKey`, { ...at, taxonomyLevelKey: 2_000_000_000 })).toBe(true);
    expect(await twin(`POST ${M}/:lectureBlockKey/sync/calendar`, at)).toBe(true);
    expect(await twin(`POST ${M}/sync/calendar`, at)).toBe(true);
    expect(await twin(`GET ${M}/adaptation`, at)).toEqual({ repoEntryKey: subject.key, adaptedRollCalls: 0 });
    expect(await twin(`POST ${M}/healmoved/:originEntryKey`, at)).toBe(false);
    expect((await twin(`POST ${M}/:lectureBlockKey/entry/:repoEntryKey`, at)).repoEntryKey).toBe(other.key);
    expect(await twin(`DELETE /repo/entries/:entry/lectureblocks/:lectureBlockKey`, { entry: String(other.key), lectureBlockKey: block.key })).toBe(true);
  });

  it('answers the operations of curriculum element blocks as REST does', async () => {
    const values = { curriculumKey, elementKey };
    const E = '/curriculum/:curriculumKey/elements/:elementKey/lectureblocks';
    const block = await twin(`PUT ${E}`, values, { title: 'Element via GraphQL', plannedLectures: 1 });
    expect(block).toMatchObject({ curriculumElementKey: elementKey, repoEntryKey: course.key });
    expect(keysOf(await twin(`GET ${E}`, values))).toContain(block.key);
    expect((await twin(`GET ${E}/:lectureBlockKey`, { ...values, lectureBlockKey: block.key })).title).toBe('Element via GraphQL');
    expect(await twin(`DELETE ${E}/:lectureBlockKey`, { ...values, lectureBlockKey: block.key })).toBe(true);
  });

  it('takes a block as XML, dates in ISO', async () => {
    const reply = await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/lectureblocks`, {
      headers: { ...adminAuth(), ...XML_TYPE },
      body: '<lectureBlocksVO><title>From XML</title><plannedLectures>2</plannedLectures><startDate>2030-01-02T10:00:00+01:00</startDate><endDate>2030-01-02T11:30:00+01:00</endDate><compulsory>false</compulsory></lectureBlocksVO>',
      contentType: 'application/xml',
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('<title>From XML</title>');
    expect(reply.text).toContain('<compulsory>false</compulsory>');
    const key = Number(/<key>(\d+)<\/key>/.exec(reply.text)![1]);
    const json = await call(t.base, 'GET', `/restapi/repo/entries/${course.key}/lectureblocks/${key}`, { headers: asAdmin() });
    expect(json.json).toMatchObject({ startDate: Date.parse('2030-01-02T09:00:00Z'), endDate: Date.parse('2030-01-02T10:30:00Z'), plannedLectures: 2 });
  });
});
