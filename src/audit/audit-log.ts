import { getNamedType, isObjectType, type GraphQLFieldConfig, type GraphQLOutputType } from 'graphql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { objectOfArguments, objectOfResult, organisationsOf, type WriteObject } from '../changes/objects';
import { appendChange } from '../changes/repository';
import { changeTypeOf } from '../changes/types';
import { sql } from '../db/sql';
import type { RequestContext } from '../domain/context';
import { jsonEncoder } from '../rest/wire';

const SECRET = /password|credential|secret|token/i;

/** Arguments as the audit keeps them: secrets replaced, wherever they are nested; file contents by their length. */
export function maskSecrets(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return `${value.length} bytes`;
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, SECRET.test(name) && inner != null ? '***' : maskSecrets(inner)]));
  }
  return value;
}

/** The audit row a mutation owes until it is written: in the mutation's transaction if it opens one, else after it. */
export interface PendingAudit {
  operation: string;
  args: Record<string, unknown>;
  resultTypeName: string | undefined;
  /** The mutation's GraphQL type: its event carries the result's REST JSON representation (the command line has none: keys only). */
  resultType?: GraphQLOutputType;
  written: boolean;
  /** The object its arguments name, read before the write (null: its result names it); absent: read with the write. */
  object?: WriteObject | null;
  /** A deletion's: the organisations its object belonged to before the write. */
  organisationKeys?: string[] | null;
}

/** Verbs of an event whose object (or a part of it) is gone: it records where the object belonged (src/changes/objects.ts). */
const DELETION = /\.deleted$/;

/** Names the object of the pending write before it runs, and where a deletion's object belongs while it is still there. */
export async function nameWriteObject(em: EntityManager, pending: PendingAudit): Promise<void> {
  pending.object = await objectOfArguments(em, pending.operation, pending.args, pending.resultTypeName);
  const type = changeTypeOf(pending.operation);
  if (pending.object && type && DELETION.test(type)) pending.organisationKeys = await organisationsOf(em, pending.object);
}

/** The audit row of one write (`?` placeholders, in the order recordWrite passes them). */
export const INSERT_AUDIT_ROW = `insert into audit_log (identity_key, identity_login, api_key_id, client_address, transport, operation, object_type, object_key, changes)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** Verbs whose event carries the object's keys only: the object is gone, or no longer where it was. */
const GONE = /\.(deleted|removed|unlinked|unmarked)$/;

/** The change event of a write (src/changes): its type, keys, and the object as its REST JSON representation. */
async function recordChange(em: EntityManager, ctx: RequestContext, pending: PendingAudit, result: unknown, object: WriteObject) {
  const type = changeTypeOf(pending.operation);
  // A write that answers false changed nothing (the member was there already, as REST's 304 says).
  if (!type || result === false) return;
  const keys: Record<string, string> = {};
  for (const [name, value] of Object.entries(pending.args)) if (name.endsWith('Key') && value != null && typeof value !== 'object') keys[name] = String(value);
  const { resultType } = pending;
  const representation =
    resultType && isObjectType(getNamedType(resultType)) && result != null && !GONE.test(type)
      ? (maskSecrets(JSON.parse(jsonEncoder(resultType)(result))) as Record<string, unknown>)
      : null;
  const externalId = (representation as { externalId?: unknown } | null)?.externalId;
  await appendChange(em, {
    type,
    objectType: object.type,
    objectKey: object.key != null && /^\d+$/.test(object.key) ? object.key : null,
    externalId: typeof externalId === 'string' ? externalId : null,
    keys,
    identityKey: ctx.caller?.key ?? null,
    object: representation,
    organisationKeys: pending.organisationKeys ?? null,
  });
}

async function recordWrite(em: EntityManager, ctx: RequestContext, pending: PendingAudit, result: unknown): Promise<void> {
  const { operation, args, resultTypeName } = pending;
  if (pending.object === undefined) await nameWriteObject(em, pending);
  const object = pending.object ?? objectOfResult(resultTypeName, result);
  pending.written = true;
  await recordChange(em, ctx, pending, result, object);
  await sql(em, INSERT_AUDIT_ROW, [
    ctx.caller?.key ?? null,
    ctx.caller?.login ?? null,
    ctx.caller?.apiKeyId ?? null,
    ctx.clientAddress?.slice(0, 64) ?? null,
    ctx.transport,
    operation,
    object.type,
    object.key,
    JSON.stringify(maskSecrets(args)),
  ]);
}

/**
 * Names the object a creation made, in its transaction, where the transaction answers less than the object (its key
 * in another key space): the event and audit row carry it. A mutation whose arguments name its object keeps that one.
 */
export function nameCreatedObject(ctx: RequestContext, object: WriteObject): void {
  if (ctx.pendingAudit?.object === null) ctx.pendingAudit.object = object;
}

/**
 * A write's transaction: the audit row and the change event of the mutation it serves are inserted before the
 * commit, so the write, its audit row and its event are kept or lost together (and cost one commit).
 */
export function inTransaction<T>(ctx: RequestContext, work: (em: EntityManager) => Promise<T>): Promise<T> {
  return ctx.em.transactional(async (em) => {
    const result = await work(em);
    if (ctx.pendingAudit && !ctx.pendingAudit.written) await recordWrite(em, ctx, ctx.pendingAudit, result);
    return result;
  });
}

/** Wraps a mutation so that each successful call leaves one audit row (who, when, what, which object, which fields). */
export function withAudit(
  fieldName: string,
  field: GraphQLFieldConfig<unknown, RequestContext>,
  log = console.error,
): GraphQLFieldConfig<unknown, RequestContext> {
  const resolve = field.resolve!;
  const named = getNamedType(field.type);
  const resultTypeName = isObjectType(named) ? named.name : undefined;
  return {
    ...field,
    async resolve(source, args, ctx, info) {
      const pending: PendingAudit = { operation: fieldName, args, resultTypeName, resultType: field.type, written: false };
      ctx.pendingAudit = pending;
      try {
        await nameWriteObject(ctx.em, pending);
        const result = await resolve(source, args, ctx, info);
        if (!pending.written) await recordWrite(ctx.em, ctx, pending, result).catch(log);
        return result;
      } finally {
        ctx.pendingAudit = undefined;
      }
    },
  };
}

export async function purgeAuditLog(em: EntityManager, retentionDays: number): Promise<void> {
  await sql(em, `delete from audit_log where at < now() - make_interval(days => ?)`, [retentionDays]);
}
