import { PGBOUNCER, pgbouncerVersion, startPgBouncer, type RunningPgBouncer } from '../pgbouncer';
import { JSON_TYPE, log, PING, tokenHeaders, type Bench } from './context';
import { autocannon, autocannonProblems, requestProblems, runRequests, type AutocannonResult } from './drivers';
import type { RequestsResult, RequestSpec } from './load';
import { cpuSecondsOf, type ChildServer } from './processes';
import { middlePersonPath } from './reads';
import { info, ms, perSecond, row, times, type Row } from './report';
import { CREATED, userRequest } from './writes';

/**
 * Several instances: one representative read (GET /restapi/users/{k} with the token, autocannon)
 * and one write (PUT /restapi/users, distinct bodies, the load generator) with the load on ONE
 * gateway, spread over TWO gateways on the same database, and over two gateways that go through a
 * PgBouncer in transaction mode started here (skipped, with the reason, when there is none). The
 * load always comes from two generator processes with half the clients each, aimed at the same
 * gateway or one at each, so the generators cost the same in every row. Also where the CPU went
 * per request: the gateways' node processes, the database's backends (those of the bench database
 * that lived through the run) and PgBouncer, which is what a larger machine's cores would divide.
 */

interface Spread {
  /** Requests per second over both generators. */
  rate: number;
  p99: number;
  problems: string[];
  /** CPU seconds per 1,000 requests: the gateways, PostgreSQL's backends, PgBouncer. */
  cpu: { gateways: number; postgres: number; pgbouncer: number };
}

type Setup = { name: string; gateways: [ChildServer, ChildServer]; pgbouncer?: RunningPgBouncer };

/** The backends of the bench database now (their pids). */
async function backendPids(bench: Bench): Promise<number[]> {
  const { rows } = await bench.db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  return rows.map((r) => r.pid);
}

/** CPU seconds of these processes now, by pid. */
const cpuNow = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuSecondsOf(pid)]));

/** Runs `load` and answers how much CPU the setup's processes spent on it per 1,000 of `requests()`. */
async function measuringCpu<T>(bench: Bench, setup: Setup, load: () => Promise<T>, requests: (result: T) => number) {
  const gatewayPids = [...new Set(setup.gateways.map((gateway) => gateway.pid))];
  const backends = await backendPids(bench);
  const before = cpuNow([...gatewayPids, ...backends, ...(setup.pgbouncer ? [setup.pgbouncer.pid] : [])]);
  const result = await load();
  const after = cpuNow([...(await backendPids(bench)), ...before.keys()]);
  // Backends that ended or began during the run count for nothing: an underestimate, small while pools stay open.
  const spent = (pids: number[]) =>
    pids.reduce((sum, pid) => sum + (Number.isFinite(after.get(pid)! - before.get(pid)!) ? after.get(pid)! - before.get(pid)! : 0), 0);
  const perThousand = 1000 / requests(result);
  return {
    result,
    cpu: {
      gateways: spent(gatewayPids) * perThousand,
      postgres: spent(backends) * perThousand,
      pgbouncer: setup.pgbouncer ? spent([setup.pgbouncer.pid]) * perThousand : 0,
    },
  };
}

/** Two autocannon runs at once, half the connections each, one per gateway of the pair (or both at the same). */
async function spreadReads(bench: Bench, setup: Setup, path: string): Promise<Spread> {
  const { connections, warmupSeconds, measureSeconds } = bench.options;
  const headers = { 'X-SERVICE-TOKEN': bench.token, Accept: JSON_TYPE };
  const both = (seconds: number) =>
    Promise.all(setup.gateways.map((gateway) => autocannon({ url: gateway.base + path, headers, connections: Math.ceil(connections / 2), seconds })));
  const warm = await both(warmupSeconds);
  const { result, cpu } = await measuringCpu(
    bench,
    setup,
    () => both(measureSeconds),
    (runs) => runs.reduce((sum, run) => sum + run.requests.total, 0),
  );
  return {
    rate: result.reduce((sum, run) => sum + run.requests.average, 0),
    p99: Math.max(...result.map((run: AutocannonResult) => run.latency.p99)),
    problems: [...warm.flatMap(autocannonProblems).map((problem) => `warm-up: ${problem}`), ...result.flatMap(autocannonProblems)],
    cpu,
  };
}

/** Two load generators at once, half the writers and half the requests each, one per gateway of the pair. */
async function spreadWrites(bench: Bench, setup: Setup, tag: string): Promise<Spread> {
  const { writeClients, creates } = bench.options;
  const send = (phase: string, total: number) =>
    Promise.all(
      setup.gateways.map((gateway, half) => {
        const requests: RequestSpec[] = Array.from({ length: Math.ceil(total / 2) }, (_, i) => userRequest(`${tag}${phase}-${half}`, i));
        return runRequests({
          base: gateway.base,
          headers: tokenHeaders(bench),
          concurrency: Math.ceil(writeClients / 2),
          requests,
          prime: gateway.base + PING,
        });
      }),
    );
  const warm = await send('w', Math.max(20, Math.round(creates / 10)));
  const count = (run: RequestsResult) => Object.values(run.statuses).reduce((sum, n) => sum + n, 0);
  const { result, cpu } = await measuringCpu(
    bench,
    setup,
    () => send('', creates),
    (runs) => runs.reduce((sum, run) => sum + count(run), 0),
  );
  await bench.db.query(`delete from identity where login like '${CREATED}${tag}%'`);
  return {
    rate: result.reduce((sum, run) => sum + count(run) / (run.wallMs / 1000), 0),
    p99: Math.max(...result.map((run) => run.latency.p99)),
    problems: [...warm.flatMap(requestProblems).map((problem) => `warm-up: ${problem}`), ...result.flatMap(requestProblems)],
    cpu,
  };
}

