import { Arg, Args, Ctx, Resolver, Root } from 'type-graphql';
import { Edge, GuardedMutation, GuardedQuery } from './guards';
import { CourseKeyArgs, CoursePersonArgs, KeyArg } from '../schema/arguments';
import * as results from '../assessment/results';
import * as assessment from '../assessment/service';
import type { RequestContext } from '../domain/context';
import { AssessableResultsVO, AssessableResultsVOInput, EfficiencyStatementVO, EfficiencyStatementVOInput } from '../schema/assessment';
import { CourseVO } from '../schema/courses';
import { auth } from '../schema/directives';
import { EdgePageArgs } from '../schema/paging';
import { LongScalar } from '../schema/scalars';
import { UserVO } from '../schema/users';

const RESOURCE_KEY = "The course's OLAT resource key (olatResourceKey of CourseVO); for a stand-alone statement, any key that names no course.";
const ADMINS = 'Administrators who manage the person (OpenOLAT: isAdminOf; it answers 401 where this answers 403).';

/** Efficiency statements (OpenOLAT's EfficiencyStatementWebService): a person's outcome of a course. */
@Resolver(() => EfficiencyStatementVO)
export class EfficiencyStatementResolver {
  @GuardedQuery(() => EfficiencyStatementVO, auth('administrator'), {
    description: `The person's statement of the course; NOT_FOUND for an unknown person or none. ${ADMINS}`,
  })
  efficiencyStatement(
    @Ctx() ctx: RequestContext,
    @Arg('resourceKey', () => LongScalar, { description: RESOURCE_KEY }) resourceKey: number,
    @KeyArg('identityKey') identityKey: number,
  ): Promise<EfficiencyStatementVO> {
    return assessment.getStatement(ctx, resourceKey, identityKey);
  }

  @GuardedMutation(() => Boolean, auth('administrator'), {
    description: `A new statement of the person (identityKey, else the statement's identityKey); CONFLICT when the person has one of the resource. ${ADMINS}`,
  })
  createEfficiencyStatement(
    @Ctx() ctx: RequestContext,
    @Arg('resourceKey', () => LongScalar, { description: RESOURCE_KEY }) resourceKey: number,
    @Arg('statement', () => EfficiencyStatementVOInput) statement: EfficiencyStatementVOInput,
    @Arg('identityKey', () => LongScalar, { nullable: true }) identityKey?: number,
  ): Promise<boolean> {
    return assessment.createStatement(ctx, resourceKey, identityKey, statement);
  }
}

const COURSE_MANAGERS = "The course's managers: administrators and learning resource managers of its organisation, and its owners (OpenOLAT: isAuthorEditor).";
const NODE = "The ident of the course element; the course's root when absent.";

/** Assessment results of course elements (OpenOLAT's CourseAssessmentWebService). */
@Resolver(() => AssessableResultsVO)
export class AssessmentResultsResolver {
  @GuardedQuery(() => [AssessableResultsVO], auth(), {
    description: `Every participant's results at the element (direct, through groups and curriculum elements). ${COURSE_MANAGERS}`,
  })
  courseAssessmentResults(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('nodeId', () => String, { nullable: true, description: NODE }) nodeId?: string,
  ): Promise<AssessableResultsVO[]> {
    return results.listResults(ctx, courseKey, nodeId);
  }

  @GuardedQuery(() => AssessableResultsVO, auth(), {
    description: `The person's results at the element, empty where none; for members of the course and people the caller manages. ${COURSE_MANAGERS}`,
  })
  courseAssessmentResult(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey, identityKey }: CoursePersonArgs,
    @Arg('nodeId', () => String, { nullable: true, description: NODE }) nodeId?: string,
  ): Promise<AssessableResultsVO> {
    return results.getResult(ctx, courseKey, identityKey, nodeId);
  }

  @GuardedMutation(() => Boolean, auth(), {
    description: `Imports the results of the person results.identityKey at the element: what is absent is kept, but the score, which is replaced. ${COURSE_MANAGERS}`,
  })
  importAssessmentResults(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('nodeId', () => String, { description: 'The ident of the course element.' }) nodeId: string,
    @Arg('results', () => AssessableResultsVOInput) input: AssessableResultsVOInput,
  ): Promise<boolean> {
    return results.importResults(ctx, courseKey, nodeId, input);
  }
}

@Resolver(() => UserVO)
export class UserStatementsResolver {
  @Edge(() => [EfficiencyStatementVO], {
    nullable: true,
    description: `A page of the person's efficiency statements, by resource key; null with an error for a caller who may not read them (GraphQL only). ${ADMINS}`,
  })
  efficiencyStatements(@Ctx() ctx: RequestContext, @Root() user: UserVO, @Args() page: EdgePageArgs): Promise<EfficiencyStatementVO[]> {
    return assessment.statementsOfPerson(ctx, user.key, page);
  }
}

@Resolver(() => CourseVO)
export class CourseStatementsResolver {
  @Edge(() => [EfficiencyStatementVO], {
    nullable: true,
    description:
      "A page of the course's efficiency statements, in the order they were written; for administrators who manage the course, null with an error otherwise (GraphQL only).",
  })
  efficiencyStatements(@Ctx() ctx: RequestContext, @Root() course: CourseVO, @Args() page: EdgePageArgs): Promise<EfficiencyStatementVO[]> {
    return assessment.statementsOfCourse(ctx, course.repoEntryKey, page);
  }
}

export const assessmentResolvers = [EfficiencyStatementResolver, AssessmentResultsResolver, UserStatementsResolver, CourseStatementsResolver] as const;
