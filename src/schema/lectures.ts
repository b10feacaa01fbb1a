import { bool, dateTime, float, int, long, objectType, text, wireType } from './wire-shape';

/** OpenOLAT's RepositoryEntryLectureConfigurationVO (catalogue 3.6): a course without a configuration answers every field null. */
export const [RepositoryEntryLectureConfigurationVO, RepositoryEntryLectureConfigurationVOInput] = wireType(
  { name: 'RepositoryEntryLectureConfigurationVO', inputDescription: 'Only the fields given (not null) are written.' },
  {
    lectureEnabled: bool.nullable,
    overrideModuleDefault: bool.nullable,
    rollCallEnabled: bool.nullable,
    calculateAttendanceRate: bool.nullable,
    requiredAttendanceRate: float.nullable,
    teacherCalendarSyncEnabled: bool.nullable,
    courseCalendarSyncEnabled: bool.nullable,
  },
);
export type RepositoryEntryLectureConfigurationVO = InstanceType<typeof RepositoryEntryLectureConfigurationVO>;
export type RepositoryEntryLectureConfigurationVOInput = InstanceType<typeof RepositoryEntryLectureConfigurationVOInput>;

/** OpenOLAT's LectureBlockVO (catalogue 3.6); its XML root is `lectureBlocksVO` (sic, plural). */
export const [LectureBlockVO, LectureBlockVOInput] = wireType(
  {
    name: 'LectureBlockVO',
    extensions: { xmlRoot: 'lectureBlocksVO' },
    inputDescription:
      'A LectureBlockVO as a client sends it: no key (or 0) creates, a key updates. plannedLectures is always written (0 when absent); the other fields only when not null. status and rollCallStatus are ignored but for rollCallStatus autoclosed, which closes the roll call.',
  },
  {
    key: long,
    externalId: text.nullable.managed('any'),
    externalRef: text.nullable.managed('externalRef'),
    managedFlagsString: text.nullable.describe('Comma-separated managed flags (catalogue 4.7), as the managing system wrote them.').managed('any'),
    title: text.nullable.managed('title'),
    description: text.nullable.managed('description'),
    preparation: text.nullable.managed('preparation'),
    location: text.nullable.managed('location'),
    comment: text.nullable,
    startDate: dateTime.nullable.managed('dates'),
    endDate: dateTime.nullable.managed('dates'),
    compulsory: bool.managed('compulsory'),
    plannedLectures: int.describeInput('Always written: absent or null is 0, as in OpenOLAT.').managed('plannedLectures'),
    status: text.describe('active, partiallydone, done or cancelled (catalogue 5.6)').describeInput('Ignored.'),
    rollCallStatus: text.describe('open, closed, reopen or autoclosed (catalogue 5.6)').describeInput('Ignored but for autoclosed.').managed('settings'),
    meetingTitle: text.nullable.managed('onlineMeeting'),
    meetingUrl: text.nullable.managed('onlineMeeting'),
    recordingUrl: text.nullable.managed('onlineMeeting'),
    bigBlueButtonMeetingKey: long.nullable
      .describe('Read-only; this gateway has no BigBlueButton meetings: always null.')
      .describeInput('Ignored (read-only).'),
    repoEntryKey: long.describeInput('Blocks of a curriculum element: the course of a new block. Ignored elsewhere.'),
    curriculumElementKey: long.nullable.describeInput('Ignored (the path names the element).'),
  },
);
export type LectureBlockVO = InstanceType<typeof LectureBlockVO>;
export type LectureBlockVOInput = InstanceType<typeof LectureBlockVOInput>;

/**
 * The answer of GET …/lectureblocks/adaptation. OpenOLAT answers 200 with an empty body; every GET
 * of this gateway answers a documented representation, so it says what was adapted.
 */
export const RollCallAdaptationVO = objectType(
  { name: 'RollCallAdaptationVO' },
  {
    repoEntryKey: long.describe('The course whose blocks were adapted.'),
    adaptedRollCalls: int.describe('How many roll calls changed.'),
  },
);
export type RollCallAdaptationVO = InstanceType<typeof RollCallAdaptationVO>;
