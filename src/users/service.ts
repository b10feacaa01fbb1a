import { inTransaction } from '../audit/audit-log';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../auth/passwords';
import { revokeLogins } from '../auth/sessions';
import { requireCaller, type RequestContext } from '../domain/context';
import { badRequest, forbidden, validationFailed, notFound, type ErrorDetail } from '../domain/errors';
import { requireSearchValues } from '../domain/validation';
import { answerListById } from '../domain/lists';
import { loader } from '../domain/loaders';
import { defaultInheritance, type OrganisationRole } from '../domain/roles';
import { OrganisationRoleMembership } from '../entities/organisations';
import { Identity, UserStatus } from '../entities/users';
import { requireRoleGranter } from '../organisations/policy';
import { defaultOrganisationReference } from '../organisations/repository';
import type { RolesVO, RolesVOInput, StatusVO, UserVO, UserVOInput } from '../schema/users';
import {
  fullProfileCondition,
  organisationOfNewPerson,
  requireUserManager,
  searchVisibility,
  searchableProperty,
  searchesAdministratively,
  selfOrManagedAmong,
} from './policy';
import { deletePortraitFiles, smallPortraitBase64 } from './portrait';
import { toUserVO } from './presenter';
import * as users from './repository';
import { emailInUse, findIdentity, loginInUse, type UserSearch } from './repository';
import { loginTaken, validateLogin, validateUserFields } from './validation';
import { USER_MANAGERS } from '../access/roles';

/** Loads the person and checks that the caller manages them ("manager of that user"). */
export async function managedIdentity(ctx: RequestContext, key: number): Promise<Identity> {
  const identity = await findIdentity(ctx.em, key);
  await requireUserManager(ctx, key);
  return identity;
}

function propertiesOf(input: UserVOInput): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const { name, value } of input.properties ?? []) if (value != null && value !== '') properties[name] = value;
  return properties;
}

/**
 * GET /users as getUserListQuery reads it: authProvider with authUsername finds that one
 * authentication's person, whatever the other parameters and the status; authProvider alone keeps
 * the people with an authentication of that provider; otherwise the statuses
 * admitted are statusVisibleLimit=all (any status) and a status from login denied to inactive for
 * user managers only, else the visible ones.
 */
export async function searchUsers(ctx: RequestContext, given: UserSearch): Promise<UserVO[]> {
  if (given.authProvider && given.authUsername) {
    return searchIn(ctx, { authProvider: given.authProvider, authUsername: given.authUsername, statusVisibleLimit: 'all' });
  }
  const administrative = searchesAdministratively(ctx);
  const allStatuses = administrative && given.statusVisibleLimit?.toLowerCase() === 'all';
  const status =
    !allStatuses && given.status != null && (given.status < UserStatus.visibleLimit || (administrative && given.status < UserStatus.deleted))
      ? given.status
      : null;
  const search: UserSearch = {
    ...given,
    status,
    statusVisibleLimit: allStatuses ? 'all' : null,
    properties: given.properties?.filter(({ name }) => searchableProperty(ctx, name)),
  };
  return searchIn(ctx, search);
}

async function searchIn(ctx: RequestContext, search: UserSearch): Promise<UserVO[]> {
  requireSearchValues({ login: search.login, ...Object.fromEntries((search.properties ?? []).map(({ name, value }) => [name, value])) });
  const visibility = await searchVisibility(ctx);
  return answerListById(
    ctx,
    (range) => users.searchUsers(ctx.em, search, visibility, range),
    (row) => toUserVO(row, row.holds),
  );
}

/** GET /users/username: the person with exactly this login (any case), for those who may search people; e-mail and properties as GET /users/{k} shows them. */
export async function getUserByLogin(ctx: RequestContext, login: string): Promise<UserVO> {
  if (!login) throw badRequest('username is empty');
  const row = await users.findUserRowByLoginWith(ctx.em, login, fullProfileCondition(ctx));
  return toUserVO(row, row.holds);
}

export async function getMe(ctx: RequestContext): Promise<UserVO> {
  return toUserVO(await users.findUserRow(ctx.em, requireCaller(ctx).key), true);
}

export async function getUser(ctx: RequestContext, key: number, withPortrait = false): Promise<UserVO> {
  const row = await users.findUserRowWith(ctx.em, key, fullProfileCondition(ctx));
  const user = toUserVO(row, row.holds);
  if (withPortrait) user.portrait = await smallPortraitBase64(ctx, key);
  return user;
}

