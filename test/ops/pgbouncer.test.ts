import { Client } from 'pg';
import { loadConfig } from '../../src/config/config';
import { migrationsList } from '../../src/migrations';
import { PGBOUNCER, pgbouncerVersion, startPgBouncer, type RunningPgBouncer } from '../../scripts/pgbouncer';
import { readState } from '../support/database';
import { eventually } from '../support/eventually';
import { JSON_TYPE, call, graphql, type Headers } from '../support/http';
import { startServiceProcess, type ServiceProcess } from '../support/process';
import { adminAuth } from '../support/service';

/**
 * The deployment the README describes: several instances (processes of their own, as an operator
 * starts them) → PgBouncer in transaction mode → one PostgreSQL, with DATABASE_DIRECT_URL for what
 * needs a session of its own (LISTEN, the migrations' lock). Named prepared statements go through
 * when the PgBouncer keeps them (1.21 and later, `max_prepared_statements`); Debian bookworm's 1.18
 * cannot, and the instances then run with DATABASE_PREPARED_STATEMENTS=false. PGBOUNCER=<binary>
 * runs the file against another build.
 */

jest.setTimeout(180_000);

const version = pgbouncerVersion();
if (!version && !process.env.CI) {
  console.warn(`PgBouncer tests skipped: ${PGBOUNCER} is missing (npm test installs it through scripts/ensure-test-packages.sh when run as root)`);
}

describe('the settings for a pooler', () => {
  it('DATABASE_DIRECT_URL defaults to DATABASE_URL and needs it; named statements are on unless DATABASE_PREPARED_STATEMENTS=false', () => {
    const pooled = 'postgres://gateway@pooler:6432/gateway';
    const direct = 'postgres://gateway@primary:5432/gateway';
    expect(loadConfig({ DATABASE_URL: pooled })).toMatchObject({ databaseDirectUrl: pooled, databasePreparedStatements: true });
    expect(loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct, DATABASE_PREPARED_STATEMENTS: 'false' })).toMatchObject({
      databaseUrl: pooled,
      databaseDirectUrl: direct,
      databasePreparedStatements: false,
    });
    expect(loadConfig({}).databaseDirectUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_DIRECT_URL: direct })).toThrow(/set DATABASE_URL too/);
  });
});

