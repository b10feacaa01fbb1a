import { requireCaller, type RequestContext } from '../domain/context';
import { forbidden } from '../domain/errors';
import type { OrganisationRole } from '../domain/roles';
import { holdsRoleIn } from '../domain/scope';

/** Who may do what with organisations and their types (catalogue 2.5). */

/** Every organisation operation needs the administrator or sysadmin role in some organisation. */
export const ORGANISATION_ADMINS: OrganisationRole[] = ['administrator', 'sysadmin'];

/** Deleting one needs that role in the organisation itself or an inheriting ancestor (the tree rule of src/domain/scope.ts). */
export async function requireOrganisationDeleter(ctx: RequestContext, organisationKey: number): Promise<void> {
  if (!(await holdsRoleIn(ctx.em, requireCaller(ctx), organisationKey, ORGANISATION_ADMINS))) {
    throw forbidden('deleting an organisation needs the administrator or sysadmin role in it');
  }
}
