import { sql } from '../../src/db/sql';
import type { TestService } from '../support/service';

/*
 * Lecture blocks, teachers, participant groups and roll calls written straight into the database
 * (tables of src/entities/lectures.ts), so that the roll-call tests need no lecture-block endpoint.
 */

const em = (t: TestService) => t.service.orm.em.fork();

export interface BlockFields {
  title?: string;
  startDate?: Date;
  endDate?: Date;
  compulsory?: boolean;
  plannedLectures?: number;
  status?: 'active' | 'partiallydone' | 'done' | 'cancelled';
  rollCallStatus?: 'open' | 'closed' | 'reopen' | 'autoclosed';
}

const DAY = 24 * 3600 * 1000;

/** A lecture block of the course (by default yesterday, 2 planned lectures, compulsory, active with an open roll call). */
export async function buildBlock(t: TestService, entryKey: number, fields: BlockFields = {}): Promise<number> {
  const start = fields.startDate ?? new Date(Date.now() - DAY);
  const [{ id }] = await sql<{ id: string }>(
    em(t),
    `insert into lecture_block (entry_id, title, start_date, end_date, compulsory, planned_lectures, status, roll_call_status)
     values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [
      entryKey,
      fields.title ?? 'Block',
      start,
      fields.endDate ?? new Date(start.getTime() + 2 * 3600 * 1000),
      fields.compulsory ?? true,
      fields.plannedLectures ?? 2,
      fields.status ?? 'active',
      fields.rollCallStatus ?? 'open',
    ],
  );
  return Number(id);
}

export async function addTeacher(t: TestService, blockKey: number, identityKey: number): Promise<void> {
  await sql(em(t), 'insert into lecture_block_teacher (block_id, identity_id) values (?, ?)', [blockKey, identityKey]);
}

/** The course's participants take part in the block. */
export async function addCourseParticipantGroup(t: TestService, blockKey: number, entryKey: number): Promise<void> {
  await sql(em(t), 'insert into lecture_block_participant_group (block_id, entry_id) values (?, ?)', [blockKey, entryKey]);
}

export interface RollCallFields {
  lecturesAttendedNumber?: number | null;
  lecturesAbsentNumber?: number | null;
  comment?: string | null;
  absenceReason?: string | null;
  absenceAuthorized?: boolean | null;
  absenceSupervisorNotificationDate?: Date | null;
}

export async function buildRollCall(t: TestService, blockKey: number, identityKey: number, fields: RollCallFields = {}): Promise<number> {
  const [{ id }] = await sql<{ id: string }>(
    em(t),
    `insert into lecture_block_roll_call (block_id, identity_id, lectures_attended_number, lectures_absent_number, comment, absence_reason,
       absence_authorized, absence_supervisor_notification_date) values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [
      blockKey,
      identityKey,
      fields.lecturesAttendedNumber ?? null,
      fields.lecturesAbsentNumber ?? null,
      fields.comment ?? null,
      fields.absenceReason ?? null,
      fields.absenceAuthorized ?? null,
      fields.absenceSupervisorNotificationDate ?? null,
    ],
  );
  return Number(id);
}

/** A roll call as stored, for checking what a write left alone. */
export async function storedRollCall(t: TestService, key: number) {
  const [row] = await sql<Record<string, unknown>>(
    em(t),
    `select lectures_attended_number as "lecturesAttendedNumber", lectures_absent_number as "lecturesAbsentNumber", comment,
       absence_reason as "absenceReason", absence_authorized as "absenceAuthorized",
       absence_supervisor_notification_date as "absenceSupervisorNotificationDate", identity_id as "identityKey", block_id::int as "lectureBlockKey"
     from lecture_block_roll_call where id = ?`,
    [key],
  );
  return row;
}

/** Links the course to a curriculum element. */
export async function linkCourseToElement(t: TestService, elementKey: number, entryKey: number): Promise<void> {
  await sql(em(t), 'insert into curriculum_element_entry (element_id, entry_id) values (?, ?)', [elementKey, entryKey]);
}
