import { GET, PUT, type FamilyRoutes } from '../route';

const STATEMENTS = '/repo/courses/:resourceKey/statements';

/** Efficiency statements of courses (OpenOLAT's EfficiencyStatementWebService; not in the catalogue, called by OpenOLAT's own load-test setup). */
export const assessment: FamilyRoutes = {
  routes: [
    GET(`${STATEMENTS}/:identityKey`, 'Query.efficiencyStatement', "A person's efficiency statement of a course (the course's OLAT resource key)"),
    PUT(`${STATEMENTS}/:identityKey`, 'Mutation.createEfficiencyStatement', 'Create the efficiency statement of a person; 409 when there is one', {
      bodyArg: 'statement',
    }),
    PUT(STATEMENTS, 'Mutation.createEfficiencyStatement', "Create an efficiency statement of the body's identityKey; 409 when there is one", {
      bodyArg: 'statement',
    }),
  ],
};
