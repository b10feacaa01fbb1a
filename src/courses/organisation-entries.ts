import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import type { RequestContext } from '../domain/context';
import { notFound } from '../domain/errors';
import { answerListById, type Range } from '../domain/lists';
import { requireOrganisationManager } from '../organisations/policy';
import { findOrganisationRow } from '../organisations/repository';
import type { RepositoryEntryVO } from '../schema/courses';
import { toRepositoryEntryVO, type EntryRow } from './presenter';
import { ENTRY_COLUMNS, ENTRY_FROM } from './repository';

/** The entries placed in the organisation or linked to it (`…/organisations/{k}` of an entry), by key. */
export function listEntriesOfOrganisation(em: EntityManager, organisationKey: number, range: Range): Promise<EntryRow[]> {
  return sql<EntryRow>(
    em,
    `select ${ENTRY_COLUMNS} from ${ENTRY_FROM}
     where e.id in (select id from repository_entry where organisation_id = ? and id > ?
                    union select entry_id from repository_entry_to_organisation where organisation_id = ? and entry_id > ?)
     order by e.id limit ?`,
    [organisationKey, range.after, organisationKey, range.after, range.size],
  );
}

/** GET /organisations/{k}/entries (catalogue 2.5): the learning resources of the organisation, for its managers; 404 for an unknown organisation. */
export async function listOrganisationEntries(ctx: RequestContext, organisationKey: number): Promise<RepositoryEntryVO[]> {
  if (!(await findOrganisationRow(ctx.em, organisationKey))) throw notFound('organisation');
  await requireOrganisationManager(ctx, organisationKey);
  return answerListById(ctx, (range) => listEntriesOfOrganisation(ctx.em, organisationKey, range), toRepositoryEntryVO);
}
