import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client, Pool } from 'pg';
import { version as AUTOCANNON_VERSION } from 'autocannon/package.json';
import { loadConfig } from '../src/config/config';
import { startService } from '../src/server';
import { createBaseline } from './bench/baseline-server';
import { ADMIN, METRICS_TOKEN, PING, SCENARIOS, type Bench, type Options, type ScenarioId } from './bench/context';
import { masked, openBenchDatabase } from './bench/database';
import { memoryOf, startServer, type ChildServer } from './bench/processes';
import { addMembers, createGroups, createUsers, createUsersWithPassword } from './bench/writes';
import { getUser, graphqlNested, listUsers } from './bench/reads';
import { compression } from './bench/compression';
import { count, failedRow, mb, rowsTable, type Row } from './bench/report';
import { nextSeedNumber, seedPeople } from './bench/seed';
import { courseByExternalId, courseParticipants, myCourses } from './bench/families/courses';
import { graphqlCourse, graphqlUser } from './bench/families/graphql';
import { shortReads } from './bench/families/users';
import { curriculumMembers } from './bench/families/curriculum';
import { lectureRollCalls, lecturesOfDay } from './bench/families/lectures';
import { calendarIcal, calendarMonth } from './bench/families/calendars';
import { catalogChildren } from './bench/families/catalog';
import { courseCreate, courseImport, courseParticipant, courseParticipantsBulk } from './bench/families/courses-writes';
import { curriculumMember } from './bench/families/curriculum-writes';
import { rollCallUpdate } from './bench/families/lectures-writes';
import { calendarEvent } from './bench/families/calendars-writes';
import { seedInstitution, type InstitutionCounts } from './bench/institution';
import { instances } from './bench/instances';
import { sync } from './bench/sync';
import { scim } from './bench/scim';
import { webhooks } from './bench/webhooks';

/**
 * `npm run bench -- [--users N] [--only a,b] [--quick]`: the scenarios of issue 8, each measured on
 * the gateway and, in the same run, on a plain node:http + pg baseline doing the same work
 * (scripts/bench/baseline-server.ts), then ONE table of ratios, p99 latencies and memory. Run by
 * hand, never in the test suite; it reports the figures and never asserts them (exit 0 whatever
 * they are, non-zero only when something failed).
 *
 *   graphql-nested         GraphQL groups with owners and participants: statements at 10 and 1,000 groups (must be equal), query rate
 *   create-users           PUT /restapi/users without password, 16 clients, with ~1,000 people present and with N: rate vs plain INSERTs, flatness
 *   create-users-password  the same with a password (bcrypt on both sides), beside this machine's bcrypt rate
 *   create-groups          PUT /restapi/groups vs one INSERT
 *   add-members            PUT /restapi/groups/{g}/participants/{i}, new pairs, vs the same statements
 *   list-users-json/-xml   8 concurrent whole-list reads of GET /restapi/users: time, RSS growth, /ping latency meanwhile
 *   get-user               GET /restapi/users/{k} with the token (autocannon) vs ONE statement that checks the token and reads
 *   compression            the whole list (JSON) uncompressed, in gzip and in brotli: time and bytes on the wire against
 *                          the uncompressed reads and the baseline; openapi.json's bytes; GET /restapi/users/{k} with COMPRESSION on / off
 *   courses-my, curriculum-members, lectures-day, lectures-rollcalls, calendar-month, calendar-ical, catalog-children
 *                          each family's hot read at the institution's size (scripts/bench/families/*.ts) beside the baseline
 *                          route doing the same statements (scripts/bench/baseline/*.ts)
 *   instances              GET /restapi/users/{k} and PUT /restapi/users on one gateway, spread over two, and over two through a
 *                          PgBouncer in transaction mode (scripts/pgbouncer.ts; skipped without one): rates, ratios, CPU per request
 *   courses-my             GET /users/{k}/courses/my of a student in 20 courses, at the institution's size
 *   course-create          PUT /repo/courses from query parameters (distinct externalIds), 16 clients, vs the same statements, change event and audit row
 *   course-import          POST /repo/courses with TemplateCourse.zip, 4 clients: imports per second and RSS growth (gateway only)
 *   course-participant     PUT /repo/courses/{id}/participants/{k}, new pairs in institution courses, vs the same statements, change event and audit row
 *   course-participants-bulk  PUT /repo/courses/{id}/participants with 500 UserVOs a request, likewise
 *   curriculum-member      PUT /curriculum/{c}/elements/{e}/participants/{k}, new pairs, likewise
 *   rollcall-update        PUT /repo/lectures/rollcalls of seeded roll calls (absence reason, comment), likewise
 *   webhooks               PUT /restapi/users without and with 4 webhook subscriptions delivering meanwhile (the ratio is what
 *                          subscribers cost a write), and the delivery rate to a local receiver beside plain signed POSTs
 *   sync                   POST /restapi/sync of a term (--sync-people people, a course for every 50, ten courses a person): the dry
 *                          run and the apply beside the same work as single REST requests from 16 clients, and the RSS growth
 *   scim                   an identity provider's first cycle: --scim-people people by POST /scim/v2/Users (and with a userName
 *                          query before each, as Entra ID), beside the same people by PUT /restapi/users, and the RSS growth
 *   calendar-event         PUT /repo/courses/{id}/calendar/event, a new event in an institution course's calendar, likewise
 *                          (the institution's writes, issue 23: the baseline writes the gateway's change event and audit row in the same transaction; target >= 0.6x)
 *
 * --users N (default 100000): people in the database for all but the first creation run and graphql-nested.
 * --sync-people N (default 2000): people of the sync scenario's term.
 * --scim-people N (default 2000): people of the scim scenario's first provisioning cycle.
 * --sync-baseline-share F (default 1): the single requests of the sync scenario do this share of the term's work (its own
 * people, courses and memberships in the same proportions) and their time is scaled by 1/F, for a term too large to send
 * twice in one sitting; single requests are independent, so their rate does not depend on how many are sent.
 * --only a,b: these scenarios only (ids above). --quick: small counts and short runs, for a smoke test.
 * --institution-scale F: before the scenarios, seed a university (scripts/bench/institution.ts) with every count times F
 * (1: 1,000,000 people, 100,000 courses, 10,000,000 memberships …; 0.01 for a quick try) and print each part's time.
 * BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=DIR' (environment): node options of the gateway and baseline child processes.
 *
 * Database: DATABASE_URL's server (a fresh database gateway_bench_<pid>, dropped at the end), else an
 * embedded PostgreSQL in a temp dir. The gateway (node dist/src/main.js) and the baseline each run in
 * a child process, so that their RSS is their own (sampled every 50 ms from /proc); the load comes
 * from other child processes (autocannon's CLI, or scripts/bench/load.ts for distinct bodies, whole
 * lists and the /ping poll). People are seeded with SQL (scripts/bench/seed.ts) after the gateway
 * has migrated the schema. A second gateway and baseline run in this process only to trace the
 * statements of single requests (scripts/trace-statements.ts): what each sends, and that the
 * baseline sends nothing the gateway does not. Ctrl-C stops everything and drops the database.
 */

