import { DEFAULT_ORGANISATION_IDENTIFIER } from '../../src/domain/roles';
import type { TracedStatement } from '../trace-statements';
import {
  checkSameWork,
  fairnessCheck,
  JSON_TYPE,
  log,
  PING,
  printStatements,
  sides,
  tokenHeaders,
  traced,
  type Bench,
  type Side,
  type TracedReply,
} from './context';
import {
  autocannon,
  autocannonProblems,
  NO_COMPLETED_REQUESTS,
  requestProblems,
  runRequests,
  startPoll,
  type AutocannonResult,
  type AutocannonRun,
} from './drivers';
import type { PollResult, RequestsResult } from './load';
import { cpuSecondsOf, sampleRss, type ChildServer } from './processes';
import { count, growth, info, mb, ms, perSecond, row, seconds, times, verdict, type Row } from './report';

/** The read scenarios: whole-list reads, one person by key, and GraphQL's nested group members. */

const XML_TYPE = 'application/xml';

interface ListRun {
  reads: RequestsResult;
  ping: PollResult;
  rssGrowth: number;
}

/** Issue 36's targets: a read's rate at least 0.8x of its baseline's; the whole lists at least as fast as the baseline's. */
export const READ_TARGET = 0.8;
const WHOLE_LIST_TARGET = 1.0;

/** `readers` whole-list reads at once while another process polls /ping every 50 ms. */
async function readLists(bench: Bench, server: ChildServer, accept: string, readers: number): Promise<ListRun> {
  const stopPolling = await startPoll(`${server.base}${PING}`, 50);
  const requests = Array.from({ length: readers }, () => ({ method: 'GET', path: '/restapi/users' }));
  const { result, growth } = await sampleRss([server.pid], () =>
    runRequests({ base: server.base, headers: tokenHeaders(bench, accept), concurrency: readers, requests, prime: server.base + PING }),
  );
  return { reads: result, ping: await stopPolling(), rssGrowth: growth.get(server.pid)! };
}

/** GET /restapi/users, the whole list, 8 readers at once: time against the baseline, memory, and how long /ping waits meanwhile. */
export async function listUsers(bench: Bench, format: 'json' | 'xml'): Promise<Row[]> {
  await bench.grow();
  const accept = format === 'json' ? JSON_TYPE : XML_TYPE;
  const readers = bench.options.listReaders;
  const list = { method: 'GET', path: '/restapi/users' };
  await checkSameWork(bench, `GET /restapi/users (${format})`, { gateway: [list], baseline: [list] }, undefined, tokenHeaders(bench, accept));
  const runs = {} as Record<Side, ListRun>;
  for (const [side, server] of sides(bench)) {
    await readLists(bench, server, accept, 1); // warm-up
    const run = await readLists(bench, server, accept, readers);
    log(
      `  ${side.padEnd(8)} ${readers} reads in ${seconds(run.reads.wallMs)} (each ${run.reads.sizes.map(mb).join(', ')}), ` +
        `RSS growth ${mb(run.rssGrowth)}, ${PING} max ${ms(run.ping.latency.max)} p99 ${ms(run.ping.latency.p99)} (${run.ping.latency.count} polls)`,
    );
    runs[side] = run;
  }
  const { gateway, baseline } = runs;
  const digests = new Set([...gateway.reads.digests, ...baseline.reads.digests]);
  fairnessCheck(bench, `GET /restapi/users (${format}): all ${readers * 2} measured answers byte-identical`, digests.size === 1);
  const ratio = baseline.reads.wallMs / gateway.reads.wallMs;
  const problems = [...requestProblems(gateway.reads), ...requestProblems(baseline.reads), ...gateway.ping.failures.map((f) => `${PING}: ${f}`)];
  const scenario = `list-users-${format}`;
  return [
    row({
      scenario: `${scenario}: ${readers} reads, ${mb(gateway.reads.sizes[0])} each`,
      gateway: seconds(gateway.reads.wallMs),
      baseline: seconds(baseline.reads.wallMs),
      ratio: times(ratio),
      target: `>= ${WHOLE_LIST_TARGET.toFixed(2)}x (time bl/gw)`,
      p99Gateway: ms(gateway.reads.latency.p99),
      p99Baseline: ms(baseline.reads.latency.p99),
      rss: growth(gateway.rssGrowth, baseline.rssGrowth),
      ...verdict(ratio >= WHOLE_LIST_TARGET, problems),
    }),
    row({
      scenario: `  gateway RSS growth during the reads`,
      gateway: mb(gateway.rssGrowth),
      baseline: mb(baseline.rssGrowth),
      target: '< 100 MB',
      ...verdict(gateway.rssGrowth < 100 * 1024 * 1024),
    }),
    row({
      scenario: `  ${PING} every 50 ms during the reads: max`,
      gateway: ms(gateway.ping.latency.max),
      baseline: ms(baseline.ping.latency.max),
      target: '< 100 ms',
      p99Gateway: ms(gateway.ping.latency.p99),
      p99Baseline: ms(baseline.ping.latency.p99),
      ...verdict(gateway.ping.latency.max < 100),
    }),
  ];
}

