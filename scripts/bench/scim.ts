import { ADMIN, log, type Bench } from './context';
import type { RequestSpec } from './load';
import { count, growth, ms, perSecond, row, seconds, times, verdict, type Row } from './report';
import { CREATED, measureWrites, userRequest, warmUpCount, type WriteRun } from './writes';

/**
 * An identity provider's first provisioning cycle (issue 34): `scimPeople` people created through SCIM (POST
 * /scim/v2/Users, with the provider's API key as `Bearer clientId:secret`), beside the same people sent as single REST
 * requests (PUT /restapi/users) to the same gateway, from the bench's write clients; and the cycle as Entra ID runs it,
 * a `userName eq` query before each creation (scim-first-cycle), beside its REST twin (an exact GET
 * /restapi/users?login="…" before each PUT). In the table the baseline column is the REST run. Each run starts from the same database (the people of the run before are
 * removed); the ratio is the REST time over the SCIM time (above 1: SCIM is faster), with the gateway's RSS growth.
 */

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/** The same person as userRequest's, as a provider sends it. */
function scimUser(tag: string, i: number): RequestSpec {
  const rest = JSON.parse(userRequest(tag, i).body!) as { login: string; firstName: string; lastName: string; email: string; externalId: string };
  const body = {
    schemas: [USER, ENTERPRISE],
    userName: rest.login,
    externalId: rest.externalId,
    name: { givenName: rest.firstName, familyName: rest.lastName },
    emails: [{ value: rest.email, type: 'work', primary: true }],
    active: true,
    [ENTERPRISE]: { employeeNumber: `P-${tag}-${String(i).padStart(6, '0')}` },
  };
  return { method: 'POST', path: '/scim/v2/Users', body: JSON.stringify(body) };
}

/** Entra ID's step for a person it has not provisioned yet: find by userName (nobody), then create. */
const lookedUpAndCreated = (tag: string, i: number): RequestSpec[] => {
  const create = scimUser(tag, i);
  const userName = (JSON.parse(create.body!) as { userName: string }).userName;
  return [{ method: 'GET', path: `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}` }, create];
};

/**
 * The same step as a REST client takes it: find the login exactly (GET /restapi/users?login="…", quoted: OpenOLAT's
 * exact search, which reads lower(login)'s index as `userName eq` does; unquoted it is a contains search), then create.
 */
const restLookedUpAndCreated = (tag: string, i: number): RequestSpec[] => {
  const create = userRequest(tag, i);
  const login = (JSON.parse(create.body!) as { login: string }).login;
  return [{ method: 'GET', path: `/restapi/users?${new URLSearchParams({ login: `"${login}"` })}` }, create];
};

/** The provider's credential: an API key of the administrator, as its "secret token". */
async function providerHeaders(bench: Bench): Promise<Record<string, string>> {
  const { rows } = await bench.db.query<{ id: number }>('select id from identity where lower(login) = lower($1)', [ADMIN.login]);
  const basic = `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}`;
  const response = await fetch(`${bench.gateway.base}/graphql`, {
    method: 'POST',
    headers: { Authorization: basic, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($k: Long!) { createApiKey(identityKey: $k, externalId: "bench-scim") { clientId secret } }',
      variables: { k: Number(rows[0].id) },
    }),
  });
  const key = ((await response.json()) as { data?: { createApiKey?: { clientId: string; secret: string } } }).data?.createApiKey;
  if (!key) throw new Error('the administrator could not create an API key for the SCIM scenario');
  return {
    Authorization: `Bearer ${key.clientId}:${key.secret}`,
    Accept: 'application/scim+json',
    'Content-Type': 'application/scim+json',
    'Accept-Encoding': 'identity',
  };
}

export async function scim(bench: Bench): Promise<Row[]> {
  const people = bench.options.scimPeople;
  const headers = await providerHeaders(bench);
  const tag = `scim${Date.now() % 100000}`;
  const range = (total: number) => Array.from({ length: total }, (_, i) => i);
  // Each run starts from the same tables: the people of the run before removed, and their dead rows vacuumed (else the
  // later runs insert into tables and indexes a hundred thousand dead rows larger).
  const removeCreated = async () => {
    await bench.db.query(`delete from identity where login like '${CREATED}${tag}%'`);
    await bench.db.query('vacuum (analyze) identity, organisation_role');
  };
  const run = async (name: string, make: (phase: string) => RequestSpec[], options: { headers?: Record<string, string> } = {}): Promise<WriteRun> => {
    await measureWrites(bench, bench.gateway, make('w').slice(0, warmUpCount(people) * (name.endsWith('cycle') ? 2 : 1)), options);
    await removeCreated();
    const measured = await measureWrites(bench, bench.gateway, make('m'), options);
    await removeCreated();
    log(
      `  ${name.padEnd(10)} ${count(people)} people in ${seconds(measured.wallMs)} = ${perSecond(people / (measured.wallMs / 1000), 'people')}, ` +
        `RSS growth ${growth(measured.rssGrowth)}${measured.problems.length ? `  PROBLEMS: ${measured.problems.join('; ')}` : ''}`,
    );
    return measured;
  };
  // The REST runs first: the provider's key logs the administrator in, which ends the token they use.
  const rest = await run('rest', (phase) => range(people).map((i) => userRequest(`${tag}-r${phase}`, i)));
  const restCycle = await run('rest-cycle', (phase) => range(people).flatMap((i) => restLookedUpAndCreated(`${tag}-q${phase}`, i)));
  const posted = await run('scim', (phase) => range(people).map((i) => scimUser(`${tag}-s${phase}`, i)), { headers });
  const cycle = await run('cycle', (phase) => range(people).flatMap((i) => lookedUpAndCreated(`${tag}-c${phase}`, i)), { headers });
  const peopleRate = (measured: WriteRun) => people / (measured.wallMs / 1000);
  // The baseline column is the same people through PUT /restapi/users (for the cycle, each after an exact GET
  // /restapi/users?login="…", as a REST client finds a person first), on the same gateway.
  const rowOf = (scenario: string, measured: WriteRun, rest: WriteRun) =>
    row({
      scenario,
      gateway: perSecond(peopleRate(measured), 'people'),
      baseline: perSecond(peopleRate(rest), 'people'),
      ratio: times(rest.wallMs / measured.wallMs),
      target: '>= 1.00x',
      p99Gateway: ms(measured.latency.p99),
      p99Baseline: ms(rest.latency.p99),
      rss: growth(measured.rssGrowth, rest.rssGrowth),
      ...verdict(rest.wallMs >= measured.wallMs, [...measured.problems, ...rest.problems]),
    });
  return [rowOf('scim-create-users', posted, rest), rowOf('scim-first-cycle', cycle, restCycle)];
}