const cpuText = ({ cpu }: Spread) =>
  `CPU per 1,000: gateways ${cpu.gateways.toFixed(2)} s, PostgreSQL ${cpu.postgres.toFixed(2)} s${cpu.pgbouncer ? `, PgBouncer ${cpu.pgbouncer.toFixed(2)} s` : ''}`;

/** The URL of a database of the bench database's server, as the bench connects to it. */
function urlOn(bench: Bench, database: string): string {
  const { host, port, user, password } = bench.db;
  return `postgres://${encodeURIComponent(user ?? 'postgres')}${password ? `:${encodeURIComponent(String(password))}` : ''}@${host}:${port}/${database}`;
}

/** A PgBouncer for the bench database's server, or why there is none. */
async function pooler(bench: Bench): Promise<RunningPgBouncer | string> {
  if (!pgbouncerVersion()) return `no PgBouncer at ${PGBOUNCER} (apt-get install pgbouncer)`;
  return startPgBouncer(urlOn(bench, 'postgres'), 20);
}

export async function instances(bench: Bench): Promise<Row[]> {
  await bench.grow();
  const path = await middlePersonPath(bench);
  const second = await bench.startGateway('gateway 2', {});
  // Stopped at the end, the pooled ones before their PgBouncer: the next scenarios get the machine back.
  const started: ChildServer[] = [second];
  const setups: Setup[] = [
    { name: 'one gateway', gateways: [bench.gateway, bench.gateway] },
    { name: 'two gateways, direct', gateways: [bench.gateway, second] },
  ];
  const bouncer = await pooler(bench);
  try {
    if (typeof bouncer === 'string') log(`  through PgBouncer: skipped, ${bouncer}`);
    else {
      const database = bench.db.database!;
      // The bench's gateways run with a pool of 10; PgBouncer's 20 server connections serve both pairs of pools.
      const env = {
        DATABASE_URL: bouncer.urlOf(database),
        DATABASE_DIRECT_URL: urlOn(bench, database),
        DATABASE_PREPARED_STATEMENTS: String(bouncer.keepsPreparedStatements),
      };
      const pooled: [ChildServer, ChildServer] = [await bench.startGateway('gateway pooled 1', env), await bench.startGateway('gateway pooled 2', env)];
      started.push(...pooled);
      log(
        `  PgBouncer ${bouncer.version} on port ${bouncer.port}, transaction mode, ` +
          (bouncer.keepsPreparedStatements ? 'max_prepared_statements on' : 'no prepared statement support (before 1.21): DATABASE_PREPARED_STATEMENTS=false'),
      );
      setups.push({ name: 'two gateways through PgBouncer', gateways: pooled, pgbouncer: bouncer });
    }
    const reads = new Map<string, Spread>();
    const writes = new Map<string, Spread>();
    for (const setup of setups) {
      const read = await spreadReads(bench, setup, path);
      log(`  GET ${path}, ${setup.name}: ${perSecond(read.rate, 'req')}, p99 ${ms(read.p99)}; ${cpuText(read)}`);
      reads.set(setup.name, read);
      const write = await spreadWrites(bench, setup, `inst${setups.indexOf(setup)}`);
      log(`  PUT /restapi/users, ${setup.name}: ${perSecond(write.rate, 'users')}, p99 ${ms(write.p99)}; ${cpuText(write)}`);
      writes.set(setup.name, write);
    }
    const rows = (what: string, unit: string, runs: Map<string, Spread>): Row[] => {
      const one = runs.get('one gateway')!;
      const two = runs.get('two gateways, direct')!;
      const pooledRun = runs.get('two gateways through PgBouncer');
      const figure = (run: Spread) => ({ gateway: perSecond(run.rate, unit), p99Gateway: ms(run.p99), ...info(run.problems) });
      return [
        row({ scenario: `instances: ${what}, one gateway`, ...figure(one) }),
        row({ scenario: '  two gateways, direct / one', baseline: perSecond(one.rate, unit), ratio: times(two.rate / one.rate), ...figure(two) }),
        pooledRun
          ? row({
              scenario: '  two gateways through PgBouncer / direct',
              baseline: perSecond(two.rate, unit),
              ratio: times(pooledRun.rate / two.rate),
              ...figure(pooledRun),
            })
          : row({ scenario: '  two gateways through PgBouncer', verdict: `skipped: ${typeof bouncer === 'string' ? bouncer : ''}` }),
        row({
          scenario: `  CPU s per 1,000, one gateway: gateway / PostgreSQL`,
          gateway: one.cpu.gateways.toFixed(2),
          baseline: one.cpu.postgres.toFixed(2),
          ...info(),
        }),
      ];
    };
    return [...rows(`GET /restapi/users/{k}`, 'req', reads), ...rows('PUT /restapi/users', 'users', writes)];
  } finally {
    for (const gateway of started) await gateway.stop();
    if (typeof bouncer !== 'string') await bouncer.stop();
  }
}
