/**
 * Organisation roles (catalogue 5.7), the vocabulary of every privilege check; `selectusmanager` is
 * the role of OpenOLAT's recruiting edition that RolesVO.selectusManager shows.
 */
export const ORGANISATION_ROLES = [
  'sysadmin',
  'administrator',
  'usermanager',
  'rolesmanager',
  'learnresourcemanager',
  'lecturemanager',
  'groupmanager',
  'poolmanager',
  'curriculummanager',
  'qualitymanager',
  'projectmanager',
  'linemanager',
  'principal',
  'selectusmanager',
  'author',
  'user',
  'invitee',
  'guest',
] as const;

export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

export function isOrganisationRole(value: string): value is OrganisationRole {
  return (ORGANISATION_ROLES as readonly string[]).includes(value);
}

export const DEFAULT_ORGANISATION_IDENTIFIER = 'default-org';

/** OpenOLAT's GroupMembershipInheritance (catalogue 5.7): whether a role membership applies below its organisation too. */
export const INHERITANCE_MODES = ['none', 'root', 'inherited'] as const;
export type InheritanceMode = (typeof INHERITANCE_MODES)[number];

/** Inheritance values of a membership that make it apply in the sub-organisations too. */
export const SUBTREE_INHERITANCE: readonly InheritanceMode[] = ['root', 'inherited'];

/** The roles that give no privilege: membership itself (user), and invitees and guests. The privilege ladder does not count them. */
export const BASE_ROLES: readonly OrganisationRole[] = ['user', 'invitee', 'guest'];

/** Every role but the base roles covers the sub-organisations by default (OpenOLAT's OrganisationRoles.isInheritedByDefault). */
export const defaultInheritance = (role: OrganisationRole): InheritanceMode => (BASE_ROLES.includes(role) ? 'none' : 'root');

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
