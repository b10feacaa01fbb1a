import { DEFAULT_ORGANISATION_IDENTIFIER } from '../../src/domain/roles';
import bcrypt from 'bcrypt';
import { checkSameWork, log, PING, sides, tokenHeaders, type Bench, type Side } from './context';
import { requestProblems, runRequests } from './drivers';
import type { Latency, RequestSpec } from './load';
import { sampleRss, type ChildServer } from './processes';
import { count, growth, info, ms, perSecond, row, seconds, times, verdict, type Row } from './report';

/**
 * The write scenarios: the gateway's PUTs against the baseline doing the same work with plain pg,
 * `writeClients` concurrent clients, every request with its own body (the load generator child).
 * Each side gets a warm-up of a tenth of the requests, then the measured run.
 */

const PASSWORD = 'Correct-Horse-Battery-42';
const FIRST_NAMES = ['Helena', 'Maximilian', 'Charlotte', 'Konstantin', 'Isabella', 'Friedrich'];
const LAST_NAMES = ['Hoffmann-Berger', 'Zimmermann', 'Schulze', 'Vogelsang', 'Wagner', 'Lindqvist'];
const ORG_UNITS = ['Faculty of Science', 'Faculty of Humanities', 'Faculty of Medicine', 'Faculty of Law', 'Faculty of Engineering'];
const GROUP_DESCRIPTION = 'Learning group of the benchmark: weekly exercises, a shared folder and a forum for the participants.';

/** Logins of people created by the bench's writes (removed after each user-creation run). */
export const CREATED = 'bench-';

/** The i-th request of a side's warm-up or measured run; all distinct. */
export type Make = (side: Side, warmUp: boolean, i: number) => RequestSpec;

/** Tags that keep logins, names and ids distinct per run, side and phase. */
const tagged =
  (run: string, make: (tag: string, i: number) => RequestSpec): Make =>
  (side, warmUp, i) =>
    make(`${run}-${side === 'gateway' ? 'gw' : 'bl'}${warmUp ? 'w' : ''}`, i);

export const warmUpCount = (total: number) => Math.max(10, Math.round(total / 10));

const requests = (make: Make, side: Side, warmUp: boolean, total: number) => Array.from({ length: total }, (_, i) => make(side, warmUp, i));

export function userRequest(tag: string, i: number, password?: string): RequestSpec {
  const firstName = FIRST_NAMES[i % FIRST_NAMES.length];
  const lastName = LAST_NAMES[i % LAST_NAMES.length];
  const login = `${CREATED}${tag}-${i}`;
  const body = {
    login,
    ...(password ? { password } : {}),
    firstName,
    lastName,
    email: `${firstName}.${lastName}.${tag}-${i}@staff.example-university.org`.toLowerCase(),
    externalId: `EXT-${tag}-${String(i).padStart(6, '0')}`,
    properties: [
      { name: 'institutionalUserIdentifier', value: `P-${tag}-${String(i).padStart(6, '0')}` },
      { name: 'orgUnit', value: ORG_UNITS[i % ORG_UNITS.length] },
    ],
  };
  return { method: 'PUT', path: '/restapi/users', body: JSON.stringify(body) };
}

function groupRequest(tag: string, i: number): RequestSpec {
  const body = { name: `Bench group ${tag} ${i}`, description: GROUP_DESCRIPTION, externalId: `EXT-G-${tag}-${i}` };
  return { method: 'PUT', path: '/restapi/groups', body: JSON.stringify(body) };
}

/** An answer without what differs between the sides: the generated key and the side's tag in the values. */
const withoutKeyAndTag = (tags: Record<Side, string>) => (body: string, side: Side) => body.replace(/"key":\d+/, '"key":0').replaceAll(tags[side], 'TAG');

export interface WriteRun {
  count: number;
  wallMs: number;
  rate: number;
  latency: Latency;
  rssGrowth: number;
  problems: string[];
}

/** The requests against one server, `concurrency` at a time (default: writeClients), with the RSS growth of the server meanwhile. */
export async function measureWrites(
  bench: Bench,
  server: ChildServer,
  requests: RequestSpec[],
  { concurrency = bench.options.writeClients, headers = tokenHeaders(bench) } = {},
): Promise<WriteRun> {
  const send = () => runRequests({ base: server.base, headers, concurrency, requests, prime: server.base + PING });
  const { result, growth } = await sampleRss([server.pid], send);
  return {
    count: requests.length,
    wallMs: result.wallMs,
    rate: requests.length / (result.wallMs / 1000),
    latency: result.latency,
    rssGrowth: growth.get(server.pid)!,
    problems: requestProblems(result),
  };
}

