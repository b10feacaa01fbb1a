import { Entity, OptionalProps, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Identity } from './identity';

/** A login session shared by all instances; the id is the SHA-256 of the cookie value. */
@Entity({ tableName: 'http_session' })
export class HttpSession {
  [OptionalProps]?: 'creationDate';

  @PrimaryKey({ type: 'string', length: 64 })
  id!: string;

  @ManyToOne(() => Identity, { deleteRule: 'cascade', index: true })
  identity!: Identity;

  /** How the session was opened: the provider of the credential that logged in. */
  @Property({ type: 'string', length: 32 })
  provider!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  creationDate: Date = new Date();

  @Property({ type: 'datetime', index: true })
  expiresAt!: Date;
}
