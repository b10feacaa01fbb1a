import { Option } from 'commander';
import type { EntityManager } from '@mikro-orm/postgresql';
import { principalByLogin, toCaller } from '../auth/principal';
import type { Config } from '../config/config';
import { configuredDatabase } from '../db/configured';
import { openDatabase, type Orm } from '../db/orm';
import type { Caller, RequestContext } from '../domain/context';
import { runOperation } from '../graphql/writes';
import { buildGatewaySchema } from '../schema/build';
import { defaultSettings, readSettings, type GatewaySettings } from '../settings/settings';

/** Where the command line's output goes: results on standard output, what it talks to and how it goes on standard error. */
export interface CliOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A command that failed for a reason its user can act on: its message is the whole output, exit code 1. */
export class CommandFailure extends Error {}

export interface CliDatabase {
  orm: Orm;
  config: Config;
  /** The stored settings, read when the command started. */
  settings: GatewaySettings;
}

/**
 * Runs `command` on the configured database (DATABASE_URL, or the embedded server: the running service's when one has
 * it up, on whatever port, else started for the command), after naming it on standard error.
 */
export async function withDatabase<T>(config: Config, io: CliOutput, command: (db: CliDatabase) => Promise<T>): Promise<T> {
  const { url, directUrl, embedded, description } = await configuredDatabase(config);
  io.err(`database: ${description}`);
  const { orm, close } = await openDatabase(url, 4, undefined, { directUrl, namedStatements: config.databasePreparedStatements });
  try {
    return await command({ orm, config, settings: await readSettings(orm.em.fork(), defaultSettings(config)) });
  } finally {
    await close();
    await embedded?.stop();
  }
}

/** The person a command acts as (`--as`, else the configured administrator), with their roles as a request of theirs would have them. */
async function callerOf(em: EntityManager, login: string): Promise<Caller> {
  const row = await principalByLogin(em, login);
  if (!row) throw new CommandFailure(`no person has the login "${login}" (--as names the person the command acts as)`);
  return toCaller(row, 'cli');
}

/** A command's requests as `as` (the configured administrator when not given), with transport `cli`. */
export async function cliContext({ orm, config, settings }: CliDatabase, as: string | undefined): Promise<RequestContext> {
  const em = orm.em.fork();
  return { em, caller: await callerOf(em, as ?? config.adminLogin), transport: 'cli', settings };
}

/**
 * The command line is a door like GraphQL's: each command sends the query or mutation a client would, so the roles
 * (`@auth`), managed flags, policies, audit rows and change events are those of every other door.
 */
export const send = <T>(ctx: RequestContext, kind: 'query' | 'mutation', name: string, variables: Record<string, unknown>, selection = '') =>
  runOperation(buildGatewaySchema(), ctx, kind, name, variables, selection) as Promise<T>;

/** Runs a command on the database; it answers its exit code (nothing: 0). */
export type CliRun = (command: (db: CliDatabase, io: CliOutput) => Promise<number | void>) => Promise<void>;

/** A key or count given on the command line. */
export function wholeNumber(value: string, name: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new CommandFailure(`${name}: a whole number, not "${value}"`);
  return Number(value);
}

export const asOption = () => new Option('--as <login>', 'the person the command acts as, with their roles (default: ADMIN_LOGIN)');
