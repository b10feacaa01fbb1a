import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { uniqueLogin } from '../factories';
import { freePort, startServiceProcess, type ServiceProcess } from '../support/process';
import { adminAuth } from '../support/service';

type Started = ServiceProcess;

/** The service on an embedded PostgreSQL in `directory` (no DATABASE_URL), started by `command`; `nodeEnv`: its NODE_ENV (unset by default). */
const start = (command: string, args: string[], directory: string, pgPort: number, nodeEnv?: string) =>
  startServiceProcess({ EMBEDDED_PG_DIR: directory, EMBEDDED_PG_PORT: String(pgPort), DATABASE_URL: undefined, NODE_ENV: nodeEnv }, command, args);

/** A PUT /restapi/users whose body arrives in two parts: in flight until `finish()`. */
function slowCreation(base: string) {
  const login = uniqueLogin('slow');
  const body = JSON.stringify({ login, password: 'slow-password', firstName: 'Slow', lastName: 'Request', email: `${login}@example.org` });
  const half = Math.floor(body.length / 2);
  const req = http.request(`${base}/restapi/users`, {
    method: 'PUT',
    headers: { ...adminAuth(), Accept: 'application/json', 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
  });
  const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString() }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, half));
  return { login, reply, finish: () => req.end(body.slice(half)) };
}

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const until = async (condition: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** SIGTERM to `signalled` during a slow request: it finishes with 200, new connections are refused, the embedded database stops, exit 0. */
async function stopsGracefully(started: Started, signalled: ChildProcess, pgPort: number) {
  const { base, output } = started;
  const port = Number(new URL(base).port);
  expect(await connects(pgPort)).toBe(true);
  const slow = slowCreation(base);
  // The request is admitted (headers read) and waits for the rest of its body.
  await new Promise((resolve) => setTimeout(resolve, 500));
  signalled.kill('SIGTERM');
  await until(() => output().includes('finishing in-flight requests'));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await connects(port)).toBe(false);
  slow.finish();
  const reply = await slow.reply;
  expect(reply.status).toBe(200);
  expect(JSON.parse(reply.body).login).toBe(slow.login);
  expect(await started.exited).toBe(0);
  expect(await connects(pgPort)).toBe(false);
  // Logs are JSON lines: the access line of the slow request among them.
  const lines = output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.some((line) => line.route === '/restapi/users' && line.method === 'PUT' && line.status === 200)).toBe(true);
  expect(lines.some((line) => line.msg === 'stopped')).toBe(true);
}

let dir: string;
/** One data directory for every start of the file, one after another: initialised and migrated once. */
let dataDir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-shutdown-'));
  fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as its own user, which must reach the data directory
  dataDir = path.join(dir, 'data');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Apollo Server stops itself on SIGTERM unless NODE_ENV is test (and signals again): the stop must be the service's under every NODE_ENV.
it.each([
  ['unset', undefined],
  ['production', 'production'],
  ['test', 'test'],
])(
  'SIGTERM to the service (NODE_ENV %s): the slow request finishes, new connections are refused, the embedded database stops, exit 0',
  async (name, nodeEnv) => {
    const pgPort = await freePort();
    const started = await start(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], dataDir, pgPort, nodeEnv);
    try {
      await stopsGracefully(started, started.child, pgPort);
      expect(started.output()).not.toContain('again');
    } finally {
      started.child.kill('SIGKILL');
    }
  },
  120_000,
);

it('SIGTERM to `npm start` reaches the service: the same graceful stop', async () => {
  const pgPort = await freePort();
  const started = await start('npm', ['start'], dataDir, pgPort);
  try {
    await stopsGracefully(started, started.child, pgPort);
  } finally {
    started.child.kill('SIGKILL');
  }
}, 180_000);

it('after kill -9 the embedded database runs on without its service; the next start stops it and serves the same data', async () => {
  const pgPort = await freePort();
  const args = ['-r', '@swc-node/register', 'src/main.ts'];
  const first = await start(process.execPath, args, dataDir, pgPort);
  const login = uniqueLogin('survivor');
  const created = await fetch(`${first.base}/restapi/users`, {
    method: 'PUT',
    headers: { ...adminAuth(), Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ login, firstName: 'S', lastName: 'V', email: `${login}@example.org` }),
  });
  expect(created.status).toBe(200);
  first.child.kill('SIGKILL');
  await first.exited;
  expect(await connects(pgPort)).toBe(true);
  const second = await start(process.execPath, args, dataDir, pgPort);
  try {
    expect(second.output()).toContain('that a killed instance left running');
    const found = await fetch(`${second.base}/restapi/users?login=${login}`, { headers: { ...adminAuth(), Accept: 'application/json' } });
    expect((await found.json()).map((user: { login: string }) => user.login)).toEqual([login]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await connects(pgPort)).toBe(false);
  } finally {
    second.child.kill('SIGKILL');
  }
}, 180_000);
