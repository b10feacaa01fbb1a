import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { forbidden, notFound } from '../domain/errors';
import type { OrganisationRole } from '../domain/roles';
import { holdsRoleIn } from '../domain/scope';
import { defaultOrganisationReference, findOrganisationRow } from '../organisations/repository';
import { isVisibleTo } from './repository';
import { organisationForNew } from '../domain/bound';
import { managesObject } from '../access/manage';
import { ENTRY_MANAGERS } from '../access/roles';

/**
 * Who may do what with repository entries and courses (catalogue 2.3, 2.4). Managers of an entry are
 * the administrators and learning resource managers of its organisations (or above them, through an
 * inheriting membership) and its owners. Every route that names an entry, whatever its path, asks
 * canManageEntry before it changes or reveals the entry; a global role (author) only opens the door
 * to the question.
 *
 * Links between an entry and another object, and the sides each asks (the other side's rule lives in
 * its family's policy):
 *
 * | link | entry side | other side |
 * | --- | --- | --- |
 * | entry to organisation (…/organisations/{o}) | manager of the entry | administrator, sysadmin, learning resource manager or author in the organisation (requireEntryOrganisationLinker) |
 * | course to group (/repo/courses/{c}/groups…) | manager of the course, or group manager | manager of the group (src/groups/policy.ts) |
 * | curriculum element to entry | manager of the entry | manager of the curriculum (src/curriculum/policy.ts) |
 * | lecture block to another course (…/entry/{k}) | lecture manager of both courses (src/lectures/policy.ts) | |
 * | entry to taxonomy level, member, copy source | manager of the entry | none: levels are shared vocabulary, any person may be added |
 */

/** Who may create courses. */
export const COURSE_CREATORS: OrganisationRole[] = ['author', ...ENTRY_MANAGERS];

/**
 * The organisation a new entry (created, copied or imported) goes to. The one named must exist (404) and the caller must
 * hold one of COURSE_CREATORS there (403), as OpenOLAT's import asks; without one, `fallback` (a copy's source
 * organisation, else the default organisation) where the caller holds such a role, else the first organisation where
 * the caller holds one directly.
 */
export async function creationOrganisation(ctx: RequestContext, given: number | null | undefined, fallback?: number): Promise<number> {
  const caller = requireCaller(ctx);
  const named = await organisationForNew(ctx, given);
  if (named != null) {
    if (!(await findOrganisationRow(ctx.em, named))) throw notFound('organisation');
    if (!(await holdsRoleIn(ctx.em, caller, named, COURSE_CREATORS)))
      throw forbidden('needs the author, learnresourcemanager or administrator role in the organisation');
    return named;
  }
  const preferred = fallback ?? (await defaultOrganisationReference(ctx.em)).id;
  if (await holdsRoleIn(ctx.em, caller, preferred, COURSE_CREATORS)) return preferred;
  const own = caller.grants.filter((grant) => COURSE_CREATORS.includes(grant.role)).map((grant) => grant.organisationKey);
  if (!own.length) throw forbidden('needs the author, learnresourcemanager or administrator role in an organisation');
  return Math.min(...own);
}

/** Administrator, learning resource manager of the entry's organisation (or of one linked to it), or owner of the entry (src/access/manage.ts). */
export const canManageEntry = (ctx: RequestContext, entry: { id: number }) => managesObject(ctx, { kind: 'entry', key: entry.id });

export async function requireEntryManager(ctx: RequestContext, entry: { id: number }): Promise<void> {
  if (!(await canManageEntry(ctx, entry))) throw forbidden();
}

/** Managers of the entry, its members, and everyone for a published public entry. */
export async function requireEntryReader(ctx: RequestContext, entry: { id: number }): Promise<void> {
  if (!(await isVisibleTo(ctx.em, requireCaller(ctx), entry.id))) throw forbidden();
}

/**
 * The metadata of an entry: its managers; through /repo/entries also global authors, of the entries
 * they see. OpenOLAT lets a global author read the metadata of every entry; here an entry hidden from
 * the author stays hidden.
 */
export async function requireMetadataReader(ctx: RequestContext, entry: { id: number; organisationKey: number }, asAuthor: boolean): Promise<void> {
  if (asAuthor && hasAnyRole(requireCaller(ctx), COURSE_CREATORS)) await requireEntryReader(ctx, entry);
  else await requireEntryManager(ctx, entry);
}

/** The roles in an organisation that let a manager of an entry add the entry to it or take it out. */
export const ORGANISATION_LINKERS: OrganisationRole[] = ['administrator', 'sysadmin', 'learnresourcemanager', 'author'];

/**
 * Adding an entry to an organisation or taking it out: a manager of the entry who holds one of
 * ORGANISATION_LINKERS in that organisation. OpenOLAT lets either side suffice (on /repo/entries);
 * one side alone would let an author move another's course between organisations, or an
 * organisation's learning resource manager take any course into it, so both are asked.
 */
export async function requireEntryOrganisationLinker(ctx: RequestContext, entry: { id: number; organisationKey: number }, organisationKey: number) {
  await requireEntryManager(ctx, entry);
  if (!(await holdsRoleIn(ctx.em, requireCaller(ctx), organisationKey, ORGANISATION_LINKERS))) {
    throw forbidden('needs the administrator, learnresourcemanager or author role in the organisation');
  }
}
