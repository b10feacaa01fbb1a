import {
  addGroupMembers,
  addOrganisationMember,
  buildCourse,
  buildCurriculum,
  buildCurriculumElement,
  buildGroup,
  buildOrganisation,
  buildUser,
  buildUsers,
  uniqueLogin,
  type TestUser,
} from '../factories';
import { traceStatements } from '../../scripts/trace-statements';
import { CurriculumElementType } from '../../src/entities/curriculum';
import { GroupRole } from '../../src/entities/groups';
import { JSON_TYPE, XML_TYPE, basic, call, graphql } from '../support/http';
import { adminAuth, startTestService, testConfig, type TestService } from '../support/service';

/** Declarative sync end to end: dry run and apply through both transports, merge and mirror, the guard, errors, atomic jobs. */

let t: TestService;
beforeAll(async () => {
  // Small batches: every document here spans several (each its own transaction).
  t = await startTestService({ sync: { ...testConfig().sync, batchSize: 3 }, managedFlagsEnforced: true });
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
type Json = Record<string, any>;

async function submit(document: unknown, query = '', headers: Record<string, string> = asAdmin) {
  return call(t.base, 'POST', `/restapi/sync${query}`, { headers, body: document });
}

/** The job once it has ended. */
async function ended(key: number, headers: Record<string, string> = asAdmin): Promise<Json> {
  for (const until = Date.now() + 30_000; Date.now() < until;) {
    const job = await call(t.base, 'GET', `/restapi/sync/${key}`, { headers });
    expect(job.status).toBe(200);
    if (!['queued', 'running'].includes(job.json.state)) return job.json;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${key} did not end`);
}

async function apply(document: unknown, query = '', headers: Record<string, string> = asAdmin): Promise<Json> {
  const reply = await submit(document, query, headers);
  expect(reply.status).toBe(202);
  expect(reply.headers.get('location')).toBe(`/restapi/sync/${reply.json.key}`);
  return ended(reply.json.key, headers);
}

async function dryRun(document: unknown, query = '', headers: Record<string, string> = asAdmin): Promise<Json> {
  const reply = await submit(document, `?dryRun=true${query ? `&${query.slice(1)}` : ''}`, headers);
  expect(reply.status).toBe(200);
  expect(reply.headers.get('location')).toBeNull();
  return reply.json;
}

async function itemsOf(key: number, query = '', headers: Record<string, string> = asAdmin): Promise<Json[]> {
  const reply = await call(t.base, 'GET', `/restapi/sync/${key}/items${query}`, { headers });
  expect(reply.status).toBe(200);
  return reply.json;
}

const sectionOf = (job: Json, name: string) => job.sections.find((section: Json) => section.section === name);
/** What a plan says of each object, without the keys (a dry run shows none for what it would create). */
const planOf = (items: Json[]) =>
  items.map(({ seq, section, ref, container, role, action, changes, error }) => ({ seq, section, ref, container, role, action, changes, error }));

async function userByLogin(login: string): Promise<Json | undefined> {
  const reply = await call(t.base, 'GET', `/restapi/users?login=${login}`, { headers: asAdmin });
  return reply.json.find((user: Json) => user.login === login);
}

async function groupMembers(groupKey: number, role: 'participants' | 'owners'): Promise<string[]> {
  const reply = await call(t.base, 'GET', `/restapi/groups/${groupKey}/${role}`, { headers: asAdmin });
  return reply.json.map((user: Json) => user.login).sort();
}

async function countOf(table: string, where = 'true'): Promise<number> {
  const [row] = await t.service.orm.em.fork().getConnection().execute(`select count(*)::int as count from ${table} where ${where}`);
  return row.count;
}

describe('merge', () => {
  it('a dry run writes nothing and tells what the apply then does; the second apply changes nothing', async () => {
    const tag = uniqueLogin('m');
    const existing = await buildUser(t, {}, { externalId: `${tag}-P1`, firstName: 'Old' });
    const oldGroup = await buildGroup(t, { externalId: `${tag}-G0`, name: 'Old name' });
    const document = {
      organisations: [
        { externalId: `${tag}-O1`, identifier: `${tag}-o1`, displayName: 'Faculty' },
        { externalId: `${tag}-O2`, identifier: `${tag}-o2`, displayName: 'Institute', parentExternalId: `${tag}-O1` },
      ],
      users: [
        { externalId: `${tag}-P1`, firstName: 'New' },
        { externalId: `${tag}-P2`, login: `${tag}-two`, firstName: 'Two', lastName: 'Person', email: `${tag}-two@example.org` },
        { login: `${tag}-three`, firstName: 'Three', lastName: 'Person', email: `${tag}-three@example.org` },
      ],
      groups: [
        { externalId: `${tag}-G0`, name: 'New name' },
        { externalId: `${tag}-G1`, name: 'Seminar', maxParticipants: 30 },
      ],
      memberships: [
        { type: 'group', externalId: `${tag}-G1`, role: 'participant', members: [`${tag}-P1`, `${tag}-P2`, `${tag}-three`] },
        { type: 'group', externalId: `${tag}-G1`, role: 'owner', members: [existing.login] },
        { type: 'organisation', externalId: `${tag}-O2`, role: 'author', members: [`${tag}-P2`] },
      ],
    };
    const auditRows = await countOf('audit_log');
    const plan = await dryRun(document);
    expect(plan.state).toBe('planned');
    expect(sectionOf(plan, 'organisations')).toMatchObject({ total: 2, done: 2, created: 2, failed: 0 });
    expect(sectionOf(plan, 'users')).toMatchObject({ total: 3, created: 2, updated: 1, failed: 0 });
    expect(sectionOf(plan, 'groups')).toMatchObject({ total: 2, created: 1, updated: 1 });
    expect(plan.failures).toEqual([]);
    expect(sectionOf(plan, 'memberships')).toMatchObject({ total: 5, created: 5, removed: 0, failed: 0 });
    const planned = await itemsOf(plan.key);
    expect(planned.find((item) => item.ref === `${tag}-P1` && item.section === 'users')).toMatchObject({
      action: 'update',
      key: existing.key,
      changes: [{ field: 'firstName', before: 'Old', after: 'New' }],
    });
    expect(planned.find((item) => item.ref === `${tag}-G0`)!.changes).toEqual([{ field: 'name', before: 'Old name', after: 'New name' }]);
    expect(planned.filter((item) => item.action === 'create' && item.section !== 'memberships').every((item) => item.key === null)).toBe(true);
    // Nothing written but the submission's own audit row.
    expect(await userByLogin(`${tag}-two`)).toBeUndefined();
    expect(await countOf('audit_log')).toBe(auditRows + 1);

    const job = await apply(document);
    expect(job).toMatchObject({ state: 'done', dryRun: false, error: null, failures: [] });
    const applied = await itemsOf(job.key);
    expect(planOf(applied)).toEqual(planOf(planned));
    // What the job reports is there: created keys, changed fields, memberships.
    const two = await userByLogin(`${tag}-two`);
    expect(two).toMatchObject({ externalId: `${tag}-P2`, firstName: 'Two' });
    expect(applied.find((item) => item.ref === `${tag}-P2` && item.section === 'users')!.key).toBe(two!.key);
    expect((await userByLogin(existing.login))!.firstName).toBe('New');
    const seminar = applied.find((item) => item.ref === `${tag}-G1`)!.key;
    expect(await groupMembers(seminar, 'participants')).toEqual([existing.login, `${tag}-three`, `${tag}-two`].sort());
    expect(await groupMembers(seminar, 'owners')).toEqual([existing.login]);
    expect((await call(t.base, 'GET', `/restapi/groups/${oldGroup}`, { headers: asAdmin })).json.name).toBe('New name');
    const institute = applied.find((item) => item.ref === `${tag}-O2`)!.key;
    const organisation = await call(t.base, 'GET', `/restapi/organisations/${institute}`, { headers: asAdmin });
    expect(organisation.json.parentOrganisationKey).toBe(applied.find((item) => item.ref === `${tag}-O1`)!.key);
    const authors = await call(t.base, 'GET', `/restapi/organisations/${institute}/authors`, { headers: asAdmin });
    expect(authors.json.map((user: Json) => user.login)).toEqual([`${tag}-two`]);
    // One ordinary write each: an audit row and a change event per change (2 + 3 + 2 + 5 = 12), and the submissions'.
    expect(await countOf('audit_log')).toBe(auditRows + 2 + 12);
    const changes = await call(t.base, 'GET', `/restapi/changes?types=group.created`, { headers: asAdmin });
    expect(changes.json.events.map((change: Json) => change.objectKey)).toContain(seminar);

    const again = await dryRun(document);
    for (const section of again.sections) expect(section).toMatchObject({ created: 0, updated: 0, removed: 0, failed: 0, unchanged: section.total });
    const second = await apply(document);
    expect(second.sections).toEqual(again.sections);
    expect(await countOf('audit_log')).toBe(auditRows + 4 + 12);
  });

  it('reads the same document as XML, streamed', async () => {
    const tag = uniqueLogin('x');
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<sync>
  <users>
    <user><externalId>${tag}-P1</externalId><login>${tag}-one</login><firstName>Zoë</firstName><lastName>Ünal</lastName><email>${tag}@example.org</email></user>
  </users>
  <groups><group><externalId>${tag}-G1</externalId><name>XML group</name><maxParticipants>12</maxParticipants></group></groups>
  <memberships>
    <membership><type>group</type><externalId>${tag}-G1</externalId><role>participant</role><members><member>${tag}-P1</member></members></membership>
  </memberships>
</sync>`;
    const reply = await call(t.base, 'POST', '/restapi/sync', { headers: { ...adminAuth(), ...XML_TYPE }, body: xml, contentType: 'application/xml' });
    expect(reply.status).toBe(202);
    expect(reply.text).toContain('<syncJob>');
    const job = await ended(Number(/<key>(\d+)<\/key>/.exec(reply.text)![1]));
    expect(Object.fromEntries(job.sections.map((section: Json) => [section.section, section.created]))).toMatchObject({ users: 1, groups: 1, memberships: 1 });
    expect(await userByLogin(`${tag}-one`)).toMatchObject({ firstName: 'Zoë', lastName: 'Ünal' });
    const status = await call(t.base, 'GET', `/restapi/sync/${job.key}`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(status.text).toMatch(/<state>done<\/state>/);
    expect(status.text).toMatch(/<sections><section><section>organisations<\/section>/);
  });

  it('takes the same document through GraphQL, with the same plan', async () => {
    const tag = uniqueLogin('q');
    const document = {
      users: [{ externalId: `${tag}-P1`, login: `${tag}-one`, firstName: 'Graph', lastName: 'Ql', email: `${tag}@example.org` }],
      groups: [{ externalId: `${tag}-G1`, name: 'GraphQL group' }],
      memberships: [{ type: 'group', externalId: `${tag}-G1`, role: 'owner', members: [`${tag}-one`] }],
    };
    const mutation = `mutation($d: SyncDocumentInput, $dry: Boolean) { sync(document: $d, dryRun: $dry) { key state sections { section created } failures { ref error } } }`;
    const planned = await graphql(t.base, adminAuth(), mutation, { d: document, dry: true });
    expect(planned.body.errors).toBeUndefined();
    expect(planned.body.data.sync).toMatchObject({ state: 'planned', failures: [] });
    const submitted = await graphql(t.base, adminAuth(), mutation, { d: document, dry: false });
    expect(['queued', 'running', 'done']).toContain(submitted.body.data.sync.state);
    const job = await ended(submitted.body.data.sync.key);
    expect(job.sections.map((section: Json) => section.created)).toEqual(planned.body.data.sync.sections.map((section: Json) => section.created));
    expect(sectionOf(job, 'memberships').created).toBe(1);
    const items = await graphql(
      t.base,
      adminAuth(),
      `
        query ($k: Long!) {
          syncItems(jobKey: $k, section: "groups") {
            ref
            action
            key
          }
        }
      `,
      { k: job.key },
    );
    expect(items.body.data.syncItems).toEqual([{ ref: `${tag}-G1`, action: 'create', key: expect.any(Number) }]);
    const status = await graphql(
      t.base,
      adminAuth(),
      `
        query ($k: Long!) {
          syncJob(jobKey: $k) {
            state
          }
        }
      `,
      { k: job.key },
    );
    expect(status.body.data.syncJob.state).toBe('done');
  });
});

describe('courses and curricula', () => {
  it('creates and updates courses, curricula and their elements, and fills their member lists', async () => {
    const tag = uniqueLogin('cc');
    const [student, teacher] = await buildUsers(t, 2, {}, (index) => ({ externalId: `${tag}-P${index}` }));
    const existing = await buildCourse(t, { externalId: `${tag}-C0`, title: 'Old title', location: 'Room 1' });
    const document = {
      organisations: [{ externalId: `${tag}-O`, identifier: `${tag}-o`, displayName: 'Faculty' }],
      courses: [
        { externalId: `${tag}-C0`, title: 'New title' },
        { externalId: `${tag}-C1`, title: 'Algebra', description: 'Groups, rings, fields' },
      ],
      curricula: [{ externalId: `${tag}-CUR`, identifier: `${tag}-cur`, displayName: 'Mathematics', organisationExternalId: `${tag}-O` }],
      elements: [
        { externalId: `${tag}-E1`, curriculumExternalId: `${tag}-CUR`, displayName: 'Year 1' },
        { externalId: `${tag}-E2`, parentExternalId: `${tag}-E1`, displayName: 'Semester 1' },
      ],
      memberships: [
        { type: 'course', externalId: `${tag}-C1`, role: 'participant', members: [`${tag}-P0`] },
        { type: 'course', externalId: `${tag}-C1`, role: 'coach', members: [`${tag}-P1`] },
        { type: 'element', externalId: `${tag}-E2`, role: 'participant', members: [`${tag}-P0`] },
      ],
    };
    const plan = await dryRun(document);
    expect(plan.failures).toEqual([]);
    const job = await apply(document);
    expect(job).toMatchObject({ state: 'done', failures: [] });
    expect(planOf(await itemsOf(job.key))).toEqual(planOf(await itemsOf(plan.key)));
    expect(sectionOf(job, 'courses')).toMatchObject({ created: 1, updated: 1 });
    expect(sectionOf(job, 'curricula')).toMatchObject({ created: 1 });
    expect(sectionOf(job, 'elements')).toMatchObject({ created: 2 });
    expect(sectionOf(job, 'memberships')).toMatchObject({ created: 3 });
    const items = await itemsOf(job.key);
    const keyOf = (ref: string) => items.find((item) => item.ref === ref)!.key;
    // The course's metadata keeps what the document left out.
    const metadata = await call(t.base, 'GET', `/restapi/repo/courses/${existing.courseKey}/metadata`, { headers: asAdmin });
    expect(metadata.json).toMatchObject({ displayname: 'New title', location: 'Room 1' });
    expect(items.find((item) => item.ref === `${tag}-C0`)).toMatchObject({
      key: existing.courseKey,
      changes: [{ field: 'title', before: 'Old title', after: 'New title' }],
    });
    const algebra = await call(t.base, 'GET', `/restapi/repo/courses/${keyOf(`${tag}-C1`)}`, { headers: asAdmin });
    expect(algebra.json).toMatchObject({ displayName: 'Algebra', externalId: `${tag}-C1` });
    const participants = await call(t.base, 'GET', `/restapi/repo/courses/${keyOf(`${tag}-C1`)}/participants`, { headers: asAdmin });
    expect(participants.json.map((user: Json) => user.login)).toEqual([student.login]);
    const tutors = await call(t.base, 'GET', `/restapi/repo/courses/${keyOf(`${tag}-C1`)}/tutors`, { headers: asAdmin });
    expect(tutors.json.map((user: Json) => user.login)).toEqual([teacher.login]);
    const curriculum = keyOf(`${tag}-CUR`);
    const semester = await call(t.base, 'GET', `/restapi/curriculum/${curriculum}/elements/${keyOf(`${tag}-E2`)}`, { headers: asAdmin });
    expect(semester.json).toMatchObject({ displayName: 'Semester 1', parentElementKey: keyOf(`${tag}-E1`), externalId: `${tag}-E2` });
    const members = await call(t.base, 'GET', `/restapi/curriculum/${curriculum}/elements/${keyOf(`${tag}-E2`)}/participants`, { headers: asAdmin });
    expect(members.json.map((user: Json) => user.login)).toEqual([student.login]);
    // Again: nothing to change.
    const again = await apply(document);
    for (const section of again.sections) expect(section).toMatchObject({ created: 0, updated: 0, removed: 0, failed: 0 });
  });
});

describe("a term's fields", () => {
  const SYNC = `mutation($d: SyncDocumentInput, $dry: Boolean) { sync(document: $d, dryRun: $dry) { key state failures { ref error } } }`;

  /** Applies the document through GraphQL, as a client of internal tools sends it. */
  async function applyThroughGraphql(document: Json): Promise<Json> {
    const reply = await graphql(t.base, adminAuth(), SYNC, { d: document, dry: false });
    expect(reply.body.errors).toBeUndefined();
    return ended(reply.body.data.sync.key);
  }

  const loginWorks = async (login: string, password: string) =>
    (await call(t.base, 'GET', '/restapi/users/me', { headers: { ...basic(login, password), ...JSON_TYPE } })).status;

  it('sets user properties and passwords, course status and access, element status and dates; plans them, and changes nothing the second time', async () => {
    const tag = uniqueLogin('term');
    // Two element types the institution names by externalId.
    const types = t.service.orm.em.fork();
    for (const name of ['lecture', 'seminar'])
      types.create(CurriculumElementType, { identifier: `${tag}-${name}`, displayName: name, externalId: `${tag}-${name}` });
    await types.flush();
    const term = (values: { mobile: string; password: string; status: string; guests: boolean; elementStatus: string; end: string; type: string }) => ({
      users: [
        {
          externalId: `${tag}-P`,
          login: `${tag}-p`,
          firstName: 'Term',
          lastName: 'Student',
          email: `${tag}@example.org`,
          properties: [{ name: 'telMobile', value: values.mobile }],
          password: values.password,
        },
      ],
      courses: [{ externalId: `${tag}-C`, title: 'Term course', status: values.status, allUsers: true, guests: values.guests }],
      curricula: [{ externalId: `${tag}-K`, identifier: `${tag}-k`, displayName: 'Term curriculum' }],
      elements: [
        {
          externalId: `${tag}-E`,
          curriculumExternalId: `${tag}-K`,
          displayName: 'Autumn',
          status: values.elementStatus,
          beginDate: '2026-09-01T00:00:00Z',
          endDate: values.end,
          typeExternalId: `${tag}-${values.type}`,
        },
      ],
    });
    const autumn = term({
      mobile: '+41 79 000 00 01',
      password: 'first-secret',
      status: 'published',
      guests: true,
      elementStatus: 'confirmed',
      end: '2027-01-31T00:00:00Z',
      type: 'lecture',
    });

    // REST: planned, then applied.
    const plan = await dryRun(autumn);
    expect(plan.failures).toEqual([]);
    expect(await loginWorks(`${tag}-p`, 'first-secret')).toBe(401);
    const job = await apply(autumn);
    expect(job).toMatchObject({ state: 'done', failures: [] });
    expect(planOf(await itemsOf(job.key))).toEqual(planOf(await itemsOf(plan.key)));
    const items = await itemsOf(job.key);
    const keyOf = (ref: string) => items.find((item) => item.ref === ref)!.key;
    expect(await loginWorks(`${tag}-p`, 'first-secret')).toBe(200);
    const person = await call(t.base, 'GET', `/restapi/users/${keyOf(`${tag}-P`)}`, { headers: asAdmin });
    expect(person.json.properties).toEqual(expect.arrayContaining([{ name: 'telMobile', value: '+41 79 000 00 01' }]));
    const course = await call(t.base, 'GET', `/restapi/repo/courses/${keyOf(`${tag}-C`)}`, { headers: asAdmin });
    const access = async () => (await call(t.base, 'GET', `/restapi/repo/entries/${course.json.repoEntryKey}/access`, { headers: asAdmin })).json;
    expect(await access()).toMatchObject({ status: 'published', allUsers: true, guests: true });
    const element = async () =>
      (await call(t.base, 'GET', `/restapi/curriculum/${keyOf(`${tag}-K`)}/elements/${keyOf(`${tag}-E`)}`, { headers: asAdmin })).json;
    const typeKey = async (name: string) => (await t.service.orm.em.fork().findOneOrFail(CurriculumElementType, { externalId: `${tag}-${name}` })).id;
    expect(await element()).toMatchObject({ status: 'confirmed', curriculumElementTypeKey: await typeKey('lecture') });
    expect(new Date((await element()).endDate).toISOString()).toBe('2027-01-31T00:00:00.000Z');

    // GraphQL: the next term changes each of them; its plan names the fields.
    const spring = term({
      mobile: '+41 79 000 00 02',
      password: 'second-secret',
      status: 'closed',
      guests: false,
      elementStatus: 'active',
      end: '2027-02-28T00:00:00Z',
      type: 'seminar',
    });
    const planned = await graphql(t.base, adminAuth(), SYNC, { d: spring, dry: true });
    expect(planned.body.errors).toBeUndefined();
    expect(planned.body.data.sync).toMatchObject({ state: 'planned', failures: [] });
    const fieldsOf = (all: Json[], ref: string) =>
      all
        .find((item) => item.ref === ref)!
        .changes.map((change: Json) => change.field)
        .sort();
    const planItems = await itemsOf(planned.body.data.sync.key);
    expect(fieldsOf(planItems, `${tag}-P`)).toEqual(['password', 'properties.telMobile']);
    expect(fieldsOf(planItems, `${tag}-C`)).toEqual(['guests', 'status']);
    expect(fieldsOf(planItems, `${tag}-E`)).toEqual(['endDate', 'status', 'typeExternalId']);
    expect(await loginWorks(`${tag}-p`, 'first-secret')).toBe(200);
    const next = await applyThroughGraphql(spring);
    expect(next).toMatchObject({ state: 'done', failures: [] });
    expect(planOf(await itemsOf(next.key))).toEqual(planOf(planItems));
    expect(await loginWorks(`${tag}-p`, 'second-secret')).toBe(200);
    expect(await loginWorks(`${tag}-p`, 'first-secret')).toBe(401);
    expect((await call(t.base, 'GET', `/restapi/users/${keyOf(`${tag}-P`)}`, { headers: asAdmin })).json.properties).toEqual(
      expect.arrayContaining([{ name: 'telMobile', value: '+41 79 000 00 02' }]),
    );
    expect(await access()).toMatchObject({ status: 'closed', allUsers: true, guests: false });
    expect(await element()).toMatchObject({ status: 'active', curriculumElementTypeKey: await typeKey('seminar') });

    // The same term again: nothing changes (the password compared, not set again).
    const again = await applyThroughGraphql(spring);
    for (const section of again.sections) expect(section).toMatchObject({ created: 0, updated: 0, removed: 0, failed: 0 });
    // A new password alone, as XML: set, and the person's token and sessions end with the old one.
    const token = (await call(t.base, 'GET', `/restapi/auth/${tag}-p?password=second-secret`)).headers.get('x-service-token')!;
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: { 'X-SERVICE-TOKEN': token } })).status).toBe(200);
    const xml = `<sync><users><user><externalId>${tag}-P</externalId><password>third-secret</password>
      <properties><property><name>telMobile</name><value>+41 79 000 00 02</value></property></properties></user></users></sync>`;
    const third = await call(t.base, 'POST', '/restapi/sync', { headers: asAdmin, body: xml, contentType: 'application/xml' });
    expect(third.status).toBe(202);
    const thirdJob = await ended(third.json.key);
    expect(sectionOf(thirdJob, 'users')).toMatchObject({ updated: 1, failed: 0 });
    expect((await itemsOf(thirdJob.key))[0].changes).toEqual([{ field: 'password', before: null, after: null }]);
    expect(await loginWorks(`${tag}-p`, 'third-secret')).toBe(200);
    expect(await loginWorks(`${tag}-p`, 'second-secret')).toBe(401);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: { 'X-SERVICE-TOKEN': token } })).status).toBe(401);
    // The jobs keep no password once they have ended.
    const keys = [plan.key, job.key, planned.body.data.sync.key, next.key, again.key, thirdJob.key];
    expect(await countOf('sync_item', `job_id in (${keys.join(',')}) and payload->'password' is not null`)).toBe(0);
  });

  it("sets a course's lifecycle and a group's tools and visibility; a title change keeps the lifecycle's afternoon", async () => {
    const tag = uniqueLogin('life');
    const lifecycleIs = (from: string, to: string) =>
      countOf('repository_entry', `external_id = '${tag}-C' and lifecycle_valid_from = '${from}' and lifecycle_valid_to = '${to}'`);
    const configuration = async () => {
      const [group] = await t.service.orm.em.fork().getConnection().execute(`select id from business_group where external_id = '${tag}-G'`);
      return (await call(t.base, 'GET', `/restapi/groups/${group.id}/configuration`, { headers: asAdmin })).json;
    };
    const first = {
      courses: [{ externalId: `${tag}-C`, title: 'Lifecycle course', validFrom: '2026-09-01T14:30:00Z', validTo: '2027-01-31T18:00:00Z' }],
      groups: [{ externalId: `${tag}-G`, name: 'Tools group', tools: ['hasFolder', 'hasNews'], ownersVisible: true }],
    };
    // REST: planned, then applied.
    const plan = await dryRun(first);
    expect(plan.failures).toEqual([]);
    const job = await apply(first);
    expect(job).toMatchObject({ state: 'done', failures: [] });
    expect(planOf(await itemsOf(job.key))).toEqual(planOf(await itemsOf(plan.key)));
    expect(await lifecycleIs('2026-09-01T14:30:00Z', '2027-01-31T18:00:00Z')).toBe(1);
    expect(await configuration()).toMatchObject({ tools: ['hasNews', 'hasFolder'], ownersVisible: true, participantsVisible: false });

    // GraphQL: a new title alone; the lifecycle (which …/metadata reads back in 12-hour text) stays as it is.
    const renamed = { courses: [{ externalId: `${tag}-C`, title: 'Renamed course' }] };
    const titled = await applyThroughGraphql(renamed);
    expect((await itemsOf(titled.key)).map((item) => item.changes.map((change: Json) => change.field))).toEqual([['title']]);
    expect(await lifecycleIs('2026-09-01T14:30:00Z', '2027-01-31T18:00:00Z')).toBe(1);

    // GraphQL: the end of the lifecycle, the tools and a visibility; planned with their fields, then applied.
    const second = {
      courses: [{ externalId: `${tag}-C`, validTo: '2027-02-28T17:00:00+01:00' }],
      groups: [{ externalId: `${tag}-G`, tools: ['hasCalendar'], participantsVisible: true }],
    };
    const planned = await graphql(t.base, adminAuth(), SYNC, { d: second, dry: true });
    expect(planned.body.errors).toBeUndefined();
    const planItems = await itemsOf(planned.body.data.sync.key);
    expect(planItems.map((item) => [item.ref, item.changes.map((change: Json) => change.field).sort()])).toEqual([
      [`${tag}-G`, ['participantsVisible', 'tools']],
      [`${tag}-C`, ['validTo']],
    ]);
    expect(planItems[0].changes.find((change: Json) => change.field === 'tools')).toEqual({
      field: 'tools',
      before: 'hasNews,hasFolder',
      after: 'hasCalendar',
    });
    const next = await applyThroughGraphql(second);
    expect(planOf(await itemsOf(next.key))).toEqual(planOf(planItems));
    expect(await lifecycleIs('2026-09-01T14:30:00Z', '2027-02-28T16:00:00Z')).toBe(1);
    expect(await configuration()).toMatchObject({ tools: ['hasCalendar'], ownersVisible: true, participantsVisible: true });
    const again = await applyThroughGraphql(second);
    for (const section of again.sections) expect(section).toMatchObject({ created: 0, updated: 0, failed: 0 });

    // XML: tools as a list of <tool>; an unknown one is the group's error, and nothing of the group is written.
    const xml = (name: string, tools: string) =>
      `<sync><groups><group><externalId>${tag}-G</externalId><name>${name}</name><tools>${tools}</tools></group></groups></sync>`;
    const wiki = await call(t.base, 'POST', '/restapi/sync', {
      headers: asAdmin,
      body: xml('Tools group renamed', '<tool>hasWiki</tool><tool>hasNews</tool>'),
      contentType: 'application/xml',
    });
    expect(wiki.status).toBe(202);
    expect(await ended(wiki.json.key)).toMatchObject({ state: 'done', failures: [] });
    expect(await configuration()).toMatchObject({ tools: ['hasNews', 'hasWiki'], participantsVisible: true });
    const unknown = await call(t.base, 'POST', '/restapi/sync', {
      headers: asAdmin,
      body: xml('Never renamed', '<tool>hasTelepathy</tool>'),
      contentType: 'application/xml',
    });
    const failed = await ended(unknown.json.key);
    expect(failed.failures).toEqual([
      { ...failed.failures[0], ref: `${tag}-G`, error: expect.stringMatching(/^tools: hasTelepathy unknown \(the tools are hasNews, /) },
    ]);
    expect(await countOf('business_group', `external_id = '${tag}-G' and name = 'Tools group renamed'`)).toBe(1);
  });

  it("a password the policy refuses is that person's error, and nothing of the person is written", async () => {
    const tag = uniqueLogin('short');
    const person = await buildUser(t, {}, { externalId: `${tag}-P`, firstName: 'Kept' });
    const job = await apply({
      users: [
        { externalId: `${tag}-P`, firstName: 'Renamed', password: 'abc' },
        { externalId: `${tag}-N`, login: `${tag}-n`, firstName: 'New', lastName: 'Person', email: `${tag}@example.org`, password: 'abc' },
      ],
    });
    expect(job.failures.map((failure: Json) => [failure.ref, failure.error])).toEqual([
      [`${tag}-P`, 'password: 4 to 128 characters'],
      [`${tag}-N`, 'password: 4 to 128 characters'],
    ]);
    expect(await userByLogin(person.login)).toMatchObject({ firstName: 'Kept' });
    expect(await userByLogin(`${tag}-n`)).toBeUndefined();
  });

  it("a status no course has is that course's error, and nothing of it is written", async () => {
    const tag = uniqueLogin('bad');
    const job = await apply({ courses: [{ externalId: `${tag}-C`, title: 'Bad', status: 'finished' }] });
    expect(job.failures).toEqual([
      { ...job.failures[0], ref: `${tag}-C`, error: 'status must be one of preparation, review, coachpublished, published, closed' },
    ]);
    expect(await countOf('repository_entry', `external_id = '${tag}-C'`)).toBe(0);
  });
});

