import { inTransaction } from '../audit/audit-log';
import { requireCaller, type RequestContext } from '../domain/context';
import { DomainError, notFound, validationFailed } from '../domain/errors';
import { answerListById } from '../domain/lists';
import { requireSearchValues, tooLongValues } from '../domain/validation';
import type { EntryStatus } from '../entities/courses';
import { fileStorage } from '../files/storage';
import { isManaged, parseManagedFlags } from '../managed/flags';
import { findOrganisationRow } from '../organisations/repository';
import { toOrganisationVO } from '../organisations/presenter';
import type { RepositoryEntryVO, RepositoryEntryVOInput } from '../schema/courses';
import type { EntryStatusChangeInput, OlatResourceVO, RepositoryEntryAccessVO, RepositoryEntryAccessVOInput } from '../schema/course-lifecycle';
import type { OrganisationVO } from '../schema/organisations';
import * as lifecycle from './lifecycle-repository';
import { requireEntryManager, requireEntryOrganisationLinker } from './policy';
import { toRepositoryEntryVO, type EntryRow } from './presenter';
import { findEntry, lockEntry } from './repository';
import { COURSE_TYPE, isStatus, lifecycleColumns, locate, locateEntry, statusOfAccess, type EntryAddress } from './entries';

/** The resource type of IMS content packages, the only entries POST /repo/entries/{k} takes a file for. */
export const IMS_CP_TYPE = 'FileResource.IMSCP';

/** The status a `newStatus` of …/status leads to from `current` (catalogue 2.3); null: nothing changes (unknown values are ignored). */
export function statusAfter(current: EntryStatus, newStatus: string | null | undefined): EntryStatus | null {
  switch (newStatus) {
    case 'closed':
      return 'closed';
    case 'unclosed':
      return current === 'closed' ? 'published' : null;
    case 'deleted':
      return 'trash';
    case 'restored':
      // OpenOLAT restores a course from the trash as closed (other resources in preparation), so that it does not go live unseen.
      return current === 'trash' ? 'closed' : null;
    default:
      return newStatus && isStatus(newStatus) ? newStatus : null;
  }
}

/** The managed flag (catalogue 4.2) a status change touches: closing, deleting and restoring have their own. */
const statusFlag = (newStatus: string) =>
  ['closed', 'unclosed'].includes(newStatus) ? 'close' : ['deleted', 'restored', 'trash'].includes(newStatus) ? 'delete' : 'access';

/** GraphQL callers may not change what a flag of the entry manages; REST is the managing system's channel (catalogue 1.11). */
export function requireUnmanaged(ctx: RequestContext, row: EntryRow, flag: string): void {
  if (ctx.transport !== 'graphql' || !ctx.settings.managedEnforced) return;
  const flags = parseManagedFlags('course', row.managedFlags);
  if (flags.length && isManaged('course', flags, flag)) {
    throw new DomainError('MANAGED', `this course is managed by an external system (flag ${flag}); change it through the managing system`, [], {
      kind: 'course',
      flag,
      managedFlags: flags,
    });
  }
}

/** A value an update writes, the current one, and the flag (catalogue 4.2) that manages it; `any`: every flag. */
export interface ManagedChange {
  flag: string;
  value: unknown;
  current: unknown;
}

const comparable = (value: unknown) => (value instanceof Date ? value.getTime() : (value ?? null));

/**
 * The changes an update that replaces fields (absent ones with null) makes, checked against the
 * entry's flags for GraphQL callers: the guard of @Managed sees only the fields sent.
 */
export function requireUnmanagedChanges(ctx: RequestContext, row: EntryRow, changes: ManagedChange[]): void {
  if (ctx.transport !== 'graphql' || !ctx.settings.managedEnforced) return;
  const flags = parseManagedFlags('course', row.managedFlags);
  if (!flags.length) return;
  for (const change of changes) {
    if (comparable(change.value) === comparable(change.current)) continue;
    if (change.flag === 'any' || isManaged('course', flags, change.flag)) requireUnmanaged(ctx, row, change.flag === 'any' ? 'all' : change.flag);
  }
}

