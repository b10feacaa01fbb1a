import type { Deviation, ParityRow } from '../types';

const STATEMENTS = 'EfficiencyStatementWebService';
const RESULTS = 'CourseAssessmentWebService';

const FORBIDDEN_NOT_UNAUTHORIZED: Deviation = {
  what: 'a caller who is no administrator of the person gets 403; OpenOLAT answers 401 (Status.UNAUTHORIZED after isAdminOf)',
  why: '401 tells a client its credentials were not accepted, and clients log in again on it; the credentials were fine, the role is missing, which every other route answers with 403',
};

const BODY = ['body EfficiencyStatementVO (JSON or XML): score, grade, gradeSystemIdent, performanceClassIdent, passed, creationDate, courseTitle'];

const KEPT_AS_IMPORTED: Deviation = {
  what: "results are kept as imported: no element configuration is evaluated (score limits, cut value, grade scale, weighting; the weighted score is the score) and the root's results are not computed from its elements",
  why: "the gateway keeps no course runtime: the course's elements are its editor tree, and what an exam system or the course computes is what it imports",
};

const MEMBERS_ONLY: Deviation = {
  what: "the person must be a member of the course (owner, coach or participant, directly, through a group or a curriculum element) or a person the caller manages: 403 otherwise; OpenOLAT reads and writes anyone's",
  why: "a course owner would otherwise read and write results of any person of any organisation by key; the tenant rule says a role over one object gives nothing over another's people",
};

const UNKNOWN_ELEMENT: Deviation = {
  what: 'an unknown element is 404; OpenOLAT fails with 500 (no node of that ident)',
  why: "a wrong key is the client's mistake, and every other route answers it with 404",
};

const NO_COURSE_RIGHTS: Deviation = {
  what: "coaches with the assessment right of a course group are not let in (OpenOLAT's CourseRights.RIGHT_ASSESSMENT)",
  why: "course group rights are not kept here: the course's managers (administrators and learning resource managers of its organisation, its owners) are",
};

const RESULTS_BODY = [
  'body AssessableResultsVO (JSON or XML): identityKey, score, passed, userVisible, grade (when not blank), completion, attempts, assessmentStatus (a value of AssessmentEntryStatus), fullyAssessed (learning path courses); the other fields are read only',
];

export const rows: ParityRow[] = [
  { endpoint: 'GET /repo/courses/{}/statements/{}', openolat: `${STATEMENTS}.getEfficiencyStatement`, reads: [], deviations: [FORBIDDEN_NOT_UNAUTHORIZED] },
  { endpoint: 'PUT /repo/courses/{}/statements/{}', openolat: `${STATEMENTS}.putEfficiencyStatement`, reads: BODY, deviations: [FORBIDDEN_NOT_UNAUTHORIZED] },
  {
    endpoint: 'PUT /repo/courses/{}/statements',
    openolat: `${STATEMENTS}.putEfficiencyStatement (identityKey of the body)`,
    reads: [...BODY, 'body identityKey (Long)'],
    deviations: [FORBIDDEN_NOT_UNAUTHORIZED],
  },
  { endpoint: 'GET /repo/courses/{}/assessments', openolat: `${RESULTS}.getCourseRootResults`, reads: [], deviations: [KEPT_AS_IMPORTED, NO_COURSE_RIGHTS] },
  {
    endpoint: 'GET /repo/courses/{}/assessments/users/{}',
    openolat: `${RESULTS}.getCourseRootResultsOf`,
    reads: [],
    deviations: [KEPT_AS_IMPORTED, MEMBERS_ONLY, NO_COURSE_RIGHTS],
  },
  {
    endpoint: 'GET /repo/courses/{}/assessments/{}',
    openolat: `${RESULTS}.getCourseNodeResults`,
    reads: [],
    deviations: [KEPT_AS_IMPORTED, UNKNOWN_ELEMENT, NO_COURSE_RIGHTS],
  },
  {
    endpoint: 'GET /repo/courses/{}/assessments/{}/users/{}',
    openolat: `${RESULTS}.getCourseNodeResultsOf`,
    reads: [],
    deviations: [KEPT_AS_IMPORTED, MEMBERS_ONLY, UNKNOWN_ELEMENT, NO_COURSE_RIGHTS],
  },
  ...(['POST', 'PUT'] as const).map((method) => ({
    endpoint: `${method} /repo/courses/{}/assessments/{}`,
    openolat: `${RESULTS}.${method === 'POST' ? 'postAssessableResults' : 'putAssessableResults'}`,
    reads: RESULTS_BODY,
    deviations: [KEPT_AS_IMPORTED, MEMBERS_ONLY, UNKNOWN_ELEMENT, NO_COURSE_RIGHTS],
  })),
];
