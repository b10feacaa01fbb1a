import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { forbidden, notFound } from '../domain/errors';
import type { OrganisationRole } from '../domain/roles';
import { jobByKey, type JobRow } from './repository';

/**
 * Who may submit a sync (the resolvers' role check): the roles that write some section. What each may change is
 * decided object by object, by the mutation each write is (src/graphql/writes.ts): an organisation's user manager
 * changes that organisation's people and no others.
 */
export const SYNC_CALLERS: OrganisationRole[] = ['administrator', 'sysadmin', 'usermanager', 'groupmanager'];

/** System administrators read every job; anyone else their own (a job's objects hold people's names and e-mail addresses). */
const ALL_JOBS: OrganisationRole[] = ['sysadmin'];

export const canReadJob = (ctx: RequestContext, job: JobRow) => job.ownerKey === requireCaller(ctx).key || hasAnyRole(ctx.caller, ALL_JOBS);

/** The jobs a list shows: every one (null) or the caller's. */
export const listedOwner = (ctx: RequestContext) => (hasAnyRole(requireCaller(ctx), ALL_JOBS) ? null : requireCaller(ctx).key);

export async function requireSyncJob(ctx: RequestContext, key: number): Promise<JobRow> {
  const job = await jobByKey(ctx.em, key);
  if (!job) throw notFound('sync job');
  if (!canReadJob(ctx, job)) throw forbidden("the sync job is another person's (system administrators read every one)");
  return job;
}
