import 'reflect-metadata';
import { Command, CommanderError } from 'commander';
import { loadConfig, type Config } from '../config/config';
import { DomainError } from '../domain/errors';
import { StartRefusal } from '../ops/start-refusal';
import { CommandFailure, withDatabase, type CliRun, type CliOutput } from './context';
import { credentialCommands } from './credentials';
import { settingsCommands } from './settings';
import { syncCommands } from './sync';
import { taxonomyCommands } from './taxonomy';
import { webhookCommands } from './webhooks';

/** Exit codes: 0 done, 1 failed (or, for sync, an object failed), 2 the command line was not understood. */
const USAGE_ERROR = 2;

/**
 * `npm run cli -- <command>`: the operator's commands, each on the configured database (named on standard error first).
 * Answers the exit code.
 */
export async function runCli(argv: string[], io: CliOutput = { out: console.log, err: console.error }, config: Config = loadConfig()): Promise<number> {
  let code = 0;
  const run: CliRun = async (command) => {
    code = (await withDatabase(config, io, (db) => command(db, io))) ?? 0;
  };
  const program = new Command('npm run cli --')
    .description('Operator commands of the gateway, on its database (DATABASE_URL, else the embedded one)')
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: (text) => io.err(text.trimEnd()) })
    .showHelpAfterError();
  settingsCommands(program, run);
  taxonomyCommands(program, run);
  syncCommands(program, run);
  webhookCommands(program, run);
  credentialCommands(program, run);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : USAGE_ERROR;
    if (error instanceof CommandFailure || error instanceof StartRefusal) io.err(error.message);
    else if (error instanceof DomainError) io.err(`${error.code}: ${error.message}`);
    else io.err(`failed: ${(error as Error).message}`);
    return 1;
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error((error as Error).message);
      process.exit(1);
    },
  );
}
