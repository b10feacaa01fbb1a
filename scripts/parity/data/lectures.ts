import type { Deviation, ParityRow } from '../types';

const NOT_401: Deviation = {
  what: 'a signed-in caller without the right gets 403; OpenOLAT answers 401',
  why: '401 tells a client its credentials failed and makes it sign in again; here they are fine and the right is missing (403), one rule in every family',
};

const BAD_QUERY_VALUE = (values: string): Deviation => ({
  what: `an unparsable ${values} is refused with 400; OpenOLAT's JAX-RS answers 404 for a number it cannot convert (a Boolean reads as Java reads it on both sides: anything but "true" is false)`,
  why: 'one rule for every query parameter of the gateway (src/rest/input-errors.ts): the client learns which value is wrong instead of getting another result',
});

const LECTURE_BLOCK_BODY = [
  'body LectureBlockVO (JSON or XML; POST also a form): key (Long; >0 updates that block), externalId, title, description, preparation, location, comment, startDate, endDate, compulsory (Boolean), managedFlagsString (each only when not null), plannedLectures (int, always written: absent is 0), rollCallStatus ("autoclosed" closes the roll call)',
];

const CREATE_NEEDS_LECTURES: Deviation = {
  what: 'creating a block (no key) while lectures are not enabled for the course answers 409 naming POST …/lectureblocks/configuration lectureEnabled=true; OpenOLAT creates it',
  why: "OpenOLAT's user interface offers blocks only with lectures enabled and its calendar sync and roll calls ignore such a block; the 409 says how to enable them (updates stay allowed)",
};

const KEY_OF_OTHER_COURSE: Deviation = {
  what: "a key of an unknown block or of a block of another course answers 404; OpenOLAT fails with 500 on an unknown key and updates the other course's block, answering it with this course's repoEntryKey",
  why: "a manager of one course must not rewrite another course's blocks through it",
};

const EXTRA_BLOCK_FIELDS: Deviation = {
  what: "externalRef, meetingTitle, meetingUrl and recordingUrl of the body are stored; OpenOLAT's course mount (saveLectureBlock) ignores them",
  why: 'they are LectureBlockVO fields the answer carries; one rule for the course and curriculum-element mounts',
};

const AUTOCLOSED_DATE: Deviation = {
  what: 'rollCallStatus autoclosed sets autoClosedDate to now; OpenOLAT sets it only when the block already had one (an inverted null check), so a block closed through REST answers autoClosedDate null',
  why: 'the field says when the roll call was closed; the roll calls of the block are filled as OpenOLAT does',
};

const NO_RIGHT_CHECK: Deviation = {
  what: "only managers of the course's lectures may (403 for others); OpenOLAT's method checks no right at all, so any caller who reaches the course runs it",
  why: 'it writes (calendar events, participant sources): a write needs the right to manage the lectures, as every other route of the family',
};

const ROLL_CALLS_EARLY: Deviation = {
  what: 'each participant who has no roll call in the block gets one without attendance; OpenOLAT only syncs participant summaries and creates roll calls when the roll call is done or auto-closed',
  why: 'roll calls cannot be executed here (source rule 5): they exist from the start so that GET /repo/lectures/rollcalls lists them and their supervisor date, reason and comment can be written',
};

const NOT_MODIFIED_304 = (openolat: string): Deviation => ({
  what: `304 without a body when nothing changed; OpenOLAT answers 200 with ${openolat}`,
  why: 'OpenOLAT carries the outcome in a body no schema describes (the Status enum as entity); 304 carries it in the status line, where a client reads it without parsing, as healmoved and the taxonomy PUT already answer',
});

