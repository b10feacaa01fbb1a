import { inTransaction } from '../audit/audit-log';
import type { RequestContext } from '../domain/context';
import { badRequest, validationFailed } from '../domain/errors';
import { tooLongValues } from '../domain/validation';
import type { RepositoryEntryMetadataVO, RepositoryEntryMetadataVOInput } from '../schema/course-lifecycle';
import { lifecycleChanges, requireUnmanagedChanges } from './lifecycle';
import { writeEntry } from './lifecycle-repository';
import { requireEntryManager, requireMetadataReader } from './policy';
import { entryNames, entryResource, toLifecycleVO, type EntryRow } from './presenter';
import { findEntry, lockEntry } from './repository';
import { lifecycleColumns, locate, type EntryAddress } from './entries';

export function toMetadataVO(row: EntryRow): RepositoryEntryMetadataVO {
  return {
    ...entryNames(row),
    mainLanguage: row.mainLanguage ?? null,
    objectives: row.objectives ?? null,
    requirements: row.requirements ?? null,
    credits: row.credits ?? null,
    expenditureOfWork: row.expenditureOfWork ?? null,
    authors: row.authors ?? null,
    location: row.location ?? null,
    technicalType: null,
    externalId: row.externalId ?? null,
    externalRef: row.externalRef ?? null,
    managedFlags: row.managedFlags ?? null,
    ...entryResource(row),
    lifecycle: toLifecycleVO(row),
    educationalType: null,
  };
}

/** GET …/metadata: its managers; on /repo/entries also global authors who see the entry (src/courses/policy.ts). */
export async function getMetadata(ctx: RequestContext, address: EntryAddress): Promise<RepositoryEntryMetadataVO> {
  const row = await locate(ctx, address);
  await requireMetadataReader(ctx, row, 'entry' in address);
  return toMetadataVO(row);
}

/** PUT|POST …/metadata: "null values are written as null"; externalId, managedFlags and the technical type stay. */
export async function updateMetadata(ctx: RequestContext, address: EntryAddress, input: RepositoryEntryMetadataVOInput): Promise<RepositoryEntryMetadataVO> {
  const row = await locate(ctx, address);
  await requireEntryManager(ctx, row);
  if (input.key != null && input.key !== row.id) throw badRequest(`the metadata names key ${input.key}, not the entry's key ${row.id}`);
  const errors = tooLongValues({
    displayname: input.displayname,
    teaser: input.teaser,
    mainLanguage: input.mainLanguage,
    expenditureOfWork: input.expenditureOfWork,
    location: input.location,
    externalRef: input.externalRef,
  }).concat(tooLongValues({ authors: input.authors }, 2048));
  if (errors.length) throw validationFailed(errors);
  const lifecycle = lifecycleColumns(input.lifecycle);
  const displayname = input.displayname?.trim() || row.displayname;
  requireUnmanagedChanges(ctx, row, [
    { flag: 'title', value: displayname, current: row.displayname },
    { flag: 'description', value: input.description, current: row.description },
    { flag: 'description', value: input.teaser, current: row.teaser },
    { flag: 'objectives', value: input.objectives, current: row.objectives },
    { flag: 'requirements', value: input.requirements, current: row.requirements },
    { flag: 'credits', value: input.credits, current: row.credits },
    { flag: 'location', value: input.location, current: row.location },
    { flag: 'details', value: input.authors, current: row.authors },
    { flag: 'details', value: input.externalRef, current: row.externalRef },
    { flag: 'details', value: input.mainLanguage, current: row.mainLanguage },
    { flag: 'details', value: input.expenditureOfWork, current: row.expenditureOfWork },
    ...lifecycleChanges(lifecycle, row),
  ]);
  await inTransaction(ctx, async (em) => {
    await lockEntry(em, row.id);
    await writeEntry(em, row.id, {
      displayname,
      external_ref: input.externalRef ?? null,
      authors: input.authors ?? null,
      description: input.description ?? null,
      teaser: input.teaser ?? null,
      objectives: input.objectives ?? null,
      requirements: input.requirements ?? null,
      credits: input.credits ?? null,
      main_language: input.mainLanguage ?? null,
      location: input.location ?? null,
      expenditure_of_work: input.expenditureOfWork ?? null,
      ...lifecycle,
    });
  });
  return toMetadataVO((await findEntry(ctx.em, { key: row.id }))!);
}
