import { Arg, Args, Ctx, Resolver, Root } from 'type-graphql';
import { Edge, GuardedMutation, GuardedQuery } from './guards';
import {
  CourseAddressArgs,
  CourseKeyArgs,
  CurriculumElementArgs,
  CurriculumElementLectureBlockArgs,
  KeyArg,
  LectureBlockArgs,
  LectureBlockLevelArgs,
  LectureBlockTeacherArgs,
} from '../schema/arguments';
import type { RequestContext } from '../domain/context';
import * as elementBlocks from '../lectures/curriculum-blocks';
import { managedLectureBlock } from '../lectures/managed';
import { LECTURE_LIST_ROLES } from '../lectures/policy';
import * as lectures from '../lectures/service';
import * as rollCalls from '../lectures/roll-calls';
import * as courses from '../courses/service';
import * as curricula from '../curriculum/service';
import { Managed } from '../managed/elements';
import { auth } from '../schema/directives';
import {
  LectureBlockVO,
  LectureBlockVOInput,
  RepositoryEntryLectureConfigurationVO,
  RepositoryEntryLectureConfigurationVOInput,
  RollCallAdaptationVO,
} from '../schema/lectures';
import { EdgePageArgs } from '../schema/paging';
import { TaxonomyLevelVO } from '../schema/taxonomy';
import { UserVO } from '../schema/users';
import { CourseVO } from '../schema/courses';
import { CurriculumElementVO } from '../schema/curriculum';
import { LectureBlockRollCallVO } from '../schema/roll-calls';

/** Any authenticated caller, then the lecture rule of src/lectures/policy.ts (403). */
const SIGNED_IN = auth();
const MANAGERS =
  'Owners of the course, and administrators, learning resource managers and lecture managers of its organisations (OpenOLAT answers 401 to others, here 403).';

/** Lecture blocks of courses and curriculum elements (catalogue 2.7, 3.6). */
@Resolver()
export class LectureResolver {
  @GuardedQuery(() => RepositoryEntryLectureConfigurationVO, SIGNED_IN, {
    description: `The lecture configuration of the course (all null without one). ${MANAGERS}`,
  })
  lectureConfiguration(@Ctx() ctx: RequestContext, @Args() course: CourseAddressArgs): Promise<RepositoryEntryLectureConfigurationVO> {
    return lectures.getConfiguration(ctx, course);
  }

  @GuardedMutation(() => RepositoryEntryLectureConfigurationVO, SIGNED_IN, {
    description: `Write the fields given (not null) of the lecture configuration, creating it when missing; the course's calendars follow. ${MANAGERS}`,
  })
  updateLectureConfiguration(
    @Ctx() ctx: RequestContext,
    @Args() course: CourseAddressArgs,
    @Arg('lectureConfiguration', () => RepositoryEntryLectureConfigurationVOInput) configuration: RepositoryEntryLectureConfigurationVOInput,
  ): Promise<RepositoryEntryLectureConfigurationVO> {
    return lectures.updateConfiguration(ctx, course, configuration);
  }

  @GuardedQuery(() => [LectureBlockVO], SIGNED_IN, { description: `The lecture blocks of the course. ${MANAGERS}` })
  lectureBlocks(@Ctx() ctx: RequestContext, @Args() course: CourseAddressArgs): Promise<LectureBlockVO[]> {
    return lectures.listBlocks(ctx, course);
  }

  @GuardedMutation(() => LectureBlockVO, SIGNED_IN, {
    description: `Create a block (no key; 409 while lectures are not enabled for the course) or update one of the course (key; 404 when unknown or of another course). ${MANAGERS}`,
  })
  @Managed(managedLectureBlock, null)
  saveLectureBlock(
    @Ctx() ctx: RequestContext,
    @Args() course: CourseAddressArgs,
    @Arg('lectureBlock', () => LectureBlockVOInput) lectureBlock: LectureBlockVOInput,
  ): Promise<LectureBlockVO> {
    return lectures.saveBlock(ctx, course, lectureBlock);
  }