function mount(base: string, locator: string): ParityRow[] {
  const B = `${base}/lectureblocks`;
  return [
    {
      endpoint: `GET ${B}`,
      openolat: `LectureBlocksWebService.getLectureBlocks (via ${locator})`,
      reads: [],
      deviations: [NOT_401],
    },
    {
      endpoint: `PUT ${B}`,
      openolat: 'LectureBlocksWebService.putLectureBlocks',
      reads: LECTURE_BLOCK_BODY,
      deviations: [NOT_401, CREATE_NEEDS_LECTURES, KEY_OF_OTHER_COURSE, EXTRA_BLOCK_FIELDS, AUTOCLOSED_DATE],
    },
    {
      endpoint: `POST ${B}`,
      openolat: 'LectureBlocksWebService.postLectureBlocks',
      reads: LECTURE_BLOCK_BODY,
      deviations: [NOT_401, CREATE_NEEDS_LECTURES, KEY_OF_OTHER_COURSE, EXTRA_BLOCK_FIELDS, AUTOCLOSED_DATE],
    },
    {
      endpoint: `GET ${B}/configuration`,
      openolat: 'LectureBlocksWebService.getConfiguration',
      reads: [],
      deviations: [NOT_401],
    },
    {
      endpoint: `POST ${B}/configuration`,
      openolat: 'LectureBlocksWebService.updateConfiguration',
      reads: [
        'body RepositoryEntryLectureConfigurationVO (form, JSON or XML): lectureEnabled, calculateAttendanceRate, overrideModuleDefault, courseCalendarSyncEnabled, rollCallEnabled, teacherCalendarSyncEnabled (Boolean), requiredAttendanceRate (Double); each only when not null',
      ],
      deviations: [
        NOT_401,
        {
          what: 'a course without configuration gets one created; OpenOLAT calls the setters on what getRepositoryEntryLectureConfiguration returns, which its own GET treats as possibly null',
          why: 'the configuration GET answers for such a course (all fields null); a write creates it',
        },
      ],
    },
    {
      endpoint: `POST ${B}/healmoved/{}`,
      openolat: 'LectureBlocksWebService.healMoved',
      reads: [],
      deviations: [
        NO_RIGHT_CHECK,
        {
          what: 'only the participant source of the blocks is moved; OpenOLAT also moves audit logs and participant summaries',
          why: 'this gateway keeps neither lecture audit logs nor participant summaries',
        },
      ],
    },
    {
      endpoint: `POST ${B}/sync/calendar`,
      openolat: 'LectureBlocksWebService.syncCalendar',
      reads: [],
      deviations: [NO_RIGHT_CHECK],
    },
    {
      endpoint: `GET ${B}/adaptation`,
      openolat: 'LectureBlocksWebService.adapatation',
      reads: [],
      deviations: [
        {
          what: "adapts the roll calls of this course's blocks only and answers RollCallAdaptationVO (repoEntryKey, adaptedRollCalls); OpenOLAT adapts every block of the system and answers 200 without a body",
          why: "a route under one course acts on that course; the count tells the caller what changed (a GET that writes, as OpenOLAT's route is)",
        },
        {
          what: "administrators of the course's organisations only (403); OpenOLAT admits every manager of the course's lectures (learning resource manager, lecture manager, owner) and answers 401 to others",
          why: 'it rewrites recorded attendance, a maintenance operation ("use with caution" in OpenOLAT\'s own documentation)',
        },
      ],
    },
    {
      endpoint: `GET ${B}/{}`,
      openolat: 'LectureBlocksWebService.getLectureBlockWebService → LectureBlockWebService.getLectureBlock',
      reads: [],
      deviations: [NOT_401],
    },
    {
      endpoint: `DELETE ${B}/{}`,
      openolat: 'LectureBlockWebService.deleteLectureBlock',
      reads: [],
      deviations: [NOT_401],
    },
    {
      endpoint: `POST ${B}/{}/entry/{}`,
      openolat: 'LectureBlockWebService.moveLectureBlock',
      reads: [],
      deviations: [
        NOT_401,
        {
          what: '403 unless the caller also manages the lectures of the target course, 409 while lectures are not enabled there; OpenOLAT moves into any existing repository entry',
          why: "moving a block writes into the target course: the caller needs the right there, and the target must plan lectures as a new block's course must",
        },
      ],
    },
    {
      endpoint: `GET ${B}/{}/teachers`,
      openolat: 'LectureBlockWebService.getTeacher',
      reads: [],
      deviations: [NOT_401],
    },
    {
      endpoint: `PUT ${B}/{}/teachers/{}`,
      openolat: 'LectureBlockWebService.addTeacher',
      reads: [],
      deviations: [NOT_401],
    },
    {
      endpoint: `DELETE ${B}/{}/teachers/{}`,
      openolat: 'LectureBlockWebService.removeTeacher',
      reads: [],
      deviations: [NOT_401],
    },
    {
      endpoint: `PUT ${B}/{}/participants/repositoryentry`,
      openolat: 'LectureBlockWebService.addRepositoryEntryParticipantGroup',
      reads: [],
      deviations: [NOT_401, ROLL_CALLS_EARLY],
    },
    {
      endpoint: `DELETE ${B}/{}/participants/repositoryentry`,
      openolat: 'LectureBlockWebService.deleteRepositoryEntryParticipantGroup',
      reads: [],
      deviations: [NOT_401],
    },
    {
      endpoint: `PUT ${B}/{}/participants/curriculum`,
      openolat: 'LectureBlockWebService.syncCurriculumElementParticipantGroup',
      reads: [],
      deviations: [NOT_401, NOT_MODIFIED_304('the body NOT_MODIFIED (the Status enum as entity)'), ROLL_CALLS_EARLY],
    },
    {
      endpoint: `DELETE ${B}/{}/participants/curriculum`,
      openolat: 'LectureBlockWebService.deleteCurriculumElementParticipantGroup',
      reads: [],
      deviations: [NOT_401, NOT_MODIFIED_304('the body NOT_MODIFIED (the Status enum as entity)')],
    },
    {
      endpoint: `GET ${B}/{}/taxonomy/levels`,
      openolat: 'LectureBlockWebService.getTaxonomyLevels',
      reads: [],
      deviations: [NOT_401],
    },
    {
      endpoint: `PUT ${B}/{}/taxonomy/levels/{}`,
      openolat: 'LectureBlockWebService.putTaxonomyLevel',
      reads: [],
      deviations: [
        NOT_401,
        {
          what: 'an unknown level answers 404; OpenOLAT answers 200 with the body NOT_FOUND (the Status enum as entity)',
          why: 'a client checking the status must not take a refused tag for a success',
        },
      ],
    },
    {
      endpoint: `DELETE ${B}/{}/taxonomy/levels/{}`,
      openolat: 'LectureBlockWebService.deleteTaxonomyLevel',
      reads: [],
      deviations: [NOT_401],
    },
    {
      endpoint: `POST ${B}/{}/sync/calendar`,
      openolat: 'LectureBlockWebService.syncCalendar',
      reads: [],
      deviations: [NOT_401],
    },
  ];
}

