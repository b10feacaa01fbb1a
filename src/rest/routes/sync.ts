import type { SyncJobVO } from '../../schema/sync';
import { jobLocation } from '../../sync/service';
import { GET, POST, type FamilyRoutes } from '../route';

/** Declarative sync (beyond OpenOLAT): POST a desired-state document, read the job. */
export const sync: FamilyRoutes = {
  strictQuery: true,
  routes: [
    POST('/sync', 'Mutation.sync', 'Plan (dryRun=true) or apply a desired-state document; an apply answers 202 with the job', {
      defaultFormat: 'json',
      bodyArg: 'document',
      streamedBody: true,
      acceptedAt: (job: SyncJobVO) => jobLocation(job),
      errors: { 409: 'A mirror job of one of the same containers is under way' },
    }),
    GET('/sync', 'Query.syncJobs', "The caller's newest sync jobs", { defaultFormat: 'json' }),
    GET('/sync/:jobKey', 'Query.syncJob', 'A sync job: state, progress per section, the first failures', { defaultFormat: 'json' }),
    GET('/sync/:jobKey/items', 'Query.syncItems', "What the job did (or would do) with each object, in the job's order", { defaultFormat: 'json' }),
  ],
};
