import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import type { Caller } from '../domain/context';
import { readPages, type EdgePage } from '../domain/edges';
import type { Range } from '../domain/lists';
import { organisationsWithRole } from '../domain/scope';

/** A roll call as the VO needs it, with its block's course for the manager check. */
export interface RollCallRow {
  id: number;
  lecturesAttendedNumber: number | null;
  lecturesAbsentNumber: number | null;
  comment: string | null;
  absenceReason: string | null;
  absenceAuthorized: boolean | null;
  absenceSupervisorNotificationDate: Date | null;
  identityKey: number;
  identityExternalId: string | null;
  lectureBlockKey: number;
}

/** The columns of a RollCallRow from `lecture_block_roll_call r join identity i on i.id = r.identity_id`. */
const ROLL_CALL_COLUMNS =
  'r.id, r.lectures_attended_number as "lecturesAttendedNumber", r.lectures_absent_number as "lecturesAbsentNumber", r.comment, ' +
  'r.absence_reason as "absenceReason", r.absence_authorized as "absenceAuthorized", ' +
  'r.absence_supervisor_notification_date as "absenceSupervisorNotificationDate", r.identity_id as "identityKey", ' +
  'i.external_id as "identityExternalId", r.block_id as "lectureBlockKey"';

const ROLL_CALL_FROM = 'lecture_block_roll_call r join identity i on i.id = r.identity_id';

/** Block statuses in which its roll call counts as closed (OpenOLAT's LectureBlockRollCallWebService `closed` filter). */
const CLOSED_ROLL_CALL = `(b.status = 'done' or b.roll_call_status in ('closed', 'autoclosed'))`;

export interface RollCallFilter {
  closed?: boolean | null;
  hasAbsence?: boolean | null;
  hasSupervisorNotificationDate?: boolean | null;
  lectureBlockKey?: number | null;
}

