import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { ConnectionException } from '@mikro-orm/core';
import { Client } from 'pg';
import { isDatabaseUnavailable } from '../../src/db/unavailable';
import { CONNECT_TIMEOUT_MS } from '../../src/db/orm';
import { DomainError } from '../../src/domain/errors';
import { formatGraphqlError, unavailableAnswer } from '../../src/graphql/apollo';
import { toRestError } from '../../src/rest/errors';
import { uniqueLogin } from '../factories';
import { readState } from '../support/database';
import { eventually } from '../support/eventually';
import { JSON_TYPE, XML_TYPE, basic, call } from '../support/http';
import { freePort, startServiceProcess, type ServiceProcess } from '../support/process';
import { adminAuth } from '../support/service';

/**
 * Faults, with the service in its own process as a supervisor runs it: `kill -9` during 500
 * parallel writes, then a restart on the same database; and the database stopped for ten seconds
 * under the running service.
 */

const ROOT = path.join(__dirname, '..', '..');

/** The service on `databaseUrl`, in its own process. */
const startService = (databaseUrl: string) => startServiceProcess({ DATABASE_URL: databaseUrl });

async function query<T>(url: string, statement: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as T[];
  } finally {
    await client.end();
  }
}

interface RunningDatabase {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The embedded PostgreSQL of src/db/embedded.ts in a process of its own (the library is an ES
 * module jest cannot load), on a data directory kept between starts; `stop()` shuts it down and
 * resolves once it is gone.
 */
function startEmbeddedPostgres(dataDir: string, port: number): Promise<RunningDatabase> {
  const script = `
    process.on('SIGTERM', () => running.then((db) => db.stop()).then(() => process.exit(0)));
    const running = require('./src/db/embedded').startEmbeddedPostgres(${JSON.stringify(dataDir)}, ${port}, () => undefined);
    running.then((db) => console.log('ready ' + db.url));
    setInterval(() => undefined, 60000);`;
  const child = spawn(process.execPath, ['-r', '@swc-node/register', '-e', script], { cwd: ROOT });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.match(/ready (\S+)/);
      if (ready) resolve({ url: ready[1], stop: async () => (child.kill('SIGTERM'), await exited) });
    });
    void exited.then(() => reject(new Error(`the embedded database did not start:\n${output}`)));
  });
}

const userBody = (login: string) => ({ login, password: 'fault-password', firstName: 'Fault', lastName: 'Test', email: `${login}@example.org` });

describe('kill -9 during 500 parallel writes', () => {
  const name = `gateway_faults_${process.pid}`;
  const url = () => `${readState().serverUrl}${name}`;
  const admin = () => `${readState().serverUrl}postgres`;
  // A copy of the migrated template: what is tested is the kill and the restart, not a first migration.
  beforeAll(() => query(admin(), `create database ${name} template ${readState().templateDatabase}`));
  afterAll(() => query(admin(), `drop database if exists ${name} with (force)`));

  it('every acknowledged write is there after a restart, and no write is half there', async () => {
    const first = await startService(url());
    const prefix = `kill-${process.pid}`;
    const SENT = 500;
    const KILL_AFTER = 250;
    const acknowledged = new Map<string, number>();
    let failed = 0;
    let killed = false;
    try {
      const writes = Array.from({ length: SENT }, async (_, index) => {
        const login = `${prefix}-${index}`;
        try {
          const reply = await call(first.base, 'PUT', '/restapi/users', { headers: { ...adminAuth(), ...JSON_TYPE }, body: userBody(login) });
          if (reply.status === 200) {
            acknowledged.set(login, reply.json.key as number);
            // Killed while the others are in flight: once a few dozen are acknowledged.
            if (acknowledged.size === KILL_AFTER && !killed) {
              killed = true;
              first.child.kill('SIGKILL');
            }
          } else failed++;
        } catch {
          failed++; // the connection died with the server
        }
      });
      await Promise.all(writes);
    } finally {
      first.child.kill('SIGKILL');
    }
    expect(await first.exited).toBe('SIGKILL');
    expect(killed).toBe(true);
    expect(failed).toBeGreaterThan(0); // the kill did hit writes in flight

    const second = await startService(url());
    try {
      // Every acknowledged write reads back, through the API, under the key it was answered with.
      let found = 0;
      for (const [login, key] of acknowledged) {
        const reply = await call(second.base, 'GET', `/restapi/users/${key}`, { headers: { ...adminAuth(), ...JSON_TYPE } });
        expect(reply.status).toBe(200);
        expect(reply.json.login).toBe(login);
        found++;
      }
      // What the creation's transaction writes together is there together: the person, the password,
      // the membership in the default organisation and the audit row; nothing else of ours exists.
      const [counts] = await query<Record<string, number>>(
        url(),
        `select
           (select count(*) from identity where login like $1)::int as identities,
           (select count(*) from identity i where i.login like $1
              and not exists (select 1 from authentication a where a.identity_id = i.id and a.provider = 'OLAT')
            )::int as without_password,
           (select count(*) from identity i where i.login like $1
              and not exists (select 1 from organisation_role r where r.identity_id = i.id and r.role = 'user'))::int as without_membership,
           (select count(*) from identity i where i.login like $1
              and not exists (select 1 from audit_log l where l.operation = 'createUser' and l.object_key = i.id::text))::int as without_audit,
           (select count(*) from audit_log l where l.operation = 'createUser' and l.changes->'user'->>'login' like $1)::int as audits,
           (select count(*) from audit_log l where l.operation = 'createUser' and l.changes->'user'->>'login' like $1
              and not exists (select 1 from identity i where i.id::text = l.object_key))::int as audit_without_write`,
        [`${prefix}-%`],
      );
      expect(counts.without_password).toBe(0);
      expect(counts.without_membership).toBe(0);
      expect(counts.without_audit).toBe(0);
      expect(counts.audit_without_write).toBe(0);
      expect(counts.audits).toBe(counts.identities);
      // Committed but not acknowledged (killed between commit and answer) is allowed; acknowledged but absent is not.
      expect(counts.identities).toBeGreaterThanOrEqual(acknowledged.size);
      expect(found).toBe(acknowledged.size);
      console.log(
        `kill -9: ${SENT} writes sent, ${acknowledged.size} acknowledged, ${failed} failed with the server, ${found} of the acknowledged found after the restart, ${counts.identities} in the database, 0 half-written`,
      );
      // The restarted service takes writes again.
      const again = await call(second.base, 'PUT', '/restapi/users', { headers: { ...adminAuth(), ...JSON_TYPE }, body: userBody(uniqueLogin('after')) });
      expect(again.status).toBe(200);
    } finally {
      second.child.kill('SIGKILL');
    }
  }, 240_000);
});

