import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { readState } from '../support/database';

const ROOT = path.join(__dirname, '..', '..');
const name = `gateway_migrate_${process.pid}`;
const url = () => `${readState().serverUrl}${name}`;

async function sql<T>(connection: string, statement: string): Promise<T[]> {
  const client = new Client({ connectionString: connection });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

const migrate = () => {
  const run = spawnSync(process.execPath, ['-r', '@swc-node/register', 'scripts/migrate.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url() },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

beforeAll(() => sql(`${readState().serverUrl}postgres`, `create database ${name}`));
afterAll(() => sql(`${readState().serverUrl}postgres`, `drop database if exists ${name} with (force)`));

it('npm run migrate applies the migrations without starting the service, says which, and then finds nothing to do', async () => {
  const first = migrate();
  expect(first.status).toBe(0);
  const applied = await sql<{ name: string }>(url(), 'select name from mikro_orm_migrations order by id');
  expect(applied.length).toBeGreaterThan(0);
  for (const { name: migration } of applied) expect(first.output).toContain(`applied ${migration}`);
  expect(first.output).toContain(`${applied.length} migration(s) applied`);
  expect(first.output).not.toContain('listening on');
  // Tables exist, but no service ran: the administrator is bootstrapped by the service, not here.
  expect(await sql(url(), `select 1 from identity`)).toHaveLength(0);

  const second = migrate();
  expect(second.status).toBe(0);
  expect(second.output).toContain('the database is up to date: no migration applied');
}, 120_000);
