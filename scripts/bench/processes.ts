import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** The servers under test as child processes, and their memory as Linux reports it (/proc/<pid>/status). */

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export interface Memory {
  /** Resident set size now (VmRSS), bytes. */
  rss: number;
  /** Peak resident set size since start (VmHWM), bytes. */
  peak: number;
}

/** NaN when /proc is not there (not Linux) or the process has gone. */
export function memoryOf(pid: number): Memory {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kB('VmRSS'), peak: kB('VmHWM') };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times: 100 on every usual build. */
const CLOCK_TICKS = 100;

/** CPU time (user + system) a process has used so far, in seconds; NaN when /proc is not there or the process has gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): state is the 3rd field, utime and stime the 14th and 15th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

export interface ChildServer {
  name: string;
  pid: number;
  base: string;
  stop: () => Promise<void>;
}

/** Node options of the servers from the bench's environment, e.g. `BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'` to profile them. */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

/**
 * Starts `node <script>` with exactly `env` (plus PATH and a free PORT, on 127.0.0.1) and resolves
 * once it prints "listening on". Its last lines of output are kept to show when it fails to start.
 */
export async function startServer(name: string, script: string, env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_ARGS, script], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    output.splice(0, output.length - 40);
  };
  child.stderr!.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    const failed = (why: string) => reject(new Error(`${name} ${why}:\n  ${output.join('\n  ')}`));
    child.once('exit', (code, signal) => failed(`exited (${signal ?? code}) before listening`));
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (/listening on/.test(chunk.toString('utf8'))) resolve();
    });
    setTimeout(() => failed('did not start within 60 s'), 60_000).unref();
  });
  child.removeAllListeners('exit');
  return { name, pid: child.pid!, base: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

/** SIGTERM, then SIGKILL after 10 s. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Samples the RSS of some processes every 50 ms while `work` runs: growth = highest sample − the value before. */
export async function sampleRss<T>(pids: number[], work: () => Promise<T>): Promise<{ result: T; growth: Map<number, number> }> {
  const before = new Map(pids.map((pid) => [pid, memoryOf(pid).rss]));
  const highest = new Map(before);
  const sample = () => {
    for (const pid of pids) highest.set(pid, Math.max(highest.get(pid)!, memoryOf(pid).rss));
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await work();
    sample();
    return { result, growth: new Map(pids.map((pid) => [pid, highest.get(pid)! - before.get(pid)!])) };
  } finally {
    clearInterval(timer);
  }
}
