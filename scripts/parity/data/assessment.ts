import type { Deviation, ParityRow } from '../types';

const STATEMENTS = 'EfficiencyStatementWebService';

const FORBIDDEN_NOT_UNAUTHORIZED: Deviation = {
  what: 'a caller who is no administrator of the person gets 403; OpenOLAT answers 401 (Status.UNAUTHORIZED after isAdminOf)',
  why: '401 tells a client its credentials were not accepted, and clients log in again on it; the credentials were fine, the role is missing, which every other route answers with 403',
};

const BODY = ['body EfficiencyStatementVO (JSON or XML): score, grade, gradeSystemIdent, performanceClassIdent, passed, creationDate, courseTitle'];

export const rows: ParityRow[] = [
  { endpoint: 'GET /repo/courses/{}/statements/{}', openolat: `${STATEMENTS}.getEfficiencyStatement`, reads: [], deviations: [FORBIDDEN_NOT_UNAUTHORIZED] },
  { endpoint: 'PUT /repo/courses/{}/statements/{}', openolat: `${STATEMENTS}.putEfficiencyStatement`, reads: BODY, deviations: [FORBIDDEN_NOT_UNAUTHORIZED] },
  {
    endpoint: 'PUT /repo/courses/{}/statements',
    openolat: `${STATEMENTS}.putEfficiencyStatement (identityKey of the body)`,
    reads: [...BODY, 'body identityKey (Long)'],
    deviations: [FORBIDDEN_NOT_UNAUTHORIZED],
  },
];