describe('mirror', () => {
  async function seminarWith(members: TestUser[], tag: string) {
    const group = await buildGroup(t, { externalId: `${tag}-G`, name: 'Seminar' });
    await addGroupMembers(
      t,
      group,
      members.map((member) => member.key),
      'participant',
    );
    return group;
  }

  it('removes only the unlisted members of the listed container and role', async () => {
    const tag = uniqueLogin('r');
    const people = await buildUsers(t, 6, {}, (index) => ({ externalId: `${tag}-P${index}` }));
    const group = await seminarWith(people.slice(0, 4), tag);
    const other = await buildGroup(t, { externalId: `${tag}-OTHER` });
    await addGroupMembers(t, other, [people[0].key], 'participant');
    // Two coaches: one also listed as a participant, one not listed at all (a coach is no participant the mirror removes).
    await addGroupMembers(t, group, [people[4].key, people[5].key], 'coach');
    // Lists three of the four participants and a new one: one removal of four (25%).
    const document = {
      memberships: [{ type: 'group', externalId: `${tag}-G`, role: 'participant', members: [`${tag}-P0`, `${tag}-P1`, `${tag}-P2`, people[4].login] }],
    };
    const plan = await dryRun(document, '?mode=mirror');
    expect(sectionOf(plan, 'memberships')).toMatchObject({ total: 5, created: 1, unchanged: 3, removed: 1 });
    expect(await itemsOf(plan.key, '?action=remove')).toEqual([
      expect.objectContaining({ ref: `${tag}-P3`, container: `group:${tag}-G`, role: 'participant', key: people[3].key }),
    ]);
    const job = await apply(document, '?mode=mirror');
    expect(job.state).toBe('done');
    expect(planOf(await itemsOf(job.key))).toEqual(planOf(await itemsOf(plan.key)));
    expect(await groupMembers(group, 'participants')).toEqual([people[0], people[1], people[2], people[4]].map((person) => person.login).sort());
    // Another role and another container are not in the document: untouched.
    expect(await groupMembers(group, 'owners')).toEqual([people[4].login, people[5].login].sort());
    expect(await groupMembers(other, 'participants')).toEqual([people[0].login]);
    // Merge never removes.
    await addGroupMembers(t, group, [people[3].key], 'participant');
    const merged = await apply(document);
    expect(sectionOf(merged, 'memberships')).toMatchObject({ total: 4, removed: 0, unchanged: 4 });
    expect(await groupMembers(group, 'participants')).toContain(people[3].login);
  });

  it('removes exactly half of the members (SYNC_MIRROR_GUARD_PERCENT 50), and refuses one more', async () => {
    const tag = uniqueLogin('edge');
    const people = await buildUsers(t, 100, {}, (index) => ({ externalId: `${tag}-P${index}` }));
    const group = await seminarWith(people, tag);
    const listing = (count: number) => ({
      memberships: [{ type: 'group', externalId: `${tag}-G`, role: 'participant', members: people.slice(0, count).map((_, index) => `${tag}-P${index}`) }],
    });
    const overTheEdge = await dryRun(listing(49), '?mode=mirror');
    expect(overTheEdge.state).toBe('refused');
    expect(overTheEdge.error).toContain(`group:${tag}-G participant: 51 of 100 members`);
    const atTheEdge = await apply(listing(50), '?mode=mirror');
    expect(atTheEdge.state).toBe('done');
    expect(sectionOf(atTheEdge, 'memberships')).toMatchObject({ unchanged: 50, removed: 50, failed: 0 });
    expect(await groupMembers(group, 'participants')).toEqual(
      people
        .slice(0, 50)
        .map((person) => person.login)
        .sort(),
    );
  });

  it('refuses to remove more than half of the members unless forced; an empty list is an error, not an order to empty', async () => {
    const tag = uniqueLogin('guard');
    const people = await buildUsers(t, 4, {}, (index) => ({ externalId: `${tag}-P${index}` }));
    const group = await seminarWith(people, tag);
    const document = { memberships: [{ type: 'group', externalId: `${tag}-G`, role: 'participant', members: [`${tag}-P0`] }] };
    const plan = await dryRun(document, '?mode=mirror');
    expect(plan.state).toBe('refused');
    expect(plan.error).toContain(`group:${tag}-G participant: 3 of 4 members`);
    const refused = await apply(document, '?mode=mirror');
    expect(refused).toMatchObject({ state: 'refused' });
    expect(refused.error).toMatch(/force=true/);
    expect(await groupMembers(group, 'participants')).toHaveLength(4);
    const empty = await apply({ memberships: [{ type: 'group', externalId: `${tag}-G`, role: 'participant', members: [] }] }, '?mode=mirror&force=true');
    expect(empty.failures).toEqual([expect.objectContaining({ container: `group:${tag}-G`, error: 'members is empty' })]);
    expect(await groupMembers(group, 'participants')).toHaveLength(4);
    const forced = await apply(document, '?mode=mirror&force=true');
    expect(forced.state).toBe('done');
    expect(sectionOf(forced, 'memberships')).toMatchObject({ removed: 3, unchanged: 1 });
    expect(await groupMembers(group, 'participants')).toEqual([people[0].login]);
  });
});

