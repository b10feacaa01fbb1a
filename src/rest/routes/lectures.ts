import { DELETE, GET, POST, PUT, type FamilyRoutes, type RestRoute } from '../route';

const NOT_401 = 'OpenOLAT answers 401 to callers without the right; this gateway 403.';

/** The routes of one mount of the lecture blocks of a course: /repo/entries/{entry} or /repo/courses/{courseId}. */
function lectureBlocks(mount: string, saveField: string): RestRoute[] {
  const BLOCKS = `${mount}/lectureblocks`;
  const BLOCK = `${BLOCKS}/:lectureBlockKey`;
  return [
    GET(
      `${BLOCKS}/configuration`,
      'Query.lectureConfiguration',
      `The lecture configuration of the course (all fields null without one; JSON by default). ${NOT_401}`,
      {
        defaultFormat: 'json',
      },
    ),
    POST(
      `${BLOCKS}/configuration`,
      'Mutation.updateLectureConfiguration',
      `Write the fields given (not null) of the lecture configuration, creating it when missing; the course's lecture calendar events follow. ${NOT_401}`,
      { bodyArg: 'lectureConfiguration', formBody: true, defaultFormat: 'json' },
    ),
    GET(BLOCKS, 'Query.lectureBlocks', `The lecture blocks of the course (JSON by default). ${NOT_401}`, { defaultFormat: 'json' }),
    PUT(
      BLOCKS,
      saveField,
      `Create a block (no key) or update a block of the course (key). Unlike OpenOLAT, creating a block while lectures are not enabled for the course answers 409 (enable them with POST …/lectureblocks/configuration lectureEnabled=true; updates are allowed), and an unknown key or a block of another course 404. rollCallStatus autoclosed closes the roll call (every participant without attendance attended all planned lectures; autoClosedDate is set). The block's calendar events follow. ${NOT_401}`,
      { bodyArg: 'lectureBlock' },
    ),
    POST(BLOCKS, saveField, `As PUT …/lectureblocks, also as a form (JSON by default). ${NOT_401}`, {
      bodyArg: 'lectureBlock',
      formBody: true,
      defaultFormat: 'json',
    }),
    POST(
      `${BLOCKS}/healmoved/:originEntryKey`,
      'Mutation.healMovedLectureBlocks',
      `Blocks of this course that still take their participants from the origin course (moved here from it) take them from this course; 304 when none did, 404 unknown origin. OpenOLAT also moves audit logs and participant summaries, which this gateway does not keep. ${NOT_401}`,
      { notModifiedWhenFalse: true },
    ),
    POST(`${BLOCKS}/sync/calendar`, 'Mutation.syncLectureCalendars', `Bring the calendar events of every block of the course up to date. ${NOT_401}`),
    GET(
      `${BLOCKS}/adaptation`,
      'Mutation.adaptLectureRollCalls',
      'Adapt the attendance of the roll calls of this course’s blocks to their planned lectures (absences capped, the rest attended). OpenOLAT adapts every block of the system and answers an empty body; here only the course’s blocks, answered with a RollCallAdaptationVO (how many roll calls changed), as every GET here answers a representation. Administrators of the course’s organisations only.',
    ),
    GET(BLOCK, 'Query.lectureBlock', `A block of the course (404 when of another course). ${NOT_401}`),
    DELETE(BLOCK, 'Mutation.deleteLectureBlock', `Delete the block with its teachers, participants, roll calls and calendar events. ${NOT_401}`),
    POST(
      `${BLOCK}/entry/:repoEntryKey`,
      'Mutation.moveLectureBlock',
      `Move the block to another course (404 unknown; 403 unless the caller manages that course too); the calendars of both follow. ${NOT_401}`,
    ),
    GET(`${BLOCK}/teachers`, 'Query.lectureBlockTeachers', `The teachers of the block. ${NOT_401}`),
    PUT(
      `${BLOCK}/teachers/:identityKey`,
      'Mutation.addLectureBlockTeacher',
      `Make the user a teacher (200 also when already one, as OpenOLAT); 404 unknown user. ${NOT_401}`,
    ),
    DELETE(
      `${BLOCK}/teachers/:identityKey`,
      'Mutation.removeLectureBlockTeacher',
      `Remove a teacher (200 also when the user was none, as OpenOLAT; 404 unknown user). ${NOT_401}`,
    ),
    PUT(
      `${BLOCK}/participants/repositoryentry`,
      'Mutation.addLectureBlockCourseParticipants',
      `The participants of the course become participants of the block; each without a roll call gets one without attendance. ${NOT_401}`,
    ),
    DELETE(
      `${BLOCK}/participants/repositoryentry`,
      'Mutation.removeLectureBlockCourseParticipants',
      `The participants of the course stop being participants of the block (their roll calls stay). ${NOT_401}`,
    ),
    PUT(
      `${BLOCK}/participants/curriculum`,
      'Mutation.addLectureBlockCurriculumParticipants',
      `The participants of the curriculum elements linked to the course (not deleted) become participants of the block, elements no longer linked stop being; new participants get a roll call without attendance. 304 when nothing changed (OpenOLAT answers 200 with the status NOT_MODIFIED as body). ${NOT_401}`,
      { notModifiedWhenFalse: true },
    ),
    DELETE(
      `${BLOCK}/participants/curriculum`,
      'Mutation.removeLectureBlockCurriculumParticipants',
      `No curriculum element gives the block participants any more; 304 when none did (OpenOLAT answers 200 with a status body). ${NOT_401}`,
      { notModifiedWhenFalse: true },
    ),
    GET(`${BLOCK}/taxonomy/levels`, 'Query.lectureBlockTaxonomyLevels', `The taxonomy levels of the block. ${NOT_401}`),
    PUT(
      `${BLOCK}/taxonomy/levels/:taxonomyLevelKey`,
      'Mutation.addLectureBlockTaxonomyLevel',
      `Tag the block with a level (304 when already tagged). Unlike OpenOLAT (200 with the body NOT_FOUND), an unknown level is 404. ${NOT_401}`,
      { notModifiedWhenFalse: true },
    ),
    DELETE(
      `${BLOCK}/taxonomy/levels/:taxonomyLevelKey`,
      'Mutation.removeLectureBlockTaxonomyLevel',
      `Remove a level from the block (200 also when it was not there or the level is unknown, as OpenOLAT). ${NOT_401}`,
    ),
    POST(`${BLOCK}/sync/calendar`, 'Mutation.syncLectureBlockCalendars', `Bring the calendar events of the block up to date. ${NOT_401}`),
  ];
}

