import { sql } from '../../src/db/sql';
import type { TestService } from '../support/service';

/** A catalog entry straight into the database: a node under `parentKey` (the root, key 1, by default), or a leaf of `entryKey`. */
export async function buildCatalogEntry(
  t: TestService,
  fields: { name?: string; parentKey?: number; entryKey?: number | null; type?: number; description?: string | null } = {},
): Promise<number> {
  const entryKey = fields.entryKey ?? null;
  const [{ id }] = await sql<{ id: number }>(
    t.service.orm.em.fork(),
    `insert into catalog_entry (name, description, type, entry_id, parent_id, position)
     values (?, ?, ?, ?, ?, (select coalesce(max(position), -1) + 1 from catalog_entry where parent_id = ?)) returning id`,
    [
      fields.name ?? `Entry ${Math.random().toString(36).slice(2, 8)}`,
      fields.description ?? null,
      fields.type ?? (entryKey === null ? 0 : 1),
      entryKey,
      fields.parentKey ?? 1,
      fields.parentKey ?? 1,
    ],
  );
  return id;
}

export async function addCatalogOwner(t: TestService, catalogEntryKey: number, identityKey: number): Promise<void> {
  await sql(t.service.orm.em.fork(), 'insert into catalog_entry_owner (catalog_entry_id, identity_id) values (?, ?)', [catalogEntryKey, identityKey]);
}

/** The root every catalog has (created by the migration). */
export const ROOT_KEY = 1;