  @GuardedMutation(() => LectureBlockVO, SIGNED_IN, { description: 'As saveLectureBlock, the course named by its course id (the /repo/courses mount).' })
  @Managed(managedLectureBlock, null)
  saveCourseLectureBlock(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('lectureBlock', () => LectureBlockVOInput) lectureBlock: LectureBlockVOInput,
  ): Promise<LectureBlockVO> {
    return lectures.saveBlock(ctx, { courseKey }, lectureBlock);
  }

  @GuardedQuery(() => LectureBlockVO, SIGNED_IN, { description: `A block of the course (404 when of another course). ${MANAGERS}` })
  lectureBlock(@Ctx() ctx: RequestContext, @Args() { lectureBlockKey, ...course }: LectureBlockArgs): Promise<LectureBlockVO> {
    return lectures.getBlock(ctx, course, lectureBlockKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: `Delete the block with its teachers, participants, roll calls and calendar events. ${MANAGERS}` })
  @Managed(managedLectureBlock, 'delete')
  deleteLectureBlock(@Ctx() ctx: RequestContext, @Args() { lectureBlockKey, ...course }: LectureBlockArgs): Promise<boolean> {
    return lectures.deleteBlock(ctx, course, lectureBlockKey);
  }

  @GuardedMutation(() => LectureBlockVO, SIGNED_IN, {
    description: `Move the block to another course, which the caller must manage too (403; 404 unknown). ${MANAGERS}`,
  })
  @Managed(managedLectureBlock, 'settings')
  moveLectureBlock(
    @Ctx() ctx: RequestContext,
    @Args() { lectureBlockKey, ...course }: LectureBlockArgs,
    @KeyArg('repoEntryKey') repoEntryKey: number,
  ): Promise<LectureBlockVO> {
    return lectures.moveBlock(ctx, course, lectureBlockKey, repoEntryKey);
  }

