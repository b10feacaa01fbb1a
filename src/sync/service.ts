import type { Readable } from 'node:stream';
import type { SyncConfig } from '../config/config';
import { requireCaller, type RequestContext } from '../domain/context';
import { DomainError, badRequest } from '../domain/errors';
import { SyncMode, type SyncDocumentInput, type SyncItemVO, type SyncJobVO } from '../schema/sync';
import { SECTIONS, objectsOfInput, objectsOfJson, objectsOfXml, type StagedObject } from './document';
import { listedOwner, requireSyncJob } from './policy';
import { toSyncItemVO, toSyncJobVO } from './presenter';
import * as jobs from './repository';
import type { SyncRuntime } from './run';
import type { SyncRunner } from './runner';
import { transaction } from '../db/transaction';

/** The sync service of one ORM: how jobs run, and this instance's runner (none with SYNC_RUN=false). */
interface SyncService {
  runtime: SyncRuntime;
  config: SyncConfig;
  runner?: SyncRunner;
}

const services = new WeakMap<object, SyncService>();
export const useSyncService = (connection: object, service: SyncService) => services.set(connection, service);
function serviceOf(ctx: RequestContext): SyncService {
  const service = services.get(ctx.em.getConnection());
  if (!service) throw new Error('sync is not configured for this database');
  return service;
}

/** A document read as it arrives: the REST body (src/rest/router.ts, `streamedBody` routes), the command line's file. */
export interface StreamedDocument {
  stream: Readable;
  format: 'json' | 'xml';
}

export interface SyncOptions {
  mode?: SyncMode | null;
  dryRun?: boolean | null;
  atomic?: boolean | null;
  force?: boolean | null;
}

const FAILURES_SHOWN = 100;
const ENDED: readonly jobs.JobState[] = ['planned', 'done', 'failed', 'refused', 'stopped'];

async function jobVO(ctx: RequestContext, job: jobs.JobRow): Promise<SyncJobVO> {
  return toSyncJobVO(job, await jobs.items(ctx.em, job.key, { action: 'error' }, 0, FAILURES_SHOWN));
}

/**
 * POST /sync: stages the document object by object (never held whole), then queues the job: at once for an apply
 * (the answer is the queued job), and for a dry run waits for its plan up to SYNC_DRY_RUN_WAIT_SECONDS. Staging
 * commits as it goes (a long upload holds no transaction open); a document that breaks off leaves no job behind.
 */
export async function submitSync(
  ctx: RequestContext,
  document: SyncDocumentInput | null | undefined,
  options: SyncOptions,
  streamed?: StreamedDocument,
): Promise<SyncJobVO> {
  const caller = requireCaller(ctx);
  const service = serviceOf(ctx);
  const { schema } = service.runtime;
  const limits = { limitBytes: service.config.documentLimitBytes };
  if (!streamed && !document) throw badRequest('a document is required');
  const objects: AsyncIterable<StagedObject> | Iterable<StagedObject> = streamed
    ? (streamed.format === 'xml' ? objectsOfXml : objectsOfJson)(streamed.stream, schema, limits)
    : objectsOfInput(document as Parameters<typeof objectsOfInput>[0]);
  const mode = options.mode ?? SyncMode.merge;
  const dryRun = !!options.dryRun;
  const em = ctx.em;
  const key = await jobs.insertJob(em, {
    ownerKey: caller.key,
    organisationKey: caller.organisationKey ?? null,
    transport: ctx.transport,
    mode,
    dryRun,
    atomic: !!options.atomic,
    force: !!options.force,
  });
  try {
    let staged: StagedObject[] = [];
    let seq = 0;
    const flush = async () => {
      await jobs.stage(em, key, seq + 1, staged);
      seq += staged.length;
      staged = [];
    };
    for await (const object of objects) {
      staged.push(object);
      if (staged.length >= service.runtime.batchSize) await flush();
    }
    if (staged.length) await flush();
    await transaction(em, async (tx) => {
      if (mode === SyncMode.mirror && !dryRun) {
        const held = await jobs.claimContainers(tx, key);
        if (held.length) {
          const named = held.map((claim) => `${claim.container} (job ${claim.jobKey})`).join(', ');
          throw new DomainError('CONFLICT', `a mirror job of the same containers is under way: ${named}`);
        }
      }
      await jobs.noteStaged(tx, key, seq);
      await jobs.setState(tx, key, 'queued');
    });
  } catch (error) {
    await jobs.deleteJob(em, key);
    throw error;
  }
  service.runner?.wake();
  let job = (await jobs.jobByKey(em, key))!;
  if (dryRun) {
    const until = Date.now() + service.config.dryRunWaitSeconds * 1000;
    while (!ENDED.includes(job.state) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await jobs.jobByKey(em, key))!;
    }
  }
  return jobVO(ctx, job);
}

/** `limit` as given, else `fallback`; beyond 1 to `max` (or not an integer) a 400. */
function pageSize(limit: number | null | undefined, fallback: number, max: number): number {
  const size = limit ?? fallback;
  if (!Number.isInteger(size) || size < 1 || size > max) throw badRequest(`limit: between 1 and ${max}`);
  return size;
}

/** GET /sync: the caller's newest jobs (a system administrator's: everyone's), without their failures. */
export async function listSyncJobs(ctx: RequestContext, limit: number | null | undefined): Promise<SyncJobVO[]> {
  const rows = await jobs.jobsOf(ctx.em, listedOwner(ctx), pageSize(limit, 100, 1000));
  return rows.map((row) => toSyncJobVO(row, []));
}

/** GET /sync/{jobKey}: state, progress per section, the first failures. */
export async function getSyncJob(ctx: RequestContext, key: number): Promise<SyncJobVO> {
  return jobVO(ctx, await requireSyncJob(ctx, key));
}

const MAX_ITEMS = 10_000;

/** GET /sync/{jobKey}/items: what the job did (or would do) with each object, in job order after `after`. */
export async function syncItems(
  ctx: RequestContext,
  key: number,
  filter: { section?: string | null; action?: string | null },
  after: number | null | undefined,
  limit: number | null | undefined,
): Promise<SyncItemVO[]> {
  await requireSyncJob(ctx, key);
  if (filter.section != null && !(SECTIONS as readonly string[]).includes(filter.section)) throw badRequest(`section: one of ${SECTIONS.join(', ')}`);
  if (filter.action != null && !(jobs.ACTIONS as readonly string[]).includes(filter.action)) throw badRequest(`action: one of ${jobs.ACTIONS.join(', ')}`);
  const size = pageSize(limit, 1000, MAX_ITEMS);
  const afterSeq = after ?? 0;
  if (afterSeq < 0 || afterSeq > (await jobs.lastSeq(ctx.em, key))) throw badRequest('after: the seq of an object of the job (0: from the start)');
  const rows = await jobs.items(ctx.em, key, filter, afterSeq, size);
  return rows.map(toSyncItemVO);
}

/** Where a job's status is read: the Location of a 202 answer while it has not ended. */
export const jobLocation = (job: SyncJobVO) => (ENDED.includes(job.state as jobs.JobState) ? null : `/restapi/sync/${job.key}`);
