import type { EntityManager } from '@mikro-orm/postgresql';
import type { GraphQLSchema } from 'graphql';
import { canAuthenticate, principalByKey, toCaller } from '../auth/principal';
import type { RequestContext } from '../domain/context';
import { DomainError } from '../domain/errors';
import type { Logger } from '../ops/logger';
import type { GatewaySettings } from '../settings/settings';
import { SECTIONS, type Section, type StagedObject } from './document';
import { runWrite } from './operations';
import * as jobs from './repository';
import type { ItemRow, JobRow, Outcome, SectionProgress } from './repository';
import { DECIDE, ONE_BY_ONE, existingMembers, removalsOf } from './sections';

/** What running a job needs from the service around it. */
export interface SyncRuntime {
  schema: GraphQLSchema;
  settings: () => GatewaySettings;
  logger: Logger;
  /** The largest share of a container's members (per cent) a mirror removes without `force` (SYNC_MIRROR_GUARD_PERCENT). */
  guardPercent: number;
  /** Objects per batch (and per transaction). */
  batchSize: number;
}

/** Who runs a job: the instance's lease on it, and whether the instance is stopping (then it leaves off after the batch). */
export interface Lease {
  holder: string;
  seconds: number;
  stopping: () => boolean;
}

/** The instance lost the job to another (its lease ran out), or is stopping: it leaves off, the next one goes on. */
class LeaseLost extends Error {}

/** An object of an atomic job failed: nothing it did is kept. */
class AtomicFailure extends Error {
  constructor(readonly outcome: Outcome) {
    super(outcome.error ?? 'failed');
  }
}

const emptyProgress = (): SectionProgress => ({ total: 0, done: 0, created: 0, updated: 0, unchanged: 0, removed: 0, failed: 0 });

const COUNTED: Record<jobs.Action, keyof SectionProgress> = {
  create: 'created',
  update: 'updated',
  unchanged: 'unchanged',
  remove: 'removed',
  error: 'failed',
};

/** What a failed write tells the client: the error a single request would have answered, never a database's text. */
function messageOf(error: unknown, logger: Logger): string {
  if (error instanceof DomainError) {
    const details = error.details?.map((detail) => detail.translation).join('; ');
    return `${error.code}: ${details || error.message}`;
  }
  logger.error({ err: error }, 'sync write failed');
  return 'INTERNAL: the write failed; the service log has the cause';
}

/** The members the document lists that exist now, and a mirror's removals with the guard's verdict: before any write. */
async function prepare(runtime: SyncRuntime, em: EntityManager, job: JobRow): Promise<{ progress: JobRow['progress']; refusal: string | null }> {
  const refusals: string[] = [];
  await em.transactional(async (tx) => {
    for (let after = 0; ;) {
      const batch = await jobs.pendingItems(tx, job.key, 'memberships', after, runtime.batchSize);
      if (!batch.length) break;
      await jobs.noteMembers(tx, job.key, await existingMembers(tx, batch));
      after = batch.at(-1)!.seq;
    }
    if (job.mode === 'mirror') {
      let seq = await jobs.lastSeq(tx, job.key);
      for (const { container, role } of await jobs.containersOf(tx, job.key)) {
        const { members, unlisted } = await removalsOf(tx, job.key, container, role);
        if (unlisted.length && unlisted.length * 100 > members * runtime.guardPercent && !job.force) {
          refusals.push(`${container} ${role}: ${unlisted.length} of ${members} members`);
        }
        const [type, externalId] = [container.slice(0, container.indexOf(':')), container.slice(container.indexOf(':') + 1)];
        for (let start = 0; start < unlisted.length; start += runtime.batchSize) {
          const removals = unlisted.slice(start, start + runtime.batchSize).map((person): StagedObject => ({
            section: 'memberships',
            ref: person.externalId ?? person.login,
            container,
            role,
            payload: { type, externalId, member: person.externalId ?? person.login, identityKey: person.key, remove: true },
          }));
          await jobs.stage(tx, job.key, seq + 1, removals);
          seq += removals.length;
        }
      }
    }
    await jobs.passUnreadable(tx, job.key);
  });
  const progress: JobRow['progress'] = {};
  for (const section of SECTIONS) progress[section] = emptyProgress();
  for (const { section, total, failed } of await jobs.stagedCounts(em, job.key)) progress[section] = { ...emptyProgress(), total, done: failed, failed };
  await jobs.markPrepared(em, job.key, progress);
  const refusal = refusals.length
    ? `mirror refused: it would remove more than ${runtime.guardPercent}% of the members of ${refusals.join('; ')}; send force=true to remove them all the same`
    : null;
  return { progress, refusal };
}

