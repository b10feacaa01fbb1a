import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { RequestSpec } from './load';
import { log, METRICS_TOKEN, tokenHeaders, type Bench } from './context';
import { sampleRss } from './processes';
import { count, growth, row, seconds, times, type Row } from './report';
import { measureWrites } from './writes';

/**
 * A term in one request (issue 25), in the issue's proportions (100,000 people, 2,000 courses, 1,000,000
 * memberships): `people` people, a course for every 50 and ten course memberships a person, planned (dryRun) and
 * applied by POST /restapi/sync, beside the same work as single REST requests (PUT /restapi/users, PUT
 * /restapi/repo/courses?title=…, PUT /restapi/repo/courses/{c}/participants/{i}) from the bench's 16 write clients, as
 * an integration without sync sends them. Both on the same gateway, in the same run, each on people and courses of
 * its own; the ratio is the time of the single requests over the time of the sync (above 1: the sync is faster).
 */
const COURSES_A_PERSON = 10;
const PEOPLE_A_COURSE = 50;

interface Term {
  users: { externalId: string; login: string; firstName: string; lastName: string; email: string }[];
  courses: { externalId: string; title: string }[];
  /** Per course, the indexes of its participants. */
  members: number[][];
}

function term(tag: string, people: number): Term {
  const courseCount = Math.max(COURSES_A_PERSON, Math.round(people / PEOPLE_A_COURSE));
  const users = Array.from({ length: people }, (_, i) => ({
    externalId: `SYNC-${tag}-${i}`,
    login: `sync-${tag}-${i}`,
    firstName: 'Sync',
    lastName: `Person ${i}`,
    email: `sync-${tag}-${i}@students.example-university.org`,
  }));
  const courses = Array.from({ length: courseCount }, (_, c) => ({ externalId: `SYNC-C-${tag}-${c}`, title: `Sync course ${tag} ${c}` }));
  const members: number[][] = courses.map(() => []);
  for (let i = 0; i < people; i++) for (let k = 0; k < COURSES_A_PERSON; k++) members[(i * 7 + k) % courseCount].push(i);
  return { users, courses, members };
}

const documentOf = ({ users, courses, members }: Term) =>
  JSON.stringify({
    users,
    courses,
    memberships: courses.map((course, c) => ({
      type: 'course',
      externalId: course.externalId,
      role: 'participant',
      members: members[c].map((i) => users[i].externalId),
    })),
  });

interface JobState {
  key: number;
  state: string;
  /** When the document was staged (the job's row made), taken up, and ended: epoch ms. */
  submitted: number;
  started: number | null;
  finished: number | null;
  sections: { section: string; total: number; done: number; failed: number }[];
}