const ELEMENT_BLOCK_BODY = [
  'body LectureBlockVO (PUT: JSON or XML; POST: also a form), written by LectureBlockVO.transferTo; key (>0 updates that block of the element, else 404), repoEntryKey (Long: the course of a new block), rollCallStatus ("autoclosed")',
];

const ELEMENT_WITHOUT_COURSE: Deviation = {
  what: 'a new block for an element without a linked course answers 409 (also while lectures are not enabled for the course); OpenOLAT creates a block without a course',
  why: 'a lecture block belongs to a course here (calendars, roll calls and rights hang on it); the 409 says to link a course first',
};

export const rows: ParityRow[] = [
  ...mount('/repo/entries/{}', 'RepositoryEntryWebService.getLectureBlocksWebService'),
  ...mount('/repo/courses/{}', 'CourseWebService.getLectureBlocksWebService'),
  {
    endpoint: 'GET /repo/lectures',
    openolat: 'LectureBlocksRootWebService.searchLectureBlocks',
    reads: [
      "query date (RestSecurityHelper.parseDate: yyyy-MM-dd'T'hh:mm:ss[.S] in the server's zone, else an English medium date or date-time such as Dec 1, 2026; unparsable: null, then an error)",
    ],
    deviations: [
      NOT_401,
      {
        what: 'date is an ISO-8601 date (that UTC day) or date-time (the UTC day it falls in), 400 when unparsable; OpenOLAT reads the forms above in its server zone and fails on others',
        why: 'ISO-8601 is how every date of this gateway is written; the day is the UTC day because the gateway keeps no server zone',
      },
      {
        what: 'the blocks that overlap the day; OpenOLAT answers those lying wholly within it (start at or after its beginning, end at or before its end)',
        why: 'a block crossing midnight is held on both days; asking for a day should not lose it',
      },
      {
        what: "administrators see the blocks of every course, a lecture manager those of courses in organisations where they hold lecturemanager; OpenOLAT narrows the list for everyone to courses where the caller holds administrator, learnresourcemanager, lecturemanager or owner in the course's own groups (in practice: the courses they own)",
        why: 'organisation roles are how this gateway scopes managers (as the roll-call list does); the membership test would leave a lecture manager without the blocks they plan',
      },
    ],
  },
  {
    endpoint: 'GET /repo/lectures/rollcalls',
    openolat: 'LectureBlockRollCallWebService.getRollCalls',
    reads: ['query closed (Boolean)', 'query hasAbsence (Boolean)', 'query hasSupervisorNotificationDate (Boolean)', 'query lectureBlockKey (Long)'],
    deviations: [
      NOT_401,
      {
        what: 'a lecture manager sees the roll calls of courses in organisations where they hold lecturemanager; OpenOLAT lists every roll call of the system to any lecture manager',
        why: 'roll calls hold absences of people of other organisations; a manager sees those of the organisations they manage, as learning resource managers are scoped',
      },
      BAD_QUERY_VALUE('lectureBlockKey'),
    ],
  },
  {
    endpoint: 'GET /repo/lectures/rollcalls/{}',
    openolat: 'LectureBlockRollCallWebService.getRollCall',
    reads: [],
    deviations: [
      NOT_401,
      {
        what: "an owner or learning resource manager of the block's course without the administrator or lecturemanager role may read the roll call; OpenOLAT first requires one of those two roles (401)",
        why: 'the same managers as PUT|POST …/rollcalls, which OpenOLAT itself admits through isManagerOf alone',
      },
    ],
  },
  {
    endpoint: 'PUT /repo/lectures/rollcalls',
    openolat: 'LectureBlockRollCallWebService.updateRollCallPut',
    reads: [
      'body LectureBlockRollCallVO (JSON or XML): key (Long; missing: 400), absenceSupervisorNotificationDate (always written: absent clears), absenceReason, comment (each when not null); the rest ignored',
    ],
    deviations: [NOT_401],
  },
  {
    endpoint: 'POST /repo/lectures/rollcalls',
    openolat: 'LectureBlockRollCallWebService.updateRollCall',
    reads: [
      'body LectureBlockRollCallVO (JSON or XML): key (Long; missing: 400), absenceSupervisorNotificationDate (always written: absent clears), absenceReason, comment (each when not null); the rest ignored',
    ],
    deviations: [NOT_401],
  },
  {
    endpoint: 'GET /curriculum/{}/elements/{}/lectureblocks',
    openolat: 'CurriculumElementLectureBlocksWebService.getLectureBlocks',
    reads: [],
    deviations: [],
  },
  {
    endpoint: 'PUT /curriculum/{}/elements/{}/lectureblocks',
    openolat: 'CurriculumElementLectureBlocksWebService.putLectureBlocks',
    reads: ELEMENT_BLOCK_BODY,
    deviations: [ELEMENT_WITHOUT_COURSE, AUTOCLOSED_DATE],
  },
  {
    endpoint: 'POST /curriculum/{}/elements/{}/lectureblocks',
    openolat: 'CurriculumElementLectureBlocksWebService.postLectureBlocks',
    reads: ELEMENT_BLOCK_BODY,
    deviations: [ELEMENT_WITHOUT_COURSE, AUTOCLOSED_DATE],
  },
  {
    endpoint: 'GET /curriculum/{}/elements/{}/lectureblocks/{}',
    openolat: 'CurriculumElementLectureBlocksWebService.getLectureBlockWebService → LectureBlockWebService.getLectureBlock',
    reads: [],
    deviations: [],
  },
  {
    endpoint: 'DELETE /curriculum/{}/elements/{}/lectureblocks/{}',
    openolat: 'CurriculumElementLectureBlocksWebService.getLectureBlockWebService → LectureBlockWebService.deleteLectureBlock',
    reads: [],
    deviations: [],
  },
];
