import type { OrganisationRole } from '../domain/roles';

/**
 * The organisation roles that manage each kind of object, held in the object's organisation or above it through an
 * inheriting membership (src/domain/scope.ts). The rules that use them are in src/access/manage.ts; each family's
 * policy says what its managers may do.
 */

/** OpenOLAT's user managers: they read, change and delete the people of the organisations they manage. */
export const USER_MANAGERS: OrganisationRole[] = ['administrator', 'usermanager', 'rolesmanager'];

/** Managers of repository entries and courses (besides an entry's owners). */
export const ENTRY_MANAGERS: OrganisationRole[] = ['administrator', 'sysadmin', 'learnresourcemanager'];

/** Managers of learning groups (besides the managers of every course a group is linked to). */
export const GROUP_MANAGERS: OrganisationRole[] = ['administrator', 'groupmanager'];

/** Managers of curricula (besides the holders of a curriculum-level role). */
export const CURRICULUM_MANAGERS: OrganisationRole[] = ['administrator', 'curriculummanager'];

/** Managers of organisations, and of people's memberships in them. */
export const ORGANISATION_ADMINS: OrganisationRole[] = ['administrator', 'sysadmin'];
