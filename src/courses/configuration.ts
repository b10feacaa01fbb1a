import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../audit/audit-log';
import type { RequestContext } from '../domain/context';
import { validationFailed } from '../domain/errors';
import { tooLongValues } from '../domain/validation';
import type { CourseConfigVO, CourseConfigVOInput } from '../schema/course-lifecycle';
import { findCourseConfig, upsertCourseConfig, type CourseConfigRow } from './lifecycle-repository';
import { requireEntryManager } from './policy';
import { lockEntry } from './repository';
import { locate } from './entries';

const DEFAULTS: CourseConfigRow = {
  calendar: false,
  chat: false,
  cssLayoutRef: null,
  efficiencyStatement: false,
  glossarySoftkey: null,
  sharedFolderSoftkey: null,
};

const toCourseConfigVO = (row: CourseConfigRow): CourseConfigVO => ({
  calendar: row.calendar,
  chat: row.chat,
  cssLayoutRef: row.cssLayoutRef,
  efficencyStatement: row.efficiencyStatement,
  glossarySoftkey: row.glossarySoftkey,
  sharedFolderSoftKey: row.sharedFolderSoftkey,
});

/** The course's configuration (the defaults when it has no row), as export writes it into CourseConfig.xml. */
export const courseConfigRow = async (em: EntityManager, entryKey: number): Promise<CourseConfigRow> => (await findCourseConfig(em, entryKey)) ?? DEFAULTS;

/** Sets the given fields of a course's configuration, in the caller's transaction (also PUT /repo/courses with sharedFolderSoftKey). */
export const saveCourseConfig = (em: EntityManager, entryKey: number, fields: Partial<CourseConfigRow>) => upsertCourseConfig(em, entryKey, fields);

/** GET /repo/courses/{id}/configuration: the course's managers. */
export async function getCourseConfig(ctx: RequestContext, courseKey: number): Promise<CourseConfigVO> {
  const row = await locate(ctx, { courseKey });
  await requireEntryManager(ctx, row);
  return toCourseConfigVO((await findCourseConfig(ctx.em, row.id)) ?? DEFAULTS);
}

/** PUT (CourseConfigVO) and POST (form) /repo/courses/{id}/configuration: the fields sent change, the others stay. */
export async function updateCourseConfig(ctx: RequestContext, courseKey: number, input: CourseConfigVOInput): Promise<CourseConfigVO> {
  const row = await locate(ctx, { courseKey });
  await requireEntryManager(ctx, row);
  const sharedFolder = input.sharedFolderSoftKey !== undefined ? input.sharedFolderSoftKey : input.sharedFolderSoftkey;
  const errors = tooLongValues({ cssLayoutRef: input.cssLayoutRef, glossarySoftkey: input.glossarySoftkey, sharedFolderSoftKey: sharedFolder });
  if (errors.length) throw validationFailed(errors);
  const fields: Partial<CourseConfigRow> = {
    calendar: input.calendar ?? undefined,
    chat: input.chat ?? undefined,
    efficiencyStatement: input.efficencyStatement ?? undefined,
    cssLayoutRef: input.cssLayoutRef,
    glossarySoftkey: input.glossarySoftkey,
    sharedFolderSoftkey: sharedFolder,
  };
  await inTransaction(ctx, async (em) => {
    await lockEntry(em, row.id);
    await saveCourseConfig(em, row.id, fields);
  });
  return toCourseConfigVO((await findCourseConfig(ctx.em, row.id)) ?? DEFAULTS);
}
