import { Entity, Index, ManyToOne, type Rel, Unique } from '@mikro-orm/core';
import { BaseEntity, Nullable, Varchar } from './base';
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
  @ManyToOne(() => Identity, { deleteRule: 'cascade', index: true }) identity!: Identity;
  @Varchar(32) provider!: string;
  @Varchar() authUsername!: string;
  @Nullable('string') credential?: string | null;
  @Nullable('string') externalId?: string | null;

  /** For REST tokens: the provider of the login that issued the token (OLAT or API-Key). */
  @Nullable('string', 32) origin?: string | null;
  @Nullable('datetime') lastUsage?: Date | null;

  /** For API keys: the organisation the key acts within (src/domain/bound.ts); deleting it deletes the key. */
  @ManyToOne({ entity: 'Organisation', nullable: true, deleteRule: 'cascade', index: true }) organisation?: Rel<Organisation> | null;
}

export const authenticationEntities = [Authentication];
