import { Transform, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { badRequest } from '../../domain/errors';
import type { ArchiveLimits } from './staging';

/** Entries an archive zipped on a Mac carries besides its content: skipped. */
export const isJunk = (name: string) => {
  const base = name.replace(/\/$/, '').split('/').pop() ?? '';
  return name.startsWith('__MACOSX/') || base.startsWith('._') || base === '.DS_Store';
};

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Why an entry name is refused: absolute, with `..`, a backslash or a drive letter; null when it is a plain relative path. */
function unsafeName(name: string): string | null {
  if (!name || name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return `the archive has an entry with an absolute path (${name.slice(0, 200)})`;
  if (name.includes('\\') || name.includes('\0')) return `the archive has an entry with a malformed path (${name.slice(0, 200)})`;
  if (name.split('/').some((segment) => segment === '..' || segment === '.')) return `the archive has an entry outside of it (${name.slice(0, 200)})`;
  return null;
}

const zipError = (error: Error) =>
  /end of central directory|signature|not a zip|invalid comment length|multi-disk/i.test(error.message)
    ? badRequest('the file is not a ZIP archive')
    : badRequest(`the archive is malformed: ${error.message}`);

/**
 * A course export ZIP opened for random access (yauzl). Every entry is checked from the central
 * directory before anything is inflated: its name (relative, no `..`), not a symbolic link, and the
 * number of entries; the bytes inflated are counted against the limit while they are read (the
 * sizes in the headers are not trusted). Junk (`__MACOSX/`, `._*`, `.DS_Store`) is left out.
 */
export class ZipArchive {
  private inflated = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    /** Files by name, in archive order. */
    readonly files: Map<string, yauzl.Entry>,
    /** Directory entries (names end with `/`). */
    readonly directories: string[],
    private readonly limits: ArchiveLimits,
  ) {}

  static async open(file: string, limits: ArchiveLimits): Promise<ZipArchive> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false }, (error, opened) =>
        error ? reject(zipError(error)) : resolve(opened),
      ),
    );
    try {
      if (zip.entryCount > limits.entryLimit) throw badRequest(`the archive has more than ${limits.entryLimit} entries`);
      const files = new Map<string, yauzl.Entry>();
      const directories: string[] = [];
      let count = 0;
      let declared = 0;
      await new Promise<void>((resolve, reject) => {
        zip.on('error', (error: Error) => reject(error instanceof Error && 'status' in error ? error : zipError(error)));
        zip.on('end', () => resolve());
        zip.on('entry', (entry: yauzl.Entry) => {
          try {
            if (++count > limits.entryLimit) throw badRequest(`the archive has more than ${limits.entryLimit} entries`);
            const name = entry.fileName;
            const unsafe = unsafeName(name);
            if (unsafe) throw badRequest(unsafe);
            if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw badRequest(`the archive has a symbolic link (${name.slice(0, 200)})`);
            declared += entry.uncompressedSize;
            if (declared > limits.expandedLimitBytes) throw badRequest(`the archive expands to more than ${limits.expandedLimitBytes} bytes`);
            if (!isJunk(name)) {
              if (name.endsWith('/')) directories.push(name);
              else if (files.has(name)) throw badRequest(`the archive has the entry ${name.slice(0, 200)} twice`);
              else files.set(name, entry);
            }
            zip.readEntry();
          } catch (error) {
            reject(error as Error);
          }
        });
        zip.readEntry();
      });
      return new ZipArchive(zip, files, directories, limits);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** The inflated bytes of an entry, counted against the archive's expansion limit; inflated only as they are consumed. */
  read(name: string): AsyncIterable<Buffer> {
    const open = () => this.open(name);
    return (async function* () {
      yield* (await open()) as AsyncIterable<Buffer>;
    })();
  }

  private async open(name: string): Promise<Readable> {
    const entry = this.files.get(name);
    if (!entry) throw badRequest(`the archive has no ${name}`);
    const raw = await new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(entry, (error, stream) => (error ? reject(zipError(error)) : resolve(stream))),
    );
    const limit = this.limits.expandedLimitBytes;
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.inflated += chunk.length;
        if (this.inflated > limit) return done(badRequest(`the archive expands to more than ${limit} bytes`));
        done(null, chunk);
      },
    });
    raw.on('error', (error: Error) => counter.destroy(zipError(error)));
    return raw.pipe(counter);
  }

  /** A small entry (XML) as text; null when the archive has none. */
  async text(name: string, maxBytes = 64 * 1024 * 1024): Promise<string | null> {
    if (!this.files.has(name)) return null;
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.read(name)) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw badRequest(`${name} is larger than ${maxBytes} bytes`);
      parts.push(chunk as Buffer);
    }
    return Buffer.concat(parts).toString('utf8');
  }

  close(): void {
    this.zip.close();
  }
}