describe('errors', () => {
  it('reports each failed object and applies the rest; nothing of a failed object stays', async () => {
    const tag = uniqueLogin('e');
    const document = {
      users: [
        { externalId: `${tag}-BAD`, login: `${tag}-bad`, firstName: 'Bad', lastName: 'Mail', email: 'not an address' },
        { externalId: `${tag}-OK`, login: `${tag}-ok`, firstName: 'Good', lastName: 'Mail', email: `${tag}@example.org` },
        { firstName: 'Nobody' },
      ],
      memberships: [{ type: 'group', externalId: `${tag}-NONE`, role: 'participant', members: [`${tag}-OK`] }],
    };
    const job = await apply(document);
    expect(job.state).toBe('done');
    expect(sectionOf(job, 'users')).toMatchObject({ total: 3, created: 1, failed: 2 });
    const errors = Object.fromEntries(job.failures.map((item: Json) => [item.ref, item.error]));
    expect(errors[`${tag}-BAD`]).toMatch(/^VALIDATION_FAILED: .*mail/i);
    expect(errors['?']).toBe('externalId or login is required');
    expect(errors[`${tag}-OK`]).toBe(`no group has the externalId ${tag}-NONE`);
    expect(await userByLogin(`${tag}-bad`)).toBeUndefined();
    expect(await userByLogin(`${tag}-ok`)).toBeDefined();
    expect(await itemsOf(job.key, '?action=error')).toHaveLength(3);
  });

  it("a managed field is the managing system's: a GraphQL sync gets an error for it, the REST channel may change it", async () => {
    const tag = uniqueLogin('mf');
    const group = await buildGroup(t, { externalId: `${tag}-G`, name: 'Managed', managedFlags: 'all' });
    const document = { groups: [{ externalId: `${tag}-G`, name: 'Renamed' }] };
    const submitted = await graphql(t.base, adminAuth(), 'mutation($d: SyncDocumentInput) { sync(document: $d) { key } }', { d: document });
    const job = await ended(submitted.body.data.sync.key);
    expect(job.failures).toEqual([expect.objectContaining({ ref: `${tag}-G`, error: expect.stringMatching(/^MANAGED: .*flag/) })]);
    expect((await call(t.base, 'GET', `/restapi/groups/${group}`, { headers: asAdmin })).json.name).toBe('Managed');
    expect(sectionOf(await apply(document), 'groups')).toMatchObject({ updated: 1, failed: 0 });
  });

  it('atomic: one failed object keeps nothing of the job', async () => {
    const tag = uniqueLogin('a');
    const users = Array.from({ length: 7 }, (_, index) => ({
      externalId: `${tag}-P${index}`,
      login: `${tag}-${index}`,
      firstName: 'A',
      lastName: 'B',
      email: index === 6 ? 'broken' : `${tag}-${index}@example.org`,
    }));
    const auditRows = await countOf('audit_log');
    const job = await apply({ users }, '?atomic=true');
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/^atomic: object 7 failed .*nothing was kept/);
    expect(job.failures).toEqual([expect.objectContaining({ ref: `${tag}-P6`, action: 'error' })]);
    for (const user of users) expect(await userByLogin(user.login)).toBeUndefined();
    // The submission's audit row, no other.
    expect(await countOf('audit_log')).toBe(auditRows + 1);
    // Without the broken one, the same job goes through.
    expect((await apply({ users: users.slice(0, 6) }, '?atomic=true')).state).toBe('done');
  });

  it('refuses what is not a document: malformed JSON or XML (400), another type (415), nothing staged', async () => {
    const jobs = await countOf('sync_job');
    expect((await call(t.base, 'POST', '/restapi/sync', { headers: asAdmin, body: '{"users": [{"login": "x"}', contentType: 'application/json' })).status).toBe(
      400,
    );
    expect((await call(t.base, 'POST', '/restapi/sync', { headers: asAdmin, body: '[1, 2]', contentType: 'application/json' })).status).toBe(400);
    const xml = await call(t.base, 'POST', '/restapi/sync', {
      headers: { ...adminAuth(), ...XML_TYPE },
      body: '<sync><users><user>',
      contentType: 'application/xml',
    });
    expect(xml.status).toBe(400);
    expect(xml.text).toContain('<errorVO>');
    const doctype = '<!DOCTYPE sync [<!ENTITY x "y">]><sync/>';
    expect((await call(t.base, 'POST', '/restapi/sync', { headers: asAdmin, body: doctype, contentType: 'application/xml' })).status).toBe(400);
    expect((await call(t.base, 'POST', '/restapi/sync', { headers: asAdmin, body: 'users', contentType: 'text/plain' })).status).toBe(415);
    expect(await countOf('sync_job')).toBe(jobs);
  });
});

