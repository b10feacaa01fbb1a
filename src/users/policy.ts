import { builtOnce } from '../db/sql';
import { forbidden } from '../domain/errors';
import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import type { OrganisationRole } from '../domain/roles';
import { managesObject } from '../access/manage';
import { belongsToManaged, holdsRoleIn, managedAmong as managedKeysAmong, managesPerson } from '../domain/scope';
import { boundOrganisation, withinBound } from '../domain/bound';
import { defaultOrganisationReference } from '../organisations/repository';
import type { Condition } from './repository';
import { Provider } from '../entities/users';
import { USER_MANAGERS } from '../access/roles';

/** Who may do what with people (catalogue 2.1). "Manager of a user" follows the organisation tree (src/domain/scope.ts). */

/** Who may create people. */
export const USER_CREATORS: OrganisationRole[] = ['administrator', 'usermanager'];

/** Who may search people (authors search them to add them to courses). */
export const USER_SEARCHERS: OrganisationRole[] = ['administrator', 'usermanager', 'rolesmanager', 'author'];

export const canManageUser = (ctx: RequestContext, identityKey: number) => managesObject(ctx, { kind: 'person', key: identityKey });

/**
 * The organisation a new person joins as user: the default one, as OpenOLAT's PUT /users; for a caller bound to an
 * organisation (an identity provider's key), that organisation, where the caller must manage people.
 */
export async function organisationOfNewPerson(ctx: RequestContext): Promise<number> {
  const bound = boundOrganisation(ctx);
  if (bound === undefined) return (await defaultOrganisationReference(ctx.em)).id;
  if (!(await holdsRoleIn(ctx.em, requireCaller(ctx), bound, USER_CREATORS)))
    throw forbidden('needs a user-managing role in the organisation of the credential');
  return bound;
}

/** Of these people, those the caller manages with one of `roles` (and, with `self`, the caller themself): one statement for all of them (GraphQL edges). */
export async function managedAmong(
  ctx: RequestContext,
  identityKeys: readonly number[],
  roles: readonly OrganisationRole[],
  { self }: { self: boolean },
): Promise<Set<number>> {
  const caller = requireCaller(ctx);
  const itself = identityKeys.filter((key) => self && key === caller.key);
  return new Set([...itself, ...(await managedKeysAmong(ctx.em, caller, identityKeys, roles))]);
}

export const selfOrManagedAmong = (ctx: RequestContext, identityKeys: readonly number[], roles: readonly OrganisationRole[]) =>
  managedAmong(ctx, identityKeys, roles, { self: true });

export async function requireUserManager(ctx: RequestContext, identityKey: number): Promise<void> {
  if (!(await canManageUser(ctx, identityKey))) throw forbidden();
}

/** The person themself or their user managers (the portrait). */
export async function requireSelfOrUserManager(ctx: RequestContext, identityKey: number): Promise<void> {
  if (requireCaller(ctx).key !== identityKey) await requireUserManager(ctx, identityKey);
}

/**
 * The user properties `GET /users` filters on: the handlers of OpenOLAT's UserWebService usage
 * context (userPropertiesContext.xml); its admin-view-only ones (nickName, emailDisabled) for user
 * managers only (isUserAllowedAdminProps). getUserListQuery ignores every other parameter.
 */
const SEARCHABLE_PROPERTIES = new Set([
  'firstName',
  'lastName',
  'email',
  'birthDay',
  'gender',
  'telPrivate',
  'telMobile',
  'telOffice',
  'skype',
  'xing',
  'linkedin',
  'icq',
  'homepage',
  'street',
  'extendedAddress',
  'poBox',
  'zipCode',
  'region',
  'city',
  'country',
  'institutionalName',
  'institutionalUserIdentifier',
  'institutionalEmail',
  'orgUnit',
  'studySubject',
]);
const ADMINISTRATIVE_SEARCHABLE_PROPERTIES = new Set(['nickName', 'emailDisabled']);

export function searchableProperty(ctx: RequestContext, name: string): boolean {
  return SEARCHABLE_PROPERTIES.has(name) || (ADMINISTRATIVE_SEARCHABLE_PROPERTIES.has(name) && searchesAdministratively(ctx));
}

/** OpenOLAT's isUserAllowedAdminProps for `GET /users`: user managers search administrative properties and any status. */
export const searchesAdministratively = (ctx: RequestContext) => hasAnyRole(ctx.caller, USER_MANAGERS);

/**
 * Whom `GET /users` finds (`scope`, null: everyone) and whose e-mail and properties it shows
 * (`full`): a manager in the default organisation, the root every person belongs to, everyone in
 * full; other user and roles managers themselves and the people who belong to their organisations, in
 * full those they manage (not those above them on the ladder of src/domain/scope.ts); authors everyone
 * (to add people to courses), in full only those they manage. OpenOLAT's search itself is not narrowed by
 * organisation, only the properties it shows are.
 */
export async function searchVisibility(ctx: RequestContext): Promise<{ scope: Condition | null; full: Condition }> {
  const caller = requireCaller(ctx);
  if (boundOrganisation(ctx) !== undefined) {
    // A credential bound to an organisation finds its people only, in full those it manages.
    return { scope: withinBound(ctx, 'person', 'i.id'), full: managesPerson(caller, USER_MANAGERS, 'i.id') };
  }
  const root = (await defaultOrganisationReference(ctx.em)).id;
  if (caller.grants.some((grant) => grant.organisationKey === root && USER_MANAGERS.includes(grant.role)))
    return { scope: null, full: { text: 'true', params: [] } };
  const full = fullProfileCondition(ctx);
  if (hasAnyRole(caller, ['author'])) return { scope: null, full };
  const belongs = belongsToManaged(caller, USER_MANAGERS, 'i.id');
  return { scope: { text: `(i.id = ? or ${belongs.text})`, params: [caller.key, ...belongs.params] }, full };
}

/** E-mail and properties are shown to the person themself and to their managers only: an SQL condition on `identity i`, read with the person. */
export function fullProfileCondition(ctx: RequestContext): { text: string; params: unknown[] } {
  const caller = requireCaller(ctx);
  if (!hasAnyRole(caller, USER_MANAGERS)) return { text: 'i.id = ?', params: [caller.key] };
  const manages = managesPerson(caller, USER_MANAGERS, 'i.id');
  return { text: selfOr([manages.text]), params: [caller.key, ...manages.params] };
}

const selfOr = builtOnce(([manages]) => `(i.id = ? or ${manages})`);

/**
 * Credentials of a person: their managers everything; the person themself only their own API
 * keys. Returns whether the caller acts as a manager.
 */
export async function credentialAccess(ctx: RequestContext, identityKey: number): Promise<{ asManager: boolean }> {
  const caller = requireCaller(ctx);
  if (await canManageUser(ctx, identityKey)) return { asManager: true };
  if (caller.key === identityKey && caller.organisationKey === undefined) return { asManager: false };
  // A credential bound to an organisation leaves its owner's credentials alone: a password set through it would log in unbound.
  throw forbidden();
}

/** A person creating a key for themself: allowed while the administrator allows it, and never with an API key (a key cannot mint keys). */
export function requireSelfServiceKeys(ctx: RequestContext) {
  const caller = requireCaller(ctx);
  if (!ctx.settings.userApiKeyGeneration) throw forbidden('generating API keys for oneself is switched off');
  if (caller.apiKeyId !== undefined || caller.provider === Provider.apiKey) {
    throw forbidden('an API key cannot create further API keys for its owner');
  }
}
