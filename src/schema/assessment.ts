import { bool, dateTime, float, int, long, text, wireType } from './wire-shape';

const READ_ONLY = 'Read only: ignored when sent (OpenOLAT computes it).';

/** OpenOLAT's EfficiencyStatementVO: a person's outcome of a course, fields in its declaration order. */
export const [EfficiencyStatementVO, EfficiencyStatementVOInput] = wireType(
  { name: 'EfficiencyStatementVO', inputDescription: 'An EfficiencyStatementVO as a client sends it; every field may be absent.' },
  {
    identityKey: long.describeInput('The person, when the path names none (PUT /repo/courses/{resourceKey}/statements).'),
    score: float.nullable,
    grade: text.nullable,
    gradeSystemIdent: text.nullable,
    performanceClassIdent: text.nullable,
    passed: bool.nullable,
    creationDate: dateTime.nullable.describeInput('When the statement was made; now when absent.'),
    courseTitle: text.nullable
      .describe("The course's title (its display name), or a stand-alone statement's as given.")
      .describeInput("A stand-alone statement's course title (a resource key of no course); a course's own title otherwise."),
  },
);
export type EfficiencyStatementVO = InstanceType<typeof EfficiencyStatementVO>;
export type EfficiencyStatementVOInput = InstanceType<typeof EfficiencyStatementVOInput>;

/** OpenOLAT's AssessmentEntryStatus. */
export const ASSESSMENT_STATUSES = ['notReady', 'notStarted', 'inProgress', 'inReview', 'done'];

/** OpenOLAT's AssessableResultsVO: a person's results at a course element (the root's: the course's), fields in its declaration order. */
export const [AssessableResultsVO, AssessableResultsVOInput] = wireType(
  {
    name: 'AssessableResultsVO',
    inputDescription: 'An AssessableResultsVO as a client imports it: identityKey names the person; an absent field keeps what the person has.',
  },
  {
    identityKey: long.describeInput('The person whose results these are.'),
    identityExternalId: text.nullable.describeInput(READ_ONLY),
    nodeIdent: text.describeInput('Read only: the element is the one of the path.'),
    passed: bool.nullable,
    score: float.nullable,
    weightedScore: float.nullable.describeInput(READ_ONLY),
    maxScore: float.nullable.describeInput(READ_ONLY),
    weightedMaxScore: float.nullable.describeInput(READ_ONLY),
    userVisible: bool.nullable,
    grade: text.nullable.describeInput('Taken when it has more than whitespace.'),
    performanceClassIdent: text.nullable.describeInput(READ_ONLY),
    completion: float.nullable.describeInput('Between 0 and 1.'),
    attempts: int.nullable,
    assessmentStatus: text.nullable
      .describe(`One of ${ASSESSMENT_STATUSES.join(', ')}.`)
      .describeInput(`One of ${ASSESSMENT_STATUSES.join(', ')}; another value keeps the status the person has.`),
    lastModifiedDate: dateTime.nullable.describe('When the score last changed.').describeInput(READ_ONLY),
    lastUserModified: dateTime.nullable.describeInput(READ_ONLY),
    lastCoachModified: dateTime.nullable.describeInput(READ_ONLY),
    assessmentDone: dateTime.nullable.describe('When the status became done.').describeInput(READ_ONLY),
    fullyAssessed: bool.nullable.describeInput('Taken for courses of the learning path type (nodeAccessType learningpath), as OpenOLAT does.'),
    fullyAssessedDate: dateTime.nullable.describeInput(READ_ONLY),
    firstVisit: dateTime.nullable.describeInput(READ_ONLY),
    lastVisit: dateTime.nullable.describeInput(READ_ONLY),
  },
);
export type AssessableResultsVO = InstanceType<typeof AssessableResultsVO>;
export type AssessableResultsVOInput = InstanceType<typeof AssessableResultsVOInput>;
