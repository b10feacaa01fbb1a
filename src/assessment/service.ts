import { inTransaction, nameWrittenObject } from '../audit/audit-log';
import type { RequestContext } from '../domain/context';
import { pageOf, type EdgePage } from '../domain/edges';
import { DomainError, notFound, validationFailed } from '../domain/errors';
import { tooLongValues } from '../domain/validation';
import type { EfficiencyStatementVO, EfficiencyStatementVOInput } from '../schema/assessment';
import { requireIdentity } from '../users/repository';
import { administeredAmong, administeredPeople, requireStatementAdmin, statementCoursesAmong } from './policy';
import * as statements from './repository';

/** GET /repo/courses/{resourceKey}/statements/{identityKey}: 404 for an unknown person or no statement, 403 for a caller who does not administer the person. */
export async function getStatement(ctx: RequestContext, resourceKey: number, identityKey: number): Promise<EfficiencyStatementVO> {
  await requireIdentity(ctx.em, identityKey);
  await requireStatementAdmin(ctx, identityKey);
  const found = await statements.statementOf(ctx.em, resourceKey, identityKey);
  if (!found) throw notFound('efficiency statement');
  return found;
}

/**
 * PUT /repo/courses/{resourceKey}/statements[/{identityKey}] (the person from the path, else from the body): a new
 * statement, 409 when the person has one of that resource. A resource key of a course takes the course's title; one
 * of no course makes a stand-alone statement with the title given.
 */
export async function createStatement(
  ctx: RequestContext,
  resourceKey: number,
  identityKey: number | null | undefined,
  input: EfficiencyStatementVOInput,
): Promise<boolean> {
  const person = identityKey ?? input.identityKey;
  if (person == null) throw notFound('user');
  await requireIdentity(ctx.em, person);
  await requireStatementAdmin(ctx, person);
  const errors = tooLongValues({
    grade: input.grade,
    gradeSystemIdent: input.gradeSystemIdent,
    performanceClassIdent: input.performanceClassIdent,
    courseTitle: input.courseTitle,
  });
  if (errors.length) throw validationFailed(errors);
  // The person may come in the body (no argument names it): the event and audit row name them.
  nameWrittenObject(ctx, { type: 'user', key: String(person) });
  return inTransaction(ctx, async (em) => {
    const courseTitle = (await statements.courseTitleOf(em, resourceKey)) ?? input.courseTitle ?? null;
    const written = await statements.insertStatement(em, {
      identityKey: person,
      resourceKey,
      score: input.score ?? null,
      grade: input.grade ?? null,
      gradeSystemIdent: input.gradeSystemIdent ?? null,
      performanceClassIdent: input.performanceClassIdent ?? null,
      passed: input.passed ?? null,
      creationDate: input.creationDate ?? null,
      courseTitle,
    });
    if (!written) throw new DomainError('CONFLICT', `person ${person} has an efficiency statement of resource ${resourceKey} already`);
    return true;
  });
}

/** `UserVO.efficiencyStatements` (GraphQL): a page of each person's statements, for those who administer them. */
export const statementsOfPerson = (ctx: RequestContext, identityKey: number, page: EdgePage): Promise<EfficiencyStatementVO[]> =>
  pageOf(
    ctx,
    'efficiency statements of people',
    {
      readable: (keys) => administeredAmong(ctx, keys),
      read: (keys, page, cap) => statements.pagesOfPeople(ctx.em, keys, page, cap),
      present: ({ edgeParent: _, ...statement }) => statement,
    },
    page,
    identityKey,
  );

/** `CourseVO.efficiencyStatements` (GraphQL): a page of each course's statements of the people the caller administers, for the administrators who manage the course. */
export const statementsOfCourse = (ctx: RequestContext, entryKey: number, page: EdgePage): Promise<EfficiencyStatementVO[]> =>
  pageOf(
    ctx,
    'efficiency statements of courses',
    {
      readable: (keys) => statementCoursesAmong(ctx, keys),
      read: (keys, page, cap) => statements.pagesOfCourses(ctx.em, keys, administeredPeople(ctx, 's.identity_id'), page, cap),
      present: ({ edgeParent: _, ...statement }) => statement,
    },
    page,
    entryKey,
  );
