import { createHash } from 'node:crypto';
import type http from 'node:http';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool, PoolClient } from 'pg';
import { useReadPool } from '../../../src/db/sql';
import type { Caller, RoleGrant } from '../../../src/domain/context';
import { BATCH_SIZE, type Range } from '../../../src/domain/lists';
import { INSERT_AUDIT_ROW, maskSecrets } from '../../../src/audit/audit-log';
import { appendChanges } from '../../../src/changes/repository';
import { changeTypeOf } from '../../../src/changes/types';
import { managedEntryKeys } from '../../../src/courses/repository';
import { holdsRoleIn as holdsRoleInOrganisation } from '../../../src/domain/scope';
import { DEFAULT_ORGANISATION_IDENTIFIER, SUBTREE_INHERITANCE, type OrganisationRole } from '../../../src/domain/roles';
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

const escapeText = (value: string) => (/[&<>]/.test(value) ? value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : value);
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

const readers = new WeakMap<Pool | PoolClient, EntityManager>();
/**
 * The pool in the shape src/db/sql.ts's `sql()` takes for an entity manager outside a transaction,
 * and nothing more: the gateway's repository functions that build and send raw statements run on it
 * unchanged, so both sides send the same text, named (prepared) as the gateway names it. A transaction's
 * client sends them unnamed, as the gateway's ORM connection does inside its transactions. Only for
 * functions that go through `sql()` (MikroORM's em.find/count would fail on it).
 */
export function readerOf(pool: Pool | PoolClient): EntityManager {
  let reader = readers.get(pool);
  if (!reader) {
    const connection = {};
    reader = { isInTransaction: () => false, getConnection: () => connection } as unknown as EntityManager;
    useReadPool(reader, pool as Pool, !('release' in pool));
    readers.set(pool, reader);
  }
  return reader;
}

/** Epoch milliseconds, as the gateway's DateTime scalar writes a point in time. */
export const epoch = (date: Date | null) => (date === null ? null : date.getTime());

/** How a streamed list is written: each row as JSON, or as XML elements inside `<{root}s>` (JAXB's list wrapper). */
export type ListFormat<T> = { json: (row: T) => string } | { xmlRoot: string; xml: (row: T) => string };

/**
 * A key-ordered list read range by range (src/domain/lists.ts inRanges, ranges of BATCH_SIZE) and
 * written as the ranges come, as the gateway streams a REST list (src/rest/respond.ts sendStream),
 * waiting while the client is slow to read.
 */
export async function streamList<T>(
  res: http.ServerResponse,
  read: (range: Range) => Promise<T[]>,
  keyOf: (row: T) => number,
  format: ListFormat<T>,
): Promise<void> {
  const xml = 'xml' in format ? format : null;
  res.writeHead(200, { 'Content-Type': xml ? XML_TYPE : JSON_TYPE });
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = await read({ after, size: BATCH_SIZE });
    if (res.destroyed) return;
    if (rows.length) {
      const chunk = xml
        ? (count ? '' : `${XML_PROLOG}<${xml.xmlRoot}s>`) + rows.map(xml.xml).join('')
        : (count ? ',' : '[') + rows.map((format as { json: (row: T) => string }).json).join(',');
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
      count += rows.length;
      after = keyOf(rows[rows.length - 1]);
    }
    if (rows.length < BATCH_SIZE) break;
  }
  if (xml) res.end(count ? `</${xml.xmlRoot}s>` : `${XML_PROLOG}<${xml.xmlRoot}s/>`);
  else res.end(count ? ']' : '[]');
}

export const pagedAccept = (req: http.IncomingMessage) => /pagingspec=1\.0/.test((req.headers.accept ?? '').replace(/\s/g, ''));

export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

const TOKEN_OWNER = `select a.identity_id as "key", i.login from authentication a join identity i on i.id = a.identity_id where a.provider = 'REST' and a.credential = $1`;
/** The person's memberships as the gateway's principal reads them (src/auth/principal.ts): organisation, role, and whether it holds everywhere. */
const GRANTS_OF = `select r.organisation_id as "organisationKey", r.role,
    r.inheritance in (${SUBTREE_INHERITANCE.map((mode) => `'${mode}'`).join(', ')}) and o.identifier = '${DEFAULT_ORGANISATION_IDENTIFIER}' as everywhere
  from organisation_role r join organisation o on o.id = r.organisation_id where r.identity_id = $1`;

