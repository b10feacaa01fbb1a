import { GET, PUT_OR_POST, type FamilyRoutes } from '../route';

const DIFFERS = 'OpenOLAT answers 401 where this gateway answers 403.';

/** Roll calls of lecture blocks (catalogue 2.7) and the lecture statistics of a curriculum (2.6). */
export const rollCalls: FamilyRoutes = {
  routes: [
    GET(
      '/repo/lectures/rollcalls',
      'Query.lectureRollCalls',
      `Roll calls; filters closed, hasAbsence, hasSupervisorNotificationDate, lectureBlockKey. Administrators see all of them (as OpenOLAT); a lecture manager only those of courses in organisations where they hold lecturemanager (OpenOLAT does not narrow the list). ${DIFFERS}`,
      { defaultFormat: 'json' },
    ),
    GET(
      '/repo/lectures/rollcalls/:rollCallKey',
      'Query.lectureRollCall',
      `A roll call, for a manager of its block's course (administrator, learnresourcemanager or lecturemanager of its organisations, or owner; OpenOLAT also requires the administrator or lecturemanager role here). ${DIFFERS}`,
    ),
    ...PUT_OR_POST(
      '/repo/lectures/rollcalls',
      'Mutation.updateLectureRollCall',
      `Change a roll call (body key required, 400 without): the supervisor notification date always (absent clears it), absenceReason and comment when given; attendance, authorisation, person and block in the body are ignored (roll calls cannot be executed). ${DIFFERS}`,
      { bodyArg: 'rollCall' },
    ),
    GET(
      '/curriculum/:curriculumKey/lectures',
      'Query.curriculumLectureStatistics',
      "Attendance statistics of every participant over the lecture blocks of the curriculum's courses (XML: <lectureBlockRollCallVOs> of <lectureBlockRollCallVO>, OpenOLAT's root name for LectureBlockStatisticsVO); dispensations are always 0 (no absence notices)",
    ),
    GET(
      '/curriculum/:curriculumKey/lectures/:identityKey',
      'Query.curriculumParticipantLectureStatistics',
      'Attendance statistics of one participant (404 when the person has no roll call in the curriculum)',
    ),
  ],
};
