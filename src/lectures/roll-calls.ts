import { inTransaction, nameWrittenObject } from '../audit/audit-log';
import { boundOrganisation } from '../domain/bound';
import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { badRequest, forbidden, notFound } from '../domain/errors';
import { answerList, inRanges } from '../domain/lists';
import { pageOf, type Edge, type EdgePage } from '../domain/edges';
import type { OrganisationRole } from '../domain/roles';
import { managedCurriculum } from '../curriculum/service';
import type { LectureBlockRollCallVO, LectureBlockRollCallVOInput, LectureBlockStatisticsVO } from '../schema/roll-calls';
import { LECTURE_MANAGERS, canManageLectures } from './policy';
import { findBlocksWithCourse } from './repository';
import * as rollCalls from './roll-calls-repository';
import { coursesAdmitted } from './service';
import type { RollCallFilter, RollCallRow, StatisticsRow } from './roll-calls-repository';

/*
 * Roll calls (catalogue 2.7, source document rule 5): they can be read but not executed. Nobody is
 * set present or absent through the interface; only the supervisor notification date, the comment
 * and the absence reason change. Curriculum lecture statistics (catalogue 2.6) sum them up.
 */

// Policy

/** Who may list roll calls (OpenOLAT: administrator or lecture manager; it answers 401, this gateway 403). */
export const ROLL_CALL_LISTERS: OrganisationRole[] = ['administrator', 'lecturemanager'];

/** The roll calls of a block are managed by the managers of its course's lectures (src/lectures/policy.ts, OpenOLAT's isManagerOf on the block's entry). */
const canManageRollCallsOf = (ctx: RequestContext, row: { entryKey: number; organisationKey: number }) =>
  canManageLectures(ctx, { id: row.entryKey, organisationKey: row.organisationKey });

/** A caller who can manage no roll call at all (no manager role, owns no course) is refused before any key is looked up, so that keys are not probed. */
async function requireSomeRollCallManager(ctx: RequestContext): Promise<void> {
  const caller = requireCaller(ctx);
  if (!hasAnyRole(caller, LECTURE_MANAGERS) && !(await rollCalls.ownsSomeEntry(ctx.em, caller.key))) {
    throw forbidden('needs the administrator, learnresourcemanager or lecturemanager role, or to own the course');
  }
}

// Presenter

export function toRollCallVO(row: RollCallRow): LectureBlockRollCallVO {
  return {
    key: Number(row.id),
    // OpenOLAT sets the numbers only when above 0.
    lecturesAttendedNumber: row.lecturesAttendedNumber && row.lecturesAttendedNumber > 0 ? row.lecturesAttendedNumber : null,
    lecturesAbsentNumber: row.lecturesAbsentNumber && row.lecturesAbsentNumber > 0 ? row.lecturesAbsentNumber : null,
    comment: row.comment ?? null,
    absenceReason: row.absenceReason ?? null,
    absenceAuthorized: row.absenceAuthorized ?? null,
    absenceSupervisorNotificationDate: row.absenceSupervisorNotificationDate ?? null,
    identityKey: row.identityKey,
    identityExternalId: row.identityExternalId ?? null,
    lectureBlockKey: Number(row.lectureBlockKey),
  };
}

/** OpenOLAT's calculateAttendanceRate with its module defaults (authorised absences and dispensations do not count as attendance). */
export function attendanceRate(attended: number, absent: number, authorizedAbsent: number, dispensation: number): number {
  const missed = absent + authorizedAbsent + dispensation;
  const total = attended + missed;
  return total === 0 || attended === 0 ? 0 : attended / total;
}

export function toStatisticsVO(row: StatisticsRow): LectureBlockStatisticsVO {
  const attended = Number(row.totalAttendedLectures);
  const absent = Number(row.totalAbsentLectures);
  const authorized = Number(row.totalAuthorizedAbsentLectures);
  return {
    identityKey: row.identityKey,
    totalLectureBlocks: Number(row.totalLectureBlocks),
    totalEffectiveLectures: Number(row.totalEffectiveLectures),
    totalPersonalPlannedLectures: Number(row.totalPersonalPlannedLectures),
    totalAttendedLectures: attended,
    totalAbsentLectures: absent,
    totalAuthorizedAbsentLectures: authorized,
    totalDispensationLectures: 0,
    attendanceRate: attendanceRate(attended, absent, authorized, 0),
  };
}

// Service

/**
 * GET /repo/lectures/rollcalls: administrators see every roll call (OpenOLAT's list has no per-course
 * filter); a lecture manager those of blocks whose course lies in an organisation where they hold
 * lecturemanager (placed or linked, as learning resource managers are scoped).
 */
