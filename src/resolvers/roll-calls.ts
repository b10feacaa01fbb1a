import { Arg, Args, Ctx, Resolver, Root } from 'type-graphql';
import { Edge, GuardedMutation, GuardedQuery } from './guards';
import { CurriculumPersonArgs, KeyArg } from '../schema/arguments';
import type { RequestContext } from '../domain/context';
import { ROLL_CALL_LISTERS } from '../lectures/roll-calls';
import * as rollCalls from '../lectures/roll-calls';
import * as lectures from '../lectures/service';
import { auth } from '../schema/directives';
import { LectureBlockRollCallVO, LectureBlockRollCallVOInput, LectureBlockStatisticsVO } from '../schema/roll-calls';
import { LongScalar } from '../schema/scalars';
import { LectureBlockVO } from '../schema/lectures';
import { UserVO } from '../schema/users';
import * as users from '../users/service';

/** Roll calls of one course and curriculum statistics: any authenticated caller, then the manager rules of src/lectures/roll-calls.ts (403). */
const SIGNED_IN = auth();

@Resolver()
export class RollCallResolver {
  @GuardedQuery(() => [LectureBlockRollCallVO], auth(...ROLL_CALL_LISTERS), {
    description:
      'Roll calls (administrator: all of them; lecture manager: those of courses in the organisations where they hold the role). closed: the block is done or its roll call closed or autoclosed; hasAbsence: absent lectures above 0.',
  })
  lectureRollCalls(
    @Ctx() ctx: RequestContext,
    @Arg('closed', () => Boolean, { nullable: true }) closed?: boolean,
    @Arg('hasAbsence', () => Boolean, { nullable: true }) hasAbsence?: boolean,
    @Arg('hasSupervisorNotificationDate', () => Boolean, { nullable: true }) hasSupervisorNotificationDate?: boolean,
    @Arg('lectureBlockKey', () => LongScalar, { nullable: true }) lectureBlockKey?: number,
  ): Promise<LectureBlockRollCallVO[]> {
    return rollCalls.listRollCalls(ctx, { closed, hasAbsence, hasSupervisorNotificationDate, lectureBlockKey });
  }

  @GuardedQuery(() => LectureBlockRollCallVO, SIGNED_IN, { description: "A roll call, for a manager of its lecture block's course." })
  lectureRollCall(@Ctx() ctx: RequestContext, @KeyArg('rollCallKey') rollCallKey: number): Promise<LectureBlockRollCallVO> {
    return rollCalls.getRollCall(ctx, rollCallKey);
  }

  @GuardedMutation(() => LectureBlockRollCallVO, SIGNED_IN, {
    description:
      'Change the supervisor notification date (always: null clears it), the absence reason and the comment (when not null) of a roll call. Roll calls can be read but not executed: nobody is set present or absent.',
  })
  updateLectureRollCall(
    @Ctx() ctx: RequestContext,
    @Arg('rollCall', () => LectureBlockRollCallVOInput) rollCall: LectureBlockRollCallVOInput,
  ): Promise<LectureBlockRollCallVO> {
    return rollCalls.updateRollCall(ctx, rollCall);
  }

  @GuardedQuery(() => [LectureBlockStatisticsVO], SIGNED_IN, {
    description: "Per participant, attendance over the lecture blocks of the curriculum's courses (one participant with identityKey). Curriculum managers.",
  })
  curriculumLectureStatistics(
    @Ctx() ctx: RequestContext,
    @KeyArg('curriculumKey') curriculumKey: number,
    @Arg('identityKey', () => LongScalar, { nullable: true }) identityKey?: number,
  ): Promise<LectureBlockStatisticsVO[]> {
    return rollCalls.curriculumStatistics(ctx, curriculumKey, identityKey ?? null);
  }

  @GuardedQuery(() => LectureBlockStatisticsVO, SIGNED_IN, {
    description: "One participant's attendance over the curriculum's lecture blocks (404 without roll calls).",
  })
  curriculumParticipantLectureStatistics(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, identityKey }: CurriculumPersonArgs,
  ): Promise<LectureBlockStatisticsVO> {
    return rollCalls.participantStatistics(ctx, curriculumKey, identityKey);
  }
}

@Resolver(() => LectureBlockRollCallVO)
export class RollCallEdgesResolver {
  @Edge(() => UserVO, {
    description: 'The person of the roll call, as GET /users/{identityKey}; one statement for all roll calls of an answer (GraphQL only).',
  })
  identity(@Ctx() ctx: RequestContext, @Root() rollCall: LectureBlockRollCallVO): Promise<UserVO> {
    return users.personOf(ctx, rollCall.identityKey);
  }

  @Edge(() => LectureBlockVO, {
    nullable: true,
    description:
      'The lecture block, as GET …/lectureblocks/{lectureBlockKey}: for those who manage the lectures of its course; null with an error otherwise (GraphQL only).',
  })
  lectureBlock(@Ctx() ctx: RequestContext, @Root() rollCall: LectureBlockRollCallVO): Promise<LectureBlockVO> {
    return lectures.lectureBlockOf(ctx, rollCall.lectureBlockKey);
  }
}

@Resolver(() => LectureBlockStatisticsVO)
export class LectureStatisticsEdgesResolver {
  @Edge(() => UserVO, { description: 'The participant, as GET /users/{identityKey}; one statement for all statistics of an answer (GraphQL only).' })
  identity(@Ctx() ctx: RequestContext, @Root() statistics: LectureBlockStatisticsVO): Promise<UserVO> {
    return users.personOf(ctx, statistics.identityKey);
  }
}

export const rollCallResolvers = [RollCallResolver, RollCallEdgesResolver, LectureStatisticsEdgesResolver] as const;