/**
 * A person another object names (GraphQL edges: a roll call's, a membership's, a relation's person),
 * by the rule of GET /users/{k}: every caller reads a person, e-mail and properties only the person
 * themself and their managers. One statement for every person of an answer level.
 */
export function personOf(ctx: RequestContext, identityKey: number): Promise<UserVO> {
  return loader<number, UserVO>(ctx, 'people', async (keys) => {
    const rows = new Map((await users.findUserRowsWith(ctx.em, keys, fullProfileCondition(ctx))).map((row) => [row.id, row]));
    return keys.map((key) => {
      const row = rows.get(key);
      return row ? toUserVO(row, row.holds) : notFound('user');
    });
  }).load(identityKey);
}

/** A login or e-mail another person has: rules like the others, named together with them. */
/**
 * PUT /users refusals in OpenOLAT's order (UserWebService.create): a login that fails the syntax
 * check, then a login in use, each answered alone; then every field error in one list.
 */
async function creationErrors(em: EntityManager, input: UserVOInput): Promise<ErrorDetail[]> {
  const loginErrors = validateLogin(input.login);
  if (loginErrors.length) return loginErrors;
  if (await loginInUse(em, input.login!)) return [loginTaken];
  return validateUserFields(input, !!input.email?.trim() && (await emailInUse(em, input.email)));
}

const newPerson = (input: UserVOInput): users.NewPerson => ({
  login: input.login!.trim(),
  externalId: input.externalId || null,
  firstName: input.firstName!.trim(),
  lastName: input.lastName!.trim(),
  email: input.email!.trim(),
  properties: propertiesOf(input),
});

