import { Extensions, Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeScalar, LongScalar } from './scalars';

/**
 * OpenOLAT's LectureBlockRollCallVO (catalogue 3.6): the roll call of one participant of a lecture
 * block. The attendance numbers are absent (null) when 0, as OpenOLAT writes them.
 */
@ObjectType('LectureBlockRollCallVO')
export class LectureBlockRollCallVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => Int, { nullable: true, description: 'Lectures attended; absent when 0. Read-only.' })
  lecturesAttendedNumber!: number | null;

  @Field(() => Int, { nullable: true, description: 'Lectures missed; absent when 0. Read-only.' })
  lecturesAbsentNumber!: number | null;

  @Field(() => String, { nullable: true })
  comment!: string | null;

  @Field(() => String, { nullable: true })
  absenceReason!: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Read-only.' })
  absenceAuthorized!: boolean | null;

  @Field(() => DateTimeScalar, { nullable: true })
  absenceSupervisorNotificationDate!: Date | null;

  @Field(() => LongScalar, { description: 'Read-only.' })
  identityKey!: number;

  @Field(() => String, { nullable: true, description: "The person's external id. Read-only." })
  identityExternalId!: string | null;

  @Field(() => LongScalar, { description: 'Read-only.' })
  lectureBlockKey!: number;
}

/** The fields of a roll call OpenOLAT's VO carries that no client may change: a REST body may hold them, and they are dropped (src/rest/router.ts). */
export const READ_ONLY_ROLL_CALL_FIELDS = [
  'lecturesAttendedNumber',
  'lecturesAbsentNumber',
  'absenceAuthorized',
  'identityKey',
  'identityExternalId',
  'lectureBlockKey',
];

@InputType('LectureBlockRollCallVOInput', {
  description:
    'What may change in a roll call: nothing of the attendance (the source document: roll calls can be read, not executed). ' +
    'absenceSupervisorNotificationDate is always written (absent or null clears it); comment and absenceReason only when not null. ' +
    'On REST the body is a whole LectureBlockRollCallVO: its other fields (attendance numbers, absenceAuthorized, identity, block) are ignored, as OpenOLAT does.',
})
@Extensions({ ignoredOnWire: READ_ONLY_ROLL_CALL_FIELDS })
export class LectureBlockRollCallVOInput {
  @Field(() => LongScalar, { nullable: true, description: 'The roll call to change (400 without).' })
  key?: number | null;

  @Field(() => String, { nullable: true })
  comment?: string | null;

  @Field(() => String, { nullable: true })
  absenceReason?: string | null;

  @Field(() => DateTimeScalar, { nullable: true })
  absenceSupervisorNotificationDate?: Date | null;
}

/**
 * OpenOLAT's LectureBlockStatisticsVO: one participant's attendance over the lecture blocks of the
 * courses of a curriculum. Its XML root is `lectureBlockRollCallVO`, as OpenOLAT's (a copy/paste
 * slip there, kept for wire compatibility); a list is wrapped in `lectureBlockRollCallVOs`.
 */
@ObjectType('LectureBlockStatisticsVO')
@Extensions({ xmlRoot: 'lectureBlockRollCallVO' })
export class LectureBlockStatisticsVO {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => LongScalar)
  totalLectureBlocks!: number;

  @Field(() => LongScalar)
  totalEffectiveLectures!: number;

  @Field(() => LongScalar)
  totalPersonalPlannedLectures!: number;

  @Field(() => LongScalar)
  totalAttendedLectures!: number;

  @Field(() => LongScalar)
  totalAbsentLectures!: number;

  @Field(() => LongScalar)
  totalAuthorizedAbsentLectures!: number;

  @Field(() => LongScalar, { description: 'Always 0: this gateway keeps no absence notices (dispensations).' })
  totalDispensationLectures!: number;

  @Field(() => Float, { description: 'attended / (attended + absent + authorized absent); 0 when nothing was counted.' })
  attendanceRate!: number;
}