/** The fewest statements one request sends, over a few traced requests after two untraced ones (a cache refill or a settings reload can add one). */
async function statementsPerRequest(send: () => Promise<TracedReply>): Promise<TracedStatement[]> {
  let fewest: TracedStatement[] | undefined;
  for (let i = 0; i < 7; i++) {
    const { status, body, statements } = await send();
    if (status !== 200) throw new Error(`answered ${status} ${body.slice(0, 200)}`);
    if (i >= 2 && (!fewest || statements.length < fewest.length)) fewest = statements;
  }
  return fewest!;
}

/** autocannon warm-up, then the measured run with the server's RSS sampled. */
export async function measureRate(bench: Bench, server: ChildServer, run: Omit<AutocannonRun, 'seconds' | 'connections'>) {
  const { connections, warmupSeconds, measureSeconds } = bench.options;
  const warm = await autocannon({ ...run, connections, seconds: warmupSeconds });
  const cpuBefore = cpuSecondsOf(server.pid);
  const { result, growth } = await sampleRss([server.pid], () => autocannon({ ...run, connections, seconds: measureSeconds }));
  const cpuPerRequest = (cpuSecondsOf(server.pid) - cpuBefore) / result.requests.total;
  // A warm-up shorter than one answer of a long list completes none: that is no failure.
  const warmUpProblems = autocannonProblems(warm).filter((problem) => problem !== NO_COMPLETED_REQUESTS);
  return {
    result,
    rssGrowth: growth.get(server.pid)!,
    cpuPerRequest,
    problems: [...warmUpProblems.map((p) => `warm-up: ${p}`), ...autocannonProblems(result)],
  };
}

export const describeRate = (side: string, result: AutocannonResult, rssGrowth: number) =>
  log(
    `  ${side.padEnd(8)} ${perSecond(result.requests.average, 'req')}, p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}, ${count(result.requests.total)} requests, RSS growth ${mb(rssGrowth)}`,
  );

/** `/restapi/users/{k}` of a seeded person in the middle of the key range. */
export async function middlePersonPath(bench: Bench): Promise<string> {
  const { rows } = await bench.db.query(`select id from identity where login like 'seed-%' order by id offset (select count(*) / 2 from identity) limit 1`);
  return `/restapi/users/${rows[0].id}`;
}

/** GET /restapi/users/{k} with the token against one statement that checks the token and reads the person. */
export async function getUser(bench: Bench): Promise<Row[]> {
  await bench.grow();
  const path = await middlePersonPath(bench);
  const headers = { 'X-SERVICE-TOKEN': bench.token, Accept: JSON_TYPE };
  const bodies = await Promise.all(sides(bench).map(([, server]) => fetch(server.base + path, { headers }).then((r) => r.text())));
  fairnessCheck(bench, `GET ${path}: same JSON bytes`, bodies[0] === bodies[1], `(${Buffer.byteLength(bodies[0])} / ${Buffer.byteLength(bodies[1])} bytes)`);
  const statements = await statementsPerRequest(() => traced(bench.traced.gateway, { method: 'GET', path }, headers));
  log(`  GET ${path} after warm-up (traced in-process):`);
  printStatements('gateway', statements);
  const gateway = await measureRate(bench, bench.gateway, { url: bench.gateway.base + path, headers });
  describeRate('gateway', gateway.result, gateway.rssGrowth);
  const baseline = await measureRate(bench, bench.baseline, { url: bench.baseline.base + path, headers });
  describeRate('baseline', baseline.result, baseline.rssGrowth);
  const inExpress = await measureRate(bench, bench.baselineInExpress, { url: bench.baselineInExpress.base + path, headers });
  describeRate('baseline in express', inExpress.result, inExpress.rssGrowth);
  const ratio = gateway.result.requests.average / baseline.result.requests.average;
  const floor = inExpress.result.requests.average / baseline.result.requests.average;
  return [
    row({
      scenario: 'get-user: GET /restapi/users/{k}',
      gateway: perSecond(gateway.result.requests.average, 'req'),
      baseline: perSecond(baseline.result.requests.average, 'req'),
      ratio: times(ratio),
      target: `>= ${READ_TARGET.toFixed(2)}x`,
      p99Gateway: ms(gateway.result.latency.p99),
      p99Baseline: ms(baseline.result.latency.p99),
      rss: growth(gateway.rssGrowth, baseline.rssGrowth),
      ...verdict(ratio >= READ_TARGET, [...gateway.problems, ...baseline.problems]),
    }),
    row({ scenario: '  statements per request', gateway: String(statements.length), baseline: '1', ...info() }),
    row({
      scenario: '  the baseline inside express 5 (framework floor)',
      gateway: perSecond(inExpress.result.requests.average, 'req'),
      baseline: perSecond(baseline.result.requests.average, 'req'),
      ratio: times(floor),
      p99Gateway: ms(inExpress.result.latency.p99),
      p99Baseline: ms(baseline.result.latency.p99),
      ...info(),
    }),
    row({ scenario: '  gateway / baseline inside express', ratio: times(gateway.result.requests.average / inExpress.result.requests.average), ...info() }),
  ];
}

