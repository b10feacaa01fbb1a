import { Entity, Index, ManyToOne, PrimaryKeyProp, Property, Unique } from '@mikro-orm/core';
import { BaseEntity, LongKey, Varchar } from './base';

/**
 * A file of the PostgreSQL file storage (src/files/storage.ts): its bytes under a path such as
 * `users/42/portrait/big`, read and replaced through the unique index on the path.
 */
@Entity({ tableName: 'stored_file' })
@LongKey()
@Index({
  name: 'stored_file_path_prefix_index',
  expression: 'create index "stored_file_path_prefix_index" on "stored_file" ("path" text_pattern_ops)',
})
export class StoredFile extends BaseEntity {
  @Property({ type: 'text' })
  @Unique()
  path!: string;

  @Varchar() contentType!: string;
  @Property({ type: 'integer' }) size!: number;

  /** The bytes of a file stored whole; empty for a file stored in chunks (`chunked`). */
  @Property({ type: 'blob', lazy: true }) content!: Buffer;

  /** The bytes are in `stored_file_chunk` rows (files written as streams), read in their order. */
  @Property({ type: 'boolean', default: false }) chunked: boolean = false;
}

/** A piece (about 256 KiB) of a file written as a stream: read in `seq` order a few at a time. */
@Entity({ tableName: 'stored_file_chunk' })
export class StoredFileChunk {
  [PrimaryKeyProp]?: ['file', 'seq'];

  @ManyToOne(() => StoredFile, { primary: true, deleteRule: 'cascade' }) file!: StoredFile;
  @Property({ type: 'integer', primary: true }) seq!: number;
  @Property({ type: 'blob' }) data!: Buffer;
}

export const fileEntities = [StoredFile, StoredFileChunk];
