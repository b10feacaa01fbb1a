import { sql } from '../db/sql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserStatus } from '../entities/users';
import { Provider } from '../entities/users';
import type { Caller, RoleGrant } from '../domain/context';
import { DEFAULT_ORGANISATION_IDENTIFIER, SUBTREE_INHERITANCE } from '../domain/roles';
import { apiKeyIdOf } from './origin';

const SUBTREE = SUBTREE_INHERITANCE.map((mode) => `'${mode}'`).join(', ');

/** Everything level one needs about an identity, read in one statement. */
export interface PrincipalRow {
  key: number;
  login: string;
  status: number;
  grants: RoleGrant[];
  passwordHash: string | null;
  tokenHash: string | null;
  /** The login that issued the current token (see origin.ts). */
  tokenOrigin: string | null;
  /** For session look-ups: the login that opened the session, and when the session ends. */
  sessionProvider?: string;
  sessionExpiresAt?: Date;
  /** For API-key look-ups: the key's id, stored hash and last use. */
  apiKeyId?: number;
  apiKeyHash?: string;
  apiKeyLastUsage?: Date | null;
  /** For OAuth look-ups: whether the person holds an API key ("API access: only with API key"). */
  hasApiKey?: boolean;
  /** For API-key, token and session look-ups: the organisation the API key behind the credential is bound to. */
  boundOrganisationKey?: number | null;
}

const COLUMNS = `
select i.id as key, i.login, i.status,
  coalesce((select json_agg(json_build_object('organisationKey', r.organisation_id, 'role', r.role,
              'everywhere', r.inheritance in (${SUBTREE}) and o.identifier = '${DEFAULT_ORGANISATION_IDENTIFIER}'))
            from organisation_role r join organisation o on o.id = r.organisation_id where r.identity_id = i.id), '[]'::json) as grants,
  (select a.credential from authentication a where a.identity_id = i.id and a.provider = '${Provider.password}') as "passwordHash",
  (select a.credential from authentication a where a.identity_id = i.id and a.provider = '${Provider.token}') as "tokenHash",
  (select a.origin from authentication a where a.identity_id = i.id and a.provider = '${Provider.token}') as "tokenOrigin"`;

/** The organisation of the API key a login's origin (src/auth/origin.ts, an SQL expression) names, if it is bound to one. */
const boundByOrigin = (origin: string) => `(select k.organisation_id from authentication k
    where k.id = case when ${origin} like '${Provider.apiKey}:%' then substring(${origin} from ${Provider.apiKey.length + 2})::bigint end)`;

async function one(em: EntityManager, where: string, param: unknown, extraColumns = ''): Promise<PrincipalRow | null> {
  const rows = await sql<PrincipalRow>(em, `${COLUMNS}${extraColumns} from identity i ${where}`, [param]);
  return rows[0] ?? null;
}

export const principalByKey = (em: EntityManager, key: number) => one(em, 'where i.id = ?', key);

export const principalByLogin = (em: EntityManager, login: string) => one(em, 'where lower(i.login) = lower(?)', login);

export const principalByTokenHash = (em: EntityManager, tokenHash: string) =>
  one(
    em,
    `join authentication t on t.identity_id = i.id and t.provider = '${Provider.token}' where t.credential = ?`,
    tokenHash,
    `, ${boundByOrigin('t.origin')} as "boundOrganisationKey"`,
  );

export const principalBySessionHash = (em: EntityManager, sessionHash: string) =>
  one(
    em,
    'join http_session s on s.identity_id = i.id where s.id = ? and s.expires_at > now()',
    sessionHash,
    `, s.provider as "sessionProvider", s.expires_at as "sessionExpiresAt", ${boundByOrigin('s.provider')} as "boundOrganisationKey"`,
  );

export const principalByApiKey = (em: EntityManager, clientId: string) =>
  one(
    em,
    `join authentication k on k.identity_id = i.id where k.provider = '${Provider.apiKey}' and k.auth_username = ?`,
    clientId,
    ', k.id as "apiKeyId", k.credential as "apiKeyHash", k.last_usage as "apiKeyLastUsage", k.organisation_id as "boundOrganisationKey"',
  );

/** The provider of an authentication whose user name is the person's name at the OAuth issuer (`OAUTH_IDENTITY_MATCH=authentication`), and of bearer-token logins. */
export const OAUTH_PROVIDER = 'OAuth';

const HAS_API_KEY = `, exists(select 1 from authentication k where k.identity_id = i.id and k.provider = '${Provider.apiKey}') as "hasApiKey"`;

/** The person an OAuth token names by login. */
export const principalByOAuthLogin = (em: EntityManager, login: string) => one(em, 'where lower(i.login) = lower(?)', login, HAS_API_KEY);

/** The person an OAuth token names by e-mail address; nobody when two people share it. */
export const principalByOAuthEmail = (em: EntityManager, email: string) =>
  one(em, 'where i.id = (select min(j.id) from identity j where lower(j.email) = lower(?) having count(*) = 1)', email, HAS_API_KEY);

/** The person whose authentication of provider `OAuth` has the claim's value as user name. */
export const principalByOAuthAuthentication = (em: EntityManager, name: string) =>
  one(em, `join authentication o on o.identity_id = i.id where o.provider = '${OAUTH_PROVIDER}' and o.auth_username = ?`, name, HAS_API_KEY);

/** Deactivated, pending, login-denied and deleted users cannot authenticate (catalogue 5.3). */
export const canAuthenticate = (row: PrincipalRow) => row.status < UserStatus.visibleLimit;

/** `origin` is the login behind the request (origin.ts): a password, or an API key. */
export const toCaller = (row: PrincipalRow, origin: string): Caller => ({
  key: row.key,
  login: row.login,
  grants: row.grants,
  provider: apiKeyIdOf(origin) === undefined ? origin : Provider.apiKey,
  apiKeyId: apiKeyIdOf(origin),
  organisationKey: row.boundOrganisationKey ?? undefined,
});