describe('invalid UTF-8', () => {
  /** A document as bytes: `head`, then `bytes` that are not UTF-8, then `tail`; whitespace makes it span several chunks, the first objects staged before the bad bytes come. */
  async function post(contentType: string, head: string, bytes: number[], tail: string) {
    const body = Buffer.concat([Buffer.from(head), Buffer.from(' '.repeat(300_000)), Buffer.from(bytes), Buffer.from(tail)]);
    const response = await fetch(`${t.base}/restapi/sync`, { method: 'POST', headers: { ...asAdmin, 'Content-Type': contentType }, body });
    return { status: response.status, json: await response.json() };
  }

  const users = (tag: string) =>
    Array.from({ length: 7 }, (_, index) => ({ externalId: `${tag}-P${index}`, login: `${tag}-${index}`, firstName: 'A', lastName: 'B' }));
  const xmlUser = (user: Record<string, string>) =>
    `<user>${Object.entries(user)
      .map(([name, value]) => `<${name}>${value}</${name}>`)
      .join('')}</user>`;

  it.each([
    ['JSON, a Latin-1 letter', 'application/json', [0xe9]],
    ['JSON, a lone continuation byte', 'application/json', [0x80]],
    ['XML, a Latin-1 letter', 'application/xml', [0xe9]],
    ['XML, an overlong form', 'application/xml', [0xc0, 0xaf]],
    ['XML, a surrogate', 'application/xml', [0xed, 0xa0, 0x80]],
  ])('%s in a value: 400, and nothing of the document stays', async (_name, contentType, bytes) => {
    const tag = uniqueLogin('utf');
    const [jobs, items] = [await countOf('sync_job'), await countOf('sync_item')];
    const json = contentType === 'application/json';
    const head = json
      ? `{"users": [${users(tag)
          .map((user) => JSON.stringify(user))
          .join(',')}, {"externalId": "${tag}-BAD", "login": "${tag}-bad", "firstName": "Ren`
      : `<sync><users>${users(tag).map(xmlUser).join('')}<user><externalId>${tag}-BAD</externalId><login>${tag}-bad</login><firstName>Ren`;
    const tail = json ? '", "lastName": "B"}]}' : '</firstName><lastName>B</lastName></user></users></sync>';
    const reply = await post(contentType, head, bytes, tail);
    expect(reply).toEqual({ status: 400, json: expect.objectContaining({ code: 'BAD_REQUEST', translation: 'the request body is not valid UTF-8' }) });
    expect([await countOf('sync_job'), await countOf('sync_item')]).toEqual([jobs, items]);
    expect(await userByLogin(`${tag}-0`)).toBeUndefined();
  });

  it('a document that ends inside a character: 400, nothing stays', async () => {
    const tag = uniqueLogin('utfend');
    const [jobs, items] = [await countOf('sync_job'), await countOf('sync_item')];
    const reply = await post('application/xml', `<sync><users>${users(tag).map(xmlUser).join('')}</users></sync>`, [0xc3], '');
    expect(reply).toEqual({ status: 400, json: expect.objectContaining({ code: 'BAD_REQUEST', translation: 'the request body is not valid UTF-8' }) });
    expect([await countOf('sync_job'), await countOf('sync_item')]).toEqual([jobs, items]);
  });
});