  @GuardedQuery(() => [UserVO], SIGNED_IN, { description: `The teachers of the block. ${MANAGERS}` })
  lectureBlockTeachers(@Ctx() ctx: RequestContext, @Args() { lectureBlockKey, ...course }: LectureBlockArgs): Promise<UserVO[]> {
    return lectures.listTeachers(ctx, course, lectureBlockKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, {
    description: 'true: now a teacher; false: already one (REST answers 200 either way, as OpenOLAT). 404 unknown person.',
  })
  @Managed(managedLectureBlock, 'teachers')
  addLectureBlockTeacher(@Ctx() ctx: RequestContext, @Args() { lectureBlockKey, identityKey, ...course }: LectureBlockTeacherArgs): Promise<boolean> {
    return lectures.addTeacher(ctx, course, lectureBlockKey, identityKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: 'Remove a teacher (true also when the person was none). 404 unknown person.' })
  @Managed(managedLectureBlock, 'teachers')
  removeLectureBlockTeacher(@Ctx() ctx: RequestContext, @Args() { lectureBlockKey, identityKey, ...course }: LectureBlockTeacherArgs): Promise<boolean> {
    return lectures.removeTeacher(ctx, course, lectureBlockKey, identityKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, {
    description: 'The participants of the course become participants of the block, each with a roll call without attendance.',
  })
  @Managed(managedLectureBlock, 'groups')
  addLectureBlockCourseParticipants(@Ctx() ctx: RequestContext, @Args() { lectureBlockKey, ...course }: LectureBlockArgs): Promise<boolean> {
    return lectures.addCourseParticipants(ctx, course, lectureBlockKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: 'The participants of the course stop being participants of the block (roll calls stay).' })
  @Managed(managedLectureBlock, 'groups')
  removeLectureBlockCourseParticipants(@Ctx() ctx: RequestContext, @Args() { lectureBlockKey, ...course }: LectureBlockArgs): Promise<boolean> {
    return lectures.removeCourseParticipants(ctx, course, lectureBlockKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, {
    description:
      'The participants of the curriculum elements linked to the course become participants of the block (elements no longer linked stop being); false when nothing changed (REST: 304).',
  })
  @Managed(managedLectureBlock, 'groups')
  addLectureBlockCurriculumParticipants(@Ctx() ctx: RequestContext, @Args() { lectureBlockKey, ...course }: LectureBlockArgs): Promise<boolean> {
    return lectures.addCurriculumParticipants(ctx, course, lectureBlockKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: 'No curriculum element gives the block participants any more; false when none did (REST: 304).' })
  @Managed(managedLectureBlock, 'groups')
  removeLectureBlockCurriculumParticipants(@Ctx() ctx: RequestContext, @Args() { lectureBlockKey, ...course }: LectureBlockArgs): Promise<boolean> {
    return lectures.removeCurriculumParticipants(ctx, course, lectureBlockKey);
  }

  @GuardedQuery(() => [TaxonomyLevelVO], SIGNED_IN, { description: `The taxonomy levels of the block. ${MANAGERS}` })
  lectureBlockTaxonomyLevels(@Ctx() ctx: RequestContext, @Args() { lectureBlockKey, ...course }: LectureBlockArgs): Promise<TaxonomyLevelVO[]> {
    return lectures.listLevels(ctx, course, lectureBlockKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: 'true: now tagged; false: already (REST answers 304). 404 unknown level.' })
  @Managed(managedLectureBlock, 'settings')
  addLectureBlockTaxonomyLevel(@Ctx() ctx: RequestContext, @Args() { lectureBlockKey, taxonomyLevelKey, ...course }: LectureBlockLevelArgs): Promise<boolean> {
    return lectures.addLevel(ctx, course, lectureBlockKey, taxonomyLevelKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, {
    description: 'Remove a level from the block (true also when it was not there or the level is unknown, as OpenOLAT).',
  })
  @Managed(managedLectureBlock, 'settings')
  removeLectureBlockTaxonomyLevel(
    @Ctx() ctx: RequestContext,
    @Args() { lectureBlockKey, taxonomyLevelKey, ...course }: LectureBlockLevelArgs,
  ): Promise<boolean> {
    return lectures.removeLevel(ctx, course, lectureBlockKey, taxonomyLevelKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: `Bring the calendar events of every block of the course up to date. ${MANAGERS}` })
  syncLectureCalendars(@Ctx() ctx: RequestContext, @Args() course: CourseAddressArgs): Promise<boolean> {
    return lectures.syncCourseCalendars(ctx, course);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: `Bring the calendar events of the block up to date. ${MANAGERS}` })
  syncLectureBlockCalendars(@Ctx() ctx: RequestContext, @Args() { lectureBlockKey, ...course }: LectureBlockArgs): Promise<boolean> {
    return lectures.syncBlockCalendars(ctx, course, lectureBlockKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, {
    description:
      'Blocks of this course that still take their participants from the origin course (moved here from it) take them from this course; false when none did (REST: 304). 404 unknown origin.',
  })
  healMovedLectureBlocks(@Ctx() ctx: RequestContext, @Args() course: CourseAddressArgs, @KeyArg('originEntryKey') originEntryKey: number): Promise<boolean> {
    return lectures.healMoved(ctx, course, originEntryKey);
  }

  @GuardedMutation(() => RollCallAdaptationVO, SIGNED_IN, {
    description:
      'Adapt the attendance of the roll calls of the course’s blocks to their planned lectures (OpenOLAT: of every block of the system). Administrators of the course’s organisations only.',
  })
  adaptLectureRollCalls(@Ctx() ctx: RequestContext, @Args() course: CourseAddressArgs): Promise<RollCallAdaptationVO> {
    return lectures.adaptRollCalls(ctx, course);
  }

  @GuardedQuery(() => [LectureBlockVO], auth(...LECTURE_LIST_ROLES), {
    description:
      'Lecture blocks overlapping the day of date (ISO date or date-time, UTC day), or all blocks without date. Administrators see those of every course, lecture managers those of courses in organisations where they hold lecturemanager.',
  })
  lectureBlocksOfDay(@Ctx() ctx: RequestContext, @Arg('date', () => String, { nullable: true }) date: string | null): Promise<LectureBlockVO[]> {
    return lectures.blocksOfDay(ctx, date);
  }

  @GuardedQuery(() => [LectureBlockVO], SIGNED_IN, { description: 'The lecture blocks planned for the curriculum element (curriculum managers).' })
  curriculumElementLectureBlocks(@Ctx() ctx: RequestContext, @Args() { curriculumKey, elementKey }: CurriculumElementArgs): Promise<LectureBlockVO[]> {
    return elementBlocks.listElementBlocks(ctx, curriculumKey, elementKey);
  }

  @GuardedMutation(() => LectureBlockVO, SIGNED_IN, {
    description:
      'Create a block for the element in the course repoEntryKey names, or its only course (409: no course, several, not linked, lectures not enabled); a key updates that block of the element.',
  })
  @Managed(managedLectureBlock, null)
  saveCurriculumElementLectureBlock(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey }: CurriculumElementArgs,
    @Arg('lectureBlock', () => LectureBlockVOInput) lectureBlock: LectureBlockVOInput,
  ): Promise<LectureBlockVO> {
    return elementBlocks.saveElementBlock(ctx, curriculumKey, elementKey, lectureBlock);
  }

  @GuardedQuery(() => LectureBlockVO, SIGNED_IN, { description: 'A block of the element (404 when of another element).' })
  curriculumElementLectureBlock(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey, lectureBlockKey }: CurriculumElementLectureBlockArgs,
  ): Promise<LectureBlockVO> {
    return elementBlocks.getElementBlock(ctx, curriculumKey, elementKey, lectureBlockKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: 'Delete a block of the element.' })
  @Managed(managedLectureBlock, 'delete')
  deleteCurriculumElementLectureBlock(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey, lectureBlockKey }: CurriculumElementLectureBlockArgs,
  ): Promise<boolean> {
    return elementBlocks.deleteElementBlock(ctx, curriculumKey, elementKey, lectureBlockKey);
  }
}

/**
 * The teachers and levels of blocks (GraphQL only): each read for all blocks of an answer at once.
 * Every operation that answers a block has checked that the caller manages it.
 */
@Resolver(() => LectureBlockVO)
export class LectureBlockEdgesResolver {
  @Edge(() => [UserVO], { description: 'As GET …/lectureblocks/{lectureBlockKey}/teachers (GraphQL only).' })
  teachers(@Ctx() ctx: RequestContext, @Root() block: LectureBlockVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return lectures.teachersOfBlock(ctx, block.key, page);
  }

