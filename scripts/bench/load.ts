import { createHash } from 'node:crypto';
import http from 'node:http';

/**
 * The bench's load generator for requests autocannon cannot send (a distinct body per request,
 * whole-list reads, a steady poll), run as a child process so that it shares no event loop with
 * the servers or the bench. It reads one job as a JSON line on stdin and prints its result as the
 * last line on stdout. A poll job polls until stdin ends.
 */

export interface RequestSpec {
  method: string;
  path: string;
  body?: string;
  /** `body` is base64 for bytes that are no text (a multipart upload of a ZIP). */
  base64?: boolean;
}

const bodyOf = (spec: RequestSpec) => (spec.base64 && spec.body !== undefined ? Buffer.from(spec.body, 'base64') : spec.body);

export interface RequestsJob {
  kind: 'requests';
  base: string;
  headers: Record<string, string>;
  /** Requests in flight at once, each worker taking the next request when its last one is answered. */
  concurrency: number;
  requests: RequestSpec[];
  /** A cheap URL requested once before the clock starts (the first fetch of a process loads its HTTP client). */
  prime: string;
  /**
   * Sizes and digests of the bytes as they come over the wire, through node:http, which neither asks
   * for compression nor undoes it; else through fetch, which asks for gzip unless told otherwise and
   * decompresses.
   */
  wire?: boolean;
}

/** Polls after one untimed request, announced by a line "ready" on stdout. */
export interface PollJob {
  kind: 'poll';
  url: string;
  /** Time between the end of one request and the start of the next. */
  intervalMs: number;
}

export interface Latency {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface RequestsResult {
  wallMs: number;
  latency: Latency;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** The distinct body sizes and SHA-256 digests of the answers (one each when all answers are alike). */
  sizes: number[];
  digests: string[];
  /** The first few answers that were not 2xx, or failed. */
  failures: string[];
}

export interface PollResult {
  latency: Latency;
  failures: string[];
}

export function summarise(latenciesMs: number[]): Latency {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : NaN);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.length ? sorted[sorted.length - 1] : NaN };
}

const elapsedMs = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** One request, its body read to the end and digested without keeping it. */
async function send(url: string, init: RequestInit): Promise<{ status: number; size: number; digest: string; ms: number; text?: string }> {
  const start = process.hrtime.bigint();
  const response = await fetch(url, init);
  const hash = createHash('sha256');
  let size = 0;
  let head = '';
  for await (const chunk of response.body ?? []) {
    const bytes = chunk as Uint8Array;
    hash.update(bytes);
    size += bytes.length;
    if (!response.ok && head.length < 300) head += Buffer.from(bytes).toString('utf8');
  }
  return { status: response.status, size, digest: hash.digest('hex'), ms: elapsedMs(start), text: response.ok ? undefined : head.slice(0, 300) };
}

const wireAgent = new http.Agent({ keepAlive: true });

/** `send` through node:http: the answer's bytes as they came, undecoded. */
function sendWire(url: string, init: RequestInit): Promise<Awaited<ReturnType<typeof send>>> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method, headers: init.headers as Record<string, string>, agent: wireAgent }, (response) => {
      const hash = createHash('sha256');
      let size = 0;
      let head = '';
      const ok = response.statusCode! >= 200 && response.statusCode! < 300;
      response.on('data', (bytes: Buffer) => {
        hash.update(bytes);
        size += bytes.length;
        if (!ok && head.length < 300) head += bytes.toString('utf8');
      });
      response.on('end', () =>
        resolve({ status: response.statusCode!, size, digest: hash.digest('hex'), ms: elapsedMs(start), text: ok ? undefined : head.slice(0, 300) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(init.body as string | Buffer | undefined);
  });
}

async function runRequests(job: RequestsJob): Promise<RequestsResult> {
  const request = job.wire ? sendWire : send;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const sizes = new Set<number>();
  const digests = new Set<string>();
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < job.requests.length) {
      const spec = job.requests[next++];
      try {
        const reply = await request(job.base + spec.path, { method: spec.method, headers: job.headers, body: bodyOf(spec) });
        latencies.push(reply.ms);
        statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
        sizes.add(reply.size);
        digests.add(reply.digest);
        if (reply.text !== undefined && failures.length < 3) failures.push(`${spec.method} ${spec.path}: ${reply.status} ${reply.text}`);
      } catch (error) {
        statuses.failed = (statuses.failed ?? 0) + 1;
        if (failures.length < 3) failures.push(`${spec.method} ${spec.path}: ${(error as Error).message}`);
      }
    }
  };
  await request(job.prime, {});
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: Math.min(job.concurrency, job.requests.length) }, worker));
  return { wallMs: elapsedMs(start), latency: summarise(latencies), statuses, sizes: [...sizes], digests: [...digests], failures };
}

async function runPoll(job: PollJob, stopped: Promise<void>): Promise<PollResult> {
  let running = true;
  void stopped.then(() => (running = false));
  const latencies: number[] = [];
  const failures: string[] = [];
  await send(job.url, {});
  process.stdout.write('ready\n');
  while (running) {
    try {
      const reply = await send(job.url, {});
      latencies.push(reply.ms);
      if (reply.status !== 200 && failures.length < 3) failures.push(`${reply.status} ${reply.text}`);
    } catch (error) {
      if (failures.length < 3) failures.push((error as Error).message);
    }
    await new Promise((resolve) => setTimeout(resolve, job.intervalMs));
  }
  return { latency: summarise(latencies), failures };
}

async function main() {
  let input = '';
  let resolveEnd: () => void;
  const ended = new Promise<void>((resolve) => (resolveEnd = resolve));
  const firstLine = new Promise<string>((resolve) => {
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      input += chunk;
      const newline = input.indexOf('\n');
      if (newline >= 0) resolve(input.slice(0, newline));
    });
    process.stdin.on('end', () => {
      resolve(input);
      resolveEnd();
    });
  });
  const job = JSON.parse(await firstLine) as RequestsJob | PollJob;
  const result = job.kind === 'requests' ? await runRequests(job) : await runPoll(job, ended);
  // Exit at once: idle keep-alive connections would hold the process open.
  process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
