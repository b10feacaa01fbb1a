import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../audit/audit-log';
import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { DomainError, badRequest, forbidden, notFound } from '../domain/errors';
import { answerList, inRanges } from '../domain/lists';
import { loader } from '../domain/loaders';
import { pageWithinBudget, type Page, type PageRequest } from '../domain/paging';
import { grantedInheritance } from '../domain/roles';
import { EntryRole } from '../entities/courses';
import type { CourseVO, CourseVOInput, RepositoryEntryVO } from '../schema/courses';
import type { UserVO, UserVOInput } from '../schema/users';
import { toUserVO } from '../users/presenter';
import { existingIdentities, keysOfUsers, requireIdentity } from '../users/repository';
import { fileStorage } from '../files/storage';
import { copyCourse } from './archive/copy';
import {
  COURSE_TYPE,
  findCourse,
  initialOwnerOf,
  lifecycleDateOf,
  locate,
  locateEntry,
  createdEntry,
  nodeIdent,
  validateCourse,
  type EntryAddress,
} from './entries';
import { COURSE_CREATORS, canManageEntry, creationOrganisation, requireEntryManager, requireEntryReader } from './policy';
import { toCourseVO, toRepositoryEntryVO } from './presenter';
import { saveCourseConfig } from './configuration';
import { deleteEntryFiles } from './image';
import * as entries from './repository';
import type { EntryFilter } from './repository';

/**
 * The course of an entry another object names (GraphQL edges: a repository entry's, a lecture
 * block's), null when the entry is no course, by the rule of GET /repo/courses/{courseId}
 * (requireEntryReader: whoever sees the entry); one statement for every entry of an answer level.
 */
export function courseOfEntry(ctx: RequestContext, entryKey: number): Promise<CourseVO | null> {
  return loader<number, CourseVO | null>(ctx, 'courses of entries', async (keys) => {
    const rows = new Map((await entries.findEntriesSeenBy(ctx.em, requireCaller(ctx), keys)).map((row) => [row.id, row]));
    return keys.map((key) => {
      const row = rows.get(key);
      if (!row) return notFound('repository entry');
      if (!row.seen) return forbidden();
      return row.resourceTypeName === COURSE_TYPE ? toCourseVO(row) : null;
    });
  }).load(entryKey);
}

export async function listEntries(ctx: RequestContext, filter: EntryFilter, page: PageRequest): Promise<Page<RepositoryEntryVO>> {
  const { totalCount, items } = await pageWithinBudget(ctx, page, (page) => entries.pageOfEntries(ctx.em, requireCaller(ctx), filter, page));
  return { totalCount, items: items.map(toRepositoryEntryVO) };
}

export async function listCourses(ctx: RequestContext, filter: EntryFilter, page: PageRequest): Promise<Page<CourseVO>> {
  const courses = { ...filter, resourceTypes: [COURSE_TYPE] };
  const { totalCount, items } = await pageWithinBudget(ctx, page, (page) => entries.pageOfEntries(ctx.em, requireCaller(ctx), courses, page));
  return { totalCount, items: items.map(toCourseVO) };
}

export async function getEntry(ctx: RequestContext, entry: string): Promise<RepositoryEntryVO> {
  const row = await locateEntry(ctx, entry);
  await requireEntryReader(ctx, row);
  ctx.validators = { etag: `"RepositoryEntry-${row.id}-${row.version}"`, lastModified: row.lastModified };
  return toRepositoryEntryVO(row);
}

export async function getCourse(ctx: RequestContext, courseKey: number): Promise<CourseVO> {
  const row = await findCourse(ctx, courseKey);
  await requireEntryReader(ctx, row);
  return toCourseVO(row);
}

/** DELETE /repo/courses/{id} (managers of the entry) and /repo/entries/{k} (who also hold a global author, LRM or administrator role), for good. */
export async function deleteEntry(ctx: RequestContext, address: EntryAddress): Promise<boolean> {
  const row = await locate(ctx, address);
  if ('entry' in address && !hasAnyRole(requireCaller(ctx), COURSE_CREATORS)) throw forbidden();
  await requireEntryManager(ctx, row);
  await inTransaction(ctx, async (em) => {
    await entries.deleteEntry(em, row.id);
    await deleteEntryFiles(em, row.id);
    // Its course folder and the files an import kept (src/courses/archive/files.ts).
    await fileStorage(em).deleteUnder(`courses/${row.id}/`);
  });
  return true;
}

/**
 * PUT /repo/courses: a new empty course, the entry with the root structure node of its editor tree
 * (short title = shortTitle, long title = title; displayName defaults to the title), owned as
 * initialOwnerOf says. With the externalId of
 * an existing course (clients get-or-create by it, concurrently too) the answer is that course,
 * unchanged, to those who may manage it, else 409.
 */
