import fs from 'node:fs';
import path from 'node:path';
import { MultiBar, Presets, type SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import pino from 'pino';
import { createLogger } from '../ops/logger';
import { buildGatewaySchema } from '../schema/build';
import { SyncRunner } from '../sync/runner';
import { useSyncService } from '../sync/service';
import { syncRuntime } from '../sync/start';
import { CommandFailure, asOption, cliContext, send, wholeNumber, type CliDatabase, type CliRun, type CliOutput } from './context';

const ENDED = ['planned', 'done', 'failed', 'refused', 'stopped'];
const POLL_MS = 200;
const FAILURES_SHOWN = 10;
const ITEMS_PAGE = 1000;
const COLUMNS = ['total', 'created', 'updated', 'unchanged', 'removed', 'failed'] as const;

interface Section extends Record<(typeof COLUMNS)[number], number> {
  section: string;
  done: number;
}
interface Item {
  seq: number;
  section: string;
  ref: string;
  error: string | null;
}
interface Job {
  key: number;
  state: string;
  mode: 'merge' | 'mirror';
  dryRun: boolean;
  atomic: boolean;
  submitted: number;
  started: number | null;
  finished: number | null;
  error: string | null;
  sections: Section[];
  failures: Item[];
}
const ITEM = '{ seq section ref error }';
const JOB = `{ key state mode dryRun atomic submitted started finished error sections { section total done ${COLUMNS.join(' ')} } failures ${ITEM} }`;

/** The document's format: its extension, else its first character. */
function formatOf(file: string): 'json' | 'xml' {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.xml' || extension === '.json') return extension.slice(1) as 'json' | 'xml';
  const descriptor = fs.openSync(file, 'r');
  try {
    const start = Buffer.alloc(64);
    return start
      .subarray(0, fs.readSync(descriptor, start, 0, start.length, 0))
      .toString('utf8')
      .trimStart()
      .startsWith('<')
      ? 'xml'
      : 'json';
  } finally {
    fs.closeSync(descriptor);
  }
}

/** The table of a job's sections (those with objects), its state line and its first failures. */
function describeJob(job: Job): string[] {
  const sections = job.sections.filter((section) => section.total > 0);
  const width = Math.max(7, ...sections.map((section) => section.section.length));
  const lines = [['section'.padEnd(width), ...COLUMNS.map((column) => column.padStart(9))].join(' ')];
  for (const section of sections) lines.push([section.section.padEnd(width), ...COLUMNS.map((column) => String(section[column]).padStart(9))].join(' '));
  const took = job.started && job.finished ? ` in ${((job.finished - job.started) / 1000).toFixed(1)} s` : '';
  const kind = `${job.mode}${job.dryRun ? ', dry run: nothing was written' : ''}${job.atomic ? ', atomic' : ''}`;
  lines.push(`job ${job.key}: ${job.state}${took} (${kind})${job.error ? `: ${job.error}` : ''}`);
  if (job.failures.length) {
    lines.push(`failures${job.failures.length > FAILURES_SHOWN ? ` (the first ${FAILURES_SHOWN}; all: job ${job.key} --failed)` : ''}:`);
    for (const item of job.failures.slice(0, FAILURES_SHOWN)) lines.push(`  ${describeItem(item)}`);
  }
  return lines;
}

const describeItem = (item: Item) => `${item.section} #${item.seq} ${item.ref}: ${item.error}`;

/** Exit code 0 only for a job that ended as it should with no object failed. */
const exitCode = (job: Job) => ((job.state === 'done' || job.state === 'planned') && job.sections.every((section) => section.failed === 0) ? 0 : 1);

/** A bar per section on the terminal while the job runs (nothing when standard error is not one). */
function progressBars() {
  if (!process.stderr.isTTY) return { show: (_job: Job) => undefined, stop: () => undefined };
  const bars = new MultiBar(
    { stream: process.stderr, format: ' {section} [{bar}] {value}/{total} {percentage}%', hideCursor: true, clearOnComplete: false },
    Presets.shades_classic,
  );
  const shown = new Map<string, SingleBar>();
  return {
    show(job: Job) {
      for (const section of job.sections.filter((one) => one.total > 0)) {
        let bar = shown.get(section.section);
        if (!bar) shown.set(section.section, (bar = bars.create(section.total, 0, { section: section.section.padEnd(13) })));
        bar.setTotal(section.total);
        bar.update(section.done);
      }
    },
    stop: () => bars.stop(),
  };
}

interface SyncOptions {
  mirror?: boolean;
  dryRun?: boolean;
  atomic?: boolean;
  force?: boolean;
  as?: string;
}

/**
 * Sends the document as the `sync` mutation, read from the file as it goes, and runs its job here (as an instance
 * would, this job only) unless a running service takes it up first; shows its progress until it ends.
 */
async function submitAndRun(db: CliDatabase, io: CliOutput, file: string, options: SyncOptions): Promise<number> {
  if (!fs.existsSync(file)) throw new CommandFailure(`no file ${file}`);
  const { orm, config, settings } = db;
  const ctx = await cliContext(db, options.as);
  const logger = createLogger({ level: 'error', production: config.production, destination: pino.destination({ dest: 2, sync: true }) });
  const runtime = syncRuntime(config.sync, buildGatewaySchema(), { current: () => settings }, logger);
  useSyncService(orm.em.getConnection(), { runtime, config: { ...config.sync, dryRunWaitSeconds: 0 } });
  const format = formatOf(file);
  io.err(`sync: ${file} (${format}), as ${ctx.caller!.login}`);
  ctx.streamedBody = { stream: fs.createReadStream(file), format };
  const mode = options.mirror ? 'mirror' : 'merge';
  const { key } = await send<{ key: number }>(
    ctx,
    'mutation',
    'sync',
    { mode, dryRun: !!options.dryRun, atomic: !!options.atomic, force: !!options.force },
    '{ key }',
  );
  const runner = new SyncRunner(orm.em, runtime, { concurrency: 1, leaseSeconds: config.sync.leaseSeconds, only: key });
  runner.start();
  const bars = progressBars();
  let interrupted = false;
  const interrupt = () => (interrupted = true);
  process.once('SIGINT', interrupt);
  let job: Job | undefined;
  try {
    while (!interrupted && !(job && ENDED.includes(job.state))) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      job = await send<Job>({ ...ctx, em: orm.em.fork() }, 'query', 'syncJob', { jobKey: key }, JOB);
      bars.show(job);
    }
  } finally {
    process.removeListener('SIGINT', interrupt);
    bars.stop();
    await runner.stop();
  }
  if (interrupted) {
    io.err(`job ${key} left off after its last batch: a running service (npm start) takes it up; npm run cli -- job ${key} shows where it is`);
    return 1;
  }
  for (const line of describeJob(job!)) io.out(line);
  return exitCode(job!);
}