export function listRollCalls(ctx: RequestContext, filter: RollCallFilter): Promise<LectureBlockRollCallVO[]> {
  const caller = requireCaller(ctx);
  if (!hasAnyRole(caller, ROLL_CALL_LISTERS)) throw forbidden('needs the administrator or lecturemanager role');
  const administrator = hasAnyRole(caller, ['administrator']);
  const scope = administrator && boundOrganisation(ctx) === undefined ? null : { caller, roles: administrator ? ['administrator'] : ['lecturemanager'] };
  const rows = inRanges(
    ctx,
    (range) => rollCalls.listRollCalls(ctx.em, filter, scope, range),
    (row) => Number(row.id),
  );
  return answerList(ctx, rows, toRollCallVO);
}

/**
 * `LectureBlockVO.rollCalls` (GraphQL): a page of the roll calls of every block of an answer, by
 * person, for those who manage the roll calls of its course (the rule of GET
 * /repo/lectures/rollcalls/{key}, canManageRollCallsOf, asked once per course).
 */
export function rollCallsOfBlock(ctx: RequestContext, blockKey: number, page: EdgePage): Promise<LectureBlockRollCallVO[]> {
  const edge: Edge<RollCallRow, LectureBlockRollCallVO> = {
    readable: async (keys) => {
      const blocks = await findBlocksWithCourse(ctx.em, keys);
      const managed = await coursesAdmitted(ctx, blocks, (ctx, course) =>
        canManageRollCallsOf(ctx, { entryKey: course.id, organisationKey: course.organisationKey }),
      );
      return new Set(blocks.filter((block) => managed.has(block.entryKey)).map((block) => block.id));
    },
    read: (keys, page, cap) => rollCalls.pagesOfRollCalls(ctx.em, keys, page, cap),
    present: toRollCallVO,
  };
  return pageOf(ctx, 'roll calls of blocks', edge, page, blockKey);
}

/** The roll call, for a manager of its block's course: 404 unknown, 403 not a manager. */
async function managedRollCall(ctx: RequestContext, key: number, em = ctx.em, forUpdate = false) {
  const row = await rollCalls.findRollCall(em, key, forUpdate);
  if (!row) throw notFound('roll call');
  if (!(await canManageRollCallsOf({ ...ctx, em }, row))) throw forbidden("needs to manage the course of the roll call's lecture block");
  return row;
}

export async function getRollCall(ctx: RequestContext, key: number): Promise<LectureBlockRollCallVO> {
  await requireSomeRollCallManager(ctx);
  return toRollCallVO(await managedRollCall(ctx, key));
}

/**
 * PUT and POST /repo/lectures/rollcalls: a body without key is 400, an unknown key 404. Exactly three
 * fields change: the supervisor notification date always (absent or null clears it), the absence
 * reason and the comment when given. Attendance, authorisation, person and block stay as they are.
 */
export async function updateRollCall(ctx: RequestContext, input: LectureBlockRollCallVOInput): Promise<LectureBlockRollCallVO> {
  await requireSomeRollCallManager(ctx);
  if (input.key == null) throw badRequest('the roll call needs a key');
  const key = input.key;
  return inTransaction(ctx, async (em) => {
    const current = await managedRollCall(ctx, key, em, true);
    nameWrittenObject(ctx, { type: 'course', key: current.courseKey });
    await rollCalls.updateRollCall(em, key, {
      absenceSupervisorNotificationDate: input.absenceSupervisorNotificationDate ?? null,
      absenceReason: input.absenceReason ?? current.absenceReason,
      comment: input.comment ?? current.comment,
    });
    return toRollCallVO((await rollCalls.findRollCall(em, key))!);
  });
}

/**
 * GET /curriculum/{k}/lectures[/{identityKey}]: per participant, attendance over the lecture blocks of
 * the courses linked to the curriculum's elements (curriculum managers; 404 unknown curriculum, 403).
 * No absence notices are kept here, so dispensations are 0; one participant without roll calls is 404.
 */
export async function curriculumStatistics(ctx: RequestContext, curriculumKey: number, identityKey: number | null): Promise<LectureBlockStatisticsVO[]> {
  await managedCurriculum(ctx, curriculumKey);
  return (await rollCalls.curriculumStatistics(ctx.em, curriculumKey, identityKey)).map(toStatisticsVO);
}

export async function participantStatistics(ctx: RequestContext, curriculumKey: number, identityKey: number): Promise<LectureBlockStatisticsVO> {
  const [found] = await curriculumStatistics(ctx, curriculumKey, identityKey);
  if (!found) throw notFound('lecture statistics of this participant');
  return found;
}
