import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../audit/audit-log';
import { syncCourseLectureCalendars, syncLectureBlockCalendars } from '../calendars/lecture-sync';
import { locate, type EntryAddress } from '../courses/entries';
import type { EntryRow } from '../courses/presenter';
import { findEntry } from '../courses/repository';
import { boundOrganisation } from '../domain/bound';
import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { badRequest, DomainError, forbidden, notFound, validationFailed } from '../domain/errors';
import { answerListById } from '../domain/lists';
import { pageOf, type Edge, type EdgePage } from '../domain/edges';
import { loader } from '../domain/loaders';
import { tooLongValues } from '../domain/validation';
import type {
  LectureBlockVO,
  LectureBlockVOInput,
  RepositoryEntryLectureConfigurationVO,
  RepositoryEntryLectureConfigurationVOInput,
  RollCallAdaptationVO,
} from '../schema/lectures';
import type { TaxonomyLevelVO } from '../schema/taxonomy';
import type { UserVO } from '../schema/users';
import { toLevelVO, type LevelRow } from '../taxonomy/presenter';
import { toUserVO, type UserRow } from '../users/presenter';
import { requireIdentity } from '../users/repository';
import { canManageLectures, LECTURE_ADMINISTRATORS, requireLectureAdministrator, requireLectureListRole, requireLectureManager } from './policy';
import { coursesInOrganisationsOf } from './roll-calls-repository';
import { toConfigurationVO, toLectureBlockVO } from './presenter';
import * as lectures from './repository';
import type { BlockFields, BlockRow } from './repository';

/**
 * Lecture blocks ("events") of courses (catalogue 2.7): their configuration, teachers, participants,
 * taxonomy levels and calendar events. The course is named as on the wire: `{ courseKey }` (the
 * course id of /repo/courses/{courseId}) or `{ entry }` (key or softkey of /repo/entries/{k}); GraphQL
 * takes either argument (courseKey first when both are given).
 */
export type LectureAddress = { entry?: string | null; courseKey?: number | null };

const conflict = (message: string) => new DomainError('CONFLICT', message);

function addressOf(address: LectureAddress): EntryAddress {
  if (address.courseKey != null) return { courseKey: address.courseKey };
  if (address.entry != null) return { entry: address.entry };
  throw badRequest('name the course: courseKey or entry');
}

/** The course, for one who manages its lectures: 404 unknown, 403 not a manager. */
export async function lectureCourse(ctx: RequestContext, address: LectureAddress): Promise<EntryRow> {
  const entry = await locate(ctx, addressOf(address));
  await requireLectureManager(ctx, entry);
  return entry;
}

/** The block of the course: 404 unknown or of another course. */
async function blockIn(em: EntityManager, entry: { id: number }, blockKey: number, lock = false): Promise<BlockRow> {
  const block = await lectures.findBlock(em, blockKey, lock);
  if (!block || block.entryKey !== entry.id) throw notFound('lecture block');
  return block;
}

/** The courses of these blocks that `may` admits the caller to (a rule of the family's policy), asked once per course. */
export async function coursesAdmitted(
  ctx: RequestContext,
  blocks: readonly { entryKey: number; organisationKey: number }[],
  may: (ctx: RequestContext, course: { id: number; organisationKey: number }) => Promise<boolean>,
): Promise<Set<number>> {
  const courses = new Map(blocks.map((block) => [block.entryKey, block.organisationKey]));
  const verdicts = await Promise.all([...courses].map(async ([id, organisationKey]) => [id, await may(ctx, { id, organisationKey })] as const));
  return new Set(verdicts.filter(([, admitted]) => admitted).map(([id]) => id));
}

/**
 * A block another object names (GraphQL edge: a roll call's), by the rule of GET
 * …/lectureblocks/{lectureBlockKey}: for those who manage the lectures of its course
 * (canManageLectures, asked once per course). One statement reads every block of an answer level.
 */
export function lectureBlockOf(ctx: RequestContext, blockKey: number): Promise<LectureBlockVO> {
  return loader<number, LectureBlockVO>(ctx, 'lecture blocks', async (keys) => {
    const blocks = await lectures.findBlocksWithCourse(ctx.em, keys);
    const managed = await coursesAdmitted(ctx, blocks, canManageLectures);
    const byKey = new Map(blocks.map((block) => [block.id, block]));
    return keys.map((key) => {
      const block = byKey.get(key);
      if (!block) return notFound('lecture block');
      return managed.has(block.entryKey) ? toLectureBlockVO(block) : forbidden();
    });
  }).load(blockKey);
}

