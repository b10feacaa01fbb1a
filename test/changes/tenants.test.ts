import { createClient, type Client as SseClient } from 'graphql-sse';
import { EntryRole } from '../../src/entities/courses';
import {
  addCourseMember,
  addOrganisationMember,
  buildCourse,
  buildCurriculum,
  buildCurriculumElement,
  buildGroup,
  buildOrganisation,
  buildUser,
  defaultOrganisationKey,
  type TestUser,
} from '../factories';
import { eventually } from '../support/eventually';
import { JSON_TYPE, call, graphql, type Headers } from '../support/http';
import { Receiver } from '../support/receiver';
import { adminAuth, startTestService, testConfig, type TestService } from '../support/service';

/*
 * The feed at the tenant boundary: after writes in organisation B (an element membership, deletions of a person, a
 * course and a curriculum), the system administrator's webhook subscription and a group's new participant, the
 * administrator of organisation A reads none of them, through REST, GraphQL, her SSE stream and her webhook; B's
 * administrator reads B's, the system administrator his subscription's, and a group's event reaches its managers only.
 */

let t: TestService;
let administratorA: TestUser;
let administratorB: TestUser;
let systemAdministrator: TestUser;
let personA: TestUser;
let personB: TestUser;
let goneB: TestUser;
let participant: TestUser;
let courseOwner: TestUser;
let otherOwner: TestUser;
let curriculumB: number;
let elementB: number;
let goneCurriculumB: number;
let goneCourseB: number;
let groupKey: number;
let start: string;
let webhookOfSystemAdministrator: number;
let webhookOfA: number;
const receiverA = new Receiver();
const receiverOfSystemAdministrator = new Receiver();
let streamA: SseClient;
const streamedToA: { type: string; objectKey: number | null }[] = [];

const asAdmin = { ...adminAuth(), ...JSON_TYPE };

async function ok(method: string, path: string, headers: Headers = asAdmin, body?: unknown) {
  const reply = await call(t.base, method, path, { headers, body });
  expect({ path, status: reply.status }).toEqual({ path, status: 200 });
  return reply.json;
}

beforeAll(async () => {
  t = await startTestService({ webhooks: { ...testConfig().webhooks, allowHttp: true, allowedHosts: ['127.0.0.1'], timeoutSeconds: 2, maxBackoffSeconds: 1 } });
  await receiverA.start();
  await receiverOfSystemAdministrator.start();
  const [a, b] = [await buildOrganisation(t), await buildOrganisation(t)];
  [administratorA, administratorB, systemAdministrator, personA, personB, goneB, participant, courseOwner, otherOwner] = await Promise.all(
    Array.from({ length: 9 }, () => buildUser(t)),
  );
  await addOrganisationMember(t, a, administratorA.key, 'administrator');
  await addOrganisationMember(t, b, administratorB.key, 'administrator');
  await addOrganisationMember(t, await defaultOrganisationKey(t), systemAdministrator.key, 'sysadmin');
  await addOrganisationMember(t, a, personA.key, 'user');
  for (const person of [personB, goneB]) await addOrganisationMember(t, b, person.key, 'user');
  curriculumB = await buildCurriculum(t, { organisationKey: b });
  elementB = await buildCurriculumElement(t, curriculumB);
  goneCurriculumB = await buildCurriculum(t, { organisationKey: b });
  goneCourseB = (await buildCourse(t, { organisationKey: b })).courseKey;
  // A group of a course: its managers are the course's (its owner); its participant and the owner of another course are not.
  const course = await buildCourse(t);
  await addCourseMember(t, course.key, courseOwner.key, EntryRole.owner);
  await addCourseMember(t, (await buildCourse(t)).key, otherOwner.key, EntryRole.owner);
  groupKey = await buildGroup(t);
  await ok('PUT', `/restapi/repo/courses/${course.courseKey}/groups`, asAdmin, { key: groupKey });

  webhookOfA = (await ok('PUT', '/restapi/webhooks', { ...administratorA.auth, ...JSON_TYPE }, { url: receiverA.url('/a') })).key;
  start = (await ok('GET', '/restapi/changes?limit=1000')).next;
  streamA = createClient({ url: `${t.base}/graphql/stream`, headers: administratorA.auth, retryAttempts: 0 });
  let connected!: () => void;
  const open = new Promise<void>((resolve) => (connected = resolve));
  const results = streamA.iterate<{ changes: { type: string; objectKey: number | null } }>(
    { query: 'subscription { changes { type objectKey } }' },
    { connected: () => connected() },
  );
  void (async () => {
    for await (const result of results) if (result.data) streamedToA.push(result.data.changes);
  })();
  await open;

  await ok('PUT', `/restapi/curriculum/${curriculumB}/elements/${elementB}/participants/${personB.key}`);
  // An event of a person deleted since: read as the deletion is, by the managers of where the person belonged.
  await ok('POST', `/restapi/users/${goneB.key}`, asAdmin, {
    login: goneB.login,
    firstName: 'Leaving',
    lastName: 'Person',
    email: `${goneB.login}@example.org`,
  });
  await ok('DELETE', `/restapi/users/${goneB.key}`);
  await ok('DELETE', `/restapi/repo/courses/${goneCourseB}`);
  await ok('DELETE', `/restapi/curriculum/${goneCurriculumB}`);
  webhookOfSystemAdministrator = (
    await ok('PUT', '/restapi/webhooks', { ...systemAdministrator.auth, ...JSON_TYPE }, { url: receiverOfSystemAdministrator.url('/s') })
  ).key;
  await ok('PUT', `/restapi/groups/${groupKey}/participants/${participant.key}`);
  // The last write: one about A's person, which A's administrator reads; what she is sent before it is all she gets of the others.
  await ok('POST', `/restapi/users/${personA.key}`, asAdmin, {
    login: personA.login,
    firstName: 'Changed',
    lastName: 'Person',
    email: `${personA.login}@example.org`,
  });
});
afterAll(async () => {
  streamA.dispose();
  await t.stop();
  await receiverA.stop();
  await receiverOfSystemAdministrator.stop();
});

