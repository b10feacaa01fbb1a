import { checkSameWork, JSON_TYPE, log, type Bench, type Side } from './context';
import { describeRate, measureRate, READ_TARGET } from './reads';
import { growth, info, microseconds, ms, perSecond, row, times, verdict, type Row } from './report';

/**
 * A read measured the same way on both servers (the baseline serves the gateway's paths): one request
 * traced on each in-process (the baseline sends no statement the gateway does not; the answers are
 * the same bytes), then autocannon against each child server, then one row with the ratio of the rates.
 */
export interface ReadTwin {
  /** The table's label, e.g. `courses-my: GET /restapi/users/{k}/courses/my (20)`. */
  scenario: string;
  /** Path with its query, the same on both sides. */
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  accept?: string;
  /** The caller's X-SERVICE-TOKEN (the administrator's, or a student's for their own lists) … */
  token?: string;
  /** … or an Authorization header (basic auth). */
  authorization?: string;
  /** What must differ between the sides, taken out before the answers are compared. */
  normalise?: (body: string, side: Side) => string;
  /** Least ratio of the rates (gateway / baseline) that meets the target; 0.8 for reads (issue 23). */
  target?: number;
}

export const twinHeaders = (twin: ReadTwin): Record<string, string> => ({
  ...(twin.token ? { 'X-SERVICE-TOKEN': twin.token } : { Authorization: twin.authorization! }),
  Accept: twin.accept ?? JSON_TYPE,
  'Accept-Encoding': 'identity',
  ...(twin.body === undefined ? {} : { 'Content-Type': JSON_TYPE }),
});

export async function measureReadTwin(bench: Bench, twin: ReadTwin): Promise<Row[]> {
  const headers = twinHeaders(twin);
  const spec = { method: twin.method ?? 'GET', path: twin.path, body: twin.body };
  log(`  ${twin.scenario}`);
  // Two requests before the traced one: the first fills caches (the caller's token, settings) on both sides.
  await checkSameWork(bench, `${spec.method} ${twin.path}`, { gateway: [spec, spec, spec], baseline: [spec, spec, spec] }, twin.normalise, headers);
  const run = (base: string) => ({ url: base + twin.path, method: spec.method, body: twin.body, headers });
  const gateway = await measureRate(bench, bench.gateway, run(bench.gateway.base));
  describeRate('gateway', gateway.result, gateway.rssGrowth);
  const baseline = await measureRate(bench, bench.baseline, run(bench.baseline.base));
  describeRate('baseline', baseline.result, baseline.rssGrowth);
  const ratio = gateway.result.requests.average / baseline.result.requests.average;
  const target = twin.target ?? READ_TARGET;
  return [
    row({
      scenario: twin.scenario,
      gateway: perSecond(gateway.result.requests.average, 'req'),
      baseline: perSecond(baseline.result.requests.average, 'req'),
      ratio: times(ratio),
      target: `>= ${target.toFixed(2)}x`,
      p99Gateway: ms(gateway.result.latency.p99),
      p99Baseline: ms(baseline.result.latency.p99),
      rss: growth(gateway.rssGrowth, baseline.rssGrowth),
      cpu: `${microseconds(gateway.cpuPerRequest)} / ${microseconds(baseline.cpuPerRequest)}`,
      ...verdict(ratio >= target, [...gateway.problems, ...baseline.problems]),
    }),
  ];
}

/** A figure measured on the gateway alone (no baseline twin), for context in the table. */
export const gatewayOnlyRow = (scenario: string, figure: string, problems: string[] = []) => row({ scenario, gateway: figure, ...info(problems) });