/** POST|PUT …/status: admin, LRM or owner of the entry; unknown values change nothing and still succeed. */
export async function changeStatus(ctx: RequestContext, address: EntryAddress, change: EntryStatusChangeInput | null | undefined): Promise<boolean> {
  const row = await locate(ctx, address);
  await requireEntryManager(ctx, row);
  const newStatus = change?.newStatus?.trim();
  const status = statusAfter(row.status, newStatus);
  if (status === null || status === row.status) return true;
  requireUnmanaged(ctx, row, statusFlag(newStatus!));
  // Restoring also withdraws the open and guest access the entry had, as OpenOLAT deletes those offers.
  const columns = newStatus === 'restored' ? { status, public_visible: false, guest_access: false } : { status };
  await inTransaction(ctx, (em) => lifecycle.writeEntry(em, row.id, columns));
  return true;
}

/** The lifecycle an update writes, against the entry's (the flag details manages it). */
export const lifecycleChanges = (values: ReturnType<typeof lifecycleColumns>, row: EntryRow): ManagedChange[] => [
  { flag: 'details', value: values.lifecycle_valid_from, current: row.lifecycleValidFrom },
  { flag: 'details', value: values.lifecycle_valid_to, current: row.lifecycleValidTo },
  { flag: 'details', value: values.lifecycle_label, current: row.lifecycleLabel },
  { flag: 'details', value: values.lifecycle_softkey, current: row.lifecycleSoftkey },
];

/** A unique violation of the externalId of courses as the conflict it is. */
const externalIdTaken = (externalId: string) => new DomainError('CONFLICT', `a course has the externalId ${externalId} already`);

/**
 * POST /repo/entries/{k}: global authors, learning resource managers and administrators who manage
 * the entry (OpenOLAT asks the global role only, which let any author change every entry). Replaces
 * displayname (kept when absent), description, teaser, location, authors, externalId, externalRef,
 * managedFlags and the lifecycle; changes the status as …/status when entryStatus is sent; a file
 * replaces an IMS content package. null: an empty file, nothing done (REST 204).
 */