const GATEWAY_SCRIPT = path.resolve(__dirname, '../src/main.js');
const BASELINE_SCRIPT = path.resolve(__dirname, 'bench/baseline-server.js');
const USAGE = 'usage: npm run bench -- [--users N] [--only a,b] [--quick] [--institution-scale F]    scenarios: ' + SCENARIOS.join(', ');

const STEPS: [ScenarioId, (bench: Bench) => Promise<Row[]>][] = [
  ['graphql-nested', graphqlNested], // first: it needs a database with no other groups
  ['create-users', createUsers], // with ~1,000 people, then grows the database to --users and runs again
  ['create-users-password', createUsersWithPassword],
  ['create-groups', createGroups],
  ['add-members', addMembers],
  ['list-users-json', (bench) => listUsers(bench, 'json')],
  ['list-users-xml', (bench) => listUsers(bench, 'xml')],
  ['get-user', getUser],
  ['compression', compression],
  ['courses-my', myCourses],
  ['courses-external-id', courseByExternalId],
  ['course-participants', courseParticipants],
  ['short-reads', shortReads],
  ['graphql-user', graphqlUser],
  ['graphql-course', graphqlCourse],
  ['curriculum-members', curriculumMembers],
  ['lectures-day', lecturesOfDay],
  ['lectures-rollcalls', lectureRollCalls],
  ['calendar-month', calendarMonth],
  ['calendar-ical', calendarIcal],
  ['catalog-children', catalogChildren],
  ['course-create', courseCreate],
  ['course-import', courseImport],
  ['course-participant', courseParticipant],
  ['course-participants-bulk', courseParticipantsBulk],
  ['curriculum-member', curriculumMember],
  ['rollcall-update', rollCallUpdate],
  ['calendar-event', calendarEvent],
  ['instances', instances],
  ['webhooks', webhooks],
  ['sync', sync],
  ['scim', scim],
];

