import { managedKeys } from '../access/manage';
import { inTransaction } from '../audit/audit-log';
import type { RequestContext } from '../domain/context';
import { forbidden, notFound, validationFailed } from '../domain/errors';
import { answerList, inRanges } from '../domain/lists';
import { tooLongValues } from '../domain/validation';
import { requireEntryManager } from '../courses/policy';
import { findCourse } from '../courses/entries';
import { SINGLE_PAGE } from '../courses/elements';
import { ASSESSMENT_STATUSES, type AssessableResultsVO, type AssessableResultsVOInput } from '../schema/assessment';
import { requireIdentity } from '../users/repository';
import * as results from './results-repository';

/**
 * Assessment results of a course's elements (OpenOLAT's CourseAssessmentWebService). Its rule, isAuthorEditor, is the
 * course's managers: administrators and learning resource managers of its organisation, and its owners (OpenOLAT also
 * lets coaches with the assessment right of a course group in; course rights are not kept here). The gateway keeps the
 * results as they are imported: it does not evaluate element configurations (score limits, cut values, grade scales)
 * nor compute the root's results from its children.
 */

/** The course and its element (the root when `nodeId` is absent), for a caller who manages the course. */
async function assessedElement(ctx: RequestContext, courseKey: number, nodeId: string | null | undefined) {
  const course = await findCourse(ctx, courseKey);
  await requireEntryManager(ctx, course);
  const element = await results.elementOf(ctx.em, course.id, nodeId ?? null);
  if (!element) throw notFound('course element');
  return { course, element };
}

/** Whose results the caller may read and write: the course's members, and the people the caller manages (OpenOLAT: anyone). */
async function requireAssessable(ctx: RequestContext, entryKey: number, identityKey: number): Promise<void> {
  await requireIdentity(ctx.em, identityKey);
  if ((await results.membersAmong(ctx.em, entryKey, [identityKey])).has(identityKey)) return;
  if (!(await managedKeys(ctx, 'person', [identityKey])).has(identityKey)) throw forbidden('the person is no member of the course, nor one you manage');
}

/** GET /repo/courses/{courseId}/assessments[/{nodeId}]: every participant's results at the element, streamed by person. */
export async function listResults(ctx: RequestContext, courseKey: number, nodeId: string | null | undefined): Promise<AssessableResultsVO[]> {
  const { course, element } = await assessedElement(ctx, courseKey, nodeId);
  const rows = inRanges(
    ctx,
    (range) => results.resultsOfParticipants(ctx.em, course.id, element.ident, range),
    (row) => row.identityKey,
  );
  return answerList(ctx, rows, (row) => row);
}

/** GET /repo/courses/{courseId}/assessments[/{nodeId}]/users/{identityKey}: the person's results at the element (nulls where none). */
export async function getResult(ctx: RequestContext, courseKey: number, identityKey: number, nodeId: string | null | undefined): Promise<AssessableResultsVO> {
  const { course, element } = await assessedElement(ctx, courseKey, nodeId);
  await requireAssessable(ctx, course.id, identityKey);
  return (await results.resultOf(ctx.em, course.id, element.ident, identityKey))!;
}

/** POST|PUT /repo/courses/{courseId}/assessments/{nodeId}: imports the results of the body's person at the element. */
export async function importResults(ctx: RequestContext, courseKey: number, nodeId: string, input: AssessableResultsVOInput): Promise<boolean> {
  const { course, element } = await assessedElement(ctx, courseKey, nodeId);
  if (input.identityKey == null) throw notFound('user');
  await requireAssessable(ctx, course.id, input.identityKey);
  const grade = input.grade?.trim() ? input.grade : null;
  const errors = tooLongValues({ grade });
  if (errors.length) throw validationFailed(errors);
  return inTransaction(ctx, async (em) => {
    await results.writeResults(em, {
      entryKey: course.id,
      nodeIdent: element.ident,
      identityKey: input.identityKey!,
      scored: element.type !== SINGLE_PAGE,
      score: input.score ?? null,
      passed: input.passed ?? null,
      userVisible: input.userVisible ?? null,
      grade,
      assessmentStatus: input.assessmentStatus && ASSESSMENT_STATUSES.includes(input.assessmentStatus) ? input.assessmentStatus : null,
      attempts: input.attempts ?? null,
      completion: input.completion ?? null,
      fullyAssessed: element.learningPath ? (input.fullyAssessed ?? null) : null,
    });
    return true;
  });
}