/** The writes of one batch, each in a savepoint of the batch's transaction: a failed object leaves nothing behind. */
async function applyBatch(runtime: SyncRuntime, tx: EntityManager, job: JobRow, caller: RequestContext['caller'], section: Section, batch: ItemRow[]) {
  const decisions = ONE_BY_ONE.has(section) ? null : await DECIDE[section](tx, batch);
  const outcomes: Outcome[] = [];
  for (const [index, item] of batch.entries()) {
    const decision = decisions?.[index] ?? (await DECIDE[section](tx, [item]))[0];
    // A dry run shows no keys of what it would create (they are rolled back), a membership's person only if it exists.
    const key = !job.dryRun || decision.action !== 'create' ? decision.key : section === 'memberships' ? item.memberKey : null;
    const outcome: Outcome = { seq: item.seq, action: decision.action, changes: decision.changes, error: decision.error, key };
    if (decision.write) {
      try {
        const result = await tx.transactional((inner) =>
          runWrite(runtime.schema, { em: inner, caller, transport: job.transport, settings: runtime.settings() }, decision.write!),
        );
        if (result === false) outcome.action = 'unchanged';
        if (typeof result === 'number' && !job.dryRun) outcome.key = result;
      } catch (error) {
        Object.assign(outcome, { action: 'error', error: messageOf(error, runtime.logger), changes: undefined });
      }
    }
    if (outcome.action === 'error' && job.atomic && !job.dryRun) throw new AtomicFailure(outcome);
    outcomes.push(outcome);
  }
  return outcomes;
}

function count(progress: JobRow['progress'], section: Section, outcomes: Outcome[]) {
  const counts = (progress[section] ??= emptyProgress());
  for (const outcome of outcomes) {
    counts.done++;
    counts[COUNTED[outcome.action]]++;
  }
}

/**
 * Runs a job to its end: a dry run in one transaction that is rolled back (what it records goes through `em` outside
 * it); an atomic job in one transaction; any other in one transaction per batch, each holding the lease, so that an
 * instance that stops leaves the job after its last committed batch for the next one to resume.
 */
export async function runJob(runtime: SyncRuntime, em: EntityManager, job: JobRow, lease: Lease): Promise<'ended' | 'left'> {
  const principal = await principalByKey(em, job.ownerKey);
  if (!principal || !canAuthenticate(principal)) {
    await jobs.setState(em, job.key, 'stopped', 'the person who submitted the job no longer exists or may not log in');
    return 'ended';
  }
  const caller = toCaller(principal, principal.login);
  let progress = job.progress;
  let refusal: string | null = null;
  if (!job.prepared) {
    ({ progress, refusal } = await prepare(runtime, em, job));
    if (refusal && !job.dryRun) {
      await jobs.setState(em, job.key, 'refused', refusal);
      return 'ended';
    }
    const unreadable = Object.values(progress).reduce((sum, counts) => sum + (counts?.failed ?? 0), 0);
    if (unreadable && job.atomic && !job.dryRun) {
      await jobs.setState(em, job.key, 'failed', `atomic: ${unreadable} objects could not be read; nothing was written`);
      return 'ended';
    }
  }
  const keep = async (leaseEm: EntityManager) => {
    if (lease.stopping()) throw new LeaseLost();
    if (!(await jobs.holdForBatch(leaseEm, job.key, lease.holder, lease.seconds))) throw new LeaseLost();
  };
  const sections = async (tx: EntityManager, record: EntityManager, leaseIn: EntityManager) => {
    for (const section of SECTIONS) {
      for (let after = 0; ;) {
        const step = async (batchTx: EntityManager) => {
          await keep(leaseIn === tx ? batchTx : leaseIn);
          const batch = await jobs.pendingItems(batchTx, job.key, section, after, runtime.batchSize);
          if (!batch.length) return false;
          const outcomes = await applyBatch(runtime, batchTx, job, caller, section, batch);
          const recordIn = record === tx ? batchTx : record;
          await jobs.recordOutcomes(recordIn, job.key, outcomes);
          count(progress, section, outcomes);
          // An atomic job's progress is seen once it commits (its job row stays free for the lease meanwhile).
          if (!job.atomic || job.dryRun) await jobs.saveProgress(recordIn, job.key, progress);
          after = batch.at(-1)!.seq;
          return true;
        };
        const more = tx === em ? await em.fork().transactional(step) : await step(tx);
        if (tx !== em) tx.clear();
        if (!more) break;
      }
    }
  };
  try {
    if (job.dryRun || job.atomic) {
      const tx = em.fork();
      await tx.begin();
      try {
        await sections(tx, job.dryRun ? em : tx, em);
        if (job.dryRun) await tx.rollback();
        else {
          await jobs.saveProgress(tx, job.key, progress);
          await tx.commit();
        }
      } catch (error) {
        await tx.rollback();
        throw error;
      }
    } else await sections(em, em, em);
  } catch (error) {
    if (error instanceof LeaseLost) return 'left';
    if (!(error instanceof AtomicFailure)) throw error;
    await jobs.recordOutcomes(em, job.key, [error.outcome]);
    await jobs.setState(em, job.key, 'failed', `atomic: object ${error.outcome.seq} failed (${error.outcome.error}); nothing was kept`);
    return 'ended';
  }
  await jobs.setState(em, job.key, job.dryRun ? (refusal ? 'refused' : 'planned') : 'done', refusal);
  return 'ended';
}
