import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import * as jobs from './repository';
import { runJob, type SyncRuntime } from './run';

export interface RunnerOptions {
  /** Jobs this instance runs at once (SYNC_CONCURRENCY). */
  concurrency: number;
  /** How long a job stays with an instance that no longer extends its lease (each batch extends it). */
  leaseSeconds: number;
  /** Runs this job only (the command line's own), when it is due. */
  only?: number;
}

/** An instance that took a job up this often without ending it gives it up (it keeps stopping the instance, say). */
const MAX_ATTEMPTS = 10;
/** A job whose objects the database lost (unlogged tables are emptied when it restarts after a crash). */
const OBJECTS_LOST = 'the objects of this job were lost: the database restarted after a crash; send the document again';

/** How often an idle runner looks for jobs another instance queued. */
const IDLE_MS = 1000;

/**
 * Runs the queued sync jobs, on every instance: each takes up a job with a lease (SKIP LOCKED, like webhook delivery),
 * one batch at a time. A job whose instance stopped is resumed by the next once its lease runs out, after its last
 * committed batch; a dry run, which keeps nothing until it ends, says it stopped instead.
 */
export class SyncRunner {
  private readonly holder = randomUUID();
  private running = false;
  private loops: Promise<void>[] = [];
  private wakers: (() => void)[] = [];

  constructor(
    private readonly em: EntityManager,
    private readonly runtime: SyncRuntime,
    private readonly options: RunnerOptions,
  ) {}

  start(): void {
    this.running = true;
    this.loops = Array.from({ length: this.options.concurrency }, () => this.loop());
  }

  /** Leaves off after the batches under way: their jobs wait for the next instance (or this one, restarted). */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await Promise.all(this.loops);
  }

  /** A job was queued here: an idle loop takes it up now rather than at its next look. */
  wake(): void {
    for (const waker of this.wakers.splice(0)) waker();
  }

  private async loop(): Promise<void> {
    const lease = { holder: this.holder, seconds: this.options.leaseSeconds, stopping: () => !this.running };
    while (this.running) {
      const em = this.em.fork();
      let job: jobs.JobRow | null = null;
      try {
        job = await jobs.claimDue(em, this.holder, this.options.leaseSeconds, this.options.only);
        if (job && job.staged > 0 && !(await jobs.itemsKept(em, job.key))) await jobs.setState(em, job.key, 'failed', OBJECTS_LOST);
        else if (job && job.dryRun && job.attempts > 1)
          await jobs.setState(em, job.key, 'stopped', 'the instance running this dry run stopped; send the document again');
        else if (job && job.attempts > MAX_ATTEMPTS) await jobs.setState(em, job.key, 'stopped', `taken up ${MAX_ATTEMPTS} times without ending`);
        else if (job && (await runJob(this.runtime, em, job, lease)) === 'left' && !this.running) {
          // Stopping: the next instance need not wait for the lease to run out.
          await (job.dryRun
            ? jobs.setState(em, job.key, 'stopped', 'the instance running this dry run stopped; send the document again')
            : jobs.giveUp(em, job.key, this.holder));
        }
      } catch (error) {
        this.runtime.logger.error({ err: error, job: job?.key }, 'sync job failed');
        if (job) await jobs.setState(em, job.key, 'failed', 'the job failed; the service log has the cause').catch(() => undefined);
      }
      if (!job && this.running) await new Promise<void>((resolve) => this.wakers.push(resolve) && setTimeout(resolve, IDLE_MS).unref());
    }
  }
}
