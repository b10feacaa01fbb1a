import { Entity, Index, ManyToOne, Property, type Rel, Unique } from '@mikro-orm/core';
import { BaseEntity } from './base';
import type { Organisation } from './organisations';
import { Identity } from './users';

/**
 * One credential of an identity. For the REST token the credential is the SHA-256 of the token,
 * for passwords a bcrypt hash; the plain secret is never stored.
 */
@Entity({ tableName: 'authentication' })
@Unique({ properties: ['provider', 'authUsername'] })
@Index({ properties: ['provider', 'credential'] })
@Index({
  name: 'authentication_single_provider_uq',
  expression: `create unique index authentication_single_provider_uq on authentication (identity_id, provider) where provider in ('OLAT', 'REST')`,
})
export class Authentication extends BaseEntity {
  @ManyToOne(() => Identity, { deleteRule: 'cascade', index: true })
  identity!: Identity;

  @Property({ type: 'string', length: 32 })
  provider!: string;

  @Property({ type: 'string', length: 255 })
  authUsername!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  credential?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  externalId?: string | null;

  /** For REST tokens: the provider of the login that issued the token (OLAT or API-Key). */
  @Property({ type: 'string', length: 32, nullable: true })
  origin?: string | null;

  @Property({ type: 'datetime', nullable: true })
  lastUsage?: Date | null;

  /** For API keys: the organisation the key acts within (src/domain/bound.ts); deleting it deletes the key. */
  @ManyToOne({ entity: 'Organisation', nullable: true, deleteRule: 'cascade', index: true })
  organisation?: Rel<Organisation> | null;
}

export const authenticationEntities = [Authentication];
