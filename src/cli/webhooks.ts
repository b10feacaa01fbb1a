import type { Command } from 'commander';
import { asOption, cliContext, send, wholeNumber, type CliRun } from './context';

const iso = (epochMs: number | null) => (epochMs === null ? '-' : new Date(epochMs).toISOString());

interface Webhook {
  key: number;
  url: string;
  types: string[];
  active: boolean;
  cursor: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: number | null;
  lastDeliveryAt: number | null;
}

interface Failure {
  cursor: string;
  type: string;
  attempts: number;
  lastError: string | null;
  failedAt: number;
}

/** `webhooks list|failures|replay`: GraphQL's webhooks, webhookFailures and replayWebhook from the command line. */
export function webhookCommands(program: Command, run: CliRun): void {
  const webhooks = program.command('webhooks').description('webhook subscriptions, the events they gave up on, and replays');
  webhooks
    .command('list')
    .description('every subscription: key, state, url, event types, where its delivery is, its last error')
    .addOption(asOption())
    .action((options: { as?: string }) =>
      run(async (db, io) => {
        const selection = '{ key url types active cursor attempts lastError nextAttemptAt lastDeliveryAt }';
        const listed = await send<Webhook[]>(await cliContext(db, options.as), 'query', 'webhooks', {}, selection);
        for (const hook of listed) {
          const state = !hook.active ? 'inactive' : hook.attempts ? `retrying (attempt ${hook.attempts}, next ${iso(hook.nextAttemptAt)})` : 'active';
          const types = hook.types.length ? hook.types.join(',') : 'every type';
          io.out(
            `${hook.key}\t${state}\t${hook.url}\t${types}\tcursor ${hook.cursor}\tlast delivery ${iso(hook.lastDeliveryAt)}${hook.lastError ? `\t${hook.lastError}` : ''}`,
          );
        }
        if (!listed.length) io.out('(no webhook)');
      }),
    );
  webhooks
    .command('failures <key>')
    .description('the events the subscription gave up on, oldest first, with the cursor to replay from')
    .option('--after <cursor>', "the last failure's cursor of the page before")
    .option('--limit <n>', 'how many', '100')
    .addOption(asOption())
    .action((key: string, options: { after?: string; limit: string; as?: string }) =>
      run(async (db, io) => {
        const variables = { webhookKey: wholeNumber(key, 'key'), after: options.after, limit: wholeNumber(options.limit, '--limit') };
        const failures = await send<Failure[]>(
          await cliContext(db, options.as),
          'query',
          'webhookFailures',
          variables,
          '{ cursor type attempts lastError failedAt }',
        );
        for (const failure of failures)
          io.out(`${failure.cursor}\t${failure.type}\t${failure.attempts} attempts\t${iso(failure.failedAt)}\t${failure.lastError ?? ''}`);
        if (!failures.length) io.out('(no failure)');
      }),
    );
  webhooks
    .command('replay <key>')
    .description("sends every event again from a cursor on (a failure's), in order")
    .requiredOption('--from <cursor>', "the cursor of the first event to send again (a failure's cursor)")
    .addOption(asOption())
    .action((key: string, options: { from: string; as?: string }) =>
      run(async (db, io) => {
        const variables = { webhookKey: wholeNumber(key, 'key'), from: options.from };
        const hook = await send<Webhook>(await cliContext(db, options.as), 'mutation', 'replayWebhook', variables, '{ key cursor }');
        io.out(`webhook ${hook.key} delivers again from ${options.from} (its cursor is now ${hook.cursor})`);
      }),
    );
}
