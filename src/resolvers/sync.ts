import { Arg, Ctx, Int, Resolver } from 'type-graphql';
import { GuardedMutation, GuardedQuery } from './guards';
import { KeyArg } from '../schema/arguments';
import type { RequestContext } from '../domain/context';
import { auth } from '../schema/directives';
import { SyncDocumentInput, SyncItemVO, SyncJobVO, SyncMode } from '../schema/sync';
import { SYNC_CALLERS } from '../sync/policy';
import * as sync from '../sync/service';

/** Declarative sync (beyond OpenOLAT): a desired-state document, planned (a dry run) or applied as a job. */
@Resolver()
export class SyncResolver {
  @GuardedMutation(() => SyncJobVO, auth(...SYNC_CALLERS), {
    description:
      'Plan (dryRun) or apply a desired-state document (REST: the request body, JSON or XML, read as it arrives): sections in dependency order, each object by its externalId, every write the mutation a client would send (its rules, audit row and change event). An apply is a queued job; a dry run answers its plan once done (within SYNC_DRY_RUN_WAIT_SECONDS, else the job still running).',
  })
  sync(
    @Ctx() ctx: RequestContext,
    @Arg('document', () => SyncDocumentInput, { nullable: true })
    document: SyncDocumentInput | null,
    @Arg('mode', () => SyncMode, { nullable: true, defaultValue: SyncMode.merge }) mode: SyncMode,
    @Arg('dryRun', () => Boolean, { nullable: true, defaultValue: false, description: 'Plan only: nothing is written.' }) dryRun: boolean,
    @Arg('atomic', () => Boolean, { nullable: true, defaultValue: false, description: 'One object fails, nothing is kept.' }) atomic: boolean,
    @Arg('force', () => Boolean, {
      nullable: true,
      defaultValue: false,
      description: "A mirror removes members even beyond SYNC_MIRROR_GUARD_PERCENT of a container's.",
    })
    force: boolean,
  ): Promise<SyncJobVO> {
    return sync.submitSync(ctx, document, { mode, dryRun, atomic, force }, ctx.streamedBody);
  }

  @GuardedQuery(() => [SyncJobVO], auth(...SYNC_CALLERS), {
    description: "The caller's newest sync jobs, newest first (a system administrator's: everyone's); `failures` is empty here.",
  })
  syncJobs(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true, description: 'At most this many (100 unless given; 1,000 at most).' }) limit?: number,
  ): Promise<SyncJobVO[]> {
    return sync.listSyncJobs(ctx, limit);
  }

  @GuardedQuery(() => SyncJobVO, auth(...SYNC_CALLERS), { description: 'A sync job: state, progress per section, the first failures.' })
  syncJob(@Ctx() ctx: RequestContext, @KeyArg('jobKey') jobKey: number): Promise<SyncJobVO> {
    return sync.getSyncJob(ctx, jobKey);
  }

  @GuardedQuery(() => [SyncItemVO], auth(...SYNC_CALLERS), { description: "What a job did (or, planned, would do) with each object, in the job's order." })
  syncItems(
    @Ctx() ctx: RequestContext,
    @KeyArg('jobKey') jobKey: number,
    @Arg('section', () => String, { nullable: true, description: 'organisations, users, groups or memberships' }) section?: string,
    @Arg('action', () => String, { nullable: true, description: 'create, update, unchanged, remove or error' }) action?: string,
    @Arg('after', () => Int, { nullable: true, description: 'The seq of the last object of the page before (0: from the start).' }) after?: number,
    @Arg('limit', () => Int, { nullable: true, description: 'At most this many (1,000 unless given; 10,000 at most).' }) limit?: number,
  ): Promise<SyncItemVO[]> {
    return sync.syncItems(ctx, jobKey, { section, action }, after, limit);
  }
}

export const syncResolvers = [SyncResolver] as const;
