import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uniqueLogin } from './factories';
import { JSON_TYPE, basic, call } from './support/http';
import { ADMIN, adminAuth } from './support/service';

interface Started {
  child: ChildProcess;
  base: string;
  output: string[];
}

/** The newcomer's path: the real entry point, no DATABASE_URL, an embedded PostgreSQL kept in a directory. */
function start(dataDir: string, port: number): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    EMBEDDED_PG_DIR: dataDir,
    EMBEDDED_PG_PORT: String(port),
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: ADMIN.password,
    BCRYPT_COST: '4',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], { cwd: path.join(__dirname, '..'), env });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output.join('')}`)), 60_000);
    const read = (chunk: Buffer) => {
      output.push(chunk.toString());
      const listening = output.join('').match(/listening on http:\/\/[\d.]+:(\d+)/);
      if (listening) {
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${listening[1]}`, output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output.join('')}`)));
  });
}

const stop = (started: Started) =>
  new Promise<number | null>((resolve) => {
    started.child.removeAllListeners('exit');
    started.child.on('exit', (code) => {
      if (code !== 0) console.log(started.output.join(''));
      resolve(code);
    });
    started.child.kill('SIGTERM');
  });

it('keeps data across a restart on the embedded database, bootstraps once and stops cleanly on SIGTERM', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-restart-'));
  fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as its own user, which must reach the data directory
  const dataDir = path.join(dir, 'pg');
  const port = 55400 + (process.pid % 400);
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
    expect(first.output.join('')).toMatch(/created administrator \\?"administrator\\?"/);

    const second = await start(dataDir, port);
    const reply = await call(second.base, 'GET', `/restapi/users/${user.key}`, { headers: { ...user.auth, ...JSON_TYPE } });
    expect(reply.status).toBe(200);
    expect(reply.json.login).toBe(user.login);
    expect(await stop(second)).toBe(0);
    expect(second.output.join('')).not.toContain('created administrator');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);
