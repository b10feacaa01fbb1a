import { sql } from '../../src/db/sql';
import {
  addCourseMember,
  addGroupMember,
  buildCoachOfAnotherGroup,
  buildOwnerOfAnotherCourse,
  buildRoleInAnotherOrganisation,
  buildUser,
  type TestCourse,
  type TestUser,
} from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql, type Headers } from '../support/http';
import { refusals } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';
import { buildCalendarCourse, buildCalendarGroup, buildSyncedLectureBlock } from './fixtures';

/** Calendars and events of people, groups and courses (catalogue 2.8): every route's refusals and its behaviour, on REST (JSON, XML) and GraphQL. */

let t: TestService;
let person: TestUser;
let coach: TestUser;
let participant: TestUser;
let plain: TestUser;
let userManager: TestUser;
let groupKey: number;
let groupWithoutCalendar: number;
let course: TestCourse;
let courseWithoutCalendar: TestCourse;
/** Callers with the role of each kind of calendar route, but no right to the person, group or course named. */
const strangers = {} as Record<'person' | 'group' | 'course', TestUser>;

beforeAll(async () => {
  t = await startTestService();
  person = await buildUser(t);
  coach = await buildUser(t);
  participant = await buildUser(t);
  plain = await buildUser(t);
  userManager = await buildUser(t, { userManager: true });
  groupKey = await buildCalendarGroup(t);
  groupWithoutCalendar = await buildCalendarGroup(t, false);
  course = await buildCalendarCourse(t);
  courseWithoutCalendar = await buildCalendarCourse(t, false);
  for (const group of [groupKey, groupWithoutCalendar]) {
    await addGroupMember(t, group, coach.key, 'coach');
    await addGroupMember(t, group, participant.key, 'participant');
    await addGroupMember(t, group, person.key, 'participant');
  }
  for (const entry of [course, courseWithoutCalendar]) {
    await addCourseMember(t, entry.key, coach.key, 'owner');
    await addCourseMember(t, entry.key, participant.key, 'participant');
    await addCourseMember(t, entry.key, person.key, 'participant');
  }
  strangers.person = await buildRoleInAnotherOrganisation(t, 'usermanager');
  strangers.group = await buildCoachOfAnotherGroup(t);
  strangers.course = await buildOwnerOfAnotherCourse(t);
});
afterAll(() => t.stop());

const USER = (who: TestUser) => `/restapi/users/${who.key}/calendars`;
const GROUP = () => `/restapi/groups/${groupKey}/calendar`;
const COURSE = () => `/restapi/repo/courses/${course.courseKey}/calendar`;
const PAGED_JSON = { Accept: 'application/json;pagingspec=1.0' };
const PAGED_XML = { Accept: 'application/xml;pagingspec=1.0' };

const world =
  (values: Record<string, unknown> = {}, stranger: keyof typeof strangers = 'person') =>
  () => ({
    t,
    values: {
      identityKey: person.key,
      calendarId: `user_${person.login}`,
      eventId: 'refusal-event',
      groupKey,
      courseKey: course.courseKey,
      ...values,
    },
    forbidden: plain,
    stranger: strangers[stranger],
  });

const at = (hour: number, day = 1) => Date.UTC(2031, 0, day, hour);
const event = (fields: Record<string, unknown> = {}) => ({ subject: 'Lecture', begin: at(9), end: at(10), ...fields });

async function put(path: string, who: Headers, body: unknown) {
  return call(t.base, 'PUT', path, { headers: { ...who, ...JSON_TYPE }, body });
}

async function events(path: string, who: Headers, query = '') {
  const reply = await call(t.base, 'GET', `${path}/events${query}`, { headers: { ...who, ...JSON_TYPE } });
  expect(reply.status).toBe(200);
  return reply.json as { id: string; subject: string; calendarId: string; begin: number; managedFlags: string | null; classification?: number }[];
}

async function gql(who: Headers, query: string, variables: Record<string, unknown> = {}) {
  return (await graphql(t.base, who, query, variables)).body;
}

