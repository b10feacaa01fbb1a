import path from 'node:path';
import { Client } from 'pg';
import { openBenchDatabase } from './bench/database';
import { runRequests, startPoll } from './bench/drivers';
import { startServer, type ChildServer } from './bench/processes';
import { count, mb, ms, seconds } from './bench/report';
import { seedPeople } from './bench/seed';

/**
 * How large GraphQL answers behave (README "GraphQL limits"): with `--people` people (50,000 by
 * default: as many rows as one answer may hold) in 1,000 groups and one course,
 * sends the documents below one at a time to a gateway in a child process while another process
 * polls /restapi/ping every 20 ms, and prints per document the status, the time, the size of the
 * answer and the slowest ping meanwhile.
 *
 *   npm run build && DATABASE_URL=postgres://… node dist/scripts/graphql-load.js [--people 50000]
 */

const ADMIN = { login: 'administrator', password: 'load-admin-password' };
const GATEWAY_SCRIPT = path.resolve(__dirname, '../src/main.js');

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

const aliases = (n: number, field: (i: number) => string) => `{ ${Array.from({ length: n }, (_, i) => `a${i + 1}: ${field(i)}`).join(' ')} }`;

const PERSON = 'key login externalId firstName lastName email';

function documents(courseKey: number): [string, string][] {
  const course = (fields: string) => `course(courseKey: ${courseKey}) { ${fields} }`;
  const participants = (args = '', more = '') => `participants${args} { ${PERSON}${more} }`;
  return [
    ["one course's participants, no limit (the default page)", `{ ${course(participants())} }`],
    ["twenty aliases of a course's participants, no limit (the review's request)", aliases(20, () => course(participants()))],
    ['twenty aliases of the largest page of participants', aliases(20, (i) => course(participants(`(limit: 1000, offset: ${i * 1000})`)))],
    [
      'thirty aliased pages of 1,000 participants in one course (GRAPHQL_MAX_ALIASES)',
      `{ ${course(Array.from({ length: 30 }, (_, i) => `p${i}: ${participants(`(limit: 1000, offset: ${i * 1000})`)}`).join(' '))} }`,
    ],
    [
      'the largest page of participants with their groups (cost 1 + 1,000 × 49)',
      `{ ${course(participants('(limit: 1000)', ' groups(limit: 48) { key name }'))} }`,
    ],
    [
      'every person with their properties (a top-level list of GRAPHQL_MAX_COST rows: the largest answer)',
      `{ users(login: "seed-", statusVisibleLimit: "all") { ${PERSON} properties { name value } } }`,
    ],
    ['every person with their groups (more rows than GRAPHQL_MAX_COST: refused while it runs)', `{ users(login: "seed-") { key login groups { key name } } }`],
  ];
}

async function main() {
  const people = option('people', 50_000);
  const database = await openBenchDatabase();
  // As deployed (Dockerfile): NODE_ENV=production, which also drops graphql-js's development checks.
  const env = {
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    ADMIN_LOGIN: ADMIN.login,
    ADMIN_PASSWORD: ADMIN.password,
    BCRYPT_COST: '4',
  };
  const db = new Client({ connectionString: database.url });
  let gateway: ChildServer | undefined;
  try {
    gateway = await startServer('gateway', GATEWAY_SCRIPT, env);
    await db.connect();
    const basic = `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}`;
    const login = await fetch(`${gateway.base}/restapi/users/me`, { headers: { Authorization: basic, Accept: 'application/json' } });
    const token = login.headers.get('x-service-token');
    if (!token) throw new Error(`administrator login: ${login.status}`);
    const headers = { 'X-SERVICE-TOKEN': token, 'Content-Type': 'application/json', Accept: 'application/json' };
    const started = Date.now();
    await seedPeople(db, { people, groups: 1000 });
    const course = await fetch(`${gateway.base}/restapi/repo/courses?title=Large`, { method: 'PUT', headers });
    const { key: courseKey, repoEntryKey } = (await course.json()) as { key: number; repoEntryKey: number };
    await db.query(
      `insert into repository_entry_membership (entry_id, identity_id, role) select $1, id, 'participant' from identity where login like 'seed-%'`,
      [repoEntryKey],
    );
    await db.query('analyze');
    console.log(`${count(people)} people in 1,000 groups and one course, seeded in ${seconds(Date.now() - started)}; gateway pid ${gateway.pid}`);
    for (const [name, query] of documents(courseKey).slice(0, option('documents', Infinity))) {
      const stopPolling = await startPoll(`${gateway.base}/restapi/ping`, 20);
      const reads = await runRequests({
        base: gateway.base,
        headers,
        concurrency: 1,
        requests: [{ method: 'POST', path: '/graphql', body: JSON.stringify({ query }) }],
        prime: `${gateway.base}/restapi/ping`,
      });
      const ping = await stopPolling();
      const statuses = Object.entries(reads.statuses)
        .map(([status, n]) => `${n}x ${status}`)
        .join(', ');
      console.log(
        `${name}\n  ${statuses}, ${seconds(reads.wallMs)}, ${mb(reads.sizes[0])} (${count(reads.sizes[0])} bytes); /ping max ${ms(ping.latency.max)} p99 ${ms(ping.latency.p99)} over ${ping.latency.count} polls`,
      );
      for (const failure of reads.failures) console.log(`  ${failure.slice(0, 300)}`);
    }
  } finally {
    await db.end().catch(() => undefined);
    await gateway?.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