/** Warm-up and measured run on the gateway, then on the baseline, `afterEach` after each side. */
export async function compareWrites(bench: Bench, unit: string, total: number, make: Make, afterEach = async () => {}) {
  const runs = {} as Record<Side, WriteRun>;
  for (const [side, server] of sides(bench)) {
    const warm = await measureWrites(bench, server, requests(make, side, true, warmUpCount(total)));
    const run = await measureWrites(bench, server, requests(make, side, false, total));
    run.problems.unshift(...warm.problems.map((problem) => `warm-up: ${problem}`));
    log(
      `  ${side.padEnd(8)} ${count(total)} in ${seconds(run.wallMs)} = ${perSecond(run.rate, unit)}, p50 ${ms(run.latency.p50)}, p99 ${ms(run.latency.p99)}, ` +
        `RSS growth ${growth(run.rssGrowth)}${run.problems.length ? `  PROBLEMS: ${run.problems.join('; ')}` : ''}`,
    );
    await afterEach();
    runs[side] = run;
  }
  return runs;
}

/** gateway rate / baseline rate against a target (none: for information). */
export function rateRow(scenario: string, unit: string, runs: Record<Side, WriteRun>, target?: number): Row {
  const { gateway, baseline } = runs;
  const ratio = gateway.rate / baseline.rate;
  const problems = [...gateway.problems, ...baseline.problems];
  return row({
    scenario,
    gateway: perSecond(gateway.rate, unit),
    baseline: perSecond(baseline.rate, unit),
    ratio: times(ratio),
    target: target === undefined ? 'none' : `>= ${target.toFixed(2)}x`,
    p99Gateway: ms(gateway.latency.p99),
    p99Baseline: ms(baseline.latency.p99),
    rss: growth(gateway.rssGrowth, baseline.rssGrowth),
    ...(target === undefined ? info(problems) : verdict(ratio >= target, problems)),
  });
}

const removeCreatedPeople = (bench: Bench) => async () => void (await bench.db.query(`delete from identity where login like '${CREATED}%'`));

const peoplePresent = async (bench: Bench) => Number((await bench.db.query('select count(*) from identity')).rows[0].count);

async function checkUserCreation(bench: Bench, tag: string, password?: string) {
  const tags = { gateway: `${tag}-gw`, baseline: `${tag}-bl` };
  const two = (side: Side) => [0, 1].map((i) => userRequest(tags[side], i, password));
  const what = `PUT /restapi/users${password ? ' with a password' : ''}`;
  await checkSameWork(bench, what, { gateway: two('gateway'), baseline: two('baseline') }, withoutKeyAndTag(tags));
  await removeCreatedPeople(bench)();
}

/** Users created per second with ~1,000 people present and with `users`: at least half the rate of plain INSERTs, and flat. */
export async function createUsers(bench: Bench): Promise<Row[]> {
  const total = bench.options.creates;
  await checkUserCreation(bench, 'check');
  const people = [await peoplePresent(bench)];
  log(`  ${count(people[0])} people present:`);
  const small = await compareWrites(bench, 'users', total, tagged('small', userRequest), removeCreatedPeople(bench));
  await bench.grow();
  people.push(await peoplePresent(bench));
  log(`  ${count(people[1])} people present:`);
  const large = await compareWrites(bench, 'users', total, tagged('large', userRequest), removeCreatedPeople(bench));
  const flat = large.gateway.rate / small.gateway.rate;
  return [
    rateRow(`create-users, ${count(people[0])} people`, 'users', small, 0.5),
    rateRow(`create-users, ${count(people[1])} people`, 'users', large, 0.5),
    row({
      scenario: `create-users flat: rate at ${count(people[1])} / at ${count(people[0])}`,
      gateway: times(flat),
      baseline: times(large.baseline.rate / small.baseline.rate),
      target: '>= 0.80x',
      ...verdict(flat >= 0.8),
    }),
  ];
}

