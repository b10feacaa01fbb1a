import { Entity, OptionalProps, Index, PrimaryKey, Property } from '@mikro-orm/core';

/** User status values of OpenOLAT's Identity (catalogue 5.3). */
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
export class Identity {
  [OptionalProps]?: 'status' | 'properties' | 'creationDate';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 128 })
  login!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  @Index()
  externalId?: string | null;

  @Property({ type: 'string', length: 255 })
  firstName!: string;

  @Property({ type: 'string', length: 255 })
  lastName!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  email?: string | null;

  @Property({ type: 'integer', default: UserStatus.active })
  status: number = UserStatus.active;

  @Property({ type: 'json', default: '{}' })
  properties: Record<string, string> = {};

  @Property({ type: 'string', length: 16, nullable: true })
  language?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  creationDate: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  lastLogin?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  expirationDate?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  inactivationDate?: Date | null;
}
