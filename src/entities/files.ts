import { Entity, Property, Unique } from '@mikro-orm/core';
import { BaseEntity, LongKey } from './base';

/**
 * A file of the PostgreSQL file storage (src/files/storage.ts): its bytes under a path such as
 * `users/42/portrait/big`, read and replaced through the unique index on the path.
 */
@Entity({ tableName: 'stored_file' })
@LongKey()
export class StoredFile extends BaseEntity {
  @Property({ type: 'text' })
  @Unique()
  path!: string;

  @Property({ type: 'string', length: 255 })
  contentType!: string;

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: 'blob', lazy: true })
  content!: Buffer;
}

export const fileEntities = [StoredFile];
