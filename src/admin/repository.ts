import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import type { AuditLogEntryVO, AuditLogFilter } from '../schema/admin';

/** The newest audit rows that match the filter. */
export async function queryAuditLog(em: EntityManager, filter: AuditLogFilter): Promise<AuditLogEntryVO[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    if (value == null) return;
    where.push(clause);
    params.push(value);
  };
  add('at >= ?', filter.from);
  add('at <= ?', filter.to);
  add('identity_key = ?', filter.identityKey);
  add('operation = ?', filter.operation);
  add('object_type = ?', filter.objectType);
  add('object_key = ?', filter.objectKey);
  const limit = Math.min(Math.max(filter.limit ?? 100, 1), 1000);
  return sql<AuditLogEntryVO>(
    em,
    `select id::int as key, at, identity_key as "identityKey", identity_login as "identityLogin", api_key_id as "apiKeyId", client_address as "clientAddress", transport,
            operation, object_type as "objectType", object_key as "objectKey", changes::text as changes
     from audit_log${where.length ? ` where ${where.join(' and ')}` : ''} order by id desc limit ${limit}`,
    params,
  );
}
