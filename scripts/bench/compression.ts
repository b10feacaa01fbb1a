import http from 'node:http';
import zlib from 'node:zlib';
import { fairnessCheck, log, PING, tokenHeaders, type Bench } from './context';
import { requestProblems, runRequests } from './drivers';
import type { RequestsResult } from './load';
import { sampleRss, type ChildServer } from './processes';
import { describeRate, measureRate, middlePersonPath } from './reads';
import { growth, info, mb, ms, perSecond, row, seconds, times, type Row } from './report';

/**
 * What compression costs and saves: the whole list of people (JSON) read by 8 clients at once
 * uncompressed, in gzip and in brotli (time and bytes on the wire, against the uncompressed reads
 * and the baseline, which never compresses); openapi.json's bytes; and a small answer (below the
 * threshold, so never compressed) on a gateway with COMPRESSION on and one with it off, which is
 * what the middleware costs a request that asks for compression. The variants run twice each, in
 * mirrored order, because other work on the machine drifts.
 */

const LIST = '/restapi/users';
const ENCODINGS = ['gzip', 'br'] as const;
type Encoding = 'identity' | (typeof ENCODINGS)[number];

/** One request through node:http: its Content-Encoding, its bytes on the wire, and its body once decoded. */
function readDecoded(url: string, headers: Record<string, string>): Promise<{ encoding: string; wireBytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => {
          const wire = Buffer.concat(parts);
          const encoding = response.headers['content-encoding'] ?? 'identity';
          const body = encoding === 'gzip' ? zlib.gunzipSync(wire) : encoding === 'br' ? zlib.brotliDecompressSync(wire) : wire;
          resolve({ encoding, wireBytes: wire.length, body });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

interface ListRun {
  reads: RequestsResult;
  rssGrowth: number;
}

/** `readers` whole-list reads at once, their bytes counted as they come over the wire. */
async function readLists(server: ChildServer, headers: Record<string, string>, readers: number): Promise<ListRun> {
  const requests = Array.from({ length: readers }, () => ({ method: 'GET', path: LIST }));
  const { result, growth } = await sampleRss([server.pid], () =>
    runRequests({ base: server.base, headers, concurrency: readers, requests, prime: server.base + PING, wire: true }),
  );
  return { reads: result, rssGrowth: growth.get(server.pid)! };
}

/** Two runs of the same reads as one: mean time, the worse p99 and RSS growth, all statuses, sizes and digests. */
function merged([first, second]: ListRun[]): ListRun {
  const union = <T>(a: T[], b: T[]) => [...new Set([...a, ...b])];
  const statuses = { ...first.reads.statuses };
  for (const [status, count] of Object.entries(second.reads.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  return {
    reads: {
      wallMs: (first.reads.wallMs + second.reads.wallMs) / 2,
      latency: first.reads.latency.p99 >= second.reads.latency.p99 ? first.reads.latency : second.reads.latency,
      statuses,
      sizes: union(first.reads.sizes, second.reads.sizes),
      digests: union(first.reads.digests, second.reads.digests),
      failures: [...first.reads.failures, ...second.reads.failures],
    },
    rssGrowth: Math.max(first.rssGrowth, second.rssGrowth),
  };
}

/** Each variant twice, in the order A B C … C B A, so that a drift of the machine's load (other work) weighs on all alike. */
async function mirrored<K extends string, R>(variants: readonly K[], run: (variant: K) => Promise<R>): Promise<Record<K, R[]>> {
  const runs = Object.fromEntries(variants.map((variant) => [variant, [] as R[]])) as Record<K, R[]>;
  for (const variant of [...variants, ...[...variants].reverse()]) runs[variant].push(await run(variant));
  return runs;
}

const withEncoding = (bench: Bench, encoding: Encoding) => ({ ...tokenHeaders(bench), 'Accept-Encoding': encoding });

/** The whole list without Accept-Encoding, in gzip and in brotli, against the baseline's uncompressed reads. */
async function listRows(bench: Bench): Promise<Row[]> {
  const readers = bench.options.listReaders;
  const plain = await readDecoded(bench.gateway.base + LIST, withEncoding(bench, 'identity'));
  for (const encoding of ENCODINGS) {
    const decoded = await readDecoded(bench.gateway.base + LIST, withEncoding(bench, encoding));
    fairnessCheck(
      bench,
      `GET ${LIST} with Accept-Encoding: ${encoding}: so encoded, the uncompressed list once decoded`,
      decoded.encoding === encoding && decoded.body.equals(plain.body),
      `(${mb(decoded.wireBytes)} for ${mb(decoded.body.length)})`,
    );
  }
  const variants = ['identity', ...ENCODINGS, 'baseline'] as const;
  const runOf = async (variant: (typeof variants)[number]) => {
    const [server, encoding] = variant === 'baseline' ? [bench.baseline, 'identity' as const] : [bench.gateway, variant];
    await readLists(server, withEncoding(bench, encoding), 1); // warm-up
    const run = await readLists(server, withEncoding(bench, encoding), readers);
    log(
      `  ${variant.padEnd(8)} ${readers} reads in ${seconds(run.reads.wallMs)}, ${run.reads.sizes.map(mb).join(', ')} on the wire each, ` +
        `p99 ${ms(run.reads.latency.p99)}, RSS growth ${mb(run.rssGrowth)}`,
    );
    return run;
  };
  const runs = await mirrored(variants, runOf);
  const [identity, gzip, br, baseline] = variants.map((variant) => merged(runs[variant]));
  const encoded = { gzip, br };
  fairnessCheck(
    bench,
    `GET ${LIST} without compression: all ${readers * 4} measured answers byte-identical`,
    new Set([...identity.reads.digests, ...baseline.reads.digests]).size === 1,
  );

  const against = (run: ListRun, scenario: string): Row =>
    row({
      scenario,
      gateway: seconds(run.reads.wallMs),
      baseline: seconds(baseline.reads.wallMs),
      ratio: times(baseline.reads.wallMs / run.reads.wallMs),
      p99Gateway: ms(run.reads.latency.p99),
      p99Baseline: ms(baseline.reads.latency.p99),
      rss: growth(run.rssGrowth, baseline.rssGrowth),
      ...info([...requestProblems(run.reads), ...requestProblems(baseline.reads)]),
    });
  return [
    against(identity, `compression: ${readers} whole-list reads (JSON), uncompressed (mean of 2 runs)`),
    ...ENCODINGS.flatMap((encoding) => {
      const { reads } = encoded[encoding];
      return [
        against(encoded[encoding], `  ${encoding}: time`),
        row({ scenario: `  ${encoding}: time without / with compression`, ratio: times(identity.reads.wallMs / reads.wallMs), ...info() }),
        row({
          scenario: `  ${encoding}: bytes on the wire per read`,
          gateway: mb(reads.sizes[0]),
          baseline: mb(baseline.reads.sizes[0]),
          ratio: times(baseline.reads.sizes[0] / reads.sizes[0]),
          ...info(),
        }),
      ];
    }),
  ];
}

/** openapi.json (what the try-it page loads) in each encoding: bytes on the wire. */
async function documentRows(bench: Bench): Promise<Row[]> {
  const url = `${bench.gateway.base}/restapi/openapi.json`;
  const plain = await readDecoded(url, withEncoding(bench, 'identity'));
  const rows: Row[] = [];
  for (const encoding of ENCODINGS) {
    const encoded = await readDecoded(url, withEncoding(bench, encoding));
    fairnessCheck(bench, `openapi.json in ${encoding}: the same document once decoded`, encoded.encoding === encoding && encoded.body.equals(plain.body));
    rows.push(
      row({
        scenario: `  openapi.json in ${encoding}: bytes (uncompressed ${mb(plain.wireBytes)})`,
        gateway: mb(encoded.wireBytes),
        ratio: `${times(plain.wireBytes / encoded.wireBytes)} smaller`,
        ...info(),
      }),
    );
  }
  return rows;
}

/**
 * A small answer (never compressed) with Accept-Encoding on two fresh gateways, one with COMPRESSION
 * on and one with it off, in the order on off off on: the compression middleware's cost per request.
 */
async function smallAnswerRows(bench: Bench): Promise<Row[]> {
  const path = await middlePersonPath(bench);
  const headers = { 'X-SERVICE-TOKEN': bench.token, Accept: 'application/json', 'Accept-Encoding': 'gzip, br' };
  const servers = {
    on: await bench.startGateway('gateway, COMPRESSION on', {}),
    off: await bench.startGateway('gateway, COMPRESSION=off', { COMPRESSION: 'off' }),
  };
  try {
    const runs = await mirrored(['on', 'off'] as const, async (variant) => {
      const run = await measureRate(bench, servers[variant], { url: servers[variant].base + path, headers });
      describeRate(`gateway, COMPRESSION ${variant}`, run.result, run.rssGrowth);
      return run;
    });
    const baseline = await measureRate(bench, bench.baseline, { url: bench.baseline.base + path, headers });
    describeRate('baseline', baseline.result, baseline.rssGrowth);
    const mean = (variant: 'on' | 'off') => (runs[variant][0].result.requests.average + runs[variant][1].result.requests.average) / 2;
    const rate = (variant: 'on' | 'off', scenario: string) =>
      row({
        scenario,
        gateway: perSecond(mean(variant), 'req'),
        baseline: perSecond(baseline.result.requests.average, 'req'),
        ratio: times(mean(variant) / baseline.result.requests.average),
        p99Gateway: ms(Math.max(...runs[variant].map((run) => run.result.latency.p99))),
        p99Baseline: ms(baseline.result.latency.p99),
        rss: growth(Math.max(...runs[variant].map((run) => run.rssGrowth)), baseline.rssGrowth),
        ...info([...runs[variant].flatMap((run) => run.problems), ...baseline.problems]),
      });
    return [
      rate('on', 'compression: GET /restapi/users/{k} (below 1 KB) with Accept-Encoding, COMPRESSION on (mean of 2 runs)'),
      rate('off', '  the same, COMPRESSION=off'),
      row({ scenario: '  rate with / without the compression middleware', ratio: times(mean('on') / mean('off')), ...info() }),
    ];
  } finally {
    await Promise.all([servers.on.stop(), servers.off.stop()]);
  }
}

export async function compression(bench: Bench): Promise<Row[]> {
  await bench.grow();
  return [...(await listRows(bench)), ...(await documentRows(bench)), ...(await smallAnswerRows(bench))];
}
