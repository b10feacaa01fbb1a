import { getNamedType, isObjectType, type GraphQLFieldConfig, type GraphQLOutputType } from 'graphql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { objectOfArguments, objectOfResult, organisationsOf, type WriteObject } from '../changes/objects';
import { appendChanges, type NewChange } from '../changes/repository';
import { changeTypeOf } from '../changes/types';
import { sql } from '../db/sql';
import type { RequestContext } from '../domain/context';
import type { PendingAudit } from './pending';
import { wireValue } from '../rest/wire';
import { transaction } from '../db/transaction';

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

/** Verbs of an event whose object (or a part of it) is gone: it records where the object belonged (src/changes/objects.ts). */
const DELETION = /\.deleted$/;

/** Names the object of the pending write before it runs, and where a deletion's object belongs while it is still there. */
export async function nameWriteObject(em: EntityManager, pending: PendingAudit): Promise<void> {
  pending.object = await objectOfArguments(em, pending.operation, pending.args, pending.resultTypeName);
  const type = changeTypeOf(pending.operation);
  if (pending.object && type && DELETION.test(type)) pending.organisationKeys = await organisationsOf(em, pending.object);
}

/**
 * The audit row of one write (`?` placeholders, in the order recordWrite passes them); it answers whether the write's
 * transaction changed a principal (migration principal_change_flag).
 */
export const INSERT_AUDIT_ROW = `insert into audit_log (identity_key, identity_login, api_key_id, client_address, transport, operation, object_type, object_key, changes)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning coalesce(current_setting('gateway.principals_changed', true), '') = 'on' as "principalsChanged"`;

/** The audit rows of a set of writes: one parameter, a JSON array of rows in INSERT_AUDIT_ROW's order. */
const INSERT_AUDIT_ROWS = `insert into audit_log (identity_key, identity_login, api_key_id, client_address, transport, operation, object_type, object_key, changes)
     select (r->>0)::int, r->>1, (r->>2)::int, r->>3, r->>4, r->>5, r->>6, r->>7, (r->>8)::jsonb from json_array_elements(?::json) r`;

/** Verbs whose event carries the object's keys only: the object is gone, or no longer where it was. */
const GONE = /\.(deleted|removed|unlinked|unmarked)$/;

/** The change event of a write (src/changes): its type, keys, and the object as its REST JSON representation; none for a write that changed nothing. */
function changeOf(ctx: RequestContext, pending: PendingAudit, result: unknown, object: WriteObject): NewChange | null {
  const type = changeTypeOf(pending.operation);
  // A write that answers false changed nothing (the member was there already, as REST's 304 says).
  if (!type || result === false) return null;
  const keys: Record<string, string> = {};
  for (const [name, value] of Object.entries(pending.args)) if (name.endsWith('Key') && value != null && typeof value !== 'object') keys[name] = String(value);
  const { resultType } = pending;
  const representation =
    resultType && isObjectType(getNamedType(resultType)) && typeof result === 'object' && result !== null && !GONE.test(type)
      ? (maskSecrets(wireValue(resultType)(result)) as Record<string, unknown>)
      : null;
  const externalId = (representation as { externalId?: unknown } | null)?.externalId;
  return {
    type,
    objectType: object.type,
    objectKey: object.key != null && /^\d+$/.test(object.key) ? object.key : null,
    externalId: typeof externalId === 'string' ? externalId : null,
    keys,
    identityKey: ctx.caller?.key ?? null,
    object: representation,
    organisationKeys: pending.organisationKeys ?? null,
  };
}

/** The audit row of a write, in INSERT_AUDIT_ROW's order: who, from where, which operation on which object, its arguments with secrets masked. */
const auditRowOf = (ctx: RequestContext, operation: string, args: Record<string, unknown>, object: WriteObject) => [
  ctx.caller?.key ?? null,
  ctx.caller?.login ?? null,
  ctx.caller?.apiKeyId ?? null,
  ctx.clientAddress?.slice(0, 64) ?? null,
  ctx.transport,
  operation,
  object.type,
  object.key,
  JSON.stringify(maskSecrets(args)),
];

async function recordWrite(em: EntityManager, ctx: RequestContext, pending: PendingAudit, result: unknown): Promise<void> {
  if (pending.object === undefined) await nameWriteObject(em, pending);
  const object = pending.object ?? objectOfResult(pending.resultTypeName, result);
  pending.written = true;
  const change = changeOf(ctx, pending, result, object);
  if (change) await appendChanges(em, [change]);
  const [{ principalsChanged }] = await sql<{ principalsChanged: boolean }>(em, INSERT_AUDIT_ROW, auditRowOf(ctx, pending.operation, pending.args, object));
  // Outside the write's transaction the flag tells nothing about the write.
  if (em.isInTransaction()) ctx.principalsUnchanged = !principalsChanged;
}

/** One object of writes done for a set of objects at once: its arguments, the object they name, the write's result. */
export interface SetWrite {
  args: Record<string, unknown>;
  object: WriteObject;
  result: unknown;
}

/**
 * The change events and audit rows of one operation done for a set of objects at once (a sync's set writes): one of
 * each per object, as the writes sent one by one leave them, in two statements whatever their number.
 */
export async function recordSetWrites(
  em: EntityManager,
  ctx: RequestContext,
  operation: string,
  resultType: GraphQLOutputType | undefined,
  writes: readonly SetWrite[],
): Promise<void> {
  if (!writes.length) return;
  const changes = writes.flatMap(
    ({ args, object, result }) => changeOf(ctx, { operation, args, resultTypeName: undefined, resultType, written: true }, result, object) ?? [],
  );
  await appendChanges(em, changes);
  await sql(em, INSERT_AUDIT_ROWS, [JSON.stringify(writes.map(({ args, object }) => auditRowOf(ctx, operation, args, object)))]);
}

/**
 * Names the object of a write, in its transaction, where neither its arguments nor its answer do: a creation that
 * answers less than the object (its key in another key space), a write whose object came in its body (its key read
 * with the row the write locks). The event and audit row carry it. A mutation whose arguments name its object keeps that one.
 */
export function nameWrittenObject(ctx: RequestContext, object: WriteObject): void {
  const named = ctx.pendingAudit?.object;
  if (ctx.pendingAudit && (!named?.type || (named.type === object.type && named.key === null))) ctx.pendingAudit.object = object;
}

/**
 * A write's transaction: the audit row and the change event of the mutation it serves are inserted before the
 * commit, so the write, its audit row and its event are kept or lost together (and cost one commit).
 */
export function inTransaction<T>(ctx: RequestContext, work: (em: EntityManager) => Promise<T>): Promise<T> {
  return transaction(ctx.em, async (em) => {
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
