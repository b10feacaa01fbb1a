import { syncLectureBlockCalendars } from '../../src/calendars/lecture-sync';
import { sql } from '../../src/db/sql';
import { buildCourse, buildGroup, type TestCourse } from '../factories';
import type { TestService } from '../support/service';

/* Calendar test data written straight into the database: groups with the calendar tool, courses with the calendar enabled, lecture blocks. */

const em = (t: TestService) => t.service.orm.em.fork();

/** A group with the calendar tool on (unless `calendar` is false); `calendarAccess` 1: participants write too. */
export async function buildCalendarGroup(t: TestService, calendar = true, calendarAccess: number | null = null): Promise<number> {
  return buildGroup(t, { tools: calendar ? ['hasCalendar'] : ['hasNews'], calendarAccess });
}

/** A published course with its calendar enabled (unless `calendar` is false). */
export async function buildCalendarCourse(t: TestService, calendar = true): Promise<TestCourse> {
  const course = await buildCourse(t, { status: 'published' });
  await sql(em(t), 'insert into course_config (entry_id, calendar) values (?, ?)', [course.key, calendar]);
  return course;
}

/**
 * A lecture block of the course with lectures enabled (rows as the lectures family writes them),
 * taught by `teacherKey`, then synced into the calendars as the lectures family does.
 */
export async function buildSyncedLectureBlock(
  t: TestService,
  entryKey: number,
  teacherKey: number,
  block: { title: string; start: Date; end: Date; location?: string },
): Promise<number> {
  const db = em(t);
  return db.transactional(async (tx) => {
    await sql(tx, 'insert into lecture_entry_config (entry_id, lecture_enabled) values (?, true) on conflict do nothing', [entryKey]);
    const [{ id }] = await sql<{ id: string }>(
      tx,
      `insert into lecture_block (entry_id, title, description, preparation, location, start_date, end_date, planned_lectures)
       values (?, ?, 'Bring a calculator', 'Read chapter 1', ?, ?, ?, 2) returning id`,
      [entryKey, block.title, block.location ?? 'HG E 7', block.start, block.end],
    );
    await sql(tx, 'insert into lecture_block_teacher (block_id, identity_id) values (?, ?)', [id, teacherKey]);
    await syncLectureBlockCalendars(tx, [Number(id)]);
    return Number(id);
  });
}
