import { EntryRole } from '../src/entities/courses';
import { GroupRole } from '../src/entities/groups';
import { ROUTES } from '../src/rest/routes';
import { sql } from '../src/db/sql';
import { addCourseMember, addGroupMember, buildCourse, buildGroup, buildUser, type TestCourse } from './factories';
import { call } from './support/http';
import { pathOf } from './support/operations';
import { buildCatalogEntry } from './catalog/support';
import { adminAuth, startTestService, type TestService } from './support/service';

/** Every list the catalogue pages, walked two rows at a time in JSON and XML: each row once, the total right, no page beyond it. */

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

interface PagedWorld {
  /** Path values of a list with more than two rows. */
  values: Record<string, unknown>;
  /** The keys the whole list holds, in its order. */
  keys: (number | string)[];
  /** The field that identifies a row, when not `key` (EventVO.id). */
  field?: string;
}

/** A person in three groups as owner and four as participant. */
async function personInGroups(): Promise<{ identityKey: number; owned: number[]; joined: number[] }> {
  const person = await buildUser(t);
  const owned: number[] = [];
  const joined: number[] = [];
  for (let i = 0; i < 7; i++) {
    const key = await buildGroup(t, { name: `Paged ${i}` });
    await addGroupMember(t, key, person.key, i < 3 ? GroupRole.coach : GroupRole.participant);
    (i < 3 ? owned : joined).push(key);
  }
  return { identityKey: person.key, owned, joined };
}

/** Five more courses; the administrator sees every entry of the database, in key order. */
async function courses(): Promise<{ key: number; courseKey: number }[]> {
  for (let i = 0; i < 5; i++) await buildCourse(t, { title: `Paged ${i}` });
  return sql<{ key: number; courseKey: number }>(
    t.service.orm.em.fork(),
    'select id as key, olat_resource_id as "courseKey" from repository_entry order by id',
  );
}

/**
 * A person in five courses: coach of the first, participant of the second (and coach of a group linked to it), owner of the
 * last three (and coach of the fourth, participant of a group linked to the fifth); the first three bookmarked.
 */
async function personInCourses(list: 'my' | 'teached' | 'owned' | 'favorite'): Promise<PagedWorld> {
  const person = await buildUser(t);
  const em = t.service.orm.em.fork();
  const courses: TestCourse[] = [];
  // Published: every member sees them (participants see a course when published or closed, src/courses/repository.ts MEMBER_STATUSES).
  for (let i = 0; i < 5; i++) courses.push(await buildCourse(t, { title: `Mine ${i}`, status: 'published' }));
  const memberships: [number, EntryRole][] = [
    [0, EntryRole.coach],
    [1, EntryRole.participant],
    [2, EntryRole.owner],
    [3, EntryRole.owner],
    [3, EntryRole.coach],
    [4, EntryRole.owner],
  ];
  for (const [i, role] of memberships) await addCourseMember(t, courses[i].key, person.key, role);
  for (const [i, role] of [
    [1, GroupRole.coach],
    [4, GroupRole.participant],
  ] as const) {
    const groupKey = await buildGroup(t);
    await addGroupMember(t, groupKey, person.key, role);
    await sql(em, 'insert into repository_entry_group (entry_id, group_id) values (?, ?)', [courses[i].key, groupKey]);
  }
  for (const i of [0, 1, 2]) await sql(em, 'insert into repository_entry_mark (identity_id, entry_id) values (?, ?)', [person.key, courses[i].key]);
  const picked = { my: [0, 1, 2, 3, 4], teached: [0, 1, 3], owned: [2, 3, 4], favorite: [0, 1, 2] }[list];
  return { values: { identityKey: person.key }, keys: picked.map((i) => courses[i].courseKey) };
}

/** Five events (ids `{prefix}-1` … `-5`, in order of begin) in a calendar, written as the calendars family stores them. */
async function calendarEvents(type: 'user' | 'group' | 'course', ownerKey: number, prefix: string): Promise<string[]> {
  const ids = [1, 2, 3, 4, 5].map((n) => `${prefix}-${n}`);
  for (const [n, id] of ids.entries()) {
    await sql(
      t.service.orm.em.fork(),
      `insert into calendar_event (calendar_type, owner_key, event_id, subject, begin, "end") values (?, ?, ?, 'Paged', ?, ?)`,
      [type, ownerKey, id, new Date(Date.UTC(2031, 0, 1 + n)), new Date(Date.UTC(2031, 0, 1 + n, 1))],
    );
  }
  return ids;
}

/** A group with the calendar tool on and a course with its calendar enabled, each with a person as member. */
async function calendarWorld(): Promise<{ identityKey: number; login: string; groupKey: number; course: TestCourse }> {
  const person = await buildUser(t);
  const groupKey = await buildGroup(t, { tools: ['hasCalendar'] });
  await addGroupMember(t, groupKey, person.key, GroupRole.participant);
  const course = await buildCourse(t, { status: 'published' });
  await sql(t.service.orm.em.fork(), 'insert into course_config (entry_id, calendar) values (?, true)', [course.key]);
  return { identityKey: person.key, login: person.login, groupKey, course };
}