/** bcrypt hashes per second on this machine, two at a time (the machine's cores), in this process. */
async function bcryptRate(cost: number, seconds: number): Promise<number> {
  const start = Date.now();
  let hashes = 0;
  const worker = async () => {
    while (Date.now() - start < seconds * 1000) {
      await bcrypt.hash(PASSWORD, cost);
      hashes++;
    }
  };
  await Promise.all([worker(), worker()]);
  return hashes / ((Date.now() - start) / 1000);
}

/** The same with a password: bcrypt bounds both sides; the machine's bcrypt rate is the limit. */
export async function createUsersWithPassword(bench: Bench): Promise<Row[]> {
  await bench.grow();
  const { passwordCreates, bcryptCost, quick } = bench.options;
  const limit = await bcryptRate(bcryptCost, quick ? 1 : 3);
  log(`  bcrypt cost ${bcryptCost} alone, 2 at a time in this process: ${perSecond(limit, 'hashes')}`);
  await checkUserCreation(bench, 'check-pw', PASSWORD);
  const make = tagged('pw', (tag, i) => userRequest(tag, i, PASSWORD));
  const runs = await compareWrites(bench, 'users', passwordCreates, make, removeCreatedPeople(bench));
  return [
    rateRow('create-users-password', 'users', runs, 0.5),
    row({
      scenario: `  limit: bcrypt cost ${bcryptCost} alone, 2 threads`,
      gateway: perSecond(limit, 'hashes'),
      ratio: `${times(runs.gateway.rate / limit)} of it`,
      ...info(),
    }),
  ];
}

/** PUT /restapi/groups against one INSERT. */
export async function createGroups(bench: Bench): Promise<Row[]> {
  await bench.grow();
  const tags = { gateway: 'check-gw', baseline: 'check-bl' };
  const two = (side: Side) => [0, 1].map((i) => groupRequest(tags[side], i));
  await checkSameWork(bench, 'PUT /restapi/groups', { gateway: two('gateway'), baseline: two('baseline') }, withoutKeyAndTag(tags));
  return [rateRow('create-groups', 'groups', await compareWrites(bench, 'groups', bench.options.groupCreates, tagged('g', groupRequest)))];
}

/** Groups with room for 500 participants, `count` of them, for one side. */
async function memberGroups(bench: Bench, side: string, groups: number): Promise<number[]> {
  const { rows } = await bench.db.query(
    `insert into business_group (name, max_participants, organisation_id) select 'Members ' || $1 || ' ' || n, 500, (select id from organisation where identifier = $3)
     from generate_series(1, $2::int) n returning id`,
    [side, groups, DEFAULT_ORGANISATION_IDENTIFIER],
  );
  return rows.map((r) => r.id as number);
}

/** PUT /restapi/groups/{g}/participants/{i}, each pair new, against the same statements in one transaction. */
export async function addMembers(bench: Bench): Promise<Row[]> {
  await bench.grow();
  const total = bench.options.memberAdds;
  const perSide = 2 + warmUpCount(total) + total;
  const { rows } = await bench.db.query(`select id from identity where login like 'seed-%' order by id limit $1`, [perSide]);
  if (rows.length < perSide) throw new Error(`add-members needs ${perSide} seeded people, has ${rows.length}: use more --users`);
  const people = rows.map((r) => r.id as number);
  // About 100 new participants per group by the end: the capacity check counts them.
  const groupsPerSide = Math.ceil(perSide / 100);
  const groups = { gateway: await memberGroups(bench, 'gw', groupsPerSide), baseline: await memberGroups(bench, 'bl', groupsPerSide) };
  // Request n of a side adds person n to group n mod the side's groups: n = 0, 1 for the check, then the warm-up, then the run.
  const add = (side: Side, n: number): RequestSpec => ({ method: 'PUT', path: `/restapi/groups/${groups[side][n % groupsPerSide]}/participants/${people[n]}` });
  const check = (side: Side) => [0, 1].map((n) => add(side, n));
  await checkSameWork(bench, 'PUT /restapi/groups/{g}/participants/{i}', { gateway: check('gateway'), baseline: check('baseline') });
  const make: Make = (side, warmUp, i) => add(side, 2 + (warmUp ? 0 : warmUpCount(total)) + i);
  return [rateRow('add-members', 'adds', await compareWrites(bench, 'adds', total, make))];
}