function parseOptions(args: string[]): Options {
  let users: number | undefined;
  let only: ScenarioId[] = [...SCENARIOS];
  let quick = false;
  let institutionScale: number | null = null;
  let syncPeople: number | undefined;
  let syncBaselineShare = 1;
  let scimPeople: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i].split(/=(.*)/s);
    const value = () => inline ?? args[++i] ?? '';
    if (name === '--users') {
      users = Number(value());
      if (!Number.isInteger(users) || users < 5000) throw new Error(`--users must be an integer of at least 5000\n${USAGE}`);
    } else if (name === '--only') {
      only = value().split(',') as ScenarioId[];
      const unknown = only.filter((id) => !SCENARIOS.includes(id));
      if (unknown.length) throw new Error(`unknown scenario ${unknown.join(', ')}\n${USAGE}`);
    } else if (name === '--quick') quick = true;
    else if (name === '--institution-scale') {
      institutionScale = Number(value());
      if (!(institutionScale > 0 && institutionScale <= 1)) throw new Error(`--institution-scale must be a number in (0, 1]\n${USAGE}`);
    } else if (name === '--sync-people') {
      syncPeople = Number(value());
      if (!Number.isInteger(syncPeople) || syncPeople < 100) throw new Error(`--sync-people must be an integer of at least 100\n${USAGE}`);
    } else if (name === '--sync-baseline-share') {
      syncBaselineShare = Number(value());
      if (!(syncBaselineShare > 0 && syncBaselineShare <= 1)) throw new Error(`--sync-baseline-share must be a number in (0, 1]\n${USAGE}`);
    } else if (name === '--scim-people') {
      scimPeople = Number(value());
      if (!Number.isInteger(scimPeople) || scimPeople < 100) throw new Error(`--scim-people must be an integer of at least 100\n${USAGE}`);
    } else throw new Error(`unknown option ${args[i]}\n${USAGE}`);
  }
  return {
    users: users ?? (quick ? 5000 : 100_000),
    only: new Set(only),
    quick,
    smallPeople: 1000,
    creates: quick ? 200 : 2000,
    passwordCreates: quick ? 30 : 300,
    groupCreates: quick ? 200 : 2000,
    memberAdds: quick ? 200 : 2000,
    writeClients: 16,
    listReaders: 8,
    connections: 10,
    warmupSeconds: quick ? 1 : 3,
    measureSeconds: quick ? 3 : 10,
    bcryptCost: 10,
    institutionScale,
    syncPeople: syncPeople ?? (quick ? 200 : 2000),
    syncBaselineShare,
    scimPeople: scimPeople ?? (quick ? 200 : 2000),
  };
}

/** The administrator's token: one basic-auth request (a person holds one token; logging in again would replace it). */
async function adminToken(base: string): Promise<string> {
  const authorization = `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}`;
  const response = await fetch(`${base}/restapi/users/me`, { headers: { Authorization: authorization, Accept: 'application/json' } });
  const token = response.headers.get('x-service-token');
  if (response.status !== 200 || !token) throw new Error(`administrator login: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return token;
}

/** A gateway and a baseline in this process, for statement traces only. */
async function startTracedPair(databaseUrl: string, bcryptCost: number) {
  const config = {
    ...loadConfig({}),
    host: '127.0.0.1',
    port: 0,
    databaseUrl,
    adminLogin: ADMIN.login,
    adminPassword: ADMIN.password,
    bcryptCost,
    logLevel: 'silent',
    // Traces only: the bench's gateways deliver the webhooks scenario's events and run the sync scenario's jobs (one
    // taken up here would run in the bench's own process, beside its pings, and leave the measured gateway idle).
    webhooks: { ...loadConfig({}).webhooks, deliver: false },
    sync: { ...loadConfig({}).sync, run: false },
  };
  const service = await startService(config, () => undefined);
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  const server = await createBaseline(pool, bcryptCost);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    gateway: `http://127.0.0.1:${service.port}`,
    baseline: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections());
      await pool.end();
      await service.stop();
    },
  };
}

/**
 * After a big seed: a checkpoint now rather than during the next runs (if the role may), and a
 * moment for the gateways to take in the seed's change notifications (one per person and table)
 * before they answer a /ping.
 */
async function settle(db: Client, gateways: string[]) {
  await db.query('checkpoint').catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const base of gateways) await fetch(`${base}${PING}`).then((response) => response.text());
}

function commandLine(): string {
  const args = process.argv.slice(2).join(' ');
  const env = process.env.DATABASE_URL ? `DATABASE_URL=${masked(process.env.DATABASE_URL)} ` : '';
  const node = `node ${path.relative(process.cwd(), process.argv[1])}${args ? ` ${args}` : ''}`;
  const npm = process.env.npm_lifecycle_event;
  return npm ? `${env}npm run ${npm}${args ? ` -- ${args}` : ''}   (runs: ${process.env.npm_lifecycle_script}${args ? ` ${args}` : ''})` : `${env}${node}`;
}