/** The course and its block, for a manager of the course's lectures. */
export async function managedBlock(ctx: RequestContext, address: LectureAddress, blockKey: number): Promise<{ entry: EntryRow; block: BlockRow }> {
  const entry = await lectureCourse(ctx, address);
  return { entry, block: await blockIn(ctx.em, entry, blockKey) };
}

// Configuration

export async function getConfiguration(ctx: RequestContext, address: LectureAddress): Promise<RepositoryEntryLectureConfigurationVO> {
  const entry = await lectureCourse(ctx, address);
  return toConfigurationVO(await lectures.findConfig(ctx.em, entry.id));
}

/**
 * Writes the fields given (not null), creating the configuration when the course has none; the course's calendars follow.
 * requiredAttendanceRate is stored as given, any double, as OpenOLAT's LectureBlocksWebService.updateConfiguration does (its own examples send 34.0).
 */
export async function updateConfiguration(
  ctx: RequestContext,
  address: LectureAddress,
  input: RepositoryEntryLectureConfigurationVOInput,
): Promise<RepositoryEntryLectureConfigurationVO> {
  const entry = await lectureCourse(ctx, address);
  return inTransaction(ctx, async (em) => {
    await lectures.writeConfig(em, entry.id, {
      lectureEnabled: input.lectureEnabled,
      overrideModuleDefault: input.overrideModuleDefault,
      calculateAttendanceRate: input.calculateAttendanceRate,
      requiredAttendanceRate: input.requiredAttendanceRate,
      courseCalendarSyncEnabled: input.courseCalendarSyncEnabled,
      teacherCalendarSyncEnabled: input.teacherCalendarSyncEnabled,
      rollCallEnabled: input.rollCallEnabled,
    } as Partial<lectures.ConfigRow>);
    await syncCourseLectureCalendars(em, entry.id);
    return toConfigurationVO(await lectures.findConfig(em, entry.id));
  });
}

// Blocks

export async function listBlocks(ctx: RequestContext, address: LectureAddress): Promise<LectureBlockVO[]> {
  const entry = await lectureCourse(ctx, address);
  return answerListById(ctx, (range) => lectures.blocksOfEntry(ctx.em, entry.id, range), toLectureBlockVO);
}

export async function getBlock(ctx: RequestContext, address: LectureAddress, blockKey: number): Promise<LectureBlockVO> {
  return toLectureBlockVO((await managedBlock(ctx, address, blockKey)).block);
}

const AUTOCLOSED = 'autoclosed';

/** A new block's fields, or an existing block's with the input applied: plannedLectures always, the others when not null. */
function blockFields(current: BlockRow | null, input: LectureBlockVOInput): { fields: BlockFields; autoclose: boolean } {
  const pick = <T>(given: T | null | undefined, stored: T): T => (given == null ? stored : given);
  const fields: BlockFields = {
    externalId: pick(input.externalId, current?.externalId ?? null),
    externalRef: pick(input.externalRef, current?.externalRef ?? null),
    managedFlags: pick(input.managedFlagsString, current?.managedFlags ?? null),
    title: pick(input.title, current?.title ?? null),
    description: pick(input.description, current?.description ?? null),
    preparation: pick(input.preparation, current?.preparation ?? null),
    location: pick(input.location, current?.location ?? null),
    comment: pick(input.comment, current?.comment ?? null),
    startDate: pick(input.startDate, current?.startDate ?? null),
    endDate: pick(input.endDate, current?.endDate ?? null),
    compulsory: pick(input.compulsory, current?.compulsory ?? true),
    plannedLectures: input.plannedLectures ?? 0,
    status: current?.status ?? 'active',
    rollCallStatus: current?.rollCallStatus ?? 'open',
    autoClosedDate: current?.autoClosedDate ?? null,
    meetingTitle: pick(input.meetingTitle, current?.meetingTitle ?? null),
    meetingUrl: pick(input.meetingUrl, current?.meetingUrl ?? null),
    recordingUrl: pick(input.recordingUrl, current?.recordingUrl ?? null),
  };
  const errors = [
    ...tooLongValues({
      externalId: fields.externalId,
      externalRef: fields.externalRef,
      managedFlagsString: fields.managedFlags,
      title: fields.title,
      location: fields.location,
      meetingTitle: fields.meetingTitle,
    }),
    ...tooLongValues({ meetingUrl: fields.meetingUrl, recordingUrl: fields.recordingUrl }, 2048),
  ];
  if (!Number.isInteger(fields.plannedLectures) || fields.plannedLectures < 0) {
    errors.push({ code: 'org.olat.modules.lecture.restapi:plannedLectures.invalid', translation: 'plannedLectures is a number of lectures, 0 or more.' });
  }
  if (fields.startDate && fields.endDate && fields.endDate < fields.startDate) {
    errors.push({ code: 'org.olat.modules.lecture.restapi:endDate.invalid', translation: 'endDate is before startDate.' });
  }
  if (errors.length) throw validationFailed(errors);
  const autoclose = input.rollCallStatus === AUTOCLOSED && current?.rollCallStatus !== AUTOCLOSED;
  if (autoclose) {
    fields.status = 'done';
    fields.rollCallStatus = AUTOCLOSED;
    fields.autoClosedDate = new Date();
  }
  return { fields, autoclose };
}

