import { GATEWAY_ADMINS } from '../admin/policy';
import type { OrganisationRole } from '../domain/roles';

/**
 * Who reads the change feed: for now the gateway's administrators, who may read every object it names. Readers
 * with narrower rights (an organisation's user managers, a course's owners) need each event checked against the
 * policy of its object's family before it is handed over.
 */
export const CHANGE_READERS: OrganisationRole[] = GATEWAY_ADMINS;