/** `sync FILE`, `jobs`, `job KEY`: POST and GET /restapi/sync from the command line. */
export function syncCommands(program: Command, run: CliRun): void {
  program
    .command('sync <file>')
    .description('submits a sync document (JSON or XML) and shows its progress; exit code 0 only when no object failed')
    .option('--mirror', 'removes members the document does not list (mode mirror)')
    .option('--dry-run', 'computes the plan without writing anything')
    .option('--atomic', 'all or nothing, in one transaction')
    .option('--force', "a mirror may remove more than SYNC_MIRROR_GUARD_PERCENT of a container's members")
    .addOption(asOption())
    .action((file: string, options: SyncOptions) => run((db, io) => submitAndRun(db, io, file, options)));
  program
    .command('jobs')
    .description('the newest sync jobs: key, state, mode, submitted, what they did')
    .option('--limit <n>', 'how many', '20')
    .addOption(asOption())
    .action((options: { limit: string; as?: string }) =>
      run(async (db, io) => {
        const listed = await send<Job[]>(await cliContext(db, options.as), 'query', 'syncJobs', { limit: wholeNumber(options.limit, '--limit') }, JOB);
        for (const job of listed) {
          const counts = COLUMNS.slice(1).map((column) => `${column} ${job.sections.reduce((sum, section) => sum + section[column], 0)}`);
          io.out(`${job.key}\t${job.state}\t${job.mode}${job.dryRun ? ' dry run' : ''}\t${new Date(job.submitted).toISOString()}\t${counts.join(', ')}`);
        }
        if (!listed.length) io.out('(no sync job)');
      }),
    );
  program
    .command('job <key>')
    .description("a sync job's sections, state and first failures")
    .option('--failed', 'every object that failed, not only the first')
    .addOption(asOption())
    .action((key: string, options: { failed?: boolean; as?: string }) =>
      run(async (db, io) => {
        const ctx = await cliContext(db, options.as);
        const job = await send<Job>(ctx, 'query', 'syncJob', { jobKey: wholeNumber(key, 'key') }, JOB);
        if (!options.failed) for (const line of describeJob(job)) io.out(line);
        for (let after = 0; options.failed;) {
          const page = await send<Item[]>(ctx, 'query', 'syncItems', { jobKey: job.key, action: 'error', after, limit: ITEMS_PAGE }, ITEM);
          for (const item of page) io.out(describeItem(item));
          if (page.length < ITEMS_PAGE) break;
          after = page[page.length - 1].seq;
        }
        return exitCode(job);
      }),
    );
}