export async function updateEntry(ctx: RequestContext, entry: string, input: RepositoryEntryVOInput): Promise<RepositoryEntryVO | null> {
  const row = await locateEntry(ctx, entry);
  await requireEntryManager(ctx, row);
  if (input.file && input.file.length === 0) return null;
  if (input.file && row.resourceTypeName !== IMS_CP_TYPE) throw notFound('content package');
  const errors = [
    ...tooLongValues({
      displayname: input.displayname,
      teaser: input.teaser,
      location: input.location,
      externalId: input.externalId,
      externalRef: input.externalRef,
      managedFlags: input.managedFlags,
    }),
    ...tooLongValues({ authors: input.authors }, 2048),
  ];
  if (errors.length) throw validationFailed(errors);
  const lifecycleValues = lifecycleColumns(input.lifecycle);
  const status = input.entryStatus != null && input.entryStatus !== row.status ? statusAfter(row.status, input.entryStatus) : null;
  if (status !== null && status !== row.status) requireUnmanaged(ctx, row, statusFlag(input.entryStatus!));
  const externalId = input.externalId ?? null;
  const displayname = input.displayname?.trim() || row.displayname;
  requireUnmanagedChanges(ctx, row, [
    { flag: 'title', value: displayname, current: row.displayname },
    { flag: 'description', value: input.description, current: row.description },
    { flag: 'description', value: input.teaser, current: row.teaser },
    { flag: 'location', value: input.location, current: row.location },
    { flag: 'details', value: input.authors, current: row.authors },
    { flag: 'details', value: input.externalRef, current: row.externalRef },
    { flag: 'any', value: externalId, current: row.externalId },
    { flag: 'any', value: input.managedFlags, current: row.managedFlags },
    ...lifecycleChanges(lifecycleValues, row),
  ]);
  await inTransaction(ctx, async (em) => {
    await lockEntry(em, row.id);
    if (externalId !== null && row.resourceTypeName === COURSE_TYPE && (await lifecycle.courseWithExternalId(em, externalId, row.id))) {
      throw externalIdTaken(externalId);
    }
    try {
      await lifecycle.writeEntry(em, row.id, {
        displayname,
        description: input.description ?? null,
        teaser: input.teaser ?? null,
        location: input.location ?? null,
        authors: input.authors ?? null,
        external_id: externalId,
        external_ref: input.externalRef ?? null,
        managed_flags: input.managedFlags ?? null,
        ...lifecycleValues,
        ...(status !== null ? { status } : {}),
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505' && externalId !== null) throw externalIdTaken(externalId);
      throw error;
    }
    if (input.file) await fileStorage(em).put(`repository/${row.id}/package`, input.file, 'application/zip');
  });
  return toRepositoryEntryVO((await findEntry(ctx.em, { key: row.id }))!);
}

/** PUT|POST /repo/entries/{k}/access/public: absent parameters are not touched; false when nothing changed (REST 304). */
export async function setPublicAccess(ctx: RequestContext, entry: string, allUsers?: boolean | null, guests?: boolean | null): Promise<boolean> {
  const row = await locateEntry(ctx, entry);
  await requireEntryManager(ctx, row);
  const changes: Partial<Record<lifecycle.EntryColumn, unknown>> = {
    ...(allUsers != null && allUsers !== row.publicVisible ? { public_visible: allUsers } : {}),
    ...(guests != null && guests !== row.guestAccess ? { guest_access: guests } : {}),
  };
  if (!Object.keys(changes).length) return false;
  requireUnmanaged(ctx, row, 'access');
  await inTransaction(ctx, (em) => lifecycle.writeEntry(em, row.id, changes));
  return true;
}

/** GET /repo/entries/{k}/access: status and public access as RepositoryEntryAccessVO; the entry's managers (OpenOLAT: authors too). */
export async function getAccess(ctx: RequestContext, entry: string): Promise<RepositoryEntryAccessVO> {
  const row = await locateEntry(ctx, entry);
  await requireEntryManager(ctx, row);
  return { repoEntryKey: row.id, status: row.status, allUsers: row.publicVisible, guests: row.guestAccess };
}

/**
 * POST /repo/entries/{k}/access: OpenOLAT's low-level access change. The status is written as given
 * (none of what the status operations do with it), allUsers and guests absent are false, as
 * OpenOLAT's primitive fields read them; the older access integer (with membersOnly) still works.
 */
export async function updateAccess(ctx: RequestContext, entry: string, input: RepositoryEntryAccessVOInput): Promise<RepositoryEntryAccessVO> {
  const row = await locateEntry(ctx, entry);
  await requireEntryManager(ctx, row);
  if (input.repoEntryKey != null && input.repoEntryKey !== row.id) throw new DomainError('BAD_REQUEST', 'repoEntryKey names another entry');
  const status = input.status != null ? input.status.trim() : input.access != null ? statusOfAccess(input.access, input.membersOnly === true) : row.status;
  if (!isStatus(status)) throw new DomainError('BAD_REQUEST', `unknown status ${status}`);
  const legacyOpen = input.access != null && input.access >= 3 && input.membersOnly !== true;
  const allUsers = input.allUsers ?? legacyOpen;
  const guests = input.guests ?? (legacyOpen && input.access === 4);
  if (status !== row.status) requireUnmanaged(ctx, row, statusFlag(status));
  if (allUsers !== row.publicVisible || guests !== row.guestAccess) requireUnmanaged(ctx, row, 'access');
  await inTransaction(ctx, (em) => lifecycle.writeEntry(em, row.id, { status, public_visible: allUsers, guest_access: guests }));
  return { repoEntryKey: row.id, status, allUsers, guests };
}

/** GET /repo/courses/{id}/resource: the course's OLAT resource; its managers. */
export async function getResource(ctx: RequestContext, courseKey: number): Promise<OlatResourceVO> {
  const row = await locate(ctx, { courseKey });
  await requireEntryManager(ctx, row);
  return { key: row.olatResourceKey, resourceableId: row.olatResourceId, resourceableTypeName: row.resourceTypeName };
}

/** GET …/organisations: the entry's organisations; its managers. */
export async function listOrganisations(ctx: RequestContext, address: EntryAddress): Promise<OrganisationVO[]> {
  const row = await locate(ctx, address);
  await requireEntryManager(ctx, row);
  return (await lifecycle.entryOrganisations(ctx.em, row.id)).map(toOrganisationVO);
}

/** PUT …/organisations/{organisationKey}: false when the entry belongs to the organisation already (REST 304). */
export async function addOrganisation(ctx: RequestContext, address: EntryAddress, organisationKey: number): Promise<boolean> {
  const row = await locate(ctx, address);
  await requireEntryManager(ctx, row);
  if (!(await findOrganisationRow(ctx.em, organisationKey))) throw notFound('organisation');
  await requireEntryOrganisationLinker(ctx, row, organisationKey);
  if (row.organisationKey === organisationKey) return false;
  return inTransaction(ctx, async (em) => {
    await lockEntry(em, row.id);
    return lifecycle.linkOrganisation(em, row.id, organisationKey);
  });
}

/**
 * DELETE …/organisations/{organisationKey}: succeeds also when the entry does not belong to it, or
 * it is unknown. Taking away the entry's first organisation makes its next linked one the first; an
 * entry keeps at least one organisation (CONFLICT).
 */
export async function removeOrganisation(ctx: RequestContext, address: EntryAddress, organisationKey: number): Promise<boolean> {
  const row = await locate(ctx, address);
  await requireEntryManager(ctx, row);
  if (!(await findOrganisationRow(ctx.em, organisationKey))) return true;
  await requireEntryOrganisationLinker(ctx, row, organisationKey);
  return inTransaction(ctx, async (em) => {
    await lockEntry(em, row.id);
    const current = (await findEntry(em, { key: row.id }))!;
    if (current.organisationKey !== organisationKey) {
      await lifecycle.unlinkOrganisation(em, row.id, organisationKey);
      return true;
    }
    const next = await lifecycle.firstLinkedOrganisation(em, row.id);
    if (next === null) throw new DomainError('CONFLICT', 'the organisation is the only one of the entry; an entry keeps at least one organisation');
    await lifecycle.unlinkOrganisation(em, row.id, next);
    await lifecycle.setFirstOrganisation(em, row.id, next);
    return true;
  });
}

/** GET /repo/entries/search: the entries the caller sees; `*` is a wildcard, author and name default to any. */
export async function searchEntries(
  ctx: RequestContext,
  search: { type?: string | null; author?: string | null; name?: string | null; myentries?: boolean | null },
): Promise<RepositoryEntryVO[]> {
  const caller = requireCaller(ctx);
  requireSearchValues({ author: search.author, name: search.name });
  const pattern = (value: string | null | undefined) => {
    const text = value?.trim();
    if (!text || /^\*+$/.test(text)) return null;
    const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
    return text.includes('*') ? escaped : `%${escaped}%`;
  };
  const criteria: lifecycle.EntrySearch = {
    type: search.type?.trim() || null,
    author: pattern(search.author),
    name: pattern(search.name),
    myEntries: search.myentries === true,
  };
  return answerListById(ctx, (range) => lifecycle.searchEntries(ctx.em, caller, criteria, range), toRepositoryEntryVO);
}