describe('rights', () => {
  it("an organisation's user manager changes that organisation's people, and gets an error for the others", async () => {
    const tag = uniqueLogin('o');
    const mine = await buildOrganisation(t, { externalId: `${tag}-MINE` });
    const theirs = await buildOrganisation(t, { externalId: `${tag}-THEIRS` });
    const manager = await buildUser(t);
    await addOrganisationMember(t, mine, manager.key, 'usermanager');
    const [inMine, inTheirs] = await buildUsers(t, 2, {}, (index) => ({ externalId: `${tag}-P${index}`, firstName: 'Before' }));
    await addOrganisationMember(t, mine, inMine.key, 'user');
    await addOrganisationMember(t, theirs, inTheirs.key, 'user');
    const headers = { ...manager.auth, ...JSON_TYPE };
    const document = {
      users: [
        { externalId: `${tag}-P0`, firstName: 'After' },
        { externalId: `${tag}-P1`, firstName: 'After' },
      ],
    };
    const job = await apply(document, '', headers);
    expect(sectionOf(job, 'users')).toMatchObject({ updated: 1, failed: 1 });
    expect(job.failures).toEqual([expect.objectContaining({ ref: `${tag}-P1`, error: expect.stringMatching(/^FORBIDDEN/) })]);
    expect((await userByLogin(inMine.login))!.firstName).toBe('After');
    expect((await userByLogin(inTheirs.login))!.firstName).toBe('Before');
    // Their job is theirs: another caller may not read it.
    const other = await buildUser(t);
    await addOrganisationMember(t, theirs, other.key, 'usermanager');
    expect((await call(t.base, 'GET', `/restapi/sync/${job.key}`, { headers: { ...other.auth, ...JSON_TYPE } })).status).toBe(403);
    expect((await call(t.base, 'GET', `/restapi/sync/${job.key}`, { headers: asAdmin })).status).toBe(200);
  });

  it('a plan tells nothing of objects beyond the caller: not that they are unchanged, not the members a mirror would remove', async () => {
    const tag = uniqueLogin('reach');
    const mine = await buildOrganisation(t, { externalId: `${tag}-MINE` });
    const theirs = await buildOrganisation(t, { externalId: `${tag}-THEIRS` });
    const manager = await buildUser(t);
    await addOrganisationMember(t, mine, manager.key, 'usermanager');
    const [inMine, inTheirs, member, listedMember] = await buildUsers(t, 4, {}, (index) => ({ externalId: `${tag}-P${index}`, firstName: 'Same' }));
    await addOrganisationMember(t, mine, inMine.key, 'user');
    await addOrganisationMember(t, theirs, inTheirs.key, 'user');
    const group = await buildGroup(t, { externalId: `${tag}-G` });
    await addGroupMembers(t, group, [member.key, listedMember.key], 'participant');
    const headers = { ...manager.auth, ...JSON_TYPE };
    const document = {
      users: [
        { externalId: `${tag}-P0`, firstName: 'Same' },
        { externalId: `${tag}-P1`, firstName: 'Same' },
      ],
      // P3 is a member already: the plan does not say so (not "unchanged", not their key).
      memberships: [{ type: 'group', externalId: `${tag}-G`, role: 'participant', members: [`${tag}-P0`, `${tag}-P3`] }],
    };
    const plan = await dryRun(document, '?mode=mirror', headers);
    const items = await itemsOf(plan.key, '', headers);
    expect(items.find((item) => item.ref === `${tag}-P0` && item.section === 'users')).toMatchObject({ action: 'unchanged', key: inMine.key });
    expect(items.find((item) => item.ref === `${tag}-P1`)).toMatchObject({ action: 'error', key: null, error: expect.stringMatching(/^FORBIDDEN/) });
    // A user manager manages no group: the add is refused, and the group's member is neither removed nor named.
    expect(items.filter((item) => item.section === 'memberships')).toEqual([
      expect.objectContaining({ ref: `${tag}-P0`, action: 'error', error: expect.stringMatching(/^FORBIDDEN/) }),
      expect.objectContaining({ ref: `${tag}-P3`, action: 'error', key: null, error: expect.stringMatching(/^FORBIDDEN/) }),
    ]);
    expect(JSON.stringify(items)).not.toContain(member.login);
    expect(items.find((item) => item.ref === `${tag}-P3`)!.error).not.toContain(String(listedMember.key));
    expect(await groupMembers(group, 'participants')).toEqual([member.login, listedMember.login].sort());
  });
});

