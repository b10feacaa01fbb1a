import type { OrganisationRole } from '../domain/roles';

/** The gateway's own switches and audit log are for administrators and system administrators. */
export const GATEWAY_ADMINS: OrganisationRole[] = ['administrator', 'sysadmin'];