describe('the database stopped for ten seconds', () => {
  let dir: string;
  let database: RunningDatabase;
  let service: ServiceProcess;
  let pgPort: number;

  beforeAll(async () => {
    pgPort = await freePort();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-faults-'));
    fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as its own user, which must reach the data directory
    database = await startEmbeddedPostgres(path.join(dir, 'pg'), pgPort);
    service = await startService(database.url);
  }, 180_000);
  afterAll(async () => {
    service?.child.kill('SIGKILL');
    await database?.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  interface Timed {
    what: string;
    status: number;
    retryAfter: string | null;
    ms: number;
    body: string;
  }

  it('requests answer 503 with Retry-After within a second meanwhile, and the service recovers without a restart', async () => {
    const auth = { ...adminAuth() };
    const created = await call(service.base, 'PUT', '/restapi/users', { headers: { ...auth, ...JSON_TYPE }, body: userBody(uniqueLogin('outage')) });
    expect(created.status).toBe(200);
    const key = created.json.key as number;
    const stranger = basic(uniqueLogin('nobody'), 'not-cached-password');

    const graphqlCall = async (headers: Record<string, string>, text: string, variables: Record<string, unknown>) => {
      const response = await fetch(`${service.base}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
        body: JSON.stringify({ query: text, variables }),
      });
      return { status: response.status, headers: response.headers, text: await response.text() };
    };
    /** One of each kind: REST read (JSON, XML), REST write, GraphQL read and write, a login not in the cache, /ready. */
    const probes: (() => Promise<Timed>)[] = [
      () => timed('GET /restapi/users/{key} JSON', async () => call(service.base, 'GET', `/restapi/users/${key}`, { headers: { ...auth, ...JSON_TYPE } })),
      () => timed('GET /restapi/users/{key} XML', async () => call(service.base, 'GET', `/restapi/users/${key}`, { headers: { ...auth, ...XML_TYPE } })),
      () =>
        timed('PUT /restapi/users', async () =>
          call(service.base, 'PUT', '/restapi/users', { headers: { ...auth, ...JSON_TYPE }, body: userBody(uniqueLogin('during')) }),
        ),
      () =>
        timed('GET /restapi/users unknown login', async () => call(service.base, 'GET', `/restapi/users/${key}`, { headers: { ...stranger, ...JSON_TYPE } })),
      () =>
        timed('GraphQL query', async () => {
          return graphqlCall(auth, `query ($k: Long!) { user(identityKey: $k) { key login } }`, { k: key });
        }),
      () =>
        timed('GraphQL mutation', async () => {
          return graphqlCall(auth, `mutation ($u: UserVOInput!) { createUser(user: $u) { key } }`, { u: userBody(uniqueLogin('gqlduring')) });
        }),
      () => timed('GET /ready', async () => call(service.base, 'GET', '/ready')),
    ];
    const timed = async (what: string, run: () => Promise<{ status: number; headers: globalThis.Headers; text: string }>): Promise<Timed> => {
      const start = performance.now();
      const reply = await run();
      return { what, status: reply.status, retryAfter: reply.headers.get('retry-after'), ms: performance.now() - start, body: reply.text };
    };

    // Before: all is well (the stranger is refused, as unknown).
    for (const probe of probes) {
      const answer = await probe();
      expect([answer.what, answer.status, answer.body]).toEqual([answer.what, answer.what.includes('unknown login') ? 401 : 200, answer.body]);
    }

    // The published document declares the answer: 503 with Retry-After on the operations probed here.
    const documented = await call(service.base, 'GET', '/restapi/openapi.json', { headers: auth });
    const paths = documented.json.paths as Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
    const usersPath = Object.keys(paths).find((name) => name.endsWith('/users'))!;
    const userPath = Object.keys(paths).find((name) => /\/users\/\{identityKey\}$/.test(name))!;
    for (const operation of [paths[usersPath].put, paths[userPath].get]) expect(operation.responses['503'].headers).toHaveProperty('Retry-After');

    await database.stop();
    const stoppedAt = Date.now();
    const during: Timed[] = [];
    while (Date.now() - stoppedAt < 10_000) {
      for (const probe of probes) during.push(await probe());
    }
    for (const answer of during) {
      expect([answer.what, answer.status, answer.retryAfter]).toEqual([answer.what, 503, '1']);
      // Refused connections are answered at once, not after waiting out a connect timeout (this bound is no speed measure).
      expect(answer.ms).toBeLessThan(CONNECT_TIMEOUT_MS);
      expect(answer.body).not.toMatch(/ECONNREFUSED|select|insert|at .*\.ts:\d+/i);
    }
    // REST answers an ErrorVO; GraphQL too when the outage stops the request at authentication (the
    // cached principals are not trusted while the database is gone), else a GraphQL error with the same code.
    for (const answer of during.filter((one) => !one.what.startsWith('GET /ready'))) {
      const body = answer.what.includes('XML') ? answer.body : JSON.parse(answer.body);
      if (typeof body === 'string') expect(body).toContain('<code>UNAVAILABLE</code>');
      else expect(body.code ?? body.errors?.[0]?.extensions?.code).toBe('UNAVAILABLE');
    }
    const slowest = Math.max(...during.map((answer) => answer.ms));

    database = await startEmbeddedPostgres(path.join(dir, 'pg'), pgPort);
    const restartedAt = Date.now();
    // The same process, not restarted, serves again once its pools reconnect.
    await eventually(async () => {
      for (const probe of probes) {
        const answer = await probe();
        expect([answer.what, answer.status]).toEqual([answer.what, answer.what.includes('unknown login') ? 401 : 200]);
      }
    }, 15_000);
    expect(service.child.exitCode).toBeNull();
    console.log(
      `database stopped ${Math.round((restartedAt - stoppedAt) / 100) / 10} s: ${during.length} requests, all 503 with Retry-After: 1, slowest ${Math.round(slowest)} ms; all 200 again ${Date.now() - restartedAt} ms after the database was back`,
    );
  }, 120_000);
});

describe('what counts as a database outage', () => {
  const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('connection errors of pg, knex and MikroORM are outages; failed statements are not', () => {
    expect(isDatabaseUnavailable(refused())).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'))).toBe(true);
    expect(isDatabaseUnavailable(new ConnectionException(refused()))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: refused() }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new DomainError('NOT_FOUND', 'user not found'))).toBe(false);
  });

  it('REST: 503 with Retry-After and an ErrorVO that names no internals', () => {
    const answer = toRestError(refused(), undefined, () => undefined);
    expect(answer).toEqual({
      status: 503,
      retryAfter: 1,
      list: false,
      errors: [{ code: 'UNAVAILABLE', translation: 'the database cannot be reached; retry shortly' }],
    });
  });

  it('GraphQL: a resolver that meets the outage gives code UNAVAILABLE, HTTP 503 and Retry-After', async () => {
    const schema = makeExecutableSchema({
      typeDefs: 'type Query { user: String }',
      resolvers: { Query: { user: () => Promise.reject(refused()) } },
    });
    const server = new ApolloServer({
      schema,
      plugins: [unavailableAnswer],
      formatError: (formatted, error) => formatGraphqlError(formatted, error, () => undefined),
    });
    await server.start();
    try {
      const response = await server.executeOperation({ query: '{ user }' });
      expect(response.http.status).toBe(503);
      expect(response.http.headers.get('retry-after')).toBe('1');
      const result = response.body.kind === 'single' ? response.body.singleResult : undefined;
      expect(result?.errors?.[0]).toMatchObject({ message: 'the database cannot be reached; retry shortly', extensions: { code: 'UNAVAILABLE' } });
      expect(JSON.stringify(result)).not.toContain('ECONNREFUSED');
    } finally {
      await server.stop();
    }
  });
});