/** The longest the gateway's event loop was held since the last call (prom-client's histogram, reset by each scrape), in ms. */
async function eventLoopMaxMs(bench: Bench): Promise<number> {
  const text = await (await fetch(`${bench.gateway.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const max = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text);
  return max ? Math.round(Number(max[1]) * 1000) : NaN;
}

/**
 * Pings the URL it is given every 100 ms until told to stop, then posts the answers' times in ms. It says 'ready' after
 * a first ping, which is not counted: the worker's first fetch loads and compiles undici and opens the connection.
 */
const PINGER = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
const times = [];
parentPort.once('message', () => { running = false; });
(async () => {
  await (await fetch(workerData)).text();
  parentPort.postMessage('ready');
  while (running) {
    const pinged = performance.now();
    await (await fetch(workerData)).text();
    times.push(performance.now() - pinged);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  parentPort.postMessage(times);
})();
`;

/** Where a job's time went: from its submission to its start (staging the document, the queue), and its run. */
const phases = (job: JobState) => `submitted to started ${seconds(job.started! - job.submitted)}, run ${seconds(job.finished! - job.started!)}`;

/** The slowest ping and the 99th percentile, in ms. */
function pingFigures(times: number[]): { pingMs: number; pingP99Ms: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { pingMs: Math.round(sorted.at(-1) ?? 0), pingP99Ms: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0) };
}

/**
 * Submits the document and waits until its job has ended; answers the job, the wall time, the slowest `/restapi/ping`
 * meanwhile, and the longest the gateway's own event loop was held (a ping beyond it waited elsewhere: for a core).
 */
async function runSync(
  bench: Bench,
  document: Uint8Array<ArrayBuffer>,
  query: string,
): Promise<{ job: JobState; wallMs: number; pingMs: number; pingP99Ms: number; loopMs: number; benchLoopMs: number }> {
  const headers = tokenHeaders(bench);
  await eventLoopMaxMs(bench);
  // The bench's own event loop, which a ping's time includes too.
  const benchLoop = monitorEventLoopDelay({ resolution: 10 });
  benchLoop.enable();
  // Every 100 ms from the submission on (a dry run's request itself waits for the plan), from a thread of its own: the
  // bench's heap (the term, the baseline's requests) is collected on the main thread, and its pauses are not the gateway's.
  const pinger = new Worker(PINGER, { eval: true, workerData: `${bench.gateway.base}/restapi/ping` });
  const answers = (expected: (message: unknown) => boolean) =>
    new Promise<unknown>((resolve, reject) => {
      const onMessage = (message: unknown) => expected(message) && (pinger.off('message', onMessage), resolve(message));
      pinger.on('message', onMessage);
      pinger.once('error', reject);
    });
  const times = answers(Array.isArray) as Promise<number[]>;
  await answers((message) => message === 'ready');
  try {
    const started = Date.now();
    const submitted = await fetch(`${bench.gateway.base}/restapi/sync${query}`, { method: 'POST', headers, body: document });
    if (submitted.status !== 200 && submitted.status !== 202) throw new Error(`POST /restapi/sync${query}: ${submitted.status} ${await submitted.text()}`);
    let job = (await submitted.json()) as JobState;
    while (['queued', 'running'].includes(job.state)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await (await fetch(`${bench.gateway.base}/restapi/sync/${job.key}`, { headers })).json()) as JobState;
    }
    const failed = job.sections.reduce((sum, section) => sum + section.failed, 0);
    if (failed || !['planned', 'done'].includes(job.state)) throw new Error(`sync job ${job.key}: ${job.state}, ${failed} failed`);
    const wallMs = Date.now() - started;
    pinger.postMessage('stop');
    return { job, wallMs, ...pingFigures(await times), loopMs: await eventLoopMaxMs(bench), benchLoopMs: Math.round(benchLoop.max / 1e6) };
  } finally {
    benchLoop.disable();
    await pinger.terminate();
  }
}

/** The same term as single REST requests: people, then courses, then every membership, each phase from the write clients. */
async function singleRequests(bench: Bench, work: Term): Promise<{ wallMs: number; requests: number; problems: string[] }> {
  const put = (path: string, body?: unknown): RequestSpec => ({ method: 'PUT', path, body: body === undefined ? undefined : JSON.stringify(body) });
  const people = await measureWrites(
    bench,
    bench.gateway,
    work.users.map((user) => put('/restapi/users', user)),
  );
  const courses = await measureWrites(
    bench,
    bench.gateway,
    work.courses.map((course) => put(`/restapi/repo/courses?${new URLSearchParams({ title: course.title, externalId: course.externalId })}`)),
  );
  const keys = async (table: string, key: string, refs: string[]) => {
    const { rows } = await bench.db.query<{ key: number; ref: string }>(
      `select ${key} as key, external_id as ref from ${table} where external_id = any($1::text[])`,
      [refs],
    );
    const byRef = new Map(rows.map((found) => [found.ref, found.key]));
    return refs.map((ref) => byRef.get(ref)!);
  };
  const personKeys = await keys(
    'identity',
    'id',
    work.users.map((user) => user.externalId),
  );
  const courseKeys = await keys(
    'repository_entry',
    'olat_resource_id',
    work.courses.map((course) => course.externalId),
  );
  const adds = work.members.flatMap((members, c) => members.map((i) => put(`/restapi/repo/courses/${courseKeys[c]}/participants/${personKeys[i]}`)));
  const memberships = await measureWrites(bench, bench.gateway, adds);
  const runs = [people, courses, memberships];
  return {
    wallMs: runs.reduce((sum, run) => sum + run.wallMs, 0),
    requests: runs.reduce((sum, run) => sum + run.count, 0),
    problems: runs.flatMap((run) => run.problems),
  };
}

export async function sync(bench: Bench): Promise<Row[]> {
  const people = bench.options.syncPeople;
  const share = bench.options.syncBaselineShare;
  const viaSync = term(`s${Date.now() % 100000}`, people);
  const viaRequests = term(`r${Date.now() % 100000}`, Math.round(people * share));
  const memberships = viaSync.members.reduce((sum, members) => sum + members.length, 0);
  // Encoded once: a 37 MB string encoded by fetch as it sends it held the bench's event loop, and the pings with it.
  const document = new TextEncoder().encode(documentOf(viaSync));
  log(
    `  term: ${count(people)} people, ${count(viaSync.courses.length)} courses, ${count(memberships)} memberships; a document of ${count(document.length)} bytes`,
  );
  // The single requests first: a term too large for one sitting still gets its baseline.
  const measured = await singleRequests(bench, viaRequests);
  const single = { ...measured, wallMs: measured.wallMs / share };
  log(
    `  ${count(measured.requests)} single requests ${seconds(measured.wallMs)}${share < 1 ? ` (${share} of the work; scaled to all of it: ${seconds(single.wallMs)})` : ''}` +
      `${single.problems.length ? `  PROBLEMS: ${single.problems.join('; ')}` : ''}`,
  );
  const dry = await sampleRss([bench.gateway.pid], () => runSync(bench, document, '?dryRun=true'));
  log(
    `  dry run ${seconds(dry.result.wallMs)} (${phases(dry.result.job)}, RSS growth ${growth(dry.growth.get(bench.gateway.pid)!)}, /ping at most ${dry.result.pingMs} ms (p99 ${dry.result.pingP99Ms} ms), event loop held at most ${dry.result.loopMs} ms, the bench's ${dry.result.benchLoopMs} ms)`,
  );
  const applied = await sampleRss([bench.gateway.pid], () => runSync(bench, document, ''));
  log(
    `  apply ${seconds(applied.result.wallMs)} (${phases(applied.result.job)}, RSS growth ${growth(applied.growth.get(bench.gateway.pid)!)}, /ping at most ${applied.result.pingMs} ms (p99 ${applied.result.pingP99Ms} ms), event loop held at most ${applied.result.loopMs} ms, the bench's ${applied.result.benchLoopMs} ms)`,
  );
  const again = await runSync(bench, document, '');
  log(
    `  the same document again ${seconds(again.wallMs)} (${phases(again.job)}, /ping at most ${again.pingMs} ms (p99 ${again.pingP99Ms} ms), event loop held at most ${again.loopMs} ms, the bench's ${again.benchLoopMs} ms)`,
  );
  const work = `${count(people)} people, ${count(viaSync.courses.length)} courses, ${count(memberships)} memberships`;
  const scaled = share < 1 ? ` (${share} of the work, time scaled by ${times(1 / share).trim()})` : '';
  return [
    row({
      scenario: 'sync-dry-run',
      gateway: seconds(dry.result.wallMs),
      baseline: seconds(single.wallMs),
      ratio: times(single.wallMs / dry.result.wallMs),
      target: 'none',
      verdict: `${work}: single REST requests${scaled} / the dry run (/ping at most ${dry.result.pingMs} ms, event loop ${dry.result.loopMs} ms)`,
    }),
    row({
      scenario: 'sync-apply',
      gateway: seconds(applied.result.wallMs),
      baseline: seconds(single.wallMs),
      ratio: times(single.wallMs / applied.result.wallMs),
      target: 'none',
      verdict: `${work}: single REST requests${scaled} / the apply (RSS growth ${growth(applied.growth.get(bench.gateway.pid)!)}, /ping at most ${applied.result.pingMs} ms, event loop ${applied.result.loopMs} ms)`,
    }),
    row({
      scenario: 'sync-again',
      gateway: seconds(again.wallMs),
      baseline: seconds(applied.result.wallMs),
      ratio: times(applied.result.wallMs / again.wallMs),
      target: 'none',
      verdict: `the first apply / the same document again (nothing to change; /ping at most ${again.pingMs} ms, event loop ${again.loopMs} ms)`,
    }),
  ];
}
