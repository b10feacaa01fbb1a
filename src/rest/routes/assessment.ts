import { GET, POST, PUT, VERSION, type FamilyRoutes } from '../route';

const STATEMENTS = '/repo/courses/:resourceKey/statements';
const RESULTS = '/repo/courses/:courseKey/assessments';

/**
 * Efficiency statements of courses (OpenOLAT's EfficiencyStatementWebService; not in the catalogue, called by OpenOLAT's own load-test setup)
 * and assessment results of course elements (CourseAssessmentWebService).
 */
export const assessment: FamilyRoutes = {
  routes: [
    GET(`${STATEMENTS}/:identityKey`, 'Query.efficiencyStatement', "A person's efficiency statement of a course (the course's OLAT resource key)"),
    PUT(`${STATEMENTS}/:identityKey`, 'Mutation.createEfficiencyStatement', 'Create the efficiency statement of a person; 409 when there is one', {
      bodyArg: 'statement',
    }),
    PUT(STATEMENTS, 'Mutation.createEfficiencyStatement', "Create an efficiency statement of the body's identityKey; 409 when there is one", {
      bodyArg: 'statement',
    }),
    GET(RESULTS, 'Query.courseAssessmentResults', "Every participant's results of the course (its root element)"),
    GET(`${RESULTS}/users/:identityKey`, 'Query.courseAssessmentResult', "A person's results of the course (its root element)"),
    GET(`${RESULTS}/:nodeId`, 'Query.courseAssessmentResults', "Every participant's results at a course element"),
    GET(`${RESULTS}/:nodeId/users/:identityKey`, 'Query.courseAssessmentResult', "A person's results at a course element"),
    POST(`${RESULTS}/:nodeId`, 'Mutation.importAssessmentResults', "Import a person's results at a course element", { bodyArg: 'results' }),
    PUT(`${RESULTS}/:nodeId`, 'Mutation.importAssessmentResults', "Import a person's results at a course element", { bodyArg: 'results' }),
  ],
  openRoutes: [VERSION(`${RESULTS}/version`, 'course assessments')],
};
