import { inTransaction } from '../audit/audit-log';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { requireCaller, type RequestContext } from '../domain/context';
import { DomainError, validationFailed, type ErrorDetail } from '../domain/errors';
import { answerList, inRanges } from '../domain/lists';
import { Authentication } from '../entities/authentications';
import { Provider, UserStatus, type Identity } from '../entities/users';
import type { ManagedUserVO, PreferencesVO, PreferencesVOInput, UserLifecycleVO, UserLifecycleVOInput, UserVO } from '../schema/users';
import { toUserVO } from './presenter';
import { loginInUse, managedUsers } from './repository';
import { managedIdentity } from './service';
import { loginTaken, validateLogin } from './validation';
import { USER_MANAGERS } from '../access/roles';

const LANGUAGE = /^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/;

export async function getPreferences(ctx: RequestContext, identityKey: number): Promise<PreferencesVO> {
  return { language: (await managedIdentity(ctx, identityKey)).language ?? null };
}

export async function updatePreferences(ctx: RequestContext, identityKey: number, input: PreferencesVOInput): Promise<PreferencesVO> {
  const language = input.language?.trim() || null;
  if (language && (language.length > 16 || !LANGUAGE.test(language))) {
    throw validationFailed([{ code: 'org.olat.user:error.language', translation: `"${language}" is not a language code such as de, en or fr_CH.` }]);
  }
  return inTransaction(ctx, async (em) => {
    const identity = await managedIdentity({ ...ctx, em }, identityKey);
    identity.language = language;
    await em.flush();
    return { language: identity.language ?? null };
  });
}

const toLifecycleVO = (identity: Identity): UserLifecycleVO => ({
  key: identity.id,
  externalId: identity.externalId ?? null,
  creationDate: identity.creationDate,
  expirationDate: identity.expirationDate ?? null,
  inactivationDate: identity.inactivationDate ?? null,
  status: identity.status,
});

export async function getLifecycle(ctx: RequestContext, identityKey: number): Promise<UserLifecycleVO> {
  return toLifecycleVO(await managedIdentity(ctx, identityKey));
}

/**
 * POST/PUT `/users/{k}/lifecycle` (newest OpenOLAT): no dates reactivates the user (status
 * active, expiration and inactivation dates cleared; a permanent user stays permanent); an
 * expirationDate is set; only an inactivationDate changes nothing: null, which REST answers 304.
 */
export async function updateLifecycle(ctx: RequestContext, identityKey: number, input: UserLifecycleVOInput): Promise<UserLifecycleVO | null> {
  return inTransaction(ctx, async (em) => {
    const identity = await managedIdentity({ ...ctx, em }, identityKey);
    if (input.expirationDate) identity.expirationDate = input.expirationDate;
    else if (input.inactivationDate) return null;
    else {
      if (identity.status !== UserStatus.permanent) identity.status = UserStatus.active;
      identity.expirationDate = null;
      identity.inactivationDate = null;
    }
    await em.flush();
    return toLifecycleVO(identity);
  });
}

/** The rename answer: OpenOLAT sends these as a list of ErrorVO with 409. */
const renameConflict = (details: ErrorDetail[]) => new DomainError('CONFLICT', details.map((detail) => detail.translation).join('; '), details);

/**
 * POST/PUT `/users/{k}/username?username=`: a new login, unique without regard to case. The OLAT
 * authentication named after the old login follows. Passwords, sessions and tokens stay valid.
 */
export async function renameUser(ctx: RequestContext, identityKey: number, username: string | null | undefined): Promise<UserVO> {
  await managedIdentity(ctx, identityKey);
  const errors = validateLogin(username);
  if (errors.length) throw renameConflict(errors);
  const login = username!.trim();
  try {
    return await inTransaction(ctx, async (em) => {
      const identity = await managedIdentity({ ...ctx, em }, identityKey);
      if (await loginInUse(em, login, identityKey)) throw renameConflict([loginTaken]);
      const password = await em.findOne(Authentication, { identity: identityKey, provider: Provider.password });
      if (password && password.authUsername.toLowerCase() === identity.login.toLowerCase()) password.authUsername = login;
      identity.login = login;
      await em.flush();
      return toUserVO(identity, true);
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw renameConflict([loginTaken]);
    throw error;
  }
}

/** GET `/users/managed`: people with an externalId, in the organisations where the caller manages users. */
export function listManagedUsers(ctx: RequestContext): Promise<ManagedUserVO[]> {
  const caller = requireCaller(ctx);
  const rows = inRanges(
    ctx,
    (range) => managedUsers(ctx.em, caller, USER_MANAGERS, range),
    (row) => row.key,
  );
  return answerList(ctx, rows, (row) => row);
}
