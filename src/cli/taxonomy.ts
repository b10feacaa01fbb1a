import type { Command } from 'commander';
import { asOption, cliContext, send, wholeNumber, type CliRun } from './context';

interface Taxonomy {
  key: number;
  identifier: string;
  displayName: string | null;
  externalId: string | null;
}

/** `taxonomy list|create|rename|delete`: what an administrator does through GraphQL or PUT /taxonomy. */
export function taxonomyCommands(program: Command, run: CliRun): void {
  const taxonomy = program.command('taxonomy').description('taxonomies (as PUT /restapi/taxonomy and GraphQL do)');
  taxonomy
    .command('list')
    .description('every taxonomy: key, identifier, display name, external id')
    .addOption(asOption())
    .action((options: { as?: string }) =>
      run(async (db, io) => {
        const { taxonomies } = await send<{ taxonomies: Taxonomy[] }>(
          await cliContext(db, options.as),
          'query',
          'taxonomies',
          {},
          '{ taxonomies { key identifier displayName externalId } }',
        );
        for (const one of taxonomies) io.out(`${one.key}\t${one.identifier}\t${one.displayName ?? ''}${one.externalId ? `\t${one.externalId}` : ''}`);
        if (!taxonomies.length) io.out('(no taxonomy)');
      }),
    );
  taxonomy
    .command('create <identifier> [displayName]')
    .description('a new taxonomy (display name: the identifier when not given)')
    .addOption(asOption())
    .action((identifier: string, displayName: string | undefined, options: { as?: string }) =>
      run(async (db, io) => {
        const taxonomy = { identifier, displayName: displayName ?? identifier };
        const created = await send<Taxonomy>(await cliContext(db, options.as), 'mutation', 'createTaxonomy', { taxonomy }, '{ key identifier }');
        io.out(`created taxonomy ${created.key} (${created.identifier})`);
      }),
    );
  taxonomy
    .command('rename <key> <displayName>')
    .description("a taxonomy's new display name")
    .addOption(asOption())
    .action((key: string, displayName: string, options: { as?: string }) =>
      run(async (db, io) => {
        const variables = { taxonomyKey: wholeNumber(key, 'key'), taxonomy: { displayName } };
        const renamed = await send<Taxonomy>(await cliContext(db, options.as), 'mutation', 'updateTaxonomy', variables, '{ key displayName }');
        io.out(`taxonomy ${renamed.key} is now "${renamed.displayName}"`);
      }),
    );
  taxonomy
    .command('delete <key>')
    .description('deletes a taxonomy with its levels')
    .addOption(asOption())
    .action((key: string, options: { as?: string }) =>
      run(async (db, io) => {
        const taxonomyKey = wholeNumber(key, 'key');
        await send(await cliContext(db, options.as), 'mutation', 'deleteTaxonomy', { taxonomyKey });
        io.out(`deleted taxonomy ${taxonomyKey}`);
      }),
    );
}