const NESTED_QUERY = '{ groups { key name owners { key login } participants { key login } } }';

/** Groups `GraphQL group <from…to>` with 2 owners and 3 participants each, from the people present. */
async function addGraphqlGroups(bench: Bench, from: number, to: number) {
  const { rows } = await bench.db.query(
    `insert into business_group (name, organisation_id) select 'GraphQL group ' || n, (select id from organisation where identifier = $3)
     from generate_series($1::int, $2::int) n returning id`,
    [from, to, DEFAULT_ORGANISATION_IDENTIFIER],
  );
  await bench.db.query(
    `with p as (select id, row_number() over (order by id) - 1 as r from identity), g as (select id, row_number() over (order by id) - 1 as r from unnest($1::int[]) id)
     insert into group_membership (group_id, identity_id, role)
     select g.id, p.id, case when k < 2 then 'coach' else 'participant' end from g cross join generate_series(0, 4) k join p on p.r = (g.r * 5 + k) % (select count(*) from p)`,
    [rows.map((r) => r.id)],
  );
}

type Nested = { missing: true; why: string } | { missing: false; groups: number; statements: TracedStatement[] };

/** The nested query once, traced on the in-process gateway: statements sent, groups answered; or why the fields are not there. */
async function nestedStatements(bench: Bench): Promise<Nested> {
  const spec = { method: 'POST', path: '/graphql', body: JSON.stringify({ query: NESTED_QUERY }) };
  const reply = await traced(bench.traced.gateway, spec, tokenHeaders(bench));
  const answer = JSON.parse(reply.body) as { data?: { groups?: unknown[] }; errors?: { message: string }[] };
  const unknownField = answer.errors?.find((error) => /Cannot query field "(owners|participants)"/.test(error.message));
  if (unknownField) return { missing: true, why: unknownField.message };
  if (reply.status !== 200 || answer.errors) throw new Error(`POST /graphql: ${reply.status} ${reply.body.slice(0, 300)}`);
  const statements = await statementsPerRequest(() => traced(bench.traced.gateway, spec, tokenHeaders(bench)));
  const groups = answer.data!.groups!.length;
  printStatements(`with ${count(groups)} groups, the gateway`, statements);
  return { missing: false, groups, statements };
}

/** GraphQL groups with owners and participants: the statements must not grow with the groups (10 and 1,000). */
export async function graphqlNested(bench: Bench): Promise<Row[]> {
  try {
    log(`  POST /graphql ${NESTED_QUERY} as the administrator, after warm-up, traced in-process:`);
    await addGraphqlGroups(bench, 1, 10);
    const small = await nestedStatements(bench);
    if (small.missing) {
      log(`  ${small.why}`);
      return [row({ scenario: 'graphql-nested', verdict: 'field missing (GroupVO.owners / participants)' })];
    }
    await addGraphqlGroups(bench, 11, 1000);
    const large = await nestedStatements(bench);
    if (large.missing) throw new Error(large.why);
    const run = { url: `${bench.gateway.base}/graphql`, method: 'POST', body: JSON.stringify({ query: NESTED_QUERY }), headers: tokenHeaders(bench) };
    const rate = await measureRate(bench, bench.gateway, run);
    describeRate('gateway', rate.result, rate.rssGrowth);
    return [
      row({
        scenario: `graphql-nested: statements at ${small.groups} / ${count(large.groups)} groups`,
        gateway: `${small.statements.length} / ${large.statements.length}`,
        target: 'equal',
        ...verdict(small.statements.length === large.statements.length),
      }),
      row({
        scenario: `  query rate at ${count(large.groups)} groups`,
        gateway: perSecond(rate.result.requests.average, 'req'),
        p99Gateway: ms(rate.result.latency.p99),
        rss: growth(rate.rssGrowth),
        ...info(rate.problems),
      }),
    ];
  } finally {
    await bench.db.query(`delete from business_group where name like 'GraphQL group %'`);
  }
}