const WORLDS: Record<string, () => Promise<PagedWorld>> = {
  'GET /users/:identityKey/calendars/events': async () => {
    const world = await calendarWorld();
    const own = await calendarEvents('user', world.identityKey, 'own');
    const group = await calendarEvents('group', world.groupKey, 'group');
    // Merged by begin: own-n and group-n begin together, the older row first.
    return { values: { identityKey: world.identityKey }, keys: own.flatMap((id, i) => [id, group[i]]), field: 'id' };
  },
  'GET /users/:identityKey/calendars/:calendarId/events': async () => {
    const world = await calendarWorld();
    const keys = await calendarEvents('user', world.identityKey, 'mine');
    return { values: { identityKey: world.identityKey, calendarId: `user_${world.login}` }, keys, field: 'id' };
  },
  'GET /groups/:groupKey/calendar/events': async () => {
    const world = await calendarWorld();
    return { values: { groupKey: world.groupKey }, keys: await calendarEvents('group', world.groupKey, 'group'), field: 'id' };
  },
  'GET /repo/courses/:courseKey/calendar/events': async () => {
    const world = await calendarWorld();
    return { values: { courseKey: world.course.courseKey }, keys: await calendarEvents('course', world.course.key, 'course'), field: 'id' };
  },
  'GET /users/:identityKey/courses/my': () => personInCourses('my'),
  'GET /users/:identityKey/courses/teached': () => personInCourses('teached'),
  'GET /users/:identityKey/courses/owned': () => personInCourses('owned'),
  'GET /users/:identityKey/courses/favorite': () => personInCourses('favorite'),
  'GET /repo/courses': async () => ({ values: {}, keys: (await courses()).map((course) => course.courseKey) }),
  'GET /repo/entries': async () => ({ values: {}, keys: (await courses()).map((course) => course.key) }),
  'GET /catalog': async () => ({ values: {}, keys: [1] }),
  'GET /catalog/:path/children': async () => {
    // Paged children come by name; the unpaged list in stored order is the same here (created in name order).
    const parent = await buildCatalogEntry(t, { name: 'Paged parent' });
    const keys = [];
    for (const name of ['A', 'B', 'C', 'D', 'E']) keys.push(await buildCatalogEntry(t, { name, parentKey: parent }));
    return { values: { path: parent }, keys };
  },
  'GET /users/:identityKey/groups': async () => {
    const { identityKey, owned, joined } = await personInGroups();
    return { values: { identityKey }, keys: [...owned, ...joined] };
  },
  'GET /users/:identityKey/groups/owner': async () => {
    const { identityKey, owned } = await personInGroups();
    return { values: { identityKey }, keys: owned };
  },
  'GET /users/:identityKey/groups/participant': async () => {
    const { identityKey, joined } = await personInGroups();
    return { values: { identityKey }, keys: joined };
  },
  'GET /users/:identityKey/groups/infos': async () => {
    const { identityKey, owned, joined } = await personInGroups();
    return { values: { identityKey }, keys: [...owned, ...joined] };
  },
};

const PAGED = ROUTES.filter((route) => route.paging);

it('every paged route has a world here', () => {
  expect(PAGED.map((route) => `${route.method} ${route.path}`).sort()).toEqual(Object.keys(WORLDS).sort());
});

async function page(path: string, format: 'json' | 'xml', start: number, field = 'key'): Promise<{ totalCount: number; keys: (number | string)[] }> {
  const reply = await call(t.base, 'GET', `${path}?start=${start}&limit=2`, { headers: { ...adminAuth(), Accept: `application/${format}; pagingspec=1.0` } });
  expect(reply.status).toBe(200);
  if (format === 'json')
    return {
      totalCount: reply.json.totalCount,
      keys: Object.values(reply.json)
        .flat()
        .filter((value) => typeof value === 'object')
        .map((item) => (item as Record<string, number | string>)[field]),
    };
  const totalCount = Number(/^<\?xml[^>]*\?><\w+ totalCount="(\d+)">/.exec(reply.text)?.[1]);
  const keys = [...reply.text.matchAll(new RegExp(`<${field}>([^<]+)</${field}>`, 'g'))].map((match) => match[1]);
  return { totalCount, keys: field === 'key' ? keys.map(Number) : keys };
}

describe.each(PAGED.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (name, route) => {
  it.each(['json', 'xml'] as const)('walks the list two rows at a time in %s', async (format) => {
    const world = await WORLDS[name]();
    const path = pathOf(route, world.values);
    const seen: (number | string)[] = [];
    let totalCount = Infinity;
    for (let start = 0; start < totalCount; start += 2) {
      const answer = await page(path, format, start, world.field);
      totalCount = answer.totalCount;
      expect(answer.keys.length).toBeLessThanOrEqual(2);
      seen.push(...answer.keys);
    }
    expect(totalCount).toBe(world.keys.length);
    expect(seen).toEqual(world.keys);
    expect(await page(path, format, totalCount + 3, world.field)).toEqual({ totalCount, keys: [] });
  });

  if (route.paging === 'required') {
    it('answers 406 without pagingspec', async () => {
      const world = await WORLDS[name]();
      const reply = await call(t.base, 'GET', `${pathOf(route, world.values)}?start=1&limit=1`, { headers: { ...adminAuth(), Accept: 'application/json' } });
      expect(reply.status).toBe(406);
    });
  } else {
    it('answers every row as a plain list without pagingspec, whatever start and limit say', async () => {
      const world = await WORLDS[name]();
      const reply = await call(t.base, 'GET', `${pathOf(route, world.values)}?start=1&limit=1`, { headers: { ...adminAuth(), Accept: 'application/json' } });
      expect(reply.json.map((item: Record<string, number | string>) => item[world.field ?? 'key'])).toEqual(world.keys);
    });
  }
});
