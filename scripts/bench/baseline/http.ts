import { createHash } from 'node:crypto';
import type http from 'node:http';
import type { Pool, PoolClient } from 'pg';
import { INSERT_AUDIT_ROW, maskSecrets } from '../../../src/audit/audit-log';
import { ROLE_IN_ORGANISATION } from '../../../src/domain/scope';
import type { UserVO } from '../../../src/schema/users';

/** What every baseline handler uses: answers, bodies, transactions and the token check (scripts/bench/baseline-server.ts). */

export const JSON_TYPE = 'application/json; charset=utf-8';
export const XML_TYPE = 'application/xml; charset=utf-8';
export const XML_PROLOG = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export const send = (res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
};

export const wantsXml = (req: http.IncomingMessage) => /application\/xml/.test(req.headers.accept ?? '');

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** `<name>value</name>`, or nothing for a null value, as JAXB leaves null fields out. */
export const xmlElement = (name: string, value: string | number | boolean | null | undefined) =>
  value == null ? '' : `<${name}>${escapeText(String(value))}</${name}>`;

/** A UserVO as JAXB writes it (null fields left out), by hand. */
export function userXml(user: UserVO): string {
  const properties = user.properties.map((property) => `<property>${xmlElement('name', property.name)}${xmlElement('value', property.value)}</property>`);
  return (
    `<userVO>${xmlElement('key', user.key)}${xmlElement('login', user.login)}${xmlElement('externalId', user.externalId)}` +
    `${xmlElement('firstName', user.firstName)}${xmlElement('lastName', user.lastName)}${xmlElement('email', user.email)}${xmlElement('portrait', user.portrait)}` +
    `${properties.length ? `<properties>${properties.join('')}</properties>` : '<properties/>'}</userVO>`
  );
}

/** MikroORM's `em.count(Identity, { id })`: requireIdentity of src/users/repository.ts. */
export const IDENTITY_EXISTS = 'select count(*) as "count" from "identity" as "i0" where "i0"."id" = $1';

/** The gateway's SQL with `?` placeholders (src/db/sql.ts) numbered for pg, so that both sides send the same statement. */
export const numbered = (text: string): string => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

const statementNames = new Map<string, string>();
/**
 * The statement as a named one: pg prepares it once per connection and later runs skip parsing and
 * planning, as the gateway's raw statements do (src/db/sql.ts).
 */
export function prepared(text: string, values: unknown[]) {
  let name = statementNames.get(text);
  if (name === undefined) statementNames.set(text, (name = `bl${statementNames.size + 1}`));
  return { name, text, values };
}

export const pagedAccept = (req: http.IncomingMessage) => /pagingspec=1\.0/.test((req.headers.accept ?? '').replace(/\s/g, ''));

export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

const TOKEN_OWNER = `select a.identity_id as "key", i.login from authentication a join identity i on i.id = a.identity_id where a.provider = 'REST' and a.credential = $1`;
/** Token hash → identity. The gateway keeps its principals in memory too (src/auth/principal-cache.ts); neither side asks twice. */
const tokenOwners = new Map<string, CallerIdentity>();

export interface CallerIdentity {
  key: number;
  login: string;
}

/** The caller from X-SERVICE-TOKEN (one statement the first time a token is seen), else 401. */
export async function callerIdentity(pool: Pool, req: http.IncomingMessage): Promise<CallerIdentity> {
  const token = req.headers['x-service-token'];
  if (typeof token !== 'string') throw new HttpError(401, 'no token');
  const hash = sha256(token);
  let owner = tokenOwners.get(hash);
  if (owner === undefined) {
    const { rows } = await pool.query<CallerIdentity>(TOKEN_OWNER, [hash]);
    if (!rows[0]) throw new HttpError(401, 'unknown token');
    tokenOwners.set(hash, (owner = rows[0]));
  }
  return owner;
}

/** The caller's identity key from X-SERVICE-TOKEN, else 401. */
export const caller = async (pool: Pool, req: http.IncomingMessage): Promise<number> => (await callerIdentity(pool, req)).key;

/** What a write's audit row names: the operation (the GraphQL field), the object and the operation's arguments. */
export interface AuditedWrite {
  operation: string;
  objectType: string;
  objectKey: string | null;
  args: Record<string, unknown>;
}

/** The gateway's audit row of a REST write (src/audit/audit-log.ts), in the write's transaction as the gateway writes it. */
export async function writeAuditRow(client: PoolClient, req: http.IncomingMessage, who: CallerIdentity, write: AuditedWrite): Promise<void> {
  await client.query(numbered(INSERT_AUDIT_ROW), [
    who.key,
    who.login,
    null,
    req.socket.remoteAddress?.slice(0, 64) ?? null,
    'rest',
    write.operation,
    write.objectType,
    write.objectKey,
    JSON.stringify(maskSecrets(write.args)),
  ]);
}

/** Whether the person holds one of `roles` in the organisation (src/domain/scope.ts holdsRoleIn), prepared as the gateway's statements outside transactions. */
export async function holdsRoleIn(pool: Pool | PoolClient, who: CallerIdentity, organisationKey: number, roles: readonly string[], prepare = true) {
  const text = numbered(ROLE_IN_ORGANISATION(roles));
  const values = [organisationKey, who.key, ...roles];
  return (await pool.query(prepare ? prepared(text, values) : { text, values })).rows.length > 0;
}

/** Answers 200 without a body, as the gateway answers its member and event writes. */
export const ok = (res: http.ServerResponse) => void res.writeHead(200, { 'Content-Length': 0 }).end();

/** One route of the baseline: `path` is matched against the path without the query. */
export interface BaselineRoute {
  method: string;
  path: RegExp;
  handle: (request: BaselineRequest) => Promise<void>;
}

export interface BaselineRequest {
  pool: Pool;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  /** The path's captures. */
  match: RegExpExecArray;
  query: URLSearchParams;
}
