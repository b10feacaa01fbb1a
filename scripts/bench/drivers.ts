import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import type { PollJob, PollResult, RequestsJob, RequestsResult } from './load';

/** The bench's side of the load generators: each run is a child process (scripts/bench/load.ts, or autocannon's CLI). */

const LOAD_SCRIPT = path.join(__dirname, 'load.js');
const AUTOCANNON = require.resolve('autocannon/autocannon.js');

/** Environment for load generators: no profiler flags, and no PORT (autocannon's CLI would rewrite the URL to localhost:$PORT). */
function loadEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.PORT;
  delete env.NODE_OPTIONS;
  return env;
}

function startLoad(job: RequestsJob | PollJob, endInput: boolean) {
  const child = spawn(process.execPath, [LOAD_SCRIPT], { env: loadEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let announceReady: () => void;
  const ready = new Promise<void>((resolve) => (announceReady = resolve));
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    if (stdout.startsWith('ready\n')) announceReady();
  });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const result = new Promise<unknown>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      announceReady();
      const last = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`load generator exited with ${code}: ${stderr.slice(0, 500)}`));
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`load generator: unreadable output ${last.slice(0, 300)} ${stderr.slice(0, 300)}`));
      }
    });
  });
  child.stdin.write(`${JSON.stringify(job)}\n`);
  if (endInput) child.stdin.end();
  return { ready, result, stop: () => child.stdin.end() };
}

/** Sends the requests with `concurrency` in flight (after one untimed GET of `prime`); resolves when all are answered. */
export function runRequests(job: Omit<RequestsJob, 'kind'>): Promise<RequestsResult> {
  return startLoad({ kind: 'requests', ...job }, true).result as Promise<RequestsResult>;
}

/** Polls `url` from when it resolves until the function it resolves to is called, which answers the latencies seen. */
export async function startPoll(url: string, intervalMs: number): Promise<() => Promise<PollResult>> {
  const load = startLoad({ kind: 'poll', url, intervalMs }, false);
  await load.ready;
  return () => {
    load.stop();
    return load.result as Promise<PollResult>;
  };
}

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
}

export interface AutocannonRun {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  method?: string;
  body?: string;
}

/** autocannon's CLI in a child process, for fixed requests. */
export function autocannon(run: AutocannonRun): Promise<AutocannonResult> {
  const args = [AUTOCANNON, '-j', '-n', '-c', String(run.connections), '-d', String(run.seconds)];
  for (const [name, value] of Object.entries(run.headers)) args.push('-H', `${name}=${value}`);
  if (run.method) args.push('-m', run.method);
  if (run.body !== undefined) args.push('-b', run.body);
  args.push(run.url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { env: loadEnv(), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`autocannon ${run.url}: ${error.message}\n${stderr}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop()!) as AutocannonResult);
      } catch {
        reject(new Error(`autocannon ${run.url}: unreadable output\n${stdout.slice(0, 500)}\n${stderr}`));
      }
    });
  });
}

export const NO_COMPLETED_REQUESTS = 'no completed requests';

/** What went wrong in an autocannon run, if anything. */
export function autocannonProblems(result: AutocannonResult): string[] {
  const problems: string[] = [];
  if (result.non2xx) {
    const other = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2'));
    problems.push(`${result.non2xx} non-2xx answers ${other.map(([code, { count }]) => `${code}x${count}`).join(' ')}`.trim());
  }
  if (result.errors) problems.push(`${result.errors} errors`);
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`);
  if (!result.requests.total) problems.push(NO_COMPLETED_REQUESTS);
  return problems;
}

/** What went wrong in a load-generator run, if anything. */
export function requestProblems(result: RequestsResult): string[] {
  const bad = Object.entries(result.statuses).filter(([status]) => !status.startsWith('2'));
  return bad.length ? [`status ${bad.map(([status, count]) => `${status}x${count}`).join(' ')}`, ...result.failures] : [];
}
