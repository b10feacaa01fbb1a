import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { ADMIN } from './service';

const ROOT = path.join(__dirname, '..', '..');

export interface ServiceProcess {
  child: ChildProcess;
  base: string;
  /** What it wrote to standard output and error so far. */
  output: () => string;
  /** Its exit code, or the signal that ended it. */
  exited: Promise<NodeJS.Signals | number | null>;
}

/**
 * Starts the service in a process of its own, as a supervisor does (`node src/main.ts` unless told
 * otherwise, e.g. `npm start`); resolves once it listens. `env` adds to (undefined: removes from)
 * the test's environment and the defaults here.
 */
export function startServiceProcess(
  env: Record<string, string | undefined>,
  command = process.execPath,
  args = ['-r', '@swc-node/register', 'src/main.ts'],
): Promise<ServiceProcess> {
  // As an operator runs it: without jest's NODE_ENV=test and worker variables (libraries behave differently under them).
  const { NODE_ENV: _nodeEnv, JEST_WORKER_ID: _worker, ...inherited } = process.env;
  const merged: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: ADMIN.password,
    BCRYPT_COST: '4',
    DATABASE_POOL_SIZE: '3', // files run in parallel against one PostgreSQL server
    LOG_LEVEL: 'info', // the start's "listening on" line
    ...env,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
  const child = spawn(command, args, { cwd: ROOT, env: merged });
  const chunks: string[] = [];
  const output = () => chunks.join('');
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 90 s:\n${output()}`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      chunks.push(chunk.toString());
      const listening = output().match(/listening on http:\/\/[\d.]+:(\d+)/);
      if (listening) {
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${listening[1]}`, output, exited });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    void exited.then((code) => reject(new Error(`exited with ${code}:\n${output()}`)));
  });
}

/** Ports below the system's ephemeral range (32768–60999 here), which its outgoing connections never take. */
const LISTEN_PORTS = { from: 20_000, to: 32_000 };

const listens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * A TCP port on 127.0.0.1 that nothing listens on now, for a server a test starts itself (an embedded PostgreSQL). It is
 * taken below the ephemeral range: a port the system hands out could be given to one of the many outgoing connections
 * of the suite before the server binds it.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = LISTEN_PORTS.from + Math.floor(Math.random() * (LISTEN_PORTS.to - LISTEN_PORTS.from));
    if (await listens(port)) return port;
  }
}