describe('the object policies are asked for a batch at once', () => {
  let big: TestService;
  beforeAll(async () => {
    big = await startTestService({ sync: { ...testConfig().sync, batchSize: 500 } });
  });
  afterAll(() => big.stop());

  /** The statements of a plan of `count` unchanged people and as many unchanged memberships of one group, as a group's organisation administrator. */
  async function statementsOfPlan(count: number): Promise<number> {
    const tag = uniqueLogin('batch');
    const organisation = await buildOrganisation(big);
    const people = await buildUsers(big, count, {}, (index) => ({ externalId: `${tag}-P${index}` }));
    for (const person of people) await addOrganisationMember(big, organisation, person.key, 'user');
    const administrator = await buildUser(big);
    await addOrganisationMember(big, organisation, administrator.key, 'administrator');
    const groupKey = await buildGroup(big, { externalId: `${tag}-G`, organisationKey: organisation });
    await addGroupMembers(
      big,
      groupKey,
      people.map((person) => person.key),
      GroupRole.participant,
    );
    const document = {
      users: people.map((_, index) => ({ externalId: `${tag}-P${index}` })),
      memberships: [{ type: 'group', externalId: `${tag}-G`, role: 'participant', members: people.map((_, index) => `${tag}-P${index}`) }],
    };
    let plan: Json = {};
    const statements = await traceStatements(async () => {
      const reply = await call(big.base, 'POST', '/restapi/sync?dryRun=true', { headers: { ...administrator.auth, ...JSON_TYPE }, body: document });
      expect(reply.status).toBe(200);
      plan = reply.json;
    });
    expect(plan.failures).toEqual([]);
    expect(plan.sections.map((section: Json) => [section.section, section.unchanged])).toEqual(
      expect.arrayContaining([
        ['users', count],
        ['memberships', count],
      ]),
    );
    // The request reads the job every 50 ms until the plan is done: those reads count the time, not the work.
    return statements.filter((statement) => !/from sync_job j where j\.id = /.test(statement.text)).length;
  }

  it('a plan of 60 unchanged people and memberships sends as many statements as one of 10', async () => {
    expect(await statementsOfPlan(60)).toBe(await statementsOfPlan(10));
  });

  /** The statements of a plan that creates `count` people and makes them participants of a group and of a course. */
  async function statementsOfCreation(count: number): Promise<number> {
    const tag = uniqueLogin('new');
    await buildGroup(big, { externalId: `${tag}-G` });
    await buildCourse(big, { externalId: `${tag}-C` });
    const refs = Array.from({ length: count }, (_, index) => `${tag}-P${index}`);
    const document = {
      users: refs.map((ref) => ({ externalId: ref, login: ref, firstName: 'New', lastName: ref, email: `${ref}@example.org` })),
      memberships: [
        { type: 'group', externalId: `${tag}-G`, role: 'participant', members: refs },
        { type: 'course', externalId: `${tag}-C`, role: 'participant', members: refs },
      ],
    };
    let plan: Json = {};
    const statements = await traceStatements(async () => {
      const reply = await call(big.base, 'POST', '/restapi/sync?dryRun=true', { headers: asAdmin, body: document });
      expect(reply.status).toBe(200);
      plan = reply.json;
    });
    expect(plan.failures).toEqual([]);
    expect(plan.sections.map((section: Json) => [section.section, section.created])).toEqual(
      expect.arrayContaining([
        ['users', count],
        ['memberships', 2 * count],
      ]),
    );
    // Left out besides the job's polls: the caller's principal, read again once the notification of an earlier write
    // (the group and course built above) reaches the instance, which comes when it comes, whatever the plan's size.
    return statements.filter((statement) => !/from sync_job j where j\.id = |as "tokenOrigin"/.test(statement.text)).length;
  }

  it('a plan that creates 60 people and 120 memberships sends as many statements as one that creates 10 and 20', async () => {
    // The first request of the administrator also logs in (session, throttle counters): not part of the plan.
    await statementsOfCreation(10);
    expect(await statementsOfCreation(60)).toBe(await statementsOfCreation(10));
  });
});