export async function createCourse(ctx: RequestContext, input: CourseVOInput): Promise<CourseVO> {
  if (input.copyFrom != null) return copyCourse(ctx, input);
  requireCaller(ctx);
  const { status, title } = validateCourse(input);
  const softkey = input.softKey?.trim() || randomBytes(15).toString('hex');
  const externalId = input.externalId ?? null;
  return inTransaction(ctx, async (em) => {
    const organisationKey = await creationOrganisation({ ...ctx, em }, input.organisationKey);
    const owner = await initialOwnerOf(ctx, em, input);
    const rootIdent = nodeIdent();
    const entryKey = await entries.insertEntry(em, {
      softkey,
      displayname: input.displayName?.trim() || title,
      description: input.description ?? null,
      teaser: input.teaser ?? null,
      authors: input.authors ?? null,
      location: input.location ?? null,
      externalId,
      externalRef: input.externalRef ?? null,
      managedFlags: input.managedFlags ?? null,
      status,
      organisationKey,
      publicVisible: input.publicVisible ?? (input.status == null && input.access === 4),
      editorRootNodeId: rootIdent,
      nodeAccessType: input.nodeAccessType ?? 'condition',
      lifecycleValidFrom: lifecycleDateOf(input.lifecycle?.validFrom),
      lifecycleValidTo: lifecycleDateOf(input.lifecycle?.validTo),
      lifecycleLabel: input.lifecycle?.label ?? null,
      lifecycleSoftkey: input.lifecycle?.softkey ?? null,
      objectives: input.objectives ?? null,
      requirements: input.requirements ?? null,
      credits: input.credits ?? null,
      expenditureOfWork: input.expenditureOfWork ?? null,
    });
    if (entryKey === null) return toCourseVO(await createdEntry(ctx, em, await existingCourse({ ...ctx, em }, externalId, softkey)));
    await entries.insertRootNode(em, entryKey, rootIdent, input.shortTitle?.trim() || title, title);
    if (input.sharedFolderSoftKey) await saveCourseConfig(em, entryKey, { sharedFolderSoftkey: input.sharedFolderSoftKey });
    if (owner !== null) await entries.insertMember(em, entryKey, owner, EntryRole.owner);
    return toCourseVO(await createdEntry(ctx, em, entryKey));
  });
}

/** The key of the course a create met: the one with its externalId, for a caller who may manage it. */
async function existingCourse(ctx: RequestContext, externalId: string | null, softkey: string): Promise<number> {
  const existing = externalId === null ? null : await entries.findCourseByExternalId(ctx.em, externalId);
  if (!existing) throw new DomainError('CONFLICT', `a repository entry has the softkey ${softkey} already`);
  if (!(await canManageEntry(ctx, existing))) throw new DomainError('CONFLICT', `a course has the externalId ${externalId} already`);
  return existing.id;
}

export async function listMembers(ctx: RequestContext, address: EntryAddress, role: EntryRole): Promise<UserVO[]> {
  const row = await locate(ctx, address);
  await requireEntryManager(ctx, row);
  const rows = inRanges(
    ctx,
    (range) => entries.listMembers(ctx.em, row.id, role, range),
    (member) => member.membershipKey,
  );
  return answerList(ctx, rows, (member) => toUserVO(member, true));
}

/** GET /repo/courses/{id}/authors/{identityKey}: the author, 404 when the person is none. */
export async function getMember(ctx: RequestContext, address: EntryAddress, identityKey: number, role: EntryRole): Promise<UserVO> {
  const row = await locate(ctx, address);
  await requireEntryManager(ctx, row);
  const member = await entries.findMember(ctx.em, row.id, identityKey, role);
  if (!member) throw notFound(`${role} of the course`);
  return toUserVO(member, true);
}

/**
 * Adding an owner also grants the author role, as OpenOLAT does for course authors: in the entry's organisation (OpenOLAT:
 * the default one), so that making someone an owner never makes them an author of organisations the entry is not in.
 */
async function grantRole(ctx: RequestContext, entry: { id: number; organisationKey: number }, identityKey: number, role: EntryRole): Promise<boolean> {
  const added = await entries.insertMember(ctx.em, entry.id, identityKey, role);
  if (role === EntryRole.owner) await entries.grantAuthorRole(ctx.em, entry.organisationKey, identityKey, grantedInheritance('author', undefined));
  return added;
}

/** grantRole for a set of people (a member list, a sync's batch), in the caller's transaction: the entry locked once, a statement per table. */
export async function grantRoleToSet(em: EntityManager, entry: { id: number; organisationKey: number }, identityKeys: readonly number[], role: EntryRole) {
  await entries.lockEntry(em, entry.id);
  await entries.insertMembers(em, entry.id, identityKeys, role);
  if (role === EntryRole.owner) await entries.grantAuthorRoles(em, entry.organisationKey, identityKeys, grantedInheritance('author', undefined));
}

export async function addMember(ctx: RequestContext, address: EntryAddress, identityKey: number, role: EntryRole): Promise<boolean> {
  const row = await locate(ctx, address);
  await requireEntryManager(ctx, row);
  return inTransaction(ctx, async (em) => {
    await entries.lockEntry(em, row.id);
    await requireIdentity(em, identityKey);
    await grantRole({ ...ctx, em }, row, identityKey, role);
    return true;
  });
}

/** PUT …/{role} with a list of users: keys of unknown users are skipped, as in OpenOLAT; the memberships in one statement. */
export async function addMembers(ctx: RequestContext, address: EntryAddress, members: UserVOInput[], role: EntryRole): Promise<boolean> {
  const row = await locate(ctx, address);
  await requireEntryManager(ctx, row);
  const keys = keysOfUsers(members);
  if (members.some((member) => member.key == null)) throw badRequest('every user of the list needs its key');
  return inTransaction(ctx, async (em) => {
    await grantRoleToSet(em, row, await existingIdentities(em, keys), role);
    return true;
  });
}

export async function removeMember(ctx: RequestContext, address: EntryAddress, identityKey: number, role: EntryRole): Promise<boolean> {
  const row = await locate(ctx, address);
  await requireEntryManager(ctx, row);
  return inTransaction(ctx, async (em) => {
    await requireIdentity(em, identityKey);
    await entries.deleteMember(em, row.id, identityKey, role);
    return true;
  });
}

/** The membership role behind a member list's name (`authors`, `owners`, `tutors`, `coaches`, `participants`). */
export function entryRoleOf(list: string): EntryRole {
  if (list === 'authors' || list === 'owners') return EntryRole.owner;
  if (list === 'tutors' || list === 'coaches') return EntryRole.coach;
  return EntryRole.participant;
}