export async function createUser(ctx: RequestContext, input: UserVOInput): Promise<UserVO> {
  // The fields first, without the database; the login and e-mail in use are asked once, inside the transaction (a
  // refusal of the fields asks them too, so that it lists every failing field as before).
  if (validateLogin(input.login).length || validateUserFields(input, false).length) throw validationFailed(await creationErrors(ctx.em, input));
  const organisation = await organisationOfNewPerson(ctx);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    return await inTransaction(ctx, async (em) => {
      const conflicts = await creationErrors(em, input);
      if (conflicts.length) throw validationFailed(conflicts);
      const person = { ...newPerson(input), passwordHash };
      const row = (await users.insertPeople(em, [person], organisation)).get(person.login.toLowerCase());
      if (!row) throw validationFailed([loginTaken]);
      return toUserVO(row, true);
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw validationFailed([loginTaken]);
    throw error;
  }
}

/**
 * Creates the people of a set (a sync's batch), in a few statements whatever their number: those that pass every
 * check createUser makes, in the caller's transaction, a password by the hash given for it (hashed before). Answers
 * each one's user, or null for one that does not pass (a bad field, a login or e-mail in use, here or earlier in the
 * set; a password without its hash): its createUser answers why, or creates it.
 */
export async function createPeople(
  em: EntityManager,
  entries: readonly { input: UserVOInput; passwordHash?: string }[],
  organisationKey: number,
): Promise<(UserVO | null)[]> {
  const inputs = entries.map((entry) => entry.input);
  const logins = await users.loginsInUse(
    em,
    inputs.flatMap((input) => (input.login ? [input.login] : [])),
  );
  const emails = await users.holdersOfEmails(
    em,
    inputs.flatMap((input) => (input.email?.trim() ? [input.email] : [])),
  );
  const accepted = entries.map(({ input, passwordHash }) => {
    if ((input.password && !passwordHash) || validateLogin(input.login).length || validateUserFields(input).length) return null;
    const person: users.NewPerson = { ...newPerson(input), passwordHash };
    const [login, email] = [person.login.toLowerCase(), person.email.toLowerCase()];
    if (logins.has(login) || emails.has(email)) return null;
    logins.add(login);
    emails.set(email, []);
    return person;
  });
  const people = accepted.filter((person): person is users.NewPerson => person !== null);
  const rows = await users.insertPeople(em, people, organisationKey);
  return accepted.map((person) => {
    const row = person && rows.get(person.login.toLowerCase());
    return row ? toUserVO(row, true) : null;
  });
}

/**
 * updateUser for a set of people (a sync's batch) the caller manages, in a few statements whatever their number, in
 * the caller's transaction. Answers each one's user after, or null where updateUser is left to answer (a field it
 * refuses, an e-mail address in use, here or earlier in the set; a person gone).
 */
export async function updatePeople(em: EntityManager, updates: readonly { key: number; input: UserVOInput }[]): Promise<(UserVO | null)[]> {
  const current = new Map(
    (
      await users.userRowsOf(
        em,
        updates.map((update) => update.key),
      )
    ).map((row) => [row.id, row]),
  );
  const merged = updates.map(({ key, input }) => {
    const row = current.get(key);
    return (
      row && { key, input, fields: { firstName: input.firstName ?? row.firstName, lastName: input.lastName ?? row.lastName, email: input.email ?? row.email } }
    );
  });
  const holders = await users.holdersOfEmails(
    em,
    merged.flatMap((update) => (update?.fields.email?.trim() ? [update.fields.email] : [])),
  );
  const seen = new Set<number>();
  const accepted = merged.map((update) => {
    // A person named twice: the second update after the first, by updateUser.
    if (!update || seen.has(update.key) || validateUserFields({ ...update.fields, properties: update.input.properties }).length) return null;
    seen.add(update.key);
    const email = update.fields.email!.trim().toLowerCase();
    if ((holders.get(email) ?? []).some((holder) => holder !== update.key)) return null;
    holders.set(email, [update.key]);
    return {
      key: update.key,
      firstName: update.fields.firstName!.trim(),
      lastName: update.fields.lastName!.trim(),
      email: update.fields.email!.trim(),
      externalId: update.input.externalId || null,
      properties: propertiesOf(update.input),
    };
  });
  const rows = new Map(
    (
      await users.updatePeopleRows(
        em,
        accepted.filter((row) => row !== null),
      )
    ).map((row) => [row.id, row]),
  );
  return accepted.map((row) => {
    const updated = row && rows.get(row.key);
    return updated ? toUserVO(updated, true) : null;
  });
}

export async function updateUser(ctx: RequestContext, key: number, input: UserVOInput): Promise<UserVO> {
  return inTransaction(ctx, async (em) => {
    const identity = await managedIdentity({ ...ctx, em }, key);
    const merged: UserVOInput = {
      firstName: input.firstName ?? identity.firstName,
      lastName: input.lastName ?? identity.lastName,
      email: input.email ?? identity.email,
      properties: input.properties,
    };
    const errors = validateUserFields(merged, !!merged.email?.trim() && (await emailInUse(em, merged.email, key)));
    if (errors.length) throw validationFailed(errors);
    identity.firstName = merged.firstName!.trim();
    identity.lastName = merged.lastName!.trim();
    identity.email = merged.email!.trim();
    if (input.externalId) identity.externalId = input.externalId;
    if (input.properties) identity.properties = { ...identity.properties, ...propertiesOf(input) };
    await em.flush();
    return toUserVO(identity, true);
  });
}

export async function removeProperties(ctx: RequestContext, key: number, names: readonly string[]): Promise<UserVO> {
  return inTransaction(ctx, async (em) => {
    const identity = await managedIdentity({ ...ctx, em }, key);
    const properties = { ...identity.properties };
    for (const name of names) delete properties[name];
    identity.properties = properties;
    await em.flush();
    return toUserVO(identity, true);
  });
}

export async function deleteUser(ctx: RequestContext, key: number): Promise<boolean> {
  await inTransaction(ctx, async (em) => {
    const identity = await managedIdentity({ ...ctx, em }, key);
    if (identity.status === UserStatus.permanent || identity.id === ctx.caller!.key) {
      throw forbidden('permanent users and the caller themself cannot be deleted');
    }
    await em.removeAndFlush(identity);
    await deletePortraitFiles(em, key);
  });
  return true;
}

/** RolesVO flag → organisation role, in the default organisation (catalogue 2.1 POST roles). */
export const ROLE_FLAGS: [keyof RolesVO, OrganisationRole][] = [
  ['olatAdmin', 'administrator'],
  ['userManager', 'usermanager'],
  ['groupManager', 'groupmanager'],
  ['author', 'author'],
  ['guestOnly', 'guest'],
  ['institutionalResourceManager', 'learnresourcemanager'],
  ['poolAdmin', 'poolmanager'],
  ['curriculumManager', 'curriculummanager'],
  ['selectusManager', 'selectusmanager'],
  ['invitee', 'invitee'],
];

/**
 * The roles a RolesVO asks for, as OpenOLAT's updateRoles grants them: guestOnly alone, else invitee
 * alone, else the plain user role and the flags set.
 */
function wantedRoles(input: RolesVOInput): Set<OrganisationRole> {
  if (input.guestOnly) return new Set(['guest']);
  if (input.invitee) return new Set(['invitee']);
  return new Set(['user', ...ROLE_FLAGS.filter(([flag]) => input[flag as keyof RolesVOInput]).map(([, role]) => role)]);
}

/** Roles a RolesVO does not change: systemAdmin is not taken from it, selectusManager only when sent (clients that do not know it keep it). */
const keptByRolesVO = (role: OrganisationRole, input: RolesVOInput) => role === 'sysadmin' || (role === 'selectusmanager' && input.selectusManager == null);

export async function getRoles(ctx: RequestContext, key: number): Promise<RolesVO> {
  const caller = requireCaller(ctx);
  if (caller.key === key) await findIdentity(ctx.em, key);
  else await managedIdentity(ctx, key);
  return rolesOf(ctx.em, key);
}

function rolesVO(held: Set<string>): RolesVO {
  const roles = Object.fromEntries(ROLE_FLAGS.map(([flag, role]) => [flag, held.has(role)])) as unknown as RolesVO;
  roles.systemAdmin = held.has('sysadmin');
  return roles;
}

async function rolesOf(em: EntityManager, key: number): Promise<RolesVO> {
  const organisation = await defaultOrganisationReference(em);
  return rolesVO(new Set((await em.find(OrganisationRoleMembership, { identity: key, organisation })).map((membership) => membership.role)));
}

/** `UserVO.roles` (GraphQL): the rule of GET /users/{k}/roles (the person, or their user managers), for all people of an answer at once. */
export function rolesOfPerson(ctx: RequestContext, identityKey: number): Promise<RolesVO> {
  const roles = loader<number, RolesVO>(ctx, 'user roles', async (keys: readonly number[]) => {
    const allowed = await selfOrManagedAmong(ctx, keys, USER_MANAGERS);
    const organisation = await defaultOrganisationReference(ctx.em);
    const memberships = allowed.size ? await ctx.em.find(OrganisationRoleMembership, { identity: { $in: [...allowed] }, organisation }) : [];
    return keys.map((key) =>
      allowed.has(key)
        ? rolesVO(new Set(memberships.filter((membership) => membership.identity.id === key).map((membership) => membership.role)))
        : forbidden(),
    );
  });
  return roles.load(identityKey);
}

export async function updateRoles(ctx: RequestContext, key: number, input: RolesVOInput): Promise<RolesVO> {
  await inTransaction(ctx, async (em) => {
    await managedIdentity({ ...ctx, em }, key);
    const organisation = await defaultOrganisationReference(em);
    const wanted = wantedRoles(input);
    const current = await em.find(OrganisationRoleMembership, { identity: key, organisation });
    const held = new Set(current.map((membership) => membership.role as OrganisationRole));
    const removed = (role: OrganisationRole) => !wanted.has(role) && !keptByRolesVO(role, input);
    const changes = [...wanted].filter((role) => !held.has(role)).concat([...held].filter(removed));
    await requireRoleGranter({ ...ctx, em }, organisation.id, changes);
    for (const membership of current) if (removed(membership.role as OrganisationRole)) em.remove(membership);
    for (const role of wanted) {
      if (!held.has(role)) em.persist(em.create(OrganisationRoleMembership, { identity: key, organisation, role, inheritance: defaultInheritance(role) }));
    }
    await em.flush();
  });
  return rolesOf(ctx.em, key);
}

const STATUSES: number[] = Object.values(UserStatus).filter((status) => status !== UserStatus.visibleLimit);

export async function getStatus(ctx: RequestContext, key: number): Promise<StatusVO> {
  return { status: (await managedIdentity(ctx, key)).status };
}

export async function updateStatus(ctx: RequestContext, key: number, status: number): Promise<StatusVO> {
  if (!STATUSES.includes(status)) {
    throw validationFailed([{ code: 'org.olat.user:status.unknown', translation: `Unknown status ${status}; use one of ${STATUSES.join(', ')}.` }]);
  }
  const result = await inTransaction(ctx, async (em) => {
    const identity = await managedIdentity({ ...ctx, em }, key);
    identity.status = status;
    if (status >= UserStatus.visibleLimit) await revokeLogins(em, key);
    await em.flush();
    return { status: identity.status };
  });
  return result;
}
