import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { DomainError, badRequest } from '../../domain/errors';

/** An uploaded course archive, written to a temporary file (removed when the request ends, whatever happens). */
export interface StagedUpload {
  path: string;
  size: number;
  /** The name the client gave the file part. */
  filename: string | null;
}

/** Limits of course archives (COURSE_UPLOAD_LIMIT_BYTES, COURSE_ARCHIVE_EXPANDED_LIMIT_BYTES, COURSE_ARCHIVE_ENTRY_LIMIT). */
export interface ArchiveLimits {
  uploadLimitBytes: number;
  expandedLimitBytes: number;
  entryLimit: number;
}

let limits: ArchiveLimits = { uploadLimitBytes: 512 * 1024 * 1024, expandedLimitBytes: 2 * 1024 * 1024 * 1024, entryLimit: 20_000 };

/** Set once at start (src/app.ts) from the configuration. */
export function configureArchiveLimits(configured: ArchiveLimits): void {
  limits = configured;
}

export const archiveLimits = (): ArchiveLimits => limits;

const tempPath = () => path.join(tmpdir(), `course-archive-${randomUUID()}.zip`);

/** A GraphQL client's Base64 archive (bounded by the GraphQL body limit), staged the same way as a REST upload. */
export async function stageBuffer(content: Buffer, filename: string | null): Promise<StagedUpload> {
  if (content.length > limits.uploadLimitBytes) throw new DomainError('PAYLOAD_TOO_LARGE', `the archive is larger than ${limits.uploadLimitBytes} bytes`);
  const file = tempPath();
  await writeFile(file, content);
  return { path: file, size: content.length, filename };
}

export async function removeStaged(staged: StagedUpload | undefined): Promise<void> {
  if (staged) await rm(staged.path, { force: true });
}

const FIELD_BYTES = 64 * 1024;

/**
 * Reads a multipart form as it arrives: the part with a file name is streamed to a temporary file
 * (never held in memory), beyond `uploadLimitBytes` the rest is read and dropped and the answer is
 * 413; a further file part is dropped; the text fields are answered by name. The caller removes the staged file.
 */
export function readStreamedForm(req: IncomingMessage, uploadLimitBytes: number): Promise<{ fields: [string, string][]; staged?: StagedUpload }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: uploadLimitBytes, files: 1, fieldSize: FIELD_BYTES, fields: 50, parts: 60 } });
    } catch (error) {
      return reject(badRequest(`malformed multipart body: ${(error as Error).message}`));
    }
    const fields: [string, string][] = [];
    let staged: StagedUpload | undefined;
    let failure: DomainError | undefined;
    const writes: Promise<void>[] = [];
    const files: Readable[] = [];
    const fail = (error: DomainError) => (failure ??= error);
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new DomainError('PAYLOAD_TOO_LARGE', `the form field ${name} is larger than ${FIELD_BYTES} bytes`));
      fields.push([name, value]);
    });
    parser.on('file', (_name, stream, info) => {
      const target = { path: tempPath(), size: 0, filename: info.filename ?? null };
      staged = target;
      stream.on('data', (chunk: Buffer) => (target.size += chunk.length));
      stream.on('limit', () => fail(new DomainError('PAYLOAD_TOO_LARGE', `the archive is larger than ${uploadLimitBytes} bytes`)));
      files.push(stream);
      writes.push(pipeline(stream, createWriteStream(target.path)));
    });
    // A further file part is skipped unread (busboy's files limit), as OpenOLAT ignores parts it does not read.
    parser.on('fieldsLimit', () => fail(badRequest('too many form fields')));
    parser.on('partsLimit', () => fail(badRequest('too many form parts')));
    parser.on('error', (error: Error) => {
      req.unpipe(parser);
      for (const file of files) file.destroy(error);
      void Promise.allSettled(writes).then(async () => {
        await removeStaged(staged);
        reject(badRequest(`malformed multipart body: ${error.message}`));
      });
    });
    parser.on('close', () => {
      void Promise.allSettled(writes).then(async (results) => {
        const broken = results.find((result) => result.status === 'rejected');
        if (failure || broken) {
          await removeStaged(staged);
          return reject(failure ?? badRequest('the upload broke off'));
        }
        resolve({ fields, staged });
      });
    });
    // A client that goes away mid-upload: the parser stops, the partial file is removed.
    req.on('aborted', () => parser.destroy(new Error('the upload broke off')));
    req.pipe(parser);
  });
}
