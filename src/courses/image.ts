import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { inTransaction } from '../audit/audit-log';
import type { RequestContext } from '../domain/context';
import { DomainError, notFound } from '../domain/errors';
import { fileStorage } from '../files/storage';
import type { RepositoryEntryImageUploadInput, RepositoryEntryImageVO } from '../schema/course-lifecycle';
import { requireUnmanaged } from './lifecycle';
import { requireEntryManager } from './policy';
import { lockEntry } from './repository';
import { locate, type EntryAddress } from './entries';

/** The formats an entry image may have, by the name sharp reads from the content. */
const IMAGE_FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** Larger images are refused before they are decoded. */
const MAX_IMAGE_PIXELS = 25_000_000;

/** The media types an entry image is answered in. */
export const IMAGE_MEDIA_TYPES = Object.values(IMAGE_FORMATS);

export const entryImagePath = (entryKey: number) => `repository/${entryKey}/image`;

/** The stored files of an entry (its image, the content package POST /repo/entries/{k} took), in the transaction that deletes the entry. */
export const deleteEntryFiles = (em: EntityManager, entryKey: number) => fileStorage(em).delete([entryImagePath(entryKey), `repository/${entryKey}/package`]);

/** HEAD|GET …/image: the image without its bytes (read by `imageContent` when selected); the entry's managers. */
export async function getImage(ctx: RequestContext, address: EntryAddress): Promise<RepositoryEntryImageVO> {
  const row = await locate(ctx, address);
  await requireEntryManager(ctx, row);
  const file = await fileStorage(ctx.em).stat(entryImagePath(row.id));
  if (!file) throw notFound('image');
  return { entryKey: row.id, contentType: file.contentType, length: file.size, lastModified: file.lastModified };
}

export async function imageContent(ctx: RequestContext, image: Pick<RepositoryEntryImageVO, 'entryKey'>): Promise<Buffer> {
  const file = await fileStorage(ctx.em).get(entryImagePath(image.entryKey));
  if (!file) throw notFound('image');
  return file.content;
}

/** POST …/image: a JPEG, PNG or GIF image (recognised by its content) replaces the entry's image; anything else is CONFLICT, as OpenOLAT answers 409. */
export async function uploadImage(ctx: RequestContext, address: EntryAddress, upload: RepositoryEntryImageUploadInput): Promise<boolean> {
  const row = await locate(ctx, address);
  await requireEntryManager(ctx, row);
  requireUnmanaged(ctx, row, 'details');
  const header = await sharp(upload.file)
    .metadata()
    .catch(() => null);
  const contentType = header && IMAGE_FORMATS[header.format];
  if (!header || !contentType) throw new DomainError('CONFLICT', 'the image must be a JPEG, PNG or GIF image');
  if (header.width * header.height > MAX_IMAGE_PIXELS) {
    throw new DomainError('PAYLOAD_TOO_LARGE', `the image has more than ${MAX_IMAGE_PIXELS / 1_000_000} million pixels`);
  }
  await inTransaction(ctx, async (em) => {
    await lockEntry(em, row.id);
    await fileStorage(em).put(entryImagePath(row.id), upload.file, contentType);
  });
  return true;
}