describe('set writes', () => {
  /** People, a group and a course of one run (`run`: S the sync, O the single writes), named alike but for the run. */
  async function containers(tag: string, run: string) {
    const groupKey = await buildGroup(t, { externalId: `${tag}-${run}-G`, maxParticipants: 10 });
    const course = await buildCourse(t, { externalId: `${tag}-${run}-C` });
    const curriculumKey = await buildCurriculum(t);
    const elementKey = await buildCurriculumElement(t, curriculumKey);
    await t.service.orm.em
      .fork()
      .getConnection()
      .execute('update curriculum_element set external_id = ? where id = ?', [`${tag}-${run}-E`, elementKey]);
    const users = [0, 1, 2].map((i) => ({
      login: `${tag}-${run}-p${i}`,
      externalId: `${tag}-${run}-P${i}`,
      firstName: 'Set',
      lastName: `Person ${i}`,
      email: `${tag}-${run}-p${i}@example.org`,
      ...(i === 0 ? { password: 'first-secret' } : {}),
    }));
    return { groupKey, course, curriculumKey, elementKey, users };
  }

  const lastId = async (table: string) => {
    const [row] = await t.service.orm.em.fork().getConnection().execute(`select coalesce(max(id), 0)::text as id from ${table}`);
    return row.id as string;
  };
  const mark = async () => ({ audit: await lastId('audit_log'), events: await lastId('change_event') });

  /** A run's keys by kind: its group, its course's entry and course keys, its people. */
  interface RunKeys {
    group: number;
    entry: number;
    course: number;
    curriculum: number;
    element: number;
    people: number[];
  }

  /** The audit rows and change events between two marks, of the operations a sync writes, each run's keys and names as labels: sorted. */
  async function trailOf(from: { audit: string; events: string }, to: { audit: string; events: string }, keys: RunKeys, tag: string, run: string) {
    const db = t.service.orm.em.fork().getConnection();
    const person = (key: unknown) => `P${keys.people.indexOf(Number(key))}`;
    const byName: Record<string, (key: unknown) => string> = {
      groupKey: (key) => (Number(key) === keys.group ? 'G' : `other ${key}`),
      entry: (key) => (Number(key) === keys.entry ? 'E' : `other ${key}`),
      identityKey: person,
      curriculumKey: (key) => (Number(key) === keys.curriculum ? 'K' : `other ${key}`),
      elementKey: (key) => (Number(key) === keys.element ? 'L' : `other ${key}`),
    };
    const byType: Record<string, (key: unknown) => string> = {
      group: byName.groupKey,
      course: (key) => (Number(key) === keys.course ? 'C' : `other ${key}`),
      user: person,
      element: (key) => (Number(key) === keys.element ? 'L' : `other ${key}`),
    };
    const names = (value: unknown): unknown => {
      if (typeof value === 'string') return value.replaceAll(`${tag}-${run}-`, `${tag}-X-`);
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, names(inner)]));
      return value;
    };
    const labelled = (row: Json, args: 'changes' | 'keys') => ({
      ...row,
      object_key: byType[row.object_type]?.(row.object_key) ?? row.object_key,
      [args]: Object.fromEntries(Object.entries(row[args] as Json).map(([name, value]) => [name, byName[name]?.(value) ?? value])),
      ...(row.object ? { object: { ...row.object, key: person(row.object.key) } } : {}),
    });
    const audit = await db.execute(
      `select operation, object_type, object_key, changes, transport, identity_key from audit_log where id > ? and id <= ? and operation <> 'sync' order by id`,
      [from.audit, to.audit],
    );
    const events = await db.execute(
      `select type, object_type, object_key, external_id, keys, identity_key, object, organisation_keys from change_event
         where id > ? and id <= ? and type <> 'synced' order by id`,
      [from.events, to.events],
    );
    return {
      audit: audit.map((row: Json) => JSON.stringify(names(labelled(row, 'changes')))).sort(),
      events: events.map((row: Json) => JSON.stringify(names(labelled(row, 'keys')))).sort(),
    };
  }

  it("leave the audit rows and change events of the same writes sent one by one, through the job's transport", async () => {
    const tag = uniqueLogin('same');
    const mutation = `mutation($d: SyncDocumentInput, $mode: SyncMode) { sync(document: $d, mode: $mode, force: true) { key } }`;
    // The sync, through GraphQL: its writes are the set writes.
    const sync = await containers(tag, 'S');
    const syncStart = await mark();
    const fill = {
      users: sync.users,
      memberships: [
        { type: 'group', externalId: `${tag}-S-G`, role: 'participant', members: [`${tag}-S-P0`, `${tag}-S-P1`] },
        { type: 'group', externalId: `${tag}-S-G`, role: 'owner', members: [`${tag}-S-P2`] },
        { type: 'course', externalId: `${tag}-S-C`, role: 'participant', members: sync.users.map((user) => user.externalId) },
        { type: 'element', externalId: `${tag}-S-E`, role: 'participant', members: [`${tag}-S-P0`, `${tag}-S-P1`] },
      ],
    };
    const first = await graphql(t.base, adminAuth(), mutation, { d: fill, mode: 'merge' });
    expect(first.body.errors).toBeUndefined();
    expect((await ended(first.body.data.sync.key)).failures).toEqual([]);
    const thin = {
      memberships: [
        { type: 'group', externalId: `${tag}-S-G`, role: 'participant', members: [`${tag}-S-P0`] },
        { type: 'course', externalId: `${tag}-S-C`, role: 'participant', members: [`${tag}-S-P0`] },
        { type: 'element', externalId: `${tag}-S-E`, role: 'participant', members: [`${tag}-S-P0`] },
      ],
    };
    const second = await graphql(t.base, adminAuth(), mutation, { d: thin, mode: 'mirror' });
    expect(second.body.errors).toBeUndefined();
    expect((await ended(second.body.data.sync.key)).failures).toEqual([]);
    const renamed = { users: [{ externalId: `${tag}-S-P2`, lastName: 'Renamed', properties: [{ name: 'telMobile', value: '+41 79 000 00 03' }] }] };
    const fourth = await graphql(t.base, adminAuth(), mutation, { d: renamed, mode: 'merge' });
    expect(fourth.body.errors).toBeUndefined();
    expect((await ended(fourth.body.data.sync.key)).failures).toEqual([]);
    const password = { users: [{ externalId: `${tag}-S-P0`, password: 'second-secret' }] };
    const third = await graphql(t.base, adminAuth(), mutation, { d: password, mode: 'merge' });
    expect(third.body.errors).toBeUndefined();
    expect((await ended(third.body.data.sync.key)).failures).toEqual([]);
    const syncKeys = (await Promise.all(sync.users.map((user) => userByLogin(user.login)))).map((user) => user!.key);

    // The same writes, one GraphQL request each.
    const single = await containers(tag, 'O');
    const singleStart = await mark();
    const send = async (text: string, variables: Json) => {
      const reply = await graphql(t.base, adminAuth(), text, variables);
      expect(reply.body.errors).toBeUndefined();
      return reply.body.data;
    };
    const singleKeys: number[] = [];
    for (const user of single.users) singleKeys.push((await send(`mutation($u: UserVOInput!) { createUser(user: $u) { key } }`, { u: user })).createUser.key);
    const member = (name: string, [container, value]: [string, unknown], key: number) =>
      send(
        `mutation($c: ${container === 'groupKey' ? 'Long!' : 'String!'}, $i: Long!) { ${name}(${container}: $c, identityKey: $i${container === 'entry' ? ', role: participants' : ''}) }`,
        {
          c: value,
          i: key,
        },
      );
    const group: [string, unknown] = ['groupKey', single.groupKey];
    const entry: [string, unknown] = ['entry', String(single.course.key)];
    await member('addGroupParticipant', group, singleKeys[0]);
    await member('addGroupParticipant', group, singleKeys[1]);
    await member('addGroupOwner', group, singleKeys[2]);
    for (const key of singleKeys) await member('addRepositoryEntryMember', entry, key);
    await member('removeGroupParticipant', group, singleKeys[1]);
    await member('removeRepositoryEntryMember', entry, singleKeys[1]);
    await member('removeRepositoryEntryMember', entry, singleKeys[2]);
    await send(`mutation($i: Long!, $u: UserVOInput!) { updateUser(identityKey: $i, user: $u) { key } }`, {
      i: singleKeys[2],
      u: { lastName: 'Renamed', properties: [{ name: 'telMobile', value: '+41 79 000 00 03' }] },
    });
    const elementMember = (name: string, key: number) =>
      send(`mutation($c: Long!, $e: Long!, $i: Long!) { ${name}(curriculumKey: $c, elementKey: $e, role: participants, identityKey: $i) }`, {
        c: single.curriculumKey,
        e: single.elementKey,
        i: key,
      });
    await elementMember('addCurriculumElementRoleMember', singleKeys[0]);
    await elementMember('addCurriculumElementRoleMember', singleKeys[1]);
    await elementMember('removeCurriculumElementRoleMember', singleKeys[1]);
    await send(`mutation($i: Long!, $p: PasswordChangeInput!) { changeUserPassword(identityKey: $i, password: $p) }`, {
      i: singleKeys[0],
      p: { newPassword: 'second-secret' },
    });

    const keysOf = (run: Awaited<ReturnType<typeof containers>>, people: number[]): RunKeys => ({
      group: run.groupKey,
      entry: run.course.key,
      course: run.course.courseKey,
      curriculum: run.curriculumKey,
      element: run.elementKey,
      people,
    });
    const viaSync = await trailOf(syncStart, singleStart, keysOf(sync, syncKeys), tag, 'S');
    const viaSingle = await trailOf(singleStart, await mark(), keysOf(single, singleKeys), tag, 'O');
    expect(viaSync.audit).toHaveLength(3 + 3 + 3 + 3 + 3 + 1 + 1);
    expect(viaSync.events).toHaveLength(3 + 3 + 3 + 3 + 3 + 1 + 1);
    expect(viaSync).toEqual(viaSingle);
  });
});
