import type { EntityManager } from '@mikro-orm/postgresql';
import { placeholders, sql } from '../db/sql';

/** What is known of a stored file without reading its bytes. */
export interface StoredFileInfo {
  path: string;
  contentType: string;
  /** Length in bytes. */
  size: number;
  lastModified: Date;
}

export interface StoredFileContent extends StoredFileInfo {
  content: Buffer;
}

/**
 * Where files live (portraits, and later course archives and pages): addressed by a path like
 * `users/42/portrait/big`. Instances keep no files themselves, so any of them answers any request;
 * an object store can take the place of the PostgreSQL implementation behind this interface.
 */
export interface FileStorage {
  /** Stores the file under `path`, replacing what was there. */
  put(path: string, content: Buffer, contentType: string): Promise<StoredFileInfo>;
  stat(path: string): Promise<StoredFileInfo | null>;
  get(path: string): Promise<StoredFileContent | null>;
  /** The files at these paths, those that exist, in one read. */
  getMany(paths: readonly string[]): Promise<StoredFileContent[]>;
  /** Removes the files at these paths; answers how many there were. */
  delete(paths: readonly string[]): Promise<number>;
}

const INFO_COLUMNS = 'path, content_type as "contentType", size, last_modified as "lastModified"';

/** Files in the `stored_file` table, written within the transaction of `em` when it has one. */
class PostgresFileStorage implements FileStorage {
  constructor(private readonly em: EntityManager) {}

  async put(path: string, content: Buffer, contentType: string): Promise<StoredFileInfo> {
    const [info] = await sql<StoredFileInfo>(
      this.em,
      `insert into stored_file (path, content_type, size, content) values (?, ?, ?, ?)
       on conflict (path) do update set content_type = excluded.content_type, size = excluded.size, content = excluded.content, last_modified = now()
       returning ${INFO_COLUMNS}`,
      [path, contentType, content.length, content],
    );
    return info;
  }

  async stat(path: string): Promise<StoredFileInfo | null> {
    const [info] = await sql<StoredFileInfo>(this.em, `select ${INFO_COLUMNS} from stored_file where path = ?`, [path]);
    return info ?? null;
  }

  async get(path: string): Promise<StoredFileContent | null> {
    const [file] = await sql<StoredFileContent>(this.em, `select ${INFO_COLUMNS}, content from stored_file where path = ?`, [path]);
    return file ?? null;
  }

  async getMany(paths: readonly string[]): Promise<StoredFileContent[]> {
    if (!paths.length) return [];
    return sql<StoredFileContent>(this.em, `select ${INFO_COLUMNS}, content from stored_file where path in (${placeholders(paths)})`, [...paths]);
  }

  async delete(paths: readonly string[]): Promise<number> {
    if (!paths.length) return 0;
    const deleted = await sql(this.em, `delete from stored_file where path in (${placeholders(paths)}) returning id`, [...paths]);
    return deleted.length;
  }
}

export const fileStorage = (em: EntityManager): FileStorage => new PostgresFileStorage(em);
