import type { ChangeVO } from '../schema/changes';
import type { ChangeRow } from './repository';

/** An event as the feed, the subscription and webhooks show it. */
export const toChangeVO = (row: ChangeRow): ChangeVO => ({
  ...row,
  objectKey: row.objectKey == null ? null : Number(row.objectKey),
  keys: Object.entries(row.keys).map(([name, key]) => ({ name, key: Number(key) })),
  object: row.object as Record<string, unknown> | null,
});