/**
 * Writes a block (inside the caller's transaction): a changed number of planned lectures adapts the
 * attendance of its roll calls (unless the roll call is closed), auto-closing fills them, and the
 * calendar events of the block follow.
 */
async function writeBlock(
  em: EntityManager,
  entryKey: number,
  elementKey: number | null,
  current: BlockRow | null,
  input: LectureBlockVOInput,
): Promise<LectureBlockVO> {
  const { fields, autoclose } = blockFields(current, input);
  let key: number;
  if (current) {
    key = current.id;
    await lectures.updateBlock(em, key, fields);
    const closed = current.status === 'done' || current.rollCallStatus === 'closed' || current.rollCallStatus === AUTOCLOSED;
    if (current.plannedLectures > 0 && current.plannedLectures !== fields.plannedLectures && !closed) await lectures.adaptRollCalls(em, { blockKey: key });
  } else {
    key = await lectures.insertBlock(em, entryKey, elementKey, fields);
    if (elementKey != null) await lectures.addElementGroup(em, key, elementKey);
  }
  if (autoclose) await lectures.fillRollCalls(em, key, fields.plannedLectures);
  await syncLectureBlockCalendars(em, [key]);
  return toLectureBlockVO((await lectures.findBlock(em, key))!);
}

const notEnabled = (entryKey: number) =>
  conflict(
    `lectures are not enabled for this course: POST /repo/entries/${entryKey}/lectureblocks/configuration with lectureEnabled=true before creating lecture blocks`,
  );

/**
 * PUT and POST …/lectureblocks: no key (or 0) creates a block, which needs lectures enabled for the
 * course (409); a key updates that block of the course (404 when unknown or of another course).
 */
export async function saveBlock(ctx: RequestContext, address: LectureAddress, input: LectureBlockVOInput): Promise<LectureBlockVO> {
  const entry = await lectureCourse(ctx, address);
  return inTransaction(ctx, async (em) => {
    if (input.key != null && input.key > 0) return writeBlock(em, entry.id, null, await blockIn(em, entry, input.key, true), input);
    if (!(await lectures.lecturesEnabled(em, entry.id))) throw notEnabled(entry.id);
    return writeBlock(em, entry.id, null, null, input);
  });
}

/** The block with its teachers, participants, roll calls and calendar events. */
export async function deleteBlock(ctx: RequestContext, address: LectureAddress, blockKey: number): Promise<boolean> {
  const { block } = await managedBlock(ctx, address, blockKey);
  await inTransaction(ctx, (em) => lectures.deleteBlock(em, block.id));
  return true;
}

/** Moves the block to another course the caller manages too (404 unknown, 403 not managed); the calendars of both courses follow. */
export async function moveBlock(ctx: RequestContext, address: LectureAddress, blockKey: number, targetKey: number): Promise<LectureBlockVO> {
  const { block } = await managedBlock(ctx, address, blockKey);
  const target = await findEntry(ctx.em, { key: targetKey });
  if (!target) throw notFound('repository entry');
  await requireLectureManager(ctx, target);
  return inTransaction(ctx, async (em) => {
    if (!(await lectures.lecturesEnabled(em, target.id))) throw notEnabled(target.id);
    await lectures.moveBlock(em, block.id, target.id);
    await syncLectureBlockCalendars(em, [block.id]);
    return toLectureBlockVO((await lectures.findBlock(em, block.id))!);
  });
}

// Teachers

/** A page of the teachers of a block the caller reached through a checked list or block (GraphQL edge; every block of the answer at once). */
export function teachersOfBlock(ctx: RequestContext, blockKey: number, page: EdgePage): Promise<UserVO[]> {
  const edge: Edge<UserRow, UserVO> = {
    read: (keys, page, cap) => lectures.pagesOfTeachers(ctx.em, keys, page, cap),
    present: (row) => toUserVO(row, true),
  };
  return pageOf(ctx, 'lecture block teachers', edge, page, blockKey);
}