const ELEMENT_BLOCKS = '/curriculum/:curriculumKey/elements/:elementKey/lectureblocks';
const ELEMENT_SAVE =
  'Create a block for the element (a key updates that block of the element): in the course repoEntryKey names (409 when no course linked to the element, unknown ones too, as OpenOLAT), else the only course of the element. 409 when the element has no course (a block belongs to a course here) or several, and while lectures are not enabled for the course';

/** Lecture blocks of courses and curriculum elements, and the blocks of a day (catalogue 2.7). */
export const lectures: FamilyRoutes = {
  routes: [
    ...lectureBlocks('/repo/entries/:entry', 'Mutation.saveLectureBlock'),
    // PUT and POST of both mounts: one field per mount, so that each route has its own operationId.
    ...lectureBlocks('/repo/courses/:courseKey', 'Mutation.saveCourseLectureBlock'),
    GET(
      '/repo/lectures',
      'Query.lectureBlocksOfDay',
      "Lecture blocks overlapping the day of the query parameter date (ISO date or date-time; the UTC day), or every block without it (JSON by default). Administrators see those of every course, lecture managers those of courses in organisations where they hold lecturemanager (OpenOLAT narrows the list to the caller's courses by membership); OpenOLAT answers 401 to others, here 403.",
      { defaultFormat: 'json' },
    ),
    GET(ELEMENT_BLOCKS, 'Query.curriculumElementLectureBlocks', 'The lecture blocks planned for the element (curriculum managers; else 403; JSON by default)', {
      defaultFormat: 'json',
    }),
    PUT(ELEMENT_BLOCKS, 'Mutation.saveCurriculumElementLectureBlock', ELEMENT_SAVE, { bodyArg: 'lectureBlock' }),
    POST(ELEMENT_BLOCKS, 'Mutation.saveCurriculumElementLectureBlock', `${ELEMENT_SAVE}; also as a form (JSON by default)`, {
      bodyArg: 'lectureBlock',
      formBody: true,
      defaultFormat: 'json',
    }),
    GET(`${ELEMENT_BLOCKS}/:lectureBlockKey`, 'Query.curriculumElementLectureBlock', 'A block of the element (404 when of another element)'),
    DELETE(`${ELEMENT_BLOCKS}/:lectureBlockKey`, 'Mutation.deleteCurriculumElementLectureBlock', 'Delete a block of the element'),
  ],
};
