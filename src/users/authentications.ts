import { inTransaction } from '../audit/audit-log';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { organisationForNew } from '../domain/bound';
import { createApiKey, type IssuedApiKey } from '../auth/api-keys';
import { hashPassword } from '../auth/passwords';
import { revokeApiKeyLogins, revokeLogins, revokeLoginsOfSet } from '../auth/sessions';
import { sql } from '../db/sql';
import type { RequestContext } from '../domain/context';
import { DomainError, forbidden, notFound, validationFailed, type ErrorDetail } from '../domain/errors';
import { Authentication } from '../entities/authentications';
import { Provider } from '../entities/users';
import type { ApiKeyVO, AuthenticationVO, AuthenticationVOInput } from '../schema/users';
import { credentialAccess, requireSelfServiceKeys } from './policy';
import { existingPeople, findIdentity, requireIdentity } from './repository';
import { managedIdentity } from './service';
import { mandatory, tooLong } from '../domain/validation';
import { findOrganisationRow } from '../organisations/repository';

/** Unknown people answer 404 before the caller's rights are looked at. */
async function access(ctx: RequestContext, identityKey: number) {
  await requireIdentity(ctx.em, identityKey);
  return credentialAccess(ctx, identityKey);
}

/** The single ErrorVO OpenOLAT sends with its authentication 409s (code misspelt as in OpenOLAT). */
const conflict = (translation: string) => new DomainError('CONFLICT', translation, [{ code: 'unkown:409', translation }]);

export const toAuthenticationVO = (row: Authentication, credential: string | null = null): AuthenticationVO => ({
  key: row.id,
  identityKey: row.identity.id,
  provider: row.provider,
  authUsername: row.authUsername,
  credential,
  externalId: row.externalId ?? null,
  creationDate: row.creationDate,
  lastUsage: row.lastUsage ?? null,
});

/** Password policy: a change to something shorter than 4 characters is "not modified" (catalogue 2.1, 304). */
export const acceptablePassword = (password: string) => password.length >= 4 && password.length <= 128;

export async function listAuthentications(ctx: RequestContext, identityKey: number): Promise<AuthenticationVO[]> {
  const { asManager } = await access(ctx, identityKey);
  const rows = await ctx.em.find(Authentication, asManager ? { identity: identityKey } : { identity: identityKey, provider: Provider.apiKey }, {
    orderBy: { id: 'ASC' },
  });
  return rows.map((row) => toAuthenticationVO(row));
}

async function authUsernameTaken(em: EntityManager, provider: string, authUsername: string, identityKey: number): Promise<boolean> {
  return (await em.count(Authentication, { provider, authUsername, identity: { $ne: identityKey } })) > 0;
}

function validateInput(input: AuthenticationVOInput, creating: boolean): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  const provider = input.provider.trim();
  if (!provider) errors.push(mandatory('provider'));
  else if (provider.length > 32) errors.push(tooLong('provider', 32));
  if (provider !== Provider.apiKey) {
    if (!input.authUsername?.trim()) errors.push(mandatory('authUsername'));
    else if (input.authUsername.length > 255) errors.push(tooLong('authUsername'));
  }
  if (input.externalId && input.externalId.length > 255) errors.push(tooLong('externalId'));
  if (creating && provider === Provider.password && !acceptablePassword(input.credential ?? '')) {
    errors.push({ code: 'org.olat.user:error.password.invalid', translation: 'The password must have 4 to 128 characters.' });
  }
  return errors;
}

/** The existing authentication a save updates: the one named by key, else the identity's one of that provider. */
async function existingAuthentication(em: EntityManager, identityKey: number, input: AuthenticationVOInput): Promise<Authentication | null> {
  const provider = input.provider.trim();
  if (input.key && input.key > 0) {
    const named = await em.findOne(Authentication, { id: input.key, identity: identityKey });
    if (!named) throw notFound('authentication');
    if (named.provider !== provider) throw conflict(`authentication ${input.key} belongs to provider ${named.provider}, not ${provider}`);
    return named;
  }
  // A person holds any number of API keys: without a key, an API-Key save creates one.
  if (provider === Provider.apiKey) return null;
  return em.findOne(Authentication, { identity: identityKey, provider }, { orderBy: { id: 'ASC' } });
}