const PASSWORD = 'through-the-pooler-2026';
let sequence = 0;
const uniqueLogin = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++sequence}`;

(version || process.env.CI ? describe : describe.skip)('two instances through PgBouncer in transaction mode', () => {
  const database = `gateway_test_pgbouncer_${process.pid}`;
  let pgbouncer: RunningPgBouncer;
  let instances: ServiceProcess[] = [];
  let db: Client;

  const serverUrl = () => readState().serverUrl;
  async function onServer(statement: string) {
    const client = new Client({ connectionString: `${serverUrl()}postgres` });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    if (!version) throw new Error(`${PGBOUNCER} is missing and CI is set: the PgBouncer tests must run; see scripts/ensure-test-packages.sh`);
    pgbouncer = await startPgBouncer(`${serverUrl()}postgres`, 10);
    // A fresh database, not the migrated template: the instances migrate it through PgBouncer.
    await onServer(`create database ${database}`);
    const env = {
      DATABASE_URL: pgbouncer.urlOf(database),
      DATABASE_DIRECT_URL: `${serverUrl()}${database}`,
      DATABASE_PREPARED_STATEMENTS: String(pgbouncer.keepsPreparedStatements),
      // Far longer than the test waits: a change can only reach the other instance's cache by NOTIFY.
      PRINCIPAL_CACHE_TTL_SECONDS: '600',
    };
    const started = await Promise.allSettled([startServiceProcess(env), startServiceProcess(env)]);
    instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    db = new Client({ connectionString: `${serverUrl()}${database}` });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    for (const instance of instances) {
      instance.child.kill('SIGTERM');
      await instance.exited;
    }
    await pgbouncer?.stop();
    await onServer(`drop database if exists ${database} with (force)`);
  });

  const asAdmin = (): Headers => ({ ...adminAuth(), ...JSON_TYPE });

  async function createUser(base: string, login: string) {
    const reply = await call(base, 'PUT', '/restapi/users', {
      headers: asAdmin(),
      body: { login, password: PASSWORD, firstName: 'Pooled', lastName: login, email: `${login}@example.org` },
    });
    expect(reply.status).toBe(200);
    return reply.json.key as number;
  }

  /** Backends of the test database that PgBouncer does not hold: the instances' direct connections (and the test's own). */
  async function directBackends(): Promise<string[]> {
    const pooled = (await pgbouncer.admin('show servers')).filter((server) => server.database === database).map((server) => Number(server.remote_pid));
    const { rows } = await db.query<{ query: string }>(
      `select query from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and not (pid = any($2::int[])) order by query`,
      [database, pooled],
    );
    return rows.map((row) => row.query.trim().toLowerCase());
  }

  it('migrated the database together through PgBouncer, and the migrations lock is not left held', async () => {
    const { rows } = await db.query<{ applied: number; distinct: number }>(
      'select count(*)::int as applied, count(distinct name)::int as distinct from mikro_orm_migrations',
    );
    expect(rows[0]).toEqual({ applied: migrationsList().length, distinct: migrationsList().length });
    // Taken on a pooled connection, the session lock would stay with a server connection PgBouncer keeps open.
    const locks = await db.query(`select 1 from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and d.datname = $1`, [
      database,
    ]);
    expect(locks.rowCount).toBe(0);
    for (const instance of instances) expect(instance.output()).toContain("LISTEN and the migrations' lock directly");
  });

  it('sends its statements through PgBouncer; only the LISTEN connections go direct', async () => {
    for (const instance of instances) expect((await call(instance.base, 'GET', '/restapi/users/me', { headers: asAdmin() })).status).toBe(200);
    const clients = (await pgbouncer.admin('show clients')).filter((client) => client.database === database);
    expect(clients.length).toBeGreaterThanOrEqual(instances.length);
    expect(await directBackends()).toEqual(instances.map(() => expect.stringMatching(/^listen /)));
  });

  it('answers many reads at once on both instances (hot statements, named when PgBouncer keeps them), and whole lists through portals', async () => {
    const [a, b] = instances;
    const keys = [await createUser(a.base, uniqueLogin('reader')), await createUser(b.base, uniqueLogin('reader'))];
    const reads = await Promise.all(
      Array.from({ length: 60 }, (_, i) => call(instances[i % 2].base, 'GET', `/restapi/users/${keys[i % 2]}`, { headers: asAdmin() })),
    );
    expect(reads.map((reply) => reply.status)).toEqual(reads.map(() => 200));
    expect(new Set(reads.map((reply) => reply.json.key))).toEqual(new Set(keys));
    if (pgbouncer.keepsPreparedStatements) {
      const servers = (await pgbouncer.admin('show servers')).filter((server) => server.database === database);
      expect(servers.reduce((sum, server) => sum + Number(server.prepared_statements), 0)).toBeGreaterThan(0);
    }
    for (const instance of instances) {
      const list = await call(instance.base, 'GET', '/restapi/users', { headers: asAdmin() });
      expect(list.status).toBe(200);
      expect(list.json.map((user: { key: number }) => user.key)).toEqual(expect.arrayContaining(keys));
    }
  });

  it('a write that fails half-way leaves nothing, and the pooled connections serve the next requests', async () => {
    const login = uniqueLogin('halfway');
    // The person and their password are written, then the membership fails: the whole transaction must go.
    await db.query(`create or replace function pgbouncer_test_refuse() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from identity where id = new.identity_id and login like 'halfway-%') then raise exception 'refused half-way'; end if;
        return new;
      end $$`);
    await db.query('create trigger pgbouncer_test_refuse before insert on organisation_role for each row execute function pgbouncer_test_refuse()');
    try {
      const body = JSON.stringify({ login, password: PASSWORD, firstName: 'Half', lastName: 'Way', email: `${login}@example.org` });
      const rest = await fetch(`${instances[0].base}/restapi/users`, { method: 'PUT', headers: { ...asAdmin(), 'Content-Type': 'application/json' }, body });
      expect(rest.status).toBeGreaterThanOrEqual(500);
      const viaGraphql = await graphql(instances[1].base, adminAuth(), 'mutation($u: UserVOInput!) { createUser(user: $u) { key } }', {
        u: { login: `${login}-g`, password: PASSWORD, firstName: 'Half', lastName: 'Way', email: `${login}-g@example.org` },
      });
      expect(viaGraphql.body.errors).toHaveLength(1);
    } finally {
      await db.query('drop trigger pgbouncer_test_refuse on organisation_role');
    }
    const left = await db.query(
      `select (select count(*)::int from identity where login like $1) as identities,
              (select count(*)::int from authentication where auth_username like $1) as authentications,
              (select count(*)::int from audit_log where changes::text like $2) as audits`,
      [`${login}%`, `%${login}%`],
    );
    expect(left.rows[0]).toEqual({ identities: 0, authentications: 0, audits: 0 });
    const after = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser(instances[i % 2].base, uniqueLogin('after'))));
    expect(new Set(after).size).toBe(20);
  });

  it('a token revoked through one instance is refused by the other at once (LISTEN/NOTIFY on the direct connection)', async () => {
    const [a, b] = instances;
    const login = uniqueLogin('token');
    const key = await createUser(a.base, login);
    const issued = await call(b.base, 'GET', `/restapi/auth/${login}?password=${PASSWORD}`);
    expect(issued.status).toBe(200);
    const token = { 'X-SERVICE-TOKEN': issued.headers.get('x-service-token')!, ...JSON_TYPE };
    for (const instance of [a, b]) expect((await call(instance.base, 'GET', '/restapi/users/me', { headers: token })).status).toBe(200);
    const denied = await call(a.base, 'POST', `/restapi/users/${key}/status`, { headers: asAdmin(), body: { status: 101 } });
    expect(denied.status).toBe(200);
    await eventually(async () => expect((await call(b.base, 'GET', '/restapi/users/me', { headers: token })).status).toBe(401), 5000);
  });

  it('an administrator switch set through one instance holds on the other', async () => {
    const [a, b] = instances;
    const restEnabled = (enabled: boolean) =>
      graphql(a.base, adminAuth(), 'mutation($s: SettingsInput!) { updateSettings(settings: $s) { restEnabled } }', { s: { restEnabled: enabled } });
    expect((await restEnabled(false)).body.errors).toBeUndefined();
    try {
      await eventually(async () => expect((await call(b.base, 'GET', '/restapi/users/me', { headers: asAdmin() })).status).toBe(403), 5000);
    } finally {
      expect((await restEnabled(true)).body.errors).toBeUndefined();
    }
    await eventually(async () => expect((await call(b.base, 'GET', '/restapi/users/me', { headers: asAdmin() })).status).toBe(200), 5000);
  });

  it('what one instance writes, through REST or GraphQL, the other reads through the other', async () => {
    const [a, b] = instances;
    const group = await call(a.base, 'PUT', '/restapi/groups', {
      headers: asAdmin(),
      body: { name: uniqueLogin('Pooled group'), description: 'through PgBouncer' },
    });
    expect(group.status).toBe(200);
    const read = await graphql(b.base, adminAuth(), 'query($k: Long!) { group(groupKey: $k) { key name description } }', { k: group.json.key });
    expect(read.body).toEqual({ data: { group: { key: group.json.key, name: group.json.name, description: 'through PgBouncer' } } });

    const key = await createUser(a.base, uniqueLogin('renamed'));
    const renamed = await graphql(b.base, adminAuth(), 'mutation($u: UserVOInput!, $k: Long!) { updateUser(user: $u, identityKey: $k) { lastName } }', {
      u: { lastName: 'Renamed through GraphQL' },
      k: key,
    });
    expect(renamed.body).toEqual({ data: { updateUser: { lastName: 'Renamed through GraphQL' } } });
    const rest = await call(a.base, 'GET', `/restapi/users/${key}`, { headers: asAdmin() });
    expect(rest.json.lastName).toBe('Renamed through GraphQL');
  });
});
