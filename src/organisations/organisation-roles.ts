import { isOrganisationRole, type OrganisationRole } from '../domain/roles';

/** OpenOLAT's GroupMembershipInheritance (catalogue 5.7). */
export const INHERITANCE_MODES = ['none', 'root', 'inherited'] as const;
export type InheritanceMode = (typeof INHERITANCE_MODES)[number];

/** Inheritance values of a membership that make it apply in the sub-organisations too. */
export const SUBTREE_INHERITANCE: readonly InheritanceMode[] = ['root', 'inherited'];

/** OpenOLAT's OrganisationRoles.isInheritedByDefault: every role except user, invitee and guest. */
const NOT_INHERITED_BY_DEFAULT: readonly OrganisationRole[] = ['user', 'invitee', 'guest'];

export const defaultInheritance = (role: OrganisationRole): InheritanceMode => (NOT_INHERITED_BY_DEFAULT.includes(role) ? 'none' : 'root');

/**
 * The inheritance a membership is stored with: `none` or `root` as asked, else the role's default
 * (unknown values too, as OpenOLAT does). `inherited` marks memberships derived from an ancestor;
 * asking for it grants the same subtree as `root`.
 */
export function grantedInheritance(role: OrganisationRole, mode: string | null | undefined): InheritanceMode {
  if (mode === 'none') return 'none';
  if (mode === 'root' || mode === 'inherited') return 'root';
  return defaultInheritance(role);
}

/** A role path segment: a role name (catalogue 5.7) or its plural with a trailing `s` (`authors`, `users`); null when neither. */
export function roleOfPath(segment: string): OrganisationRole | null {
  if (isOrganisationRole(segment)) return segment;
  const singular = segment.endsWith('s') ? segment.slice(0, -1) : segment;
  return isOrganisationRole(singular) ? singular : null;
}
