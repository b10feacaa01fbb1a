import { getNamedType, isObjectType, type GraphQLFieldConfig } from 'graphql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import type { RequestContext } from '../domain/context';

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

/**
 * The object a write acted on: a `…Key` argument, preferring the container over the person added
 * to it (groupKey over identityKey), else the key of what it returned. All keys are in the changes.
 */
function objectOf(args: Record<string, unknown>, result: unknown, resultTypeName: string | undefined) {
  const keyArgs = Object.keys(args).filter((name) => name.endsWith('Key') && args[name] != null);
  const keyArg = keyArgs.find((name) => name !== 'identityKey') ?? keyArgs[0];
  if (keyArg) return { type: keyArg === 'identityKey' ? 'user' : keyArg.slice(0, -'Key'.length), key: String(args[keyArg]) };
  const key = (result as { key?: unknown } | null)?.key;
  const type = resultTypeName?.replace(/VO$/, '').replace(/^./, (c) => c.toLowerCase());
  return { type: type ?? null, key: key == null ? null : String(key) };
}

export async function recordWrite(
  ctx: RequestContext,
  operation: string,
  args: Record<string, unknown>,
  object: { type: string | null; key: string | null },
): Promise<void> {
  await sql(
    ctx.em,
    `insert into audit_log (identity_key, identity_login, api_key_id, transport, operation, object_type, object_key, changes)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      ctx.caller?.key ?? null,
      ctx.caller?.login ?? null,
      ctx.caller?.apiKeyId ?? null,
      ctx.transport,
      operation,
      object.type,
      object.key,
      JSON.stringify(maskSecrets(args)),
    ],
  );
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
      const result = await resolve(source, args, ctx, info);
      await recordWrite(ctx, fieldName, args, objectOf(args, result, resultTypeName)).catch(log);
      return result;
    },
  };
}

export async function purgeAuditLog(em: EntityManager, retentionDays: number): Promise<void> {
  await sql(em, `delete from audit_log where at < now() - make_interval(days => ?)`, [retentionDays]);
}
