import { inTransaction } from '../audit/audit-log';
import type { EntityManager } from '@mikro-orm/postgresql';
import sharp, { type Sharp } from 'sharp';
import type { RequestContext } from '../domain/context';
import { DomainError, badRequest, notFound } from '../domain/errors';
import { fileStorage, type StoredFileInfo } from '../files/storage';
import { PortraitSize, type PortraitUploadInput, type PortraitVO } from '../schema/users';
import { requireSelfOrUserManager } from './policy';
import { holdIdentity, requireIdentity } from './repository';

/** The formats a portrait may be uploaded in, by the name sharp reads from the content. */
const UPLOAD_FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** Bounds of the scaled variants (OpenOLAT's big and small portraits): within a square of this many pixels, aspect kept, never enlarged. */
const SCALED_BOUNDS: Record<Exclude<PortraitSize, PortraitSize.master>, number> = { big: 300, small: 100 };

/** Larger images are refused before they are decoded (a small file may unpack to gigabytes). */
export const MAX_PORTRAIT_PIXELS = 25_000_000;

const pathOf = (identityKey: number, size: PortraitSize) => `users/${identityKey}/portrait/${size}`;
const allPaths = (identityKey: number) => Object.values(PortraitSize).map((size) => pathOf(identityKey, size));

const notAnImage = () => new DomainError('UNSUPPORTED_MEDIA_TYPE', 'the portrait must be a JPEG, PNG or GIF image');

interface Variant {
  content: Buffer;
  contentType: string;
}

/**
 * The stored variants of an upload, its type read from its content: the master re-encoded in its
 * own format (oriented as its EXIF data says, metadata such as the location left out; of an
 * animated GIF the first frame), big and small as JPEG on white.
 */
async function variantsOf(upload: Buffer): Promise<Record<PortraitSize, Variant>> {
  const header = await sharp(upload)
    .metadata()
    .catch(() => null);
  const contentType = header && UPLOAD_FORMATS[header.format];
  if (!header || !contentType) throw notAnImage();
  if (header.width * header.height > MAX_PORTRAIT_PIXELS) {
    throw new DomainError('PAYLOAD_TOO_LARGE', `the portrait has more than ${MAX_PORTRAIT_PIXELS / 1_000_000} million pixels`);
  }
  const image = () => sharp(upload, { autoOrient: true, limitInputPixels: MAX_PORTRAIT_PIXELS });
  const encode = async (pipeline: Sharp, type: string): Promise<Variant> => ({ content: await pipeline.toBuffer(), contentType: type });
  const scaled = (bound: number) =>
    encode(
      image().resize({ width: bound, height: bound, fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 85 }),
      'image/jpeg',
    );
  try {
    const [master, big, small] = await Promise.all([
      encode(image().toFormat(header.format as 'jpeg' | 'png' | 'gif', header.format === 'jpeg' ? { quality: 90 } : {}), contentType),
      scaled(SCALED_BOUNDS.big),
      scaled(SCALED_BOUNDS.small),
    ]);
    return { master, big, small };
  } catch {
    throw badRequest(`the ${header.format.toUpperCase()} image cannot be read`);
  }
}

const present = (identityKey: number, size: PortraitSize, file: StoredFileInfo): PortraitVO => ({
  identityKey,
  size,
  contentType: file.contentType,
  length: file.size,
  lastModified: file.lastModified,
});

/** One variant of the portrait, without its bytes (any authenticated caller). */
export async function getPortrait(ctx: RequestContext, identityKey: number, size: PortraitSize): Promise<PortraitVO> {
  const file = await fileStorage(ctx.em).stat(pathOf(identityKey, size));
  if (file) return present(identityKey, size, file);
  await requireIdentity(ctx.em, identityKey);
  throw notFound('portrait');
}

/** The bytes of a variant (`PortraitVO.content`). */
export async function portraitContent(ctx: RequestContext, portrait: Pick<PortraitVO, 'identityKey' | 'size'>): Promise<Buffer> {
  const file = await fileStorage(ctx.em).get(pathOf(portrait.identityKey, portrait.size));
  if (!file) throw notFound('portrait');
  return file.content;
}

/** `UserVO.portrait` with withPortrait=true: the small variant as base64, as OpenOLAT sends it. */
export async function smallPortraitBase64(ctx: RequestContext, identityKey: number): Promise<string | null> {
  const file = await fileStorage(ctx.em).get(pathOf(identityKey, PortraitSize.small));
  return file ? file.content.toString('base64') : null;
}

/** Stores a new portrait of the person (themself or their user managers), replacing the old one. */
export async function uploadPortrait(ctx: RequestContext, identityKey: number, upload: PortraitUploadInput): Promise<boolean> {
  await requireIdentity(ctx.em, identityKey);
  await requireSelfOrUserManager(ctx, identityKey);
  const variants = await variantsOf(upload.file);
  await inTransaction(ctx, async (em) => {
    await holdIdentity(em, identityKey);
    const files = fileStorage(em);
    for (const size of Object.values(PortraitSize)) await files.put(pathOf(identityKey, size), variants[size].content, variants[size].contentType);
  });
  return true;
}

/** Removes the portrait (themself or their user managers); true when there was one. */
export async function deletePortrait(ctx: RequestContext, identityKey: number): Promise<boolean> {
  return inTransaction(ctx, async (em) => {
    await requireIdentity(em, identityKey);
    await requireSelfOrUserManager({ ...ctx, em }, identityKey);
    return (await fileStorage(em).delete(allPaths(identityKey))) > 0;
  });
}

/** The person's portrait files, in the transaction that deletes the person, after the person's row (see holdIdentity). */
export const deletePortraitFiles = (em: EntityManager, identityKey: number) => fileStorage(em).delete(allPaths(identityKey));