interface Context {
  options: Options;
  database: string;
  postgres: string;
  servers: ChildServer[];
  startRss: Map<number, number>;
  loadAtStart: number[];
}

function printReport(context: Context, bench: Bench, rows: Row[], grown: boolean) {
  const { options } = context;
  const cpus = os.cpus();
  const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  console.log('\n================ gateway benchmark (issue 8 scenarios) ================');
  console.log(`command:  ${commandLine()}`);
  console.log(`node:     ${process.version} (${process.platform}/${process.arch}), autocannon ${AUTOCANNON_VERSION}`);
  console.log(`machine:  ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}), ${mb(os.totalmem())} RAM`);
  console.log(`          load average ${loads(context.loadAtStart)} at start, ${loads(os.loadavg())} at end (other work on the machine skews the runs)`);
  console.log(`postgres: ${context.postgres}, ${context.database}`);
  const large = grown ? `${count(options.users)} people in 1,000 seeded groups for the others` : 'no scenario needed --users people';
  console.log(`data:     ${count(options.smallPeople)} people for the first user-creation run and graphql-nested, ${large}`);
  console.log(`servers:  gateway node dist/src/main.js, baseline node:http + pg (scripts/bench/baseline-server.ts), each a child process with a pool`);
  console.log(`          of 10 connections; bcrypt cost ${options.bcryptCost}; the same PostgreSQL and the same cores for everything. The baseline`);
  console.log(
    `          writes no audit log for groups, and the gateway's change event and audit row for people and the institution's writes: the statements each side sends are listed above`,
  );
  console.log(
    `load:     writes ${options.writeClients} clients (distinct bodies), warm-up a tenth; users ${count(options.creates)}, with password ${count(options.passwordCreates)}, ` +
      `groups ${count(options.groupCreates)}, members ${count(options.memberAdds)};`,
  );
  console.log(
    `          lists ${options.listReaders} readers at once + /ping every 50 ms; GET: autocannon ${options.connections} connections, ${options.warmupSeconds} s warm-up + ${options.measureSeconds} s`,
  );
  console.log('ratio:    gateway / baseline for rates, baseline / gateway for times: 1.00x is as fast as the baseline, higher is better\n');
  console.log(rowsTable(rows));
  console.log('');
  for (const server of context.servers) {
    const memory = memoryOf(server.pid);
    console.log(`peak RSS ${server.name.padEnd(8)} ${mb(memory.peak)} (VmHWM; ${mb(context.startRss.get(server.pid)!)} after start, ${mb(memory.rss)} now)`);
  }
  const unfair = bench.fairness.filter((check) => !check.ok);
  console.log(
    unfair.length
      ? `fairness: WARNING ${unfair.length} of ${bench.fairness.length} checks failed: ${unfair.map((check) => check.check).join('; ')}`
      : `fairness: all ${bench.fairness.length} checks passed (same answers, byte for byte where the keys are the same; no statement the gateway does not send)`,
  );
  console.log('========================================================================');
}

/** Clean-ups, each run once, last added first; Ctrl-C and the end of main both wait for all of them. */
class CleanUps {
  private readonly pending: (() => Promise<void>)[] = [];
  private running = Promise.resolve();

  add(cleanup: () => Promise<void>) {
    this.pending.push(cleanup);
  }

  run(): Promise<void> {
    return (this.running = this.running.then(async () => {
      while (this.pending.length) await this.pending.pop()!().catch((error) => console.error('clean-up failed:', error));
    }));
  }
}

/** The university of --institution-scale, each part's time and the database's size printed. */
async function seedUniversity(db: Client, scale: number, gateways: string[]): Promise<InstitutionCounts> {
  console.log(`  seeding the institution at scale ${scale} with SQL:`);
  const start = Date.now();
  const counts = await seedInstitution(db, scale, (part, seconds, rows) => console.log(`    ${part.padEnd(15)} ${seconds.toFixed(1).padStart(7)} s  ${rows}`));
  const size = (await db.query('select pg_size_pretty(pg_database_size(current_database())) as size')).rows[0].size;
  console.log(`  institution seeded in ${((Date.now() - start) / 1000).toFixed(1)} s; database ${size}`);
  await settle(db, gateways);
  return counts;
}

