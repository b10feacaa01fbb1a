import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Nullable, Varchar } from './base';

/** One write through either transport: who, when, what, on which object, which fields (secrets masked). */
@Entity({ tableName: 'audit_log' })
export class AuditLogEntry {
  @PrimaryKey({ type: 'bigint', autoincrement: true }) id!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  @Index()
  at: Date = new Date();

  /** No foreign key: the row outlives the identity. */
  @Nullable('integer')
  @Index()
  identityKey?: number | null;

  @Nullable('string', 128) identityLogin?: string | null;
  @Nullable('integer') apiKeyId?: number | null;

  /** The client's address, through trusted proxies (`TRUST_PROXY`). */
  @Nullable('string', 64) clientAddress?: string | null;
  @Varchar(16) transport!: string;
  @Varchar(128) operation!: string;
  @Nullable('string', 64) objectType?: string | null;
  @Nullable('string', 64) objectKey?: string | null;
  @Nullable('json') changes?: Record<string, unknown> | null;
}

/** An administrator's switch, shared by every instance (see src/settings). */
@Entity({ tableName: 'app_setting' })
export class AppSetting {
  @PrimaryKey({ type: 'string', length: 64 }) key!: string;
  @Varchar() value!: string;
  @Property({ type: 'datetime', defaultRaw: 'now()' }) updatedAt: Date = new Date();
}

export const adminEntities = [AuditLogEntry, AppSetting];
