import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext, Transport } from '../domain/context';
import type { GatewaySettings } from '../settings/settings';
import * as taxonomies from './service';

export const TAXONOMY_USAGE = `npm run cli -- taxonomy list
       npm run cli -- taxonomy create <identifier> [<display name>]
       npm run cli -- taxonomy rename <key> <display name>
       npm run cli -- taxonomy delete <key>`;

/** The command line as a caller of the taxonomy service: the same rules, one transaction per command, audited with transport `cli`. */
function cliContext(em: EntityManager, operation: string, args: Record<string, unknown>): RequestContext {
  return {
    em,
    caller: null,
    transport: 'cli' as Transport,
    settings: CLI_SETTINGS,
    pendingAudit: { operation, args, resultTypeName: operation === 'deleteTaxonomy' ? undefined : 'TaxonomyVO', written: false },
  };
}

/** The command line answers no request: only the service's rules apply. */
const CLI_SETTINGS: GatewaySettings = {
  restEnabled: true,
  managedEnforced: true,
  apiAccess: 'all',
  userApiKeyGeneration: false,
  scimOrganisationMemberships: true,
};

const key = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** Runs `taxonomy <command> …`; answers the exit code (2: usage). */
export async function taxonomyCommand(em: EntityManager, [command, first, second]: string[], print: (line: string) => void): Promise<number> {
  if (command === 'list') {
    const { taxonomies: all } = await taxonomies.listTaxonomies(cliContext(em, 'taxonomies', {}));
    for (const taxonomy of all)
      print(`${taxonomy.key}\t${taxonomy.identifier}\t${taxonomy.displayName ?? ''}${taxonomy.externalId ? `\t${taxonomy.externalId}` : ''}`);
    if (!all.length) print('(no taxonomy)');
    return 0;
  }
  if (command === 'create' && first) {
    const taxonomy = { identifier: first, displayName: second ?? first };
    const created = await taxonomies.saveTaxonomy(cliContext(em, 'createTaxonomy', { taxonomy }), taxonomy);
    print(`created taxonomy ${created.key} (${created.identifier})`);
    return 0;
  }
  if (command === 'rename' && key(first) !== null && second) {
    const taxonomy = { displayName: second };
    const renamed = await taxonomies.updateTaxonomy(cliContext(em, 'updateTaxonomy', { taxonomyKey: key(first), taxonomy }), key(first)!, taxonomy);
    print(`taxonomy ${renamed.key} is now "${renamed.displayName}"`);
    return 0;
  }
  if (command === 'delete' && key(first) !== null) {
    await taxonomies.deleteTaxonomy(cliContext(em, 'deleteTaxonomy', { taxonomyKey: key(first) }), key(first)!);
    print(`deleted taxonomy ${first}`);
    return 0;
  }
  return 2;
}
