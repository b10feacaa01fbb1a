import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uniqueLogin } from './factories';
import { JSON_TYPE, basic, call } from './support/http';
import { adminAuth } from './support/service';
import { freePort, startServiceProcess, type ServiceProcess } from './support/process';

/** The newcomer's path: the real entry point, no DATABASE_URL, an embedded PostgreSQL kept in a directory. */
const start = (dataDir: string, port: number) => startServiceProcess({ EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(port), DATABASE_URL: undefined });

const stop = async (started: ServiceProcess) => {
  started.child.kill('SIGTERM');
  const code = await started.exited;
  if (code !== 0) console.log(started.output());
  return code;
};

it('keeps data across a restart on the embedded database, bootstraps once and stops cleanly on SIGTERM', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-restart-'));
  fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as its own user, which must reach the data directory
  const dataDir = path.join(dir, 'pg');
  const port = await freePort();
  try {
    const first = await start(dataDir, port);
    // The real process in its own database: the user is created the way a client would.
    const login = uniqueLogin();
    const password = 'restart-password';
    const created = await call(first.base, 'PUT', '/restapi/users', {
      headers: { ...adminAuth(), ...JSON_TYPE },
      body: { login, password, firstName: 'Re', lastName: 'Start', email: `${login}@example.org` },
    });
    const user = { key: created.json.key as number, login, auth: basic(login, password) };
    expect(await stop(first)).toBe(0);
    expect(first.output()).toMatch(/created administrator \\?"administrator\\?"/);

    const second = await start(dataDir, port);
    const reply = await call(second.base, 'GET', `/restapi/users/${user.key}`, { headers: { ...user.auth, ...JSON_TYPE } });
    expect(reply.status).toBe(200);
    expect(reply.json.login).toBe(user.login);
    expect(await stop(second)).toBe(0);
    expect(second.output()).not.toContain('created administrator');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);