  @Edge(() => [LectureBlockRollCallVO], {
    nullable: true,
    description:
      'A page of the roll calls, by person: for those who manage the roll calls of the course, as GET /repo/lectures/rollcalls/{rollCallKey}; null with an error otherwise (GraphQL only).',
  })
  rollCalls(@Ctx() ctx: RequestContext, @Root() block: LectureBlockVO, @Args() page: EdgePageArgs): Promise<LectureBlockRollCallVO[]> {
    return rollCalls.rollCallsOfBlock(ctx, block.key, page);
  }

  @Edge(() => CourseVO, {
    nullable: true,
    description: 'The course, as GET /repo/courses/{courseId}: for whoever sees it; null with an error otherwise (GraphQL only).',
  })
  course(@Ctx() ctx: RequestContext, @Root() block: LectureBlockVO): Promise<CourseVO | null> {
    return courses.courseOfEntry(ctx, block.repoEntryKey);
  }

  @Edge(() => CurriculumElementVO, {
    nullable: true,
    description: 'The curriculum element the block belongs to, if any: for the managers of its curriculum; null with an error otherwise (GraphQL only).',
  })
  curriculumElement(@Ctx() ctx: RequestContext, @Root() block: LectureBlockVO): Promise<CurriculumElementVO | null> {
    return block.curriculumElementKey == null ? Promise.resolve(null) : curricula.elementOfKey(ctx, block.curriculumElementKey);
  }

  @Edge(() => [TaxonomyLevelVO], { description: 'As GET …/lectureblocks/{lectureBlockKey}/taxonomy/levels (GraphQL only).' })
  taxonomyLevels(@Ctx() ctx: RequestContext, @Root() block: LectureBlockVO, @Args() page: EdgePageArgs): Promise<TaxonomyLevelVO[]> {
    return lectures.levelsOfBlock(ctx, block.key, page);
  }
}

export const lectureResolvers = [LectureResolver, LectureBlockEdgesResolver] as const;