/** What `reader` reads of this file's writes, through REST and GraphQL (both the same). */
async function seen(reader: TestUser): Promise<[string, number | null][]> {
  await eventually(async () => {
    const all = (await ok('GET', `/restapi/changes?after=${start}`)).events;
    expect(all.map((event: { type: string }) => event.type)).toContain('user.updated');
  }, 10_000);
  const events: { type: string; objectKey: number | null }[] = (await ok('GET', `/restapi/changes?after=${start}`, { ...reader.auth, ...JSON_TYPE })).events;
  const viaGraphql = await graphql(t.base, reader.auth, 'query($after: String) { changes(after: $after) { events { type objectKey } } }', { after: start });
  expect(viaGraphql.body.data.changes.events).toEqual(events.map(({ type, objectKey }) => ({ type, objectKey })));
  return events.map((event) => [event.type, event.objectKey]);
}

it("the administrator of organisation A reads none of B's element memberships, deletions or the system administrator's webhook: REST and GraphQL", async () => {
  expect(await seen(administratorA)).toEqual([['user.updated', personA.key]]);
});

it("the administrator of organisation B reads B's element membership, the deletions of what belonged to B and what came before them", async () => {
  expect(await seen(administratorB)).toEqual([
    ['curriculum.element.role.member.added', elementB],
    ['user.updated', goneB.key],
    ['user.deleted', goneB.key],
    ['course.deleted', goneCourseB],
    ['curriculum.deleted', goneCurriculumB],
  ]);
});

it('a webhook subscription’s events reach its owner (and system administrators), nobody else', async () => {
  expect(await seen(systemAdministrator)).toContainEqual(['webhook.created', webhookOfSystemAdministrator]);
  expect(await seen(administratorB)).not.toContainEqual(['webhook.created', webhookOfSystemAdministrator]);
});

it("group.participant.added reaches the group's managers (the linked course's owner), not its participant nor another course's owner", async () => {
  expect(await seen(courseOwner)).toEqual([['group.participant.added', groupKey]]);
  expect(await seen(participant)).toEqual([]);
  expect(await seen(otherOwner)).toEqual([]);
});

it("A's administrator's SSE stream and webhook get A's person's event, and nothing of B's before it", async () => {
  await eventually(async () => expect(streamedToA).toContainEqual({ type: 'user.updated', objectKey: personA.key }), 10_000);
  expect(streamedToA.map(({ type, objectKey }) => [type, objectKey])).toEqual([['user.updated', personA.key]]);
  await eventually(async () => expect(receiverA.deliveries.map((delivery) => delivery.json.data.type)).toContain('user.updated'), 15_000);
  const delivered = receiverA.deliveries.map((delivery): [string, number | null] => [delivery.json.data.type, delivery.json.data.objectKey]);
  expect(delivered.filter(([type, key]) => !(type === 'webhook.created' && key === webhookOfA))).toEqual([['user.updated', personA.key]]);
});