describe('GET /users/:identityKey/calendars', () => {
  refusals('GET /users/:identityKey/calendars', world());

  it("lists the person's own calendar, their groups' with the calendar tool and their courses' with the calendar enabled, with the person's write access", async () => {
    const reply = await call(t.base, 'GET', USER(participant), { headers: { ...participant.auth, ...JSON_TYPE } });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual([
      { id: `user_${participant.login}`, type: 'user', canWrite: true, subscribed: true, css: 'o_cal_blue', displayName: `Test ${participant.login}` },
      { id: `group_${groupKey}`, type: 'group', canWrite: false, subscribed: true, css: 'o_cal_orange', displayName: expect.any(String) },
      { id: `course_${course.courseKey}`, type: 'course', canWrite: false, subscribed: true, css: 'o_cal_green', displayName: expect.any(String) },
    ]);
    const owners = await call(t.base, 'GET', USER(coach), { headers: { ...coach.auth, ...JSON_TYPE } });
    expect(owners.json.map((calendar: { canWrite: boolean }) => calendar.canWrite)).toEqual([true, true, true]);
  });

  it('answers for the person in the path to their user manager, in XML and GraphQL alike', async () => {
    const xml = await call(t.base, 'GET', USER(participant), { headers: { ...userManager.auth, ...XML_TYPE } });
    expect(xml.status).toBe(200);
    expect(xml.text).toContain(`<calendarVO><id>user_${participant.login}</id><type>user</type><canWrite>true</canWrite>`);
    expect(xml.text).toContain(`<id>group_${groupKey}</id>`);
    const body = await gql(userManager.auth, 'query($k: Long!) { calendars(identityKey: $k) { id canWrite css } }', { k: participant.key });
    expect(body.data.calendars.map((calendar: { id: string }) => calendar.id)).toEqual([
      `user_${participant.login}`,
      `group_${groupKey}`,
      `course_${course.courseKey}`,
    ]);
  });
});

describe('GET /users/:identityKey/calendars/:calendarId', () => {
  refusals('GET /users/:identityKey/calendars/:calendarId', world());

  it('answers a calendar the person sees, by login or key; 404 for others', async () => {
    const byLogin = await call(t.base, 'GET', `${USER(person)}/user_${person.login}`, { headers: { ...person.auth, ...JSON_TYPE } });
    expect(byLogin.json).toMatchObject({ id: `user_${person.login}`, type: 'user', canWrite: true });
    const byKey = await call(t.base, 'GET', `${USER(person)}/user_${person.key}`, { headers: { ...person.auth, ...JSON_TYPE } });
    expect(byKey.json.id).toBe(`user_${person.login}`);
    for (const id of [`user_${plain.login}`, `group_${groupWithoutCalendar}`, `course_${courseWithoutCalendar.courseKey}`, 'group_abc', 'nonsense', 'group_']) {
      expect({ id, status: (await call(t.base, 'GET', `${USER(person)}/${id}`, { headers: person.auth })).status }).toEqual({ id, status: 404 });
    }
    const body = await gql(person.auth, 'query($k: Long!, $c: String!) { calendar(identityKey: $k, calendarId: $c) { id type } }', {
      k: person.key,
      c: `course_${course.courseKey}`,
    });
    expect(body.data.calendar).toEqual({ id: `course_${course.courseKey}`, type: 'course' });
  });
});

