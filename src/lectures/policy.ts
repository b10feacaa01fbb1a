import { keysWithinBound } from '../domain/bound';
import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { forbidden } from '../domain/errors';
import type { OrganisationRole } from '../domain/roles';
import { holdsRoleIn } from '../domain/scope';
import { EntryRole } from '../entities/courses';
import { holdsRoleInLinkedOrganisation } from '../courses/lifecycle-repository';
import { hasRole } from '../courses/repository';

/**
 * Who may manage the lecture blocks of a course (catalogue 2.7): an administrator, learning resource
 * manager or lecture manager of the course's organisations (placed or linked, or above them through
 * an inheriting membership), or an owner of the course. OpenOLAT answers 401 to others; this gateway 403.
 */
export const LECTURE_MANAGERS: OrganisationRole[] = ['administrator', 'sysadmin', 'learnresourcemanager', 'lecturemanager'];

/** The global lecture list (GET /repo/lectures): administrators and lecture managers. */
export const LECTURE_LIST_ROLES: OrganisationRole[] = ['administrator', 'sysadmin', 'lecturemanager'];

/** The maintenance operation GET …/lectureblocks/adaptation: administrators only. */
export const LECTURE_ADMINISTRATORS: OrganisationRole[] = ['administrator', 'sysadmin'];

export async function canManageLectures(ctx: RequestContext, entry: { id: number; organisationKey: number }): Promise<boolean> {
  const caller = requireCaller(ctx);
  if (!(await keysWithinBound(ctx, 'entry', [entry.id])).length) return false;
  if (hasAnyRole(caller, LECTURE_MANAGERS)) {
    if (await holdsRoleIn(ctx.em, caller, entry.organisationKey, LECTURE_MANAGERS)) return true;
    if (await holdsRoleInLinkedOrganisation(ctx.em, caller, entry.id, LECTURE_MANAGERS)) return true;
  }
  return hasRole(ctx.em, entry.id, caller.key, EntryRole.owner);
}

export async function requireLectureManager(ctx: RequestContext, entry: { id: number; organisationKey: number }): Promise<void> {
  if (!(await canManageLectures(ctx, entry)))
    throw forbidden('needs to own the course, or the administrator, learnresourcemanager or lecturemanager role in its organisation');
}

/** Administrators of the course's organisations. */
export async function requireLectureAdministrator(ctx: RequestContext, entry: { id: number; organisationKey: number }): Promise<void> {
  const caller = requireCaller(ctx);
  const administers =
    hasAnyRole(caller, LECTURE_ADMINISTRATORS) &&
    ((await holdsRoleIn(ctx.em, caller, entry.organisationKey, LECTURE_ADMINISTRATORS)) ||
      (await holdsRoleInLinkedOrganisation(ctx.em, caller, entry.id, LECTURE_ADMINISTRATORS)));
  if (!administers) throw forbidden('needs the administrator role in the organisation of the course');
}

export function requireLectureListRole(ctx: RequestContext): void {
  if (!hasAnyRole(requireCaller(ctx), LECTURE_LIST_ROLES)) throw forbidden('needs the administrator or lecturemanager role');
}