/** A page of the roll calls of each of these blocks, by person. */
export const pagesOfRollCalls = (em: EntityManager, blockKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<RollCallRow>(
    em,
    (block) => `select ${ROLL_CALL_COLUMNS} from ${ROLL_CALL_FROM} where r.block_id = ${block} order by r.identity_id`,
    [],
    blockKeys,
    page,
    cap,
  );

/**
 * SQL condition: the roll call `r` is of a block of a course placed in or linked to an organisation
 * in which the caller holds one of `roles` (as src/courses/repository.ts scopes learning resource
 * managers). Written as `= any(array(…))` at each step (organisations, their courses, their blocks):
 * each array is read once through an index and the planner sizes it as the handful it usually is,
 * instead of guessing from the organisation tree join that half the institution is meant.
 */
function rollCallInOrganisationsOf(caller: Caller, roles: readonly string[]): { text: string; params: unknown[] } {
  const courses = coursesInOrganisationsOf(caller, roles);
  return { text: `r.block_id = any(array(select b.id from lecture_block b where b.entry_id = any(${courses.text})))`, params: courses.params };
}

/** SQL array: the courses placed in or linked to an organisation in which the caller holds one of `roles` (or lies below one through an inheriting membership). */
export function coursesInOrganisationsOf(caller: Caller, roles: readonly string[]): { text: string; params: unknown[] } {
  const organisations = organisationsWithRole(caller, roles);
  return {
    text: `array(select e.id from repository_entry e where e.organisation_id = any(array(${organisations.text}))
      union select l.entry_id from repository_entry_to_organisation l where l.organisation_id = any(array(${organisations.text})))`,
    params: [...organisations.params, ...organisations.params],
  };
}

/**
 * One range of the roll calls that pass the filter, key-ordered. `scopeRoles`: only those of blocks
 * whose course lies in an organisation where the caller holds one of them (null: every roll call).
 */
export async function listRollCalls(
  em: EntityManager,
  filter: RollCallFilter,
  scope: { caller: Caller; roles: readonly string[] } | null,
  range: Range,
): Promise<RollCallRow[]> {
  const conditions: string[] = ['r.id > ?'];
  const params: unknown[] = [range.after];
  if (filter.closed != null) conditions.push(filter.closed ? CLOSED_ROLL_CALL : `not ${CLOSED_ROLL_CALL}`);
  if (filter.hasAbsence != null) conditions.push(filter.hasAbsence ? 'r.lectures_absent_number > 0' : 'coalesce(r.lectures_absent_number, 0) = 0');
  if (filter.hasSupervisorNotificationDate != null)
    conditions.push(`r.absence_supervisor_notification_date is ${filter.hasSupervisorNotificationDate ? 'not ' : ''}null`);
  if (filter.lectureBlockKey != null) {
    conditions.push('r.block_id = ?');
    params.push(filter.lectureBlockKey);
  }
  if (scope) {
    const scoped = rollCallInOrganisationsOf(scope.caller, scope.roles);
    conditions.push(scoped.text);
    params.push(...scoped.params);
  }
  const needsBlock = filter.closed != null;
  return sql<RollCallRow>(
    em,
    `select ${ROLL_CALL_COLUMNS} from ${ROLL_CALL_FROM}${needsBlock ? ' join lecture_block b on b.id = r.block_id' : ''}
     where ${conditions.join(' and ')} order by r.id limit ?`,
    [...params, range.size],
  );
}

/** A roll call with the course of its block: what the manager check needs. */
export interface RollCallWithEntry extends RollCallRow {
  entryKey: number;
  /** The course id (OLAT resource id) of the block's course. */
  courseKey: string;
  organisationKey: number;
}

/** The roll call with key `?` and the course of its block, its row locked with `forUpdate`. */
export const ROLL_CALL_WITH_ENTRY = (
  forUpdate: boolean,
) => `select ${ROLL_CALL_COLUMNS}, b.entry_id as "entryKey", e.olat_resource_id::text as "courseKey", e.organisation_id as "organisationKey"
     from ${ROLL_CALL_FROM} join lecture_block b on b.id = r.block_id join repository_entry e on e.id = b.entry_id
     where r.id = ?${forUpdate ? ' for update of r' : ''}`;

export async function findRollCall(em: EntityManager, key: number, forUpdate = false): Promise<RollCallWithEntry | null> {
  const [row] = await sql<RollCallWithEntry>(em, ROLL_CALL_WITH_ENTRY(forUpdate), [key]);
  return row ?? null;
}

/** The three fields a client may change. */
export interface RollCallChange {
  absenceSupervisorNotificationDate: Date | null;
  absenceReason: string | null;
  comment: string | null;
}

/** Parameters: the notification date, the absence reason, the comment, the key. */
export const UPDATE_ROLL_CALL = `update lecture_block_roll_call set absence_supervisor_notification_date = ?, absence_reason = ?, comment = ?, last_modified = now() where id = ?`;

export async function updateRollCall(em: EntityManager, key: number, change: RollCallChange): Promise<void> {
  await sql(em, UPDATE_ROLL_CALL, [change.absenceSupervisorNotificationDate, change.absenceReason, change.comment, key]);
}

/** Whether the person owns some repository entry (may manage some roll call). */
export async function ownsSomeEntry(em: EntityManager, identityKey: number): Promise<boolean> {
  return (await sql(em, `select 1 from repository_entry_membership where identity_id = ? and role = 'owner' limit 1`, [identityKey])).length > 0;
}

/** One participant's sums over the blocks of a curriculum's courses (statement below). */
export interface StatisticsRow {
  identityKey: number;
  totalLectureBlocks: string | number;
  totalEffectiveLectures: string | number;
  totalPersonalPlannedLectures: string | number;
  totalAttendedLectures: string | number;
  totalAbsentLectures: string | number;
  totalAuthorizedAbsentLectures: string | number;
}

/**
 * Per participant, over the compulsory blocks of the courses linked to the curriculum's elements in
 * which the person has a roll call (one statement; OpenOLAT's LectureBlockRollCallDAO.getStatistics
 * as far as this gateway keeps the data): a block's lectures count (effective, attended, absent,
 * authorised absent) once it is over and its roll call closed (closed or autoclosed) and it is not
 * cancelled; its planned lectures count for the person while it is not cancelled. Absences count
 * as authorised when the roll call says so (`absenceDefaultAuthorized` off, as OpenOLAT's default).
 */
export function curriculumStatistics(em: EntityManager, curriculumKey: number, identityKey: number | null): Promise<StatisticsRow[]> {
  const counted = `(b.end_date < now() and b.status <> 'cancelled' and b.roll_call_status in ('closed', 'autoclosed'))`;
  return sql<StatisticsRow>(
    em,
    `select r.identity_id as "identityKey",
       count(*) as "totalLectureBlocks",
       coalesce(sum(case when ${counted} then b.planned_lectures else 0 end), 0) as "totalEffectiveLectures",
       coalesce(sum(case when b.status <> 'cancelled' then b.planned_lectures else 0 end), 0) as "totalPersonalPlannedLectures",
       coalesce(sum(case when ${counted} then coalesce(r.lectures_attended_number, 0) else 0 end), 0) as "totalAttendedLectures",
       coalesce(sum(case when ${counted} and r.absence_authorized is not true then coalesce(r.lectures_absent_number, 0) else 0 end), 0) as "totalAbsentLectures",
       coalesce(sum(case when ${counted} and r.absence_authorized then coalesce(r.lectures_absent_number, 0) else 0 end), 0) as "totalAuthorizedAbsentLectures"
     from lecture_block b join lecture_block_roll_call r on r.block_id = b.id
     where b.entry_id in (select ce.entry_id from curriculum_element_entry ce join curriculum_element x on x.id = ce.element_id where x.curriculum_id = ?)
       and b.compulsory${identityKey === null ? '' : ' and r.identity_id = ?'}
     group by r.identity_id order by r.identity_id`,
    identityKey === null ? [curriculumKey] : [curriculumKey, identityKey],
  );
}