export interface BaselineCaller {
  key: number;
  login: string;
  /** The roles the person holds in any organisation. */
  roles: string[];
  /** Where the person holds them (the gateway's RoleGrant). */
  grants: RoleGrant[];
}

/** Token hash → the caller. The gateway keeps its principals in memory too (src/auth/principal-cache.ts): neither side asks twice. */
const callers = new Map<string, BaselineCaller>();

/** The caller from X-SERVICE-TOKEN (two statements the first time a token is seen), else 401. */
export async function caller(pool: Pool, req: http.IncomingMessage): Promise<BaselineCaller> {
  const token = req.headers['x-service-token'];
  if (typeof token !== 'string') throw new HttpError(401, 'no token');
  const hash = sha256(token);
  let known = callers.get(hash);
  if (known === undefined) {
    const [owner] = (await pool.query<{ key: number; login: string }>(TOKEN_OWNER, [hash])).rows;
    if (!owner) throw new HttpError(401, 'unknown token');
    const grants = (await pool.query<RoleGrant>(GRANTS_OF, [owner.key])).rows;
    callers.set(hash, (known = { ...owner, roles: [...new Set(grants.map((grant) => grant.role))], grants }));
  }
  return known;
}

/** Whether the caller holds one of the roles in some organisation (hasAnyRole of src/domain/context.ts, from the same cache-held roles). */
export const holdsAnyRole = (who: BaselineCaller, roles: readonly string[]) => who.roles.some((role) => roles.includes(role));

/** The caller as the gateway's policies take it: its key and its grants. */
export const asCaller = (who: BaselineCaller): Caller => ({ key: who.key, login: who.login, grants: who.grants, provider: 'REST' });

/** Whether the person manages the entry (src/access/manage.ts, its one statement). */
export const managesEntry = async (pool: Pool, who: BaselineCaller, entryKey: number) =>
  (await managedEntryKeys(readerOf(pool), asCaller(who), [entryKey])).length > 0;

/** What a write's audit row names: the operation (the GraphQL field), the object and the operation's arguments. */
export interface AuditedWrite {
  operation: string;
  objectType: string;
  objectKey: string | null;
  args: Record<string, unknown>;
}

/**
 * The gateway's change event and audit row of a REST write (src/audit/audit-log.ts), in the write's transaction as the
 * gateway writes them: the event of the operation with the keys among its arguments and `object`, the write's answer
 * (none when it answers no object), then the audit row.
 */
export async function recordWrite(
  client: PoolClient,
  req: http.IncomingMessage,
  who: BaselineCaller,
  write: AuditedWrite,
  object: unknown = null,
): Promise<void> {
  const keys = Object.entries(write.args).filter(([name, value]) => name.endsWith('Key') && value != null && typeof value !== 'object');
  const { externalId } = (object ?? {}) as { externalId?: unknown };
  await appendChanges(readerOf(client), [
    {
      type: changeTypeOf(write.operation)!,
      objectType: write.objectType,
      objectKey: write.objectKey,
      externalId: typeof externalId === 'string' ? externalId : null,
      keys: Object.fromEntries(keys.map(([name, value]) => [name, String(value)])),
      identityKey: who.key,
      object,
      organisationKeys: null,
    },
  ]);
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

/** Whether the person holds one of `roles` in the organisation: the gateway's own question (src/domain/scope.ts), from its grants or with its statement. */
export const holdsRoleIn = (pool: Pool | PoolClient, who: BaselineCaller, organisationKey: number, roles: readonly OrganisationRole[]) =>
  holdsRoleInOrganisation(readerOf(pool), asCaller(who), organisationKey, roles);

/** Answers 200 without a body, as the gateway answers its member and event writes. */
export const ok = (res: http.ServerResponse) => void res.writeHead(200, { 'Content-Length': 0 }).end();

/** One route of the baseline: `path` is matched against the path without the query. */
export interface BaselineRoute {
  method: string;
  path: RegExp;
  /** Whether this route takes the request (others may share its path), when not every request on the path. */
  when?: (query: URLSearchParams, req: http.IncomingMessage) => boolean;
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
