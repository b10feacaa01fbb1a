import { Directive, Extensions, Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { managed } from './directives';
import { DateTimeScalar, LongScalar } from './scalars';

/** OpenOLAT's RepositoryEntryLectureConfigurationVO (catalogue 3.6): a course without a configuration answers every field null. */
@ObjectType('RepositoryEntryLectureConfigurationVO')
export class RepositoryEntryLectureConfigurationVO {
  @Field(() => Boolean, { nullable: true })
  lectureEnabled!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  overrideModuleDefault!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  rollCallEnabled!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  calculateAttendanceRate!: boolean | null;

  @Field(() => Float, { nullable: true })
  requiredAttendanceRate!: number | null;

  @Field(() => Boolean, { nullable: true })
  teacherCalendarSyncEnabled!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  courseCalendarSyncEnabled!: boolean | null;
}

@InputType('RepositoryEntryLectureConfigurationVOInput', { description: 'Only the fields given (not null) are written.' })
export class RepositoryEntryLectureConfigurationVOInput {
  @Field(() => Boolean, { nullable: true })
  lectureEnabled?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  overrideModuleDefault?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  rollCallEnabled?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  calculateAttendanceRate?: boolean | null;

  @Field(() => Float, { nullable: true })
  requiredAttendanceRate?: number | null;

  @Field(() => Boolean, { nullable: true })
  teacherCalendarSyncEnabled?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  courseCalendarSyncEnabled?: boolean | null;
}

/** OpenOLAT's LectureBlockVO (catalogue 3.6); its XML root is `lectureBlocksVO` (sic, plural). */
@ObjectType('LectureBlockVO')
@Extensions({ xmlRoot: 'lectureBlocksVO' })
export class LectureBlockVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true })
  externalRef!: string | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated managed flags (catalogue 4.7), as the managing system wrote them.' })
  managedFlagsString!: string | null;

  @Field(() => String, { nullable: true })
  title!: string | null;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  preparation!: string | null;

  @Field(() => String, { nullable: true })
  location!: string | null;

  @Field(() => String, { nullable: true })
  comment!: string | null;

  @Field(() => DateTimeScalar, { nullable: true })
  startDate!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  endDate!: Date | null;

  @Field(() => Boolean)
  compulsory!: boolean;

  @Field(() => Int)
  plannedLectures!: number;

  @Field(() => String, { description: 'active, partiallydone, done or cancelled (catalogue 5.6)' })
  status!: string;

  @Field(() => String, { description: 'open, closed, reopen or autoclosed (catalogue 5.6)' })
  rollCallStatus!: string;

  @Field(() => String, { nullable: true })
  meetingTitle!: string | null;

  @Field(() => String, { nullable: true })
  meetingUrl!: string | null;

  @Field(() => String, { nullable: true })
  recordingUrl!: string | null;

  @Field(() => LongScalar, { nullable: true, description: 'Read-only; this gateway has no BigBlueButton meetings: always null.' })
  bigBlueButtonMeetingKey!: number | null;

  @Field(() => LongScalar)
  repoEntryKey!: number;

  @Field(() => LongScalar, { nullable: true })
  curriculumElementKey!: number | null;
}

@InputType('LectureBlockVOInput', {
  description:
    'A LectureBlockVO as a client sends it: no key (or 0) creates, a key updates. plannedLectures is always written (0 when absent); the other fields only when not null. status and rollCallStatus are ignored but for rollCallStatus autoclosed, which closes the roll call.',
})
export class LectureBlockVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'externalRef'))
  externalRef?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  managedFlagsString?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'title'))
  title?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  description?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'preparation'))
  preparation?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'location'))
  location?: string | null;

  @Field(() => String, { nullable: true })
  comment?: string | null;

  @Field(() => DateTimeScalar, { nullable: true })
  @Directive(managed(null, 'dates'))
  startDate?: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  @Directive(managed(null, 'dates'))
  endDate?: Date | null;

  @Field(() => Boolean, { nullable: true })
  @Directive(managed(null, 'compulsory'))
  compulsory?: boolean | null;

  @Field(() => Int, { nullable: true, description: 'Always written: absent or null is 0, as in OpenOLAT.' })
  @Directive(managed(null, 'plannedLectures'))
  plannedLectures?: number | null;

  @Field(() => String, { nullable: true, description: 'Ignored.' })
  status?: string | null;

  @Field(() => String, { nullable: true, description: 'Ignored but for autoclosed.' })
  @Directive(managed(null, 'settings'))
  rollCallStatus?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'onlineMeeting'))
  meetingTitle?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'onlineMeeting'))
  meetingUrl?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'onlineMeeting'))
  recordingUrl?: string | null;

  @Field(() => LongScalar, { nullable: true, description: 'Ignored (read-only).' })
  bigBlueButtonMeetingKey?: number | null;

  @Field(() => LongScalar, { nullable: true, description: 'Blocks of a curriculum element: the course of a new block. Ignored elsewhere.' })
  repoEntryKey?: number | null;

  @Field(() => LongScalar, { nullable: true, description: 'Ignored (the path names the element).' })
  curriculumElementKey?: number | null;
}

/**
 * The answer of GET …/lectureblocks/adaptation. OpenOLAT answers 200 with an empty body; every GET
 * of this gateway answers a documented representation, so it says what was adapted.
 */
@ObjectType('RollCallAdaptationVO')
export class RollCallAdaptationVO {
  @Field(() => LongScalar, { description: 'The course whose blocks were adapted.' })
  repoEntryKey!: number;

  @Field(() => Int, { description: 'How many roll calls changed.' })
  adaptedRollCalls!: number;
}