/** A page of the taxonomy levels of a block the caller reached through a checked list or block (GraphQL edge; every block of the answer at once). */
export function levelsOfBlock(ctx: RequestContext, blockKey: number, page: EdgePage): Promise<TaxonomyLevelVO[]> {
  const edge: Edge<LevelRow, TaxonomyLevelVO> = {
    read: (keys, page, cap) => lectures.pagesOfLevels(ctx.em, keys, page, cap),
    present: toLevelVO,
  };
  return pageOf(ctx, 'lecture block levels', edge, page, blockKey);
}

export async function listTeachers(ctx: RequestContext, address: LectureAddress, blockKey: number): Promise<UserVO[]> {
  const { block } = await managedBlock(ctx, address, blockKey);
  return (await lectures.listTeachers(ctx.em, block.id)).map((row) => toUserVO(row, true));
}

/** true: now a teacher; false: already one (REST answers 304). The teacher's calendar follows. */
export async function addTeacher(ctx: RequestContext, address: LectureAddress, blockKey: number, identityKey: number): Promise<boolean> {
  const { block } = await managedBlock(ctx, address, blockKey);
  return inTransaction(ctx, async (em) => {
    await requireIdentity(em, identityKey);
    const added = await lectures.addTeacher(em, block.id, identityKey);
    if (added) await syncLectureBlockCalendars(em, [block.id]);
    return added;
  });
}

/** 404 when the person is unknown; true also when they were no teacher of the block (200, as OpenOLAT). */
export async function removeTeacher(ctx: RequestContext, address: LectureAddress, blockKey: number, identityKey: number): Promise<boolean> {
  const { block } = await managedBlock(ctx, address, blockKey);
  return inTransaction(ctx, async (em) => {
    await requireIdentity(em, identityKey);
    if (await lectures.removeTeacher(em, block.id, identityKey)) await syncLectureBlockCalendars(em, [block.id]);
    return true;
  });
}

// Participants

/** The participants of the course become participants of the block; each gets a roll call without attendance. Always true (200), as in OpenOLAT. */
export async function addCourseParticipants(ctx: RequestContext, address: LectureAddress, blockKey: number): Promise<boolean> {
  const { entry, block } = await managedBlock(ctx, address, blockKey);
  return inTransaction(ctx, async (em) => {
    await lectures.addEntryGroup(em, block.id, entry.id);
    await lectures.createMissingRollCalls(em, block.id);
    return true;
  });
}

/** The participants of the course stop being participants of the block (their roll calls stay). Always true (200). */
export async function removeCourseParticipants(ctx: RequestContext, address: LectureAddress, blockKey: number): Promise<boolean> {
  const { entry, block } = await managedBlock(ctx, address, blockKey);
  await inTransaction(ctx, (em) => lectures.removeEntryGroup(em, block.id, entry.id));
  return true;
}

/**
 * The participants of the curriculum elements linked to the course (not deleted) become participants
 * of the block, elements no longer linked stop being; new participants get a roll call without
 * attendance. false when nothing changed (REST: 304).
 */
export async function addCurriculumParticipants(ctx: RequestContext, address: LectureAddress, blockKey: number): Promise<boolean> {
  const { entry, block } = await managedBlock(ctx, address, blockKey);
  return inTransaction(ctx, async (em) => {
    const changed = await lectures.syncCurriculumGroups(em, block.id, entry.id);
    const created = await lectures.createMissingRollCalls(em, block.id);
    return changed + created > 0;
  });
}

/** No curriculum element is a source of the block's participants any more; false when none was (REST: 304). */
export async function removeCurriculumParticipants(ctx: RequestContext, address: LectureAddress, blockKey: number): Promise<boolean> {
  const { block } = await managedBlock(ctx, address, blockKey);
  return inTransaction(ctx, async (em) => (await lectures.removeCurriculumGroups(em, block.id)) > 0);
}

// Taxonomy levels

export async function listLevels(ctx: RequestContext, address: LectureAddress, blockKey: number): Promise<TaxonomyLevelVO[]> {
  const { block } = await managedBlock(ctx, address, blockKey);
  return (await lectures.listLevels(ctx.em, block.id)).map(toLevelVO);
}