describe('events of a person: PUT|POST /users/:identityKey/calendars/:calendarId/event(s), GET …/events, DELETE …/events/:eventId', () => {
  refusals('GET /users/:identityKey/calendars/:calendarId/events', world());
  refusals('PUT /users/:identityKey/calendars/:calendarId/event', world());
  refusals('POST /users/:identityKey/calendars/:calendarId/event', world());
  refusals('PUT /users/:identityKey/calendars/:calendarId/events', world());
  refusals('POST /users/:identityKey/calendars/:calendarId/events', world());
  refusals('DELETE /users/:identityKey/calendars/:calendarId/events/:eventId', world());

  it('creates (a new id, or the given one), replaces and deletes events; 200 without a body', async () => {
    const who = await buildUser(t);
    const calendar = `${USER(who)}/user_${who.login}`;
    const created = await put(`${calendar}/event`, who.auth, event({ subject: 'Generated id', location: 'HG E 7', classification: 1 }));
    expect(created.status).toBe(200);
    expect(created.text).toBe('');
    expect((await put(`${calendar}/event`, who.auth, event({ id: 'sis-1', subject: 'Given id', begin: at(8), end: at(9) }))).status).toBe(200);
    let list = await events(calendar, who.auth);
    expect(list.map((e) => e.subject)).toEqual(['Given id', 'Generated id']);
    expect(list[1].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(list[1]).toMatchObject({ calendarId: `user_${who.login}`, location: 'HG E 7', classification: 1, begin: at(9), allDayEvent: false, links: null });

    // A known id is replaced: absent fields cleared.
    expect((await put(`${calendar}/event`, who.auth, event({ id: list[1].id, subject: 'Replaced', begin: at(11), end: at(12) }))).status).toBe(200);
    list = await events(calendar, who.auth);
    expect(list.map((e) => e.subject)).toEqual(['Given id', 'Replaced']);
    expect(list[1]).toMatchObject({ location: null, classification: 1 });

    // POST with a form, and lists with PUT and POST.
    const form = await call(t.base, 'POST', `${calendar}/event`, {
      headers: who.auth,
      body: `subject=From+a+form&begin=${new Date(at(7)).toISOString()}&end=${new Date(at(8)).toISOString()}&location=Online`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(200);
    const xmlList = `<?xml version="1.0" encoding="UTF-8"?><eventVOes><eventVO><id>x-1</id><subject>From XML</subject><begin>2031-01-02T09:00:00Z</begin><end>2031-01-02T10:00:00Z</end><links><provider>zoom</provider><uri>https://example.org/m</uri></links></eventVO></eventVOes>`;
    const xml = await call(t.base, 'PUT', `${calendar}/events`, { headers: who.auth, body: xmlList, contentType: 'application/xml' });
    expect(xml.status).toBe(200);
    const posted = await call(t.base, 'POST', `${calendar}/events`, {
      headers: who.auth,
      body: [event({ id: 'p-1', subject: 'Posted', begin: at(6, 3), end: at(7, 3) })],
    });
    expect(posted.status).toBe(200);
    list = await events(calendar, who.auth);
    expect(list.map((e) => e.subject)).toEqual(['From a form', 'Given id', 'Replaced', 'From XML', 'Posted']);
    expect(list[3]).toMatchObject({ id: 'x-1', links: [{ provider: 'zoom', id: null, displayName: null, uri: 'https://example.org/m', iconCssClass: null }] });

    // XML answer: dates as ISO.
    const asXml = await call(t.base, 'GET', `${calendar}/events`, { headers: { ...who.auth, ...XML_TYPE } });
    expect(asXml.text).toContain('<eventVO><id>x-1</id><subject>From XML</subject>');
    expect(asXml.text).toMatch(/<begin>2031-01-02T09:00:00(\.000)?(Z|\+00:00)<\/begin>/);

    // DELETE: 200, then 404.
    expect((await call(t.base, 'DELETE', `${calendar}/events/p-1`, { headers: who.auth })).status).toBe(200);
    expect((await call(t.base, 'DELETE', `${calendar}/events/p-1`, { headers: who.auth })).status).toBe(404);

    // GraphQL: the same operations.
    const saved = await gql(who.auth, 'mutation($k: Long!, $c: String!, $e: EventVOInput!) { saveCalendarEvent(identityKey: $k, calendarId: $c, event: $e) }', {
      k: who.key,
      c: `user_${who.login}`,
      e: event({ id: 'g-1', subject: 'Through GraphQL', begin: at(5, 4), end: at(6, 4) }),
    });
    expect(saved.data.saveCalendarEvent).toBe(true);
    const read = await gql(
      who.auth,
      'query($k: Long!, $c: String!) { calendarEvents(identityKey: $k, calendarId: $c, start: 0, limit: 2) { totalCount events { id } } }',
      {
        k: who.key,
        c: `user_${who.login}`,
      },
    );
    expect(read.data.calendarEvents).toEqual({ totalCount: 5, events: [{ id: expect.any(String) }, { id: 'sis-1' }] });
    const deleted = await gql(who.auth, 'mutation($k: Long!, $c: String!) { deleteCalendarEvent(identityKey: $k, calendarId: $c, eventId: "g-1") }', {
      k: who.key,
      c: `user_${who.login}`,
    });
    expect(deleted.data.deleteCalendarEvent).toBe(true);

    // Every write left its audit row.
    const audit = await sql<{ operation: string }>(t.service.orm.em.fork(), 'select operation from audit_log where identity_key = ? order by id', [who.key]);
    expect(audit.map((row) => row.operation)).toEqual([
      'saveCalendarEvent',
      'saveCalendarEvent',
      'saveCalendarEvent',
      'saveCalendarEvent',
      'saveCalendarEvents',
      'saveCalendarEvents',
      'deleteCalendarEvent',
      'saveCalendarEvent',
      'deleteCalendarEvent',
    ]);
  });

  it('unlike OpenOLAT, refuses an event without subject, begin or end, or ending before it begins (400), writing none of a list', async () => {
    const who = await buildUser(t);
    const calendar = `${USER(who)}/user_${who.login}`;
    for (const body of [{ begin: at(9), end: at(10) }, { subject: 'x', end: at(10) }, { subject: 'x', begin: at(9) }, event({ end: at(8) })]) {
      const reply = await put(`${calendar}/event`, who.auth, body);
      expect({ body, status: reply.status }).toEqual({ body, status: 400 });
    }
    const list = await put(`${calendar}/events`, who.auth, [event({ id: 'fine' }), event({ subject: '' })]);
    expect(list.status).toBe(400);
    expect(await events(calendar, who.auth)).toEqual([]);
    const body = await gql(who.auth, 'mutation($k: Long!, $c: String!, $e: EventVOInput!) { saveCalendarEvent(identityKey: $k, calendarId: $c, event: $e) }', {
      k: who.key,
      c: `user_${who.login}`,
      e: { subject: 'No dates' },
    });
    expect(body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('ignores a classification other than 0, 1 or 2, as OpenOLAT: a new event keeps the default, a known one its own', async () => {
    const who = await buildUser(t);
    const calendar = `${USER(who)}/user_${who.login}`;
    expect((await put(`${calendar}/event`, who.auth, event({ id: 'class-1', classification: 5 }))).status).toBe(200);
    const fresh = (await events(calendar, who.auth)).find((e) => e.id === 'class-1');
    expect(fresh?.classification).toBe(0);
    expect((await put(`${calendar}/event`, who.auth, event({ id: 'class-1', classification: 1 }))).status).toBe(200);
    const xml = `<eventVO><id>class-1</id><subject>Kept</subject><begin>2031-01-01T09:00:00Z</begin><end>2031-01-01T10:00:00Z</end><classification>7</classification></eventVO>`;
    const viaXml = await call(t.base, 'PUT', `${calendar}/event`, { headers: who.auth, body: xml, contentType: 'application/xml' });
    expect([viaXml.status, viaXml.text]).toEqual([200, '']);
    expect((await events(calendar, who.auth)).find((e) => e.id === 'class-1')).toMatchObject({ subject: 'Kept', classification: 1 });
    const body = await gql(who.auth, 'mutation($k: Long!, $c: String!, $e: EventVOInput!) { saveCalendarEvent(identityKey: $k, calendarId: $c, event: $e) }', {
      k: who.key,
      c: `user_${who.login}`,
      e: event({ id: 'class-1', subject: 'Via GraphQL', classification: -3 }),
    });
    expect(body.data.saveCalendarEvent).toBe(true);
    expect((await events(calendar, who.auth)).find((e) => e.id === 'class-1')).toMatchObject({ subject: 'Via GraphQL', classification: 1 });
  });

  it('a user manager writes for the person; a person cannot write in a calendar they only read (403)', async () => {
    const who = await buildUser(t);
    expect((await put(`${USER(who)}/user_${who.login}/event`, userManager.auth, event())).status).toBe(200);
    expect((await put(`${USER(participant)}/group_${groupKey}/event`, participant.auth, event())).status).toBe(403);
    expect((await put(`${USER(participant)}/course_${course.courseKey}/event`, participant.auth, event())).status).toBe(403);
    expect((await put(`${USER(participant)}/group_${groupWithoutCalendar}/event`, participant.auth, event())).status).toBe(404);
    const body = await gql(participant.auth, 'mutation($k: Long!, $c: String!) { deleteCalendarEvent(identityKey: $k, calendarId: $c, eventId: "x") }', {
      k: participant.key,
      c: `group_${groupKey}`,
    });
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('GET /users/:identityKey/calendars/events', () => {
  refusals('GET /users/:identityKey/calendars/events', world());

  it('merges the events of every calendar the person sees, ordered by begin; pages with pagingspec=1.0 only; onlyFuture', async () => {
    const who = await buildUser(t);
    await addGroupMember(t, groupKey, who.key, 'participant');
    await put(
      `${USER(who)}/user_${who.login}/event`,
      who.auth,
      event({ id: 'own-past', subject: 'Own, past', begin: Date.UTC(2020, 0, 1, 9), end: Date.UTC(2020, 0, 1, 10) }),
    );
    await put(`${USER(who)}/user_${who.login}/event`, who.auth, event({ id: 'own-future', subject: 'Own, future', begin: at(12, 20), end: at(13, 20) }));
    await put(`${GROUP()}/event`, coach.auth, event({ id: 'group-merged', subject: 'Group', begin: at(12, 10), end: at(13, 10) }));
    const all = await events(USER(who), who.auth);
    const mine = all.filter((e) => ['own-past', 'own-future', 'group-merged'].includes(e.id));
    expect(mine.map((e) => [e.id, e.calendarId])).toEqual([
      ['own-past', `user_${who.login}`],
      ['group-merged', `group_${groupKey}`],
      ['own-future', `user_${who.login}`],
    ]);
    expect(all.map((e) => e.begin)).toEqual([...all.map((e) => e.begin)].sort((a, b) => a - b));
    // start and limit need pagingspec=1.0, as in OpenOLAT.
    expect(await events(USER(who), who.auth, '?start=0&limit=1')).toHaveLength(all.length);
    const page = await call(t.base, 'GET', `${USER(who)}/events?start=1&limit=1`, { headers: { ...who.auth, ...PAGED_JSON } });
    expect(page.json).toEqual({ events: [expect.objectContaining({ id: all[1].id })], totalCount: all.length });
    const defaultPage = await call(t.base, 'GET', `${USER(who)}/events`, { headers: { ...who.auth, ...PAGED_JSON } });
    expect(defaultPage.json.events).toHaveLength(Math.min(25, all.length));
    const xml = await call(t.base, 'GET', `${USER(who)}/events?limit=1`, { headers: { ...who.auth, ...PAGED_XML } });
    expect(xml.text).toMatch(new RegExp(`<events totalCount="${all.length}"><events><event><id>own-past</id>`));
    const future = await events(USER(who), who.auth, '?onlyFuture=true');
    expect(future.map((e) => e.id)).not.toContain('own-past');
    expect(future.map((e) => e.id)).toContain('own-future');
    const body = await gql(who.auth, 'query($k: Long!) { userCalendarEvents(identityKey: $k, onlyFuture: true) { totalCount events { id calendarId } } }', {
      k: who.key,
    });
    expect(body.data.userCalendarEvents.totalCount).toBe(future.length);
  });
});

describe('group calendar: /groups/:groupKey/calendar/…', () => {
  refusals('GET /groups/:groupKey/calendar/events', world({}, 'group'));
  refusals('PUT /groups/:groupKey/calendar/event', world({}, 'group'));
  refusals('POST /groups/:groupKey/calendar/event', world({}, 'group'));
  refusals('PUT /groups/:groupKey/calendar/events', world({}, 'group'));
  refusals('POST /groups/:groupKey/calendar/events', world({}, 'group'));
  refusals('DELETE /groups/:groupKey/calendar/events/:eventId', world({}, 'group'));

  it('owners and group managers write, participants read (403 on writes), others 403; 404 while the tool is off', async () => {
    expect((await put(`${GROUP()}/event`, coach.auth, event({ id: 'group-1', subject: 'Group meeting' }))).status).toBe(200);
    expect((await put(`${GROUP()}/events`, adminAuth(), [event({ id: 'group-2', subject: 'By the administrator' })])).status).toBe(200);
    expect((await events(GROUP(), participant.auth)).map((e) => e.id)).toEqual(expect.arrayContaining(['group-1', 'group-2']));
    expect((await put(`${GROUP()}/event`, participant.auth, event())).status).toBe(403);
    expect((await call(t.base, 'DELETE', `${GROUP()}/events/group-1`, { headers: participant.auth })).status).toBe(403);
    expect((await call(t.base, 'GET', `${GROUP()}/events`, { headers: plain.auth })).status).toBe(403);
    expect((await call(t.base, 'GET', `/restapi/groups/${groupWithoutCalendar}/calendar/events`, { headers: participant.auth })).status).toBe(404);
    expect((await call(t.base, 'GET', `/restapi/groups/${groupWithoutCalendar}/calendar/events`, { headers: plain.auth })).status).toBe(403);
    const read = await gql(participant.auth, 'query($g: Long!) { groupCalendarEvents(groupKey: $g) { events { id calendarId } } }', { g: groupKey });
    expect(read.data.groupCalendarEvents.events).toEqual(expect.arrayContaining([{ id: 'group-1', calendarId: `group_${groupKey}` }]));
    const saved = await gql(coach.auth, 'mutation($g: Long!, $e: [EventVOInput!]!) { saveGroupCalendarEvents(groupKey: $g, events: $e) }', {
      g: groupKey,
      e: [event({ id: 'group-3' })],
    });
    expect(saved.data.saveGroupCalendarEvents).toBe(true);
    const deleted = await gql(coach.auth, 'mutation($g: Long!) { deleteGroupCalendarEvent(groupKey: $g, eventId: "group-3") }', { g: groupKey });
    expect(deleted.data.deleteGroupCalendarEvent).toBe(true);
    expect((await call(t.base, 'DELETE', `${GROUP()}/events/group-3`, { headers: coach.auth })).status).toBe(404);
  });

  it('participants write too when the group calendar access is "all"', async () => {
    const open = await buildCalendarGroup(t, true, 1);
    await addGroupMember(t, open, participant.key, 'participant');
    expect((await put(`/restapi/groups/${open}/calendar/event`, participant.auth, event())).status).toBe(200);
  });
});

describe('course calendar: /repo/courses/:courseKey/calendar/…', () => {
  refusals('GET /repo/courses/:courseKey/calendar/events', world({}, 'course'));
  refusals('PUT /repo/courses/:courseKey/calendar/event', world({}, 'course'));
  refusals('POST /repo/courses/:courseKey/calendar/event', world({}, 'course'));
  refusals('PUT /repo/courses/:courseKey/calendar/events', world({}, 'course'));
  refusals('POST /repo/courses/:courseKey/calendar/events', world({}, 'course'));
  refusals('DELETE /repo/courses/:courseKey/calendar/events/:eventId', world({}, 'course'));

  it('owners and administrators write, participants read, others 403; 404 while the calendar is disabled', async () => {
    expect((await put(`${COURSE()}/event`, coach.auth, event({ id: 'course-1', subject: 'Exam' }))).status).toBe(200);
    expect((await put(`${COURSE()}/event`, adminAuth(), event({ id: 'course-2', subject: 'Exam review' }))).status).toBe(200);
    const list = await events(COURSE(), participant.auth);
    expect(list.map((e) => [e.id, e.calendarId])).toEqual(
      expect.arrayContaining([
        ['course-1', `course_${course.courseKey}`],
        ['course-2', `course_${course.courseKey}`],
      ]),
    );
    expect((await put(`${COURSE()}/event`, participant.auth, event())).status).toBe(403);
    expect((await call(t.base, 'GET', `${COURSE()}/events`, { headers: plain.auth })).status).toBe(403);
    const disabled = `/restapi/repo/courses/${courseWithoutCalendar.courseKey}/calendar/events`;
    expect((await call(t.base, 'GET', disabled, { headers: participant.auth })).status).toBe(404);
    expect((await call(t.base, 'GET', disabled, { headers: plain.auth })).status).toBe(403);
    const read = await gql(participant.auth, 'query($c: Long!) { courseCalendarEvents(courseKey: $c, limit: 1) { totalCount events { id } } }', {
      c: course.courseKey,
    });
    expect(read.data.courseCalendarEvents.events).toHaveLength(1);
    const refused = await gql(participant.auth, 'mutation($c: Long!, $e: EventVOInput!) { saveCourseCalendarEvent(courseKey: $c, event: $e) }', {
      c: course.courseKey,
      e: event(),
    });
    expect(refused.errors[0].extensions.code).toBe('FORBIDDEN');
    const deleted = await gql(coach.auth, 'mutation($c: Long!) { deleteCourseCalendarEvent(courseKey: $c, eventId: "course-2") }', { c: course.courseKey });
    expect(deleted.data.deleteCourseCalendarEvent).toBe(true);
    const saved = await gql(coach.auth, 'mutation($c: Long!, $e: [EventVOInput!]!) { saveCourseCalendarEvents(courseKey: $c, events: $e) }', {
      c: course.courseKey,
      e: [event({ id: 'course-3' })],
    });
    expect(saved.data.saveCourseCalendarEvents).toBe(true);
  });
});

describe('managed events (catalogue 4.9)', () => {
  const save = 'mutation($k: Long!, $c: String!, $e: EventVOInput!) { saveCalendarEvent(identityKey: $k, calendarId: $c, event: $e) }';

  it('GraphQL may not change what the flags protect; REST (the managing system) may; flags and external ids are stored as given', async () => {
    const who = await buildUser(t);
    const calendar = `${USER(who)}/user_${who.login}`;
    const managed = event({ id: 'm-1', subject: 'Managed', managedFlags: 'details', externalId: 'SIS-1', externalSource: 'SIS', classification: 0 });
    expect((await put(`${calendar}/event`, who.auth, managed)).status).toBe(200);
    expect((await events(calendar, who.auth))[0]).toMatchObject({ managedFlags: 'details', externalId: 'SIS-1', externalSource: 'SIS' });
    const vars = (fields: Record<string, unknown>) => ({ k: who.key, c: `user_${who.login}`, e: { ...managed, ...fields } });
    // subject and dates are below details; legacy clients send no subject flag and still get it through details.
    expect((await gql(who.auth, save, vars({ subject: 'Changed' }))).errors[0].extensions).toMatchObject({ code: 'MANAGED', flag: 'subject' });
    expect((await gql(who.auth, save, vars({ begin: at(8) }))).errors[0].extensions).toMatchObject({ code: 'MANAGED', flag: 'dates' });
    // classification is not below details.
    expect((await gql(who.auth, save, vars({ classification: 1 }))).data.saveCalendarEvent).toBe(true);
    // REST may.
    expect((await put(`${calendar}/event`, who.auth, { ...managed, subject: 'Changed by the SIS' })).status).toBe(200);
    expect((await events(calendar, who.auth))[0].subject).toBe('Changed by the SIS');
  });

  it('events synced from lecture blocks are managed `all`: read through the endpoints, changed by REST only', async () => {
    const teacher = await buildUser(t);
    const block = await buildSyncedLectureBlock(t, course.key, teacher.key, {
      title: 'Statistics I – Lecture 3',
      start: new Date(at(10, 5)),
      end: new Date(at(12, 5)),
    });
    const eventId = `lecture-block-${course.key}-${block}`;
    const inCourse = (await events(COURSE(), participant.auth)).find((e) => e.id === eventId);
    expect(inCourse).toMatchObject({
      subject: 'Statistics I – Lecture 3',
      managedFlags: 'all',
      calendarId: `course_${course.courseKey}`,
      description: 'Bring a calculator\nRead chapter 1',
    });
    const teachers = await events(USER(teacher), teacher.auth);
    expect(teachers.find((e) => e.id === eventId)).toMatchObject({ calendarId: `user_${teacher.login}`, managedFlags: 'all' });
    // The participant sees it among their own merged events too.
    expect((await events(USER(participant), participant.auth)).map((e) => e.id)).toContain(eventId);

    const refused = await gql(coach.auth, 'mutation($c: Long!) { deleteCourseCalendarEvent(courseKey: $c, eventId: $id) }'.replace('$id', `"${eventId}"`), {
      c: course.courseKey,
    });
    expect(refused.errors[0].extensions.code).toBe('MANAGED');
    const change = await gql(coach.auth, 'mutation($c: Long!, $e: EventVOInput!) { saveCourseCalendarEvent(courseKey: $c, event: $e) }', {
      c: course.courseKey,
      e: { ...inCourse, classification: 1, calendarId: undefined },
    });
    expect(change.errors[0].extensions.code).toBe('MANAGED');
    // Authorisation comes before the managed check: a reader is told 403, not 409.
    const reader = await gql(participant.auth, 'mutation($c: Long!, $e: EventVOInput!) { saveCourseCalendarEvent(courseKey: $c, event: $e) }', {
      c: course.courseKey,
      e: { ...inCourse, subject: 'Renamed', calendarId: undefined },
    });
    expect(reader.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await put(`${COURSE()}/event`, coach.auth, { ...inCourse, location: 'Moved by the SIS' })).status).toBe(200);
    expect((await events(COURSE(), participant.auth)).find((e) => e.id === eventId)).toMatchObject({ location: 'Moved by the SIS', managedFlags: 'all' });
  });
});

describe('iCalendar feed (extension): PUT|DELETE /users/:identityKey/calendars/:calendarId/feed, GET /calendars/feed/{token}.ics', () => {
  refusals('PUT /users/:identityKey/calendars/:calendarId/feed', world());
  refusals('DELETE /users/:identityKey/calendars/:calendarId/feed', world());

  const feedOf = (url: string) => call(t.base, 'GET', url, {});

  it('the person creates a feed that a calendar client reads without credentials; rotating and revoking end the old token', async () => {
    const who = await buildUser(t);
    const calendar = `${USER(who)}/user_${who.login}`;
    await put(
      `${calendar}/event`,
      who.auth,
      event({ id: 'feed-1', subject: 'Seminar, room 3; bring notes', description: 'Line one\nLine two', location: 'HG E 7', classification: 1 }),
    );
    await put(`${calendar}/event`, who.auth, event({ id: 'feed-2', recurrenceId: '20310101T090000Z', subject: 'Private', begin: at(14), end: at(15) }));
    const created = await call(t.base, 'PUT', `${calendar}/feed`, { headers: { ...who.auth, ...JSON_TYPE } });
    expect(created.status).toBe(200);
    expect(created.json).toEqual({ calendarId: `user_${who.login}`, url: expect.stringMatching(/^\/restapi\/calendars\/feed\/[A-Za-z0-9_-]{43}\.ics$/) });
    const stored = await sql<{ tokenHash: string }>(
      t.service.orm.em.fork(),
      'select token_hash as "tokenHash" from calendar_feed_token where identity_id = ?',
      [who.key],
    );
    expect(stored[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(created.json.url).not.toContain(stored[0].tokenHash);

    const feed = await feedOf(created.json.url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('max-age=0');
    const lines = feed.text.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('X-PUBLISHED-TTL:PT15M');
    expect(lines).toContain('UID:feed-1');
    expect(lines).toContain('UID:feed-2-20310101T090000Z');
    expect(lines).toContain('DTSTART:20310101T090000Z');
    expect(lines).toContain('DTEND:20310101T100000Z');
    expect(lines).toContain('SUMMARY:Seminar\\, room 3\\; bring notes');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two');
    expect(lines).toContain('LOCATION:HG E 7');
    expect(lines).toContain('CLASS:PUBLIC');
    expect(lines).toContain('CLASS:PRIVATE');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith('END:')).at(-1)).toBe('END:VCALENDAR');

    // Only the person: not even the administrator.
    expect((await call(t.base, 'PUT', `${calendar}/feed`, { headers: adminAuth() })).status).toBe(403);
    const rotated = await gql(who.auth, 'mutation($k: Long!, $c: String!) { createCalendarFeed(identityKey: $k, calendarId: $c) { calendarId url } }', {
      k: who.key,
      c: `user_${who.key}`,
    });
    expect(rotated.data.createCalendarFeed.calendarId).toBe(`user_${who.login}`);
    expect((await feedOf(created.json.url)).status).toBe(404);
    expect((await feedOf(rotated.data.createCalendarFeed.url)).status).toBe(200);
    // A person whose login is denied has no feed; back again, it works.
    await sql(t.service.orm.em.fork(), 'update identity set status = 101 where id = ?', [who.key]);
    expect((await feedOf(rotated.data.createCalendarFeed.url)).status).toBe(404);
    await sql(t.service.orm.em.fork(), 'update identity set status = 2 where id = ?', [who.key]);
    expect((await feedOf(rotated.data.createCalendarFeed.url)).status).toBe(200);
    expect((await call(t.base, 'DELETE', `${calendar}/feed`, { headers: who.auth })).status).toBe(200);
    expect((await feedOf(rotated.data.createCalendarFeed.url)).status).toBe(404);
    expect((await call(t.base, 'DELETE', `${calendar}/feed`, { headers: who.auth })).status).toBe(404);
    expect((await feedOf('/restapi/calendars/feed/unknown.ics')).status).toBe(404);
  });

  it('the feed of a group calendar ends when the person leaves the group', async () => {
    const who = await buildUser(t);
    await addGroupMember(t, groupKey, who.key, 'participant');
    const created = await call(t.base, 'PUT', `${USER(who)}/group_${groupKey}/feed`, { headers: { ...who.auth, ...JSON_TYPE } });
    expect(created.json.calendarId).toBe(`group_${groupKey}`);
    const feed = await feedOf(created.json.url);
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('UID:group-1');
    await sql(t.service.orm.em.fork(), 'delete from group_membership where group_id = ? and identity_id = ?', [groupKey, who.key]);
    expect((await feedOf(created.json.url)).status).toBe(404);
    const revoke = await gql(who.auth, 'mutation($k: Long!, $c: String!) { deleteCalendarFeed(identityKey: $k, calendarId: $c) }', {
      k: who.key,
      c: `group_${groupKey}`,
    });
    expect(revoke.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