/**
 * PUT/POST `/users/{k}/authentications`: updates authUsername and externalId of the identity's
 * authentication of that provider, or creates one. OLAT passwords are stored as bcrypt hashes;
 * API keys are generated and their secret answered once; REST tokens come from logging in only.
 */
export async function saveAuthentication(
  ctx: RequestContext,
  identityKey: number,
  input: AuthenticationVOInput,
  organisationKey?: number | null,
): Promise<AuthenticationVO> {
  const { asManager } = await access(ctx, identityKey);
  if (input.identityKey !== identityKey) throw conflict(`the authentication names identity ${input.identityKey}, not identityKey ${identityKey}`);
  const provider = input.provider.trim();
  if (provider === Provider.token) throw conflict('REST tokens are issued by logging in, not created');
  if (!asManager) {
    if (provider !== Provider.apiKey || (input.key && input.key > 0)) throw forbidden('people may only create API keys for themselves');
    requireSelfServiceKeys(ctx);
  }
  const passwordHash = provider === Provider.password && acceptablePassword(input.credential ?? '') ? await hashPassword(input.credential!) : null;
  const keyOrganisation = provider === Provider.apiKey ? await apiKeyOrganisation(ctx, organisationKey) : undefined;
  try {
    return await inTransaction(ctx, async (em) => {
      const existing = await existingAuthentication(em, identityKey, input);
      const errors = validateInput(input, !existing);
      if (errors.length) throw validationFailed(errors);
      if (existing) return updateAuthentication(em, existing, input);
      if (provider === Provider.apiKey)
        return apiKeyAsAuthentication(await createApiKey(em, identityKey, input.externalId || null, keyOrganisation), identityKey, input.externalId);
      const authUsername = input.authUsername!.trim();
      if (await authUsernameTaken(em, provider, authUsername, identityKey)) throw conflict(`${provider} user name ${authUsername} is used by another identity`);
      // External providers (LDAP, Shibboleth, OAuth) authenticate elsewhere: no secret of theirs is kept.
      const created = em.create(Authentication, {
        identity: identityKey,
        provider,
        authUsername,
        credential: passwordHash,
        externalId: input.externalId || null,
      });
      await em.persistAndFlush(created);
      return toAuthenticationVO(created);
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw conflict(`an authentication of provider ${provider} with this user name exists already`);
    throw error;
  }
}

async function updateAuthentication(em: EntityManager, existing: Authentication, input: AuthenticationVOInput): Promise<AuthenticationVO> {
  // The client id of an API key is generated and stays; its externalId may change.
  if (existing.provider !== Provider.apiKey) {
    const authUsername = input.authUsername!.trim();
    if (authUsername !== existing.authUsername && (await authUsernameTaken(em, existing.provider, authUsername, existing.identity.id))) {
      throw conflict(`${existing.provider} user name ${authUsername} is used by another identity`);
    }
    existing.authUsername = authUsername;
  }
  if (input.externalId != null) existing.externalId = input.externalId || null;
  await em.flush();
  return toAuthenticationVO(existing);
}

const apiKeyAsAuthentication = (issued: IssuedApiKey, identityKey: number, externalId?: string | null): AuthenticationVO => ({
  key: issued.key,
  identityKey,
  provider: Provider.apiKey,
  authUsername: issued.clientId,
  credential: issued.secret,
  externalId: externalId || null,
  creationDate: issued.creationDate,
  lastUsage: null,
});

/**
 * The organisation a new API key is bound to: the one named (it must exist), within the caller's own binding; a caller
 * bound to an organisation only issues keys bound within it.
 */
async function apiKeyOrganisation(ctx: RequestContext, named: number | null | undefined): Promise<number | undefined> {
  if (named != null && !(await findOrganisationRow(ctx.em, named))) throw notFound('organisation');
  return organisationForNew(ctx, named);
}

/** GraphQL `createApiKey`: a new key for the identity, its secret in this answer only. */
export async function issueApiKey(ctx: RequestContext, identityKey: number, externalId?: string | null, organisationKey?: number | null): Promise<ApiKeyVO> {
  const { asManager } = await access(ctx, identityKey);
  if (!asManager) requireSelfServiceKeys(ctx);
  if (externalId && externalId.length > 255) throw validationFailed([tooLong('externalId')]);
  const organisation = await apiKeyOrganisation(ctx, organisationKey);
  const issued = await createApiKey(ctx.em, identityKey, externalId || null, organisation);
  return {
    key: issued.key,
    identityKey,
    clientId: issued.clientId,
    secret: issued.secret,
    externalId: externalId || null,
    creationDate: issued.creationDate,
    boundOrganisationKey: organisation ?? null,
  };
}

/**
 * DELETE `/users/{k}/authentications/{authKey}`. Deleting the password ends every session and
 * token of the person; deleting an API key (revoking it) ends those its logins opened.
 */
export async function deleteAuthentication(ctx: RequestContext, identityKey: number, authKey: number): Promise<boolean> {
  const { asManager } = await access(ctx, identityKey);
  await inTransaction(ctx, async (em) => {
    const row = await em.findOne(Authentication, { id: authKey, identity: identityKey });
    if (!row) throw notFound('authentication');
    if (!asManager && row.provider !== Provider.apiKey) throw forbidden('people may only delete their own API keys');
    await em.removeAndFlush(row);
    if (row.provider === Provider.password) await revokeLogins(em, identityKey);
    if (row.provider === Provider.apiKey) await revokeApiKeyLogins(em, identityKey, authKey);
  });
  return true;
}

/**
 * changePassword for a set of people (a sync's batch) whose manager the caller is, by hashes computed before (outside
 * the transaction): a statement per step whatever their number. Answers per person true (set), false (the policy
 * refuses the password, as changePassword answers), or null where it is left to changePassword (no hash, or no such person).
 */
export async function changePasswordsOfSet(
  em: EntityManager,
  changes: readonly { identityKey: number; password: string; hash?: string }[],
): Promise<(boolean | null)[]> {
  const existing = await existingPeople(
    em,
    changes.map((change) => change.identityKey),
  );
  const answers = changes.map(({ identityKey, password, hash }) => (!existing.has(identityKey) || !hash ? null : acceptablePassword(password)));
  const set = changes.filter((_, index) => answers[index] === true);
  if (set.length) {
    await sql(
      em,
      `insert into authentication (identity_id, provider, auth_username, credential)
         select i.id, 'OLAT', i.login, p.hash from json_to_recordset(?::json) as p(key int, hash text) join identity i on i.id = p.key
       on conflict (identity_id, provider) where provider in ('OLAT', 'REST') do update set credential = excluded.credential, last_modified = now()`,
      [JSON.stringify(set.map((change) => ({ key: change.identityKey, hash: change.hash })))],
    );
    await revokeLoginsOfSet(
      em,
      set.map((change) => change.identityKey),
    );
  }
  return answers;
}

/**
 * POST `/users/{k}/authentications/password`: sets the OLAT password. false (304) when the policy
 * refuses it. A change ends the person's sessions and token, and cached basic credentials with
 * the old password stop working (the cache compares the stored hash).
 */
export async function changePassword(ctx: RequestContext, identityKey: number, newPassword: string): Promise<boolean> {
  await managedIdentity(ctx, identityKey);
  if (!acceptablePassword(newPassword)) return false;
  const hash = await hashPassword(newPassword);
  await inTransaction(ctx, async (em) => {
    const identity = await findIdentity(em, identityKey);
    const current = await em.findOne(Authentication, { identity: identityKey, provider: Provider.password });
    if (current) current.credential = hash;
    else {
      em.persist(em.create(Authentication, { identity, provider: Provider.password, authUsername: identity.login, credential: hash }));
    }
    await em.flush();
    await revokeLogins(em, identityKey);
  });
  return true;
}