/** Database, gateway (migrates the schema), administrator token, ~1,000 people, baseline, and the traced in-process pair. */
async function setUp(options: Options, cleanUps: CleanUps) {
  const loadAtStart = os.loadavg();
  const database = await openBenchDatabase();
  cleanUps.add(database.drop);
  console.log(`  database: ${database.description}`);
  const gatewayEnv = {
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    ADMIN_LOGIN: ADMIN.login,
    ADMIN_PASSWORD: ADMIN.password,
    BCRYPT_COST: String(options.bcryptCost),
    METRICS_TOKEN,
    // The webhooks scenario's receiver listens on loopback, over http.
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  };
  const gateway = await startServer('gateway', GATEWAY_SCRIPT, gatewayEnv);
  cleanUps.add(gateway.stop);
  const db = new Client({ connectionString: database.url });
  await db.connect();
  cleanUps.add(() => db.end());
  const token = await adminToken(gateway.base);
  await seedPeople(db, { people: options.smallPeople - 1 });
  const baseline = await startServer('baseline', BASELINE_SCRIPT, { DATABASE_URL: database.url, BCRYPT_COST: String(options.bcryptCost) });
  cleanUps.add(baseline.stop);
  const baselineInExpress = await startServer('baseline in express', BASELINE_SCRIPT, {
    DATABASE_URL: database.url,
    BCRYPT_COST: String(options.bcryptCost),
    BASELINE_IN_EXPRESS: 'true',
  });
  cleanUps.add(baselineInExpress.stop);
  const traced = await startTracedPair(database.url, options.bcryptCost);
  cleanUps.add(traced.stop);
  console.log(`  gateway ${gateway.base} (pid ${gateway.pid}), baseline ${baseline.base} (pid ${baseline.pid}), ${count(options.smallPeople)} people`);

  let grown = false;
  const grow = async () => {
    if (grown) return;
    grown = true;
    const start = Date.now();
    const present = Number((await db.query('select count(*) from identity')).rows[0].count);
    await seedPeople(db, { first: await nextSeedNumber(db), people: Math.max(0, options.users - present), groups: 1000 });
    await settle(db, [gateway.base, traced.gateway]);
    const now = Number((await db.query('select count(*) from identity')).rows[0].count);
    console.log(`  seeded with SQL ${count(now - present)} people in 1,000 groups, ${count(now)} now (${((Date.now() - start) / 1000).toFixed(1)} s)`);
  };
  let institution: Promise<InstitutionCounts> | undefined;
  const seedOnce = () =>
    (institution ??= seedUniversity(db, options.institutionScale ?? Math.min(1, options.users / 1_000_000), [gateway.base, traced.gateway]));
  if (options.institutionScale !== null) await seedOnce();
  const startGateway = async (name: string, env: Record<string, string>) => {
    const server = await startServer(name, GATEWAY_SCRIPT, { ...gatewayEnv, ...env });
    cleanUps.add(server.stop);
    return server;
  };
  const bench: Bench = { options, db, gateway, baseline, baselineInExpress, traced, token, grow, institution: seedOnce, startGateway, fairness: [] };
  const context: Context = {
    options,
    database: database.description,
    postgres: (await db.query('show server_version')).rows[0].server_version,
    servers: [gateway, baseline],
    startRss: new Map([gateway, baseline].map((server) => [server.pid, memoryOf(server.pid).rss])),
    loadAtStart,
  };
  return { bench, context, grown: () => grown };
}

/** The selected scenarios in order; one that fails gives a FAILED row and the next one runs. */
async function runScenarios(bench: Bench, interrupted: () => boolean): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [id, run] of STEPS.filter(([id]) => bench.options.only.has(id))) {
    if (interrupted()) break;
    console.log(`\n[${id}]`);
    try {
      rows.push(...(await run(bench)));
    } catch (error) {
      if (interrupted()) break; // the servers are going away
      console.error(`  ${id} failed:`, error);
      rows.push(failedRow(id, (error as Error).message.split('\n')[0].slice(0, 120)));
    }
  }
  return rows;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const cleanUps = new CleanUps();
  let interrupted = false;
  // Not `once`: the in-process gateway's Apollo server also stops on these signals and then raises them again.
  const interrupt = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: cleaning up`);
    void cleanUps.run().finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  try {
    console.log(`gateway benchmark: ${commandLine()}`);
    const { bench, context, grown } = await setUp(options, cleanUps);
    const rows = await runScenarios(bench, () => interrupted);
    if (interrupted) return 130;
    printReport(context, bench, rows, grown());
    return rows.some((r) => r.failed) ? 1 : 0;
  } finally {
    await cleanUps.run();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('benchmark failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
