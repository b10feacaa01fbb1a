import { bool, dateTime, float, int, long, objectType, text, wireType } from './wire-shape';

/** The fields of a roll call OpenOLAT's VO carries that no client may change: a REST body may hold them, and they are dropped (src/rest/router.ts). */
export const READ_ONLY_ROLL_CALL_FIELDS = [
  'lecturesAttendedNumber',
  'lecturesAbsentNumber',
  'absenceAuthorized',
  'identityKey',
  'identityExternalId',
  'lectureBlockKey',
];

/**
 * OpenOLAT's LectureBlockRollCallVO (catalogue 3.6): the roll call of one participant of a lecture
 * block. The attendance numbers are absent (null) when 0, as OpenOLAT writes them.
 */
export const [LectureBlockRollCallVO, LectureBlockRollCallVOInput] = wireType(
  {
    name: 'LectureBlockRollCallVO',
    inputDescription:
      'What may change in a roll call: nothing of the attendance (the source document: roll calls can be read, not executed). ' +
      'absenceSupervisorNotificationDate is always written (absent or null clears it); comment and absenceReason only when not null. ' +
      'On REST the body is a whole LectureBlockRollCallVO: its other fields (attendance numbers, absenceAuthorized, identity, block) are ignored, as OpenOLAT does.',
    inputExtensions: { ignoredOnWire: READ_ONLY_ROLL_CALL_FIELDS },
  },
  {
    key: long.describeInput('The roll call to change (400 without).'),
    lecturesAttendedNumber: int.nullable.describe('Lectures attended; absent when 0. Read-only.').outputOnly,
    lecturesAbsentNumber: int.nullable.describe('Lectures missed; absent when 0. Read-only.').outputOnly,
    comment: text.nullable,
    absenceReason: text.nullable,
    absenceAuthorized: bool.nullable.describe('Read-only.').outputOnly,
    absenceSupervisorNotificationDate: dateTime.nullable,
    identityKey: long.describe('Read-only.').outputOnly,
    identityExternalId: text.nullable.describe("The person's external id. Read-only.").outputOnly,
    lectureBlockKey: long.describe('Read-only.').outputOnly,
  },
);
export type LectureBlockRollCallVO = InstanceType<typeof LectureBlockRollCallVO>;
export type LectureBlockRollCallVOInput = InstanceType<typeof LectureBlockRollCallVOInput>;

/**
 * OpenOLAT's LectureBlockStatisticsVO: one participant's attendance over the lecture blocks of the
 * courses of a curriculum. Its XML root is `lectureBlockRollCallVO`, as OpenOLAT's (a copy/paste
 * slip there, kept for wire compatibility); a list is wrapped in `lectureBlockRollCallVOs`.
 */
export const LectureBlockStatisticsVO = objectType(
  { name: 'LectureBlockStatisticsVO', extensions: { xmlRoot: 'lectureBlockRollCallVO' } },
  {
    identityKey: long,
    totalLectureBlocks: long,
    totalEffectiveLectures: long,
    totalPersonalPlannedLectures: long,
    totalAttendedLectures: long,
    totalAbsentLectures: long,
    totalAuthorizedAbsentLectures: long,
    totalDispensationLectures: long.describe('Always 0: this gateway keeps no absence notices (dispensations).'),
    attendanceRate: float.describe('attended / (attended + absent + authorized absent); 0 when nothing was counted.'),
  },
);
export type LectureBlockStatisticsVO = InstanceType<typeof LectureBlockStatisticsVO>;
