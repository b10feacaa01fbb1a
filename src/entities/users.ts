import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { BaseEntity, Nullable, Varchar } from './base';

/** OpenOLAT's user status values (catalogue 5.3): below `visibleLimit` a user can log in and is listed. */
export const UserStatus = {
  permanent: 1,
  active: 2,
  visibleLimit: 100,
  loginDenied: 101,
  pending: 102,
  inactive: 103,
  deleted: 199,
} as const;

@Entity({ tableName: 'identity' })
@Index({ name: 'identity_login_lower_uq', expression: 'create unique index identity_login_lower_uq on identity (lower(login))' })
@Index({ name: 'identity_email_lower_index', expression: 'create index identity_email_lower_index on identity (lower(email))' })
@Index({ name: 'identity_login_trgm_index', expression: 'create index identity_login_trgm_index on identity using gin (login gin_trgm_ops)' })
@Index({ name: 'identity_first_name_trgm_index', expression: 'create index identity_first_name_trgm_index on identity using gin (first_name gin_trgm_ops)' })
@Index({ name: 'identity_last_name_trgm_index', expression: 'create index identity_last_name_trgm_index on identity using gin (last_name gin_trgm_ops)' })
@Index({ name: 'identity_email_trgm_index', expression: 'create index identity_email_trgm_index on identity using gin (email gin_trgm_ops)' })
export class Identity extends BaseEntity<'status' | 'properties'> {
  @Varchar(128) login!: string;

  @Nullable('string')
  @Index()
  externalId?: string | null;

  @Varchar() firstName!: string;
  @Varchar() lastName!: string;
  @Nullable('string') email?: string | null;
  @Property({ type: 'integer', default: UserStatus.active }) status: number = UserStatus.active;
  @Property({ type: 'json', default: '{}' }) properties: Record<string, string> = {};
  @Nullable('string', 16) language?: string | null;
  @Nullable('datetime') lastLogin?: Date | null;
  @Nullable('datetime') expirationDate?: Date | null;
  @Nullable('datetime') inactivationDate?: Date | null;
}

/** The authentication providers the gateway itself knows (AuthenticationVO.provider, catalogue 3.1). */
export const Provider = {
  password: 'OLAT',
  token: 'REST',
  apiKey: 'API-Key',
} as const;

/** A login session shared by all instances; the id is the SHA-256 of the cookie value. */
@Entity({ tableName: 'http_session' })
export class HttpSession {
  [OptionalProps]?: 'creationDate';

  @PrimaryKey({ type: 'string', length: 64 }) id!: string;
  @ManyToOne(() => Identity, { deleteRule: 'cascade', index: true }) identity!: Identity;

  /** How the session was opened: the provider of the credential that logged in. */
  @Varchar(32) provider!: string;
  @Property({ type: 'datetime', defaultRaw: 'now()' }) creationDate: Date = new Date();
  @Property({ type: 'datetime', index: true }) expiresAt!: Date;
}

export const userEntities = [Identity, HttpSession];
