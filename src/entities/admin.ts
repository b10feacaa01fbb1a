import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/** One write through either transport: who, when, what, on which object, which fields (secrets masked). */
@Entity({ tableName: 'audit_log' })
export class AuditLogEntry {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  @Index()
  at: Date = new Date();

  /** No foreign key: the row outlives the identity. */
  @Property({ type: 'integer', nullable: true })
  @Index()
  identityKey?: number | null;

  @Property({ type: 'string', length: 128, nullable: true })
  identityLogin?: string | null;

  @Property({ type: 'integer', nullable: true })
  apiKeyId?: number | null;

  /** The client's address, through trusted proxies (`TRUST_PROXY`). */
  @Property({ type: 'string', length: 64, nullable: true })
  clientAddress?: string | null;

  @Property({ type: 'string', length: 16 })
  transport!: string;

  @Property({ type: 'string', length: 128 })
  operation!: string;

  @Property({ type: 'string', length: 64, nullable: true })
  objectType?: string | null;

  @Property({ type: 'string', length: 64, nullable: true })
  objectKey?: string | null;

  @Property({ type: 'json', nullable: true })
  changes?: Record<string, unknown> | null;
}

/** An administrator's switch, shared by every instance (see src/settings). */
@Entity({ tableName: 'app_setting' })
export class AppSetting {
  @PrimaryKey({ type: 'string', length: 64 })
  key!: string;

  @Property({ type: 'string', length: 255 })
  value!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}

export const adminEntities = [AuditLogEntry, AppSetting];
