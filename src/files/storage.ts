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
  /** Stores what `content` yields under `path` in chunks of about CHUNK_BYTES, never holding more than one chunk. */
  putStream(path: string, content: AsyncIterable<Buffer | string>, contentType: string): Promise<StoredFileInfo>;
  /** The bytes of the file a few chunks at a time; null when there is no file. */
  readStream(path: string): Promise<AsyncIterable<Buffer> | null>;
  /** The files whose path starts with `prefix`, by path. */
  list(prefix: string): Promise<StoredFileInfo[]>;
  /** A copy of the file at another path (replacing what was there); false when there is no file at `from`. */
  copy(from: string, to: string): Promise<boolean>;
  /** Removes every file whose path starts with `prefix` (a course's files when it is deleted); answers how many there were. */
  deleteUnder(prefix: string): Promise<number>;
}

/** The size of the chunks of a file written as a stream. */
export const CHUNK_BYTES = 256 * 1024;
/** How many chunks a streamed read fetches per statement. */
const CHUNKS_PER_READ = 4;

/** A LIKE pattern for paths starting with `prefix`. */
const prefixPattern = (prefix: string) => `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const INFO_COLUMNS = 'path, content_type as "contentType", size, last_modified as "lastModified"';
/** The bytes of `stored_file f`: its content, or its chunks in order. */
const CONTENT = `case when f.chunked then coalesce((select string_agg(c.data, ''::bytea order by c.seq) from stored_file_chunk c where c.file_id = f.id), ''::bytea)
  else f.content end as content`;

/** Files in the `stored_file` table, written within the transaction of `em` when it has one. */
class PostgresFileStorage implements FileStorage {
  constructor(private readonly em: EntityManager) {}

  async put(path: string, content: Buffer, contentType: string): Promise<StoredFileInfo> {
    await this.dropChunks(path);
    const [info] = await sql<StoredFileInfo>(
      this.em,
      `insert into stored_file (path, content_type, size, content) values (?, ?, ?, ?)
       on conflict (path) do update set content_type = excluded.content_type, size = excluded.size, content = excluded.content, chunked = false, last_modified = now()
       returning ${INFO_COLUMNS}`,
      [path, contentType, content.length, content],
    );
    return info;
  }

  /** The chunks of a file written as a stream at `path`, before it is replaced. */
  private async dropChunks(path: string): Promise<void> {
    await sql(this.em, 'delete from stored_file_chunk where file_id in (select id from stored_file where path = ? and chunked)', [path]);
  }

  async putStream(path: string, content: AsyncIterable<Buffer | string>, contentType: string): Promise<StoredFileInfo> {
    await this.dropChunks(path);
    const [{ id }] = await sql<{ id: number }>(
      this.em,
      `insert into stored_file (path, content_type, size, content, chunked) values (?, ?, 0, ''::bytea, true)
       on conflict (path) do update set content_type = excluded.content_type, size = 0, content = ''::bytea, chunked = true, last_modified = now()
       returning id`,
      [path, contentType],
    );
    let seq = 0;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (all: boolean) => {
      while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
        const joined = Buffer.concat(pending);
        const chunk = joined.subarray(0, CHUNK_BYTES);
        const rest = joined.subarray(chunk.length);
        await sql(this.em, 'insert into stored_file_chunk (file_id, seq, data) values (?, ?, ?)', [id, seq++, Buffer.from(chunk)]);
        pending = rest.length ? [Buffer.from(rest)] : [];
        pendingBytes = rest.length;
      }
    };
    for await (const part of content) {
      const bytes = typeof part === 'string' ? Buffer.from(part) : part;
      pending.push(bytes);
      pendingBytes += bytes.length;
      size += bytes.length;
      if (pendingBytes >= CHUNK_BYTES) await flush(false);
    }
    await flush(true);
    const [info] = await sql<StoredFileInfo>(this.em, `update stored_file set size = ? where id = ? returning ${INFO_COLUMNS}`, [size, id]);
    return info;
  }

  async readStream(path: string): Promise<AsyncIterable<Buffer> | null> {
    const [file] = await sql<{ id: number; chunked: boolean }>(this.em, 'select id, chunked from stored_file where path = ?', [path]);
    if (!file) return null;
    const em = this.em;
    if (!file.chunked) {
      return (async function* () {
        const [whole] = await sql<{ content: Buffer }>(em, 'select content from stored_file where id = ?', [file.id]);
        if (whole) yield whole.content;
      })();
    }
    return (async function* () {
      let next = 0;
      for (;;) {
        const chunks = await sql<{ seq: number; data: Buffer }>(
          em,
          'select seq, data from stored_file_chunk where file_id = ? and seq >= ? order by seq limit ?',
          [file.id, next, CHUNKS_PER_READ],
        );
        for (const chunk of chunks) yield chunk.data;
        if (chunks.length < CHUNKS_PER_READ) return;
        next = chunks[chunks.length - 1].seq + 1;
      }
    })();
  }

  async deleteUnder(prefix: string): Promise<number> {
    return (await sql(this.em, 'delete from stored_file where path like ? returning id', [prefixPattern(prefix)])).length;
  }

  list(prefix: string): Promise<StoredFileInfo[]> {
    return sql<StoredFileInfo>(this.em, `select ${INFO_COLUMNS} from stored_file where path like ? order by path`, [prefixPattern(prefix)]);
  }

  async copy(from: string, to: string): Promise<boolean> {
    await this.dropChunks(to);
    const [copied] = await sql<{ id: number; source: number }>(
      this.em,
      `insert into stored_file (path, content_type, size, content, chunked) select ?, content_type, size, content, chunked from stored_file where path = ?
       on conflict (path) do update set content_type = excluded.content_type, size = excluded.size, content = excluded.content, chunked = excluded.chunked,
         last_modified = now()
       returning id, (select id from stored_file where path = ?) as source`,
      [to, from, from],
    );
    if (!copied) return false;
    await sql(this.em, 'insert into stored_file_chunk (file_id, seq, data) select ?, seq, data from stored_file_chunk where file_id = ?', [
      copied.id,
      copied.source,
    ]);
    return true;
  }

  async stat(path: string): Promise<StoredFileInfo | null> {
    const [info] = await sql<StoredFileInfo>(this.em, `select ${INFO_COLUMNS} from stored_file where path = ?`, [path]);
    return info ?? null;
  }

  async get(path: string): Promise<StoredFileContent | null> {
    const [file] = await sql<StoredFileContent>(this.em, `select ${INFO_COLUMNS}, ${CONTENT} from stored_file f where path = ?`, [path]);
    return file ?? null;
  }

  async getMany(paths: readonly string[]): Promise<StoredFileContent[]> {
    if (!paths.length) return [];
    return sql<StoredFileContent>(this.em, `select ${INFO_COLUMNS}, ${CONTENT} from stored_file f where path in (${placeholders(paths)})`, [...paths]);
  }

  async delete(paths: readonly string[]): Promise<number> {
    if (!paths.length) return 0;
    const deleted = await sql(this.em, `delete from stored_file where path in (${placeholders(paths)}) returning id`, [...paths]);
    return deleted.length;
  }
}

export const fileStorage = (em: EntityManager): FileStorage => new PostgresFileStorage(em);
