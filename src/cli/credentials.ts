import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { throttleKey } from '../auth/login-throttle';
import { sql } from '../db/sql';
import { UserStatus } from '../entities/users';
import { acceptablePassword } from '../users/authentications';
import { identityKeyOfLogin } from '../users/repository';
import { CommandFailure, asOption, cliContext, send, wholeNumber, type CliRun } from './context';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** `api-key create LOGIN`, `password reset LOGIN`: credentials from the shell, for a provider's setup and an administrator locked out. */
export function credentialCommands(program: Command, run: CliRun): void {
  program
    .command('api-key')
    .description('API keys')
    .command('create <login>')
    .description("a new API key for the person, as GraphQL's createApiKey makes it; the secret is shown once")
    .option('--external-id <id>', "the key's external id (what it is for)")
    .option('--organisation <key>', 'binds the key to this organisation: its logins act within it only')
    .addOption(asOption())
    .action((login: string, options: { externalId?: string; organisation?: string; as?: string }) =>
      run(async (db, io) => {
        const ctx = await cliContext(db, options.as);
        const variables = {
          identityKey: await identityKeyOfLogin(ctx.em, login),
          externalId: options.externalId,
          boundOrganisationKey: options.organisation === undefined ? undefined : wholeNumber(options.organisation, '--organisation'),
        };
        const key = await send<{ clientId: string; secret: string }>(ctx, 'mutation', 'createApiKey', variables, '{ clientId secret }');
        io.out(`client id: ${key.clientId}`);
        io.out(`secret:    ${key.secret}`);
        io.out(`use as:    Authorization: Bearer ${key.clientId}:${key.secret}   (or basic auth with the client id and the secret)`);
        io.err('the secret is shown this once; it is stored as a hash');
      }),
    );
  program
    .command('password')
    .description('passwords')
    .command('reset <login>')
    .description("sets a new password (a random one, shown once, unless --password-stdin) and forgets the login's failed attempts")
    .option('--password-stdin', 'reads the new password from standard input')
    .addOption(asOption())
    .action((login: string, options: { passwordStdin?: boolean; as?: string }) =>
      run(async (db, io) => {
        const password = options.passwordStdin ? await readStdin() : randomBytes(12).toString('base64url');
        if (!acceptablePassword(password)) throw new CommandFailure('the password policy refuses it: 4 to 128 characters');
        const ctx = await cliContext(db, options.as);
        await send(ctx, 'mutation', 'changeUserPasswordByLogin', { username: login, password: { newPassword: password } });
        await sql(ctx.em, 'delete from login_failure_window where key = ?', [throttleKey('login', login)]);
        io.out(options.passwordStdin ? `the password of ${login} is set` : `the new password of ${login}: ${password}`);
        const [person] = await sql<{ status: number }>(ctx.em, 'select status from identity where lower(login) = lower(?)', [login]);
        if (person.status >= UserStatus.visibleLimit) io.err(`note: ${login}'s status is ${person.status}: logins stay refused until it is active again (2)`);
      }),
    );
}
