import type { EntityManager } from '@mikro-orm/postgresql';
import { placeholders, sql } from '../db/sql';
import { effectiveSwitchSql } from '../lectures/module';

/**
 * Brings the calendar events that mirror these lecture blocks up to date (OpenOLAT's
 * LectureService.syncCalendars): one in the course
 * calendar when the course syncs blocks into it, one in each teacher's personal calendar when it
 * syncs teachers' calendars; only for blocks with both dates, of courses with lectures enabled.
 * Participants see the course calendar's events among their own (GET /users/{k}/calendars/events).
 * Runs inside the caller's transaction; a block that no longer qualifies loses its events.
 */
export async function syncLectureBlockCalendars(em: EntityManager, blockKeys: readonly number[]): Promise<void> {
  if (blockKeys.length === 0) return;
  const keys = placeholders(blockKeys);
  await sql(em, `delete from calendar_event where lecture_block_id in (${keys})`, [...blockKeys]);
  const eventColumns = `event_id, subject, description, location, begin, "end", classification, managed_flags, external_id, external_source, lecture_block_id`;
  // OpenOLAT's external id of a block's events; the event id too here, so an event keeps its id (and a feed's UID) across syncs.
  const eventId = `'lecture-block-' || b.entry_id || '-' || b.id`;
  // OpenOLAT: the description followed by the preparation, joined by a line break when both are there.
  const description = `nullif(concat_ws(E'\\n', nullif(b.description, ''), nullif(b.preparation, '')), '')`;
  const eventValues = `${eventId}, coalesce(b.title, ''), ${description}, b.location, b.start_date, b.end_date, 0, 'all', ${eventId}, null, b.id`;
  const qualifying = `from lecture_block b join lecture_entry_config c on c.entry_id = b.entry_id
    where b.id in (${keys}) and c.lecture_enabled and b.start_date is not null and b.end_date is not null`;
  await sql(
    em,
    `insert into calendar_event (calendar_type, owner_key, ${eventColumns})
     select 'course', b.entry_id, ${eventValues} ${qualifying} and ${effectiveSwitchSql('c', 'course_calendar_sync_enabled')}
     on conflict do nothing`,
    [...blockKeys],
  );
  await sql(
    em,
    `insert into calendar_event (calendar_type, owner_key, ${eventColumns})
     select 'user', t.identity_id, ${eventValues} ${qualifying.replace('where', 'join lecture_block_teacher t on t.block_id = b.id where')}
       and ${effectiveSwitchSql('c', 'teacher_calendar_sync_enabled')}
     on conflict do nothing`,
    [...blockKeys],
  );
}

/** Every block of a course, as the sync endpoints of a course (…/lectureblocks/sync/calendar) and a change of its configuration need. */
export async function syncCourseLectureCalendars(em: EntityManager, entryKey: number): Promise<void> {
  const keys = (await sql<{ id: string | number }>(em, 'select id from lecture_block where entry_id = ?', [entryKey])).map((row) => Number(row.id));
  // In slices: a statement binds at most 65,535 values.
  for (let start = 0; start < keys.length; start += SYNC_SLICE) await syncLectureBlockCalendars(em, keys.slice(start, start + SYNC_SLICE));
}

const SYNC_SLICE = 1000;