async function requireLevel(em: EntityManager, levelKey: number): Promise<void> {
  if (!(await lectures.levelExists(em, levelKey))) throw notFound('taxonomy level');
}

/** true: now tagged; false: already (REST answers 304); 404 unknown level. */
export async function addLevel(ctx: RequestContext, address: LectureAddress, blockKey: number, levelKey: number): Promise<boolean> {
  const { block } = await managedBlock(ctx, address, blockKey);
  return inTransaction(ctx, async (em) => {
    await requireLevel(em, levelKey);
    return lectures.linkLevel(em, block.id, levelKey);
  });
}

/** 200 also when the block was not tagged with the level or the level is unknown, as OpenOLAT. */
export async function removeLevel(ctx: RequestContext, address: LectureAddress, blockKey: number, levelKey: number): Promise<boolean> {
  const { block } = await managedBlock(ctx, address, blockKey);
  await inTransaction(ctx, (em) => lectures.unlinkLevel(em, block.id, levelKey));
  return true;
}

// Calendars, heal, adaptation

export async function syncCourseCalendars(ctx: RequestContext, address: LectureAddress): Promise<boolean> {
  const entry = await lectureCourse(ctx, address);
  await inTransaction(ctx, (em) => syncCourseLectureCalendars(em, entry.id));
  return true;
}

export async function syncBlockCalendars(ctx: RequestContext, address: LectureAddress, blockKey: number): Promise<boolean> {
  const { block } = await managedBlock(ctx, address, blockKey);
  await inTransaction(ctx, (em) => syncLectureBlockCalendars(em, [block.id]));
  return true;
}

/**
 * Blocks of this course that still take their participants from the origin course (they were moved
 * here from it) take them from this course instead. false when no block did (REST: 304). OpenOLAT
 * also moves audit logs and participant summaries, which this gateway does not keep.
 */
export async function healMoved(ctx: RequestContext, address: LectureAddress, originKey: number): Promise<boolean> {
  const entry = await lectureCourse(ctx, address);
  const origin = await findEntry(ctx.em, { key: originKey });
  if (!origin) throw notFound('origin repository entry');
  return inTransaction(ctx, async (em) => (await lectures.healMovedBlocks(em, entry.id, origin.id)) > 0);
}

/**
 * Adapts the attendance of the roll calls of this course's blocks to each block's planned lectures
 * (absences capped at the planned number, the rest attended). OpenOLAT adapts every block of the
 * system; here only the course's. Administrators only.
 */
export async function adaptRollCalls(ctx: RequestContext, address: LectureAddress): Promise<RollCallAdaptationVO> {
  const entry = await locate(ctx, addressOf(address));
  await requireLectureAdministrator(ctx, entry);
  return inTransaction(ctx, async (em) => ({ repoEntryKey: entry.id, adaptedRollCalls: await lectures.adaptRollCalls(em, { entryKey: entry.id }) }));
}

// All blocks of a day

/** `date`: an ISO date (that day, UTC) or date-time (the UTC day it falls on). */
export function dayOf(date: string): { from: Date; to: Date } {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : new Date(date);
  if (Number.isNaN(parsed.getTime())) throw badRequest(`date "${date}" is no ISO date or date-time`);
  const from = new Date(Date.UTC(parsed.getUTCFullYear(), parsed.getUTCMonth(), parsed.getUTCDate()));
  return { from, to: new Date(from.getTime() + 24 * 3600 * 1000) };
}

/**
 * GET /repo/lectures: blocks overlapping the day, or every block. Administrators see those of every
 * course (with a bound credential, of the courses within its organisation), a lecture manager those of courses in organisations where they hold lecturemanager (as
 * the roll call list; OpenOLAT narrows the list to the caller's courses too, by membership).
 */
export async function blocksOfDay(ctx: RequestContext, date: string | null | undefined): Promise<LectureBlockVO[]> {
  requireLectureListRole(ctx);
  const caller = requireCaller(ctx);
  const day = date ? dayOf(date) : null;
  const administrator = hasAnyRole(caller, LECTURE_ADMINISTRATORS);
  const courses =
    administrator && boundOrganisation(ctx) === undefined
      ? null
      : coursesInOrganisationsOf(caller, administrator ? LECTURE_ADMINISTRATORS : ['lecturemanager']);
  return answerListById(ctx, (range) => lectures.blocksBetween(ctx.em, day, courses, range), toLectureBlockVO);
}

// For the blocks of curriculum elements (./curriculum-blocks.ts)
export { writeBlock as writeLectureBlock, notEnabled as lecturesNotEnabled, conflict as lectureConflict };
