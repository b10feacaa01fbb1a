import { DeadlockException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GraphQLSchema } from 'graphql';
import { canAuthenticate, principalByKey, toCaller } from '../auth/principal';
import { managedObjects, managesObject, type ObjectRef } from '../access/manage';
import type { RequestContext } from '../domain/context';
import { DomainError, forbidden } from '../domain/errors';
import type { Logger } from '../ops/logger';
import type { GatewaySettings } from '../settings/settings';
import { SECTIONS, type Section, type StagedObject } from './document';
import { runWrites } from '../graphql/writes';
import { writeSets } from './set-writes';
import * as jobs from './repository';
import type { ItemRow, JobRow, Outcome, SectionProgress } from './repository';
import { DECIDE, ONE_BY_ONE, containerParts, existingMembers, hashPasswords, removalsOf } from './sections';
import { createdFields } from './sections/compare';
import { transaction } from '../db/transaction';

/** What running a job needs from the service around it. */
export interface SyncRuntime {
  schema: GraphQLSchema;
  settings: () => GatewaySettings;
  logger: Logger;
  /** The largest share of a container's members (per cent) a mirror removes without `force` (SYNC_MIRROR_GUARD_PERCENT). */
  guardPercent: number;
  /** Objects per batch (and per transaction). */
  batchSize: number;
  /** Batches of a section one job applies at once (SYNC_PARALLEL_BATCHES). */
  parallelBatches: number;
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
async function prepare(
  runtime: SyncRuntime,
  em: EntityManager,
  job: JobRow,
  caller: RequestContext['caller'],
): Promise<{ progress: JobRow['progress']; refusal: string | null }> {
  const refusals: string[] = [];
  const progress: JobRow['progress'] = {};
  await transaction(em, async (tx) => {
    // The people a mirror keeps, and those a plan names by key: as they are before the job writes anything.
    for (let after = 0; job.mode === 'mirror' || job.dryRun;) {
      const batch = await jobs.pendingItems(tx, job.key, 'memberships', after, runtime.batchSize);
      if (!batch.length) break;
      await jobs.noteMembers(tx, job.key, await existingMembers(tx, batch));
      after = batch.at(-1)!.seq;
    }
    if (job.mode === 'mirror') {
      let seq = await jobs.lastSeq(tx, job.key);
      for (const { container, role } of await jobs.containersOf(tx, job.key)) {
        const { members, unlisted } = await removalsOf({ em: tx, caller, transport: job.transport, settings: runtime.settings() }, job.key, container, role);
        if (unlisted.length && unlisted.length * 100 > members * runtime.guardPercent && !job.force) {
          refusals.push(`${container} ${role}: ${unlisted.length} of ${members} members`);
        }
        const { type, externalId } = containerParts(container);
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
    for (const section of SECTIONS) progress[section] = emptyProgress();
    for (const { section, total, failed } of await jobs.stagedCounts(tx, job.key)) progress[section] = { ...emptyProgress(), total, done: failed, failed };
    // In the same transaction: an instance that stops half-way prepares again from the start, never twice.
    await jobs.markPrepared(tx, job.key, progress);
  });
  const refusal = refusals.length
    ? `mirror refused: it would remove more than ${runtime.guardPercent}% of the members of ${refusals.join('; ')}; send force=true to remove them all the same`
    : null;
  return { progress, refusal };
}

/**
 * The writes of one batch: those set writers take for all their objects at once (src/sync/set-writes.ts), the others
 * each as its mutation in its own savepoint (its service's `inTransaction`, inside the batch's transaction): a failed
 * object leaves nothing behind and the batch goes on.
 */
async function applyBatch(runtime: SyncRuntime, tx: EntityManager, job: JobRow, caller: RequestContext['caller'], section: Section, batch: ItemRow[]) {
  const decisions = ONE_BY_ONE.has(section) ? null : await DECIDE[section](tx, batch);
  const ctx: RequestContext = { em: tx, caller, transport: job.transport, settings: runtime.settings() };
  // What no write asks, asked for the whole batch at once: one question per kind of object.
  const allowed = await managedObjects(
    ctx,
    (decisions ?? []).flatMap((decision) => (!decision.write && decision.may ? [decision.may] : [])),
  );
  // The writes set writers take, for the whole batch at once; the others one by one below.
  const written = decisions
    ? await writeSets(
        runtime.schema,
        ctx,
        decisions.map((decision) => (decision.then ? undefined : decision.write)),
        runtime.logger,
      )
    : new Map<number, unknown>();
  const outcomes: Outcome[] = [];
  for (const [index, item] of batch.entries()) {
    const decision = decisions?.[index] ?? (await DECIDE[section](tx, [item]))[0];
    const may = (object: ObjectRef) => (decisions ? allowed(object) : managesObject(ctx, object));
    // A dry run shows no keys of what it would create (they are rolled back), a membership's person only if it exists.
    const key = !job.dryRun || decision.action !== 'create' ? decision.key : section === 'memberships' ? item.memberKey : null;
    // A created object lists the fields it gets (a membership is its container, role and person: no fields).
    const created = decision.action === 'create' && decision.write && section !== 'memberships' ? createdFields(decision.write) : undefined;
    const outcome: Outcome = { seq: item.seq, action: decision.action, changes: decision.changes ?? created, error: decision.error, key };
    if (!decision.write && decision.may && !(await may(decision.may))) {
      Object.assign(outcome, { action: 'error', key: null, changes: undefined, error: messageOf(forbidden(), runtime.logger) });
    } else if (decision.write) {
      try {
        const result = written.has(index) ? written.get(index) : await runWrites(runtime.schema, ctx, decision.write, decision.then);
        if (result === false) outcome.action = 'unchanged';
        if (typeof result === 'number' && decision.action === 'create' && !job.dryRun) outcome.key = result;
      } catch (error) {
        // Two batches waiting for each other: the batch is tried again, not the object reported.
        if (error instanceof DeadlockException) throw error;
        // An error names no key: the object may be one the caller may not even read.
        Object.assign(outcome, { action: 'error', key: null, error: messageOf(error, runtime.logger), changes: undefined });
      }
    }
    if (outcome.action === 'error' && job.atomic && !job.dryRun) throw new AtomicFailure(outcome);
    outcomes.push(outcome);
  }
  return outcomes;
}

/** What one batch adds to its section's progress. */
function countOf(outcomes: Outcome[]): SectionProgress {
  const counts = emptyProgress();
  for (const outcome of outcomes) {
    counts.done++;
    counts[COUNTED[outcome.action]]++;
  }
  return counts;
}

function add(progress: JobRow['progress'], section: Section, counts: SectionProgress) {
  const sum = (progress[section] ??= emptyProgress());
  for (const name of Object.keys(counts) as (keyof SectionProgress)[]) sum[name] += counts[name];
}

/** How often a batch that met a deadlock is tried again before the job fails. */
const DEADLOCK_RETRIES = 3;

/**
 * Runs a job to its end. A dry run runs in one transaction that is rolled back (what it records goes through `em`,
 * outside it), an atomic job in one transaction; any other in one transaction per batch, up to
 * `parallelBatches` at once within a section, each recording what it did and the progress it made, so that an
 * instance that stops leaves the job after its last committed batches for the next one to resume. Sections follow
 * one another: what a later one names exists by then.
 */
export async function runJob(runtime: SyncRuntime, em: EntityManager, job: JobRow, lease: Lease): Promise<'ended' | 'left'> {
  const end = await runToEnd(runtime, em, job, lease);
  // A job keeps the passwords its document gave only until it has ended.
  if (end === 'ended') await jobs.forgetPasswords(em, job.key);
  return end;
}

async function runToEnd(runtime: SyncRuntime, em: EntityManager, job: JobRow, lease: Lease): Promise<'ended' | 'left'> {
  const principal = await principalByKey(em, job.ownerKey);
  if (!principal || !canAuthenticate(principal)) {
    await jobs.setState(em, job.key, 'stopped', 'the person who submitted the job no longer exists or may not log in');
    return 'ended';
  }
  const caller = { ...toCaller(principal, principal.login), organisationKey: job.organisationKey ?? undefined };
  let progress = job.progress;
  let refusal: string | null = null;
  if (!job.prepared) {
    ({ progress, refusal } = await prepare(runtime, em, job, caller));
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
  /**
   * Before each batch: leaves off when the instance stops; extends the lease (a statement and a commit of its own: no
   * batch holds the job's row) once a quarter of it has passed, and leaves off when it was lost. Until the lease runs
   * out no other instance takes the job up, so a batch that starts within three quarters of it is still the job's.
   */
  let extendedAt = Date.now();
  const keep = async () => {
    if (lease.stopping()) throw new LeaseLost();
    if (Date.now() - extendedAt < (lease.seconds * 1000) / 4) return;
    const now = Date.now();
    if (!(await jobs.holdForBatch(em.fork(), job.key, lease.holder, lease.seconds))) throw new LeaseLost();
    extendedAt = now;
  };
  try {
    if (job.dryRun || job.atomic) await inOneTransaction(runtime, em, job, caller, progress, keep);
    else {
      for (const section of SECTIONS) {
        let after = 0;
        let taking = Promise.resolve<ItemRow[]>([]);
        // The next batch, one taker at a time: each worker gets its own.
        const next = () =>
          (taking = taking.then(async () => {
            const batch = await jobs.pendingItems(em.fork(), job.key, section, after, runtime.batchSize);
            if (batch.length) after = batch.at(-1)!.seq;
            return batch;
          }));
        const worker = async () => {
          for (let batch = await next(); batch.length; batch = await next()) {
            await keep();
            if (section === 'users') await hashPasswords(em.fork(), batch);
            for (let attempt = 1; ; attempt++) {
              try {
                await transaction(em.fork(), async (tx) => {
                  const outcomes = await applyBatch(runtime, tx, job, caller, section, batch);
                  await jobs.recordOutcomes(tx, job.key, outcomes);
                  await jobs.addProgress(tx, job.key, section, countOf(outcomes));
                });
                break;
              } catch (error) {
                if (!(error instanceof DeadlockException) || attempt >= DEADLOCK_RETRIES) throw error;
              }
            }
          }
        };
        const workers = ONE_BY_ONE.has(section) ? 1 : runtime.parallelBatches;
        await Promise.all(Array.from({ length: workers }, worker));
      }
    }
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

/**
 * A dry run or an atomic job: every batch in one transaction, committed at the end (atomic) or rolled back (a dry
 * run, whose outcomes and progress are recorded outside it as it goes; an atomic job's are seen once it commits).
 */
async function inOneTransaction(
  runtime: SyncRuntime,
  em: EntityManager,
  job: JobRow,
  caller: RequestContext['caller'],
  progress: JobRow['progress'],
  keep: () => Promise<void>,
) {
  const tx = em.fork();
  const record = job.dryRun ? em : tx;
  await tx.begin();
  try {
    for (const section of SECTIONS) {
      for (let after = 0; ;) {
        await keep();
        const batch = await jobs.pendingItems(tx, job.key, section, after, runtime.batchSize);
        if (!batch.length) break;
        if (section === 'users') await hashPasswords(em.fork(), batch);
        const outcomes = await applyBatch(runtime, tx, job, caller, section, batch);
        await jobs.recordOutcomes(record, job.key, outcomes);
        add(progress, section, countOf(outcomes));
        if (job.dryRun) await jobs.saveProgress(em, job.key, progress);
        after = batch.at(-1)!.seq;
        // What the batch loaded is not needed again: the identity map stays the size of a batch.
        tx.clear();
      }
    }
    if (job.dryRun) await tx.rollback();
    else {
      await jobs.saveProgress(tx, job.key, progress);
      await tx.commit();
    }
  } catch (error) {
    await tx.rollback();
    throw error;
  }
}
