import type { CatalogEntryVO, LinkVO } from '../schema/catalog';

/** A row of CATALOG_COLUMNS (src/catalog/repository.ts). */
export interface CatalogRow {
  id: number;
  name: string;
  description: string | null;
  externalUrl: string | null;
  type: number;
  entryKey: number | null;
  parentKey: number | null;
}

const link = (rel: string, href: string): LinkVO => ({ rel, href, title: '' });

/**
 * The links of a single-entry answer (catalog-v1.md §4.3), relative to this server: `children`
 * names the children list itself (OpenOLAT appends the entry path twice there, an upstream bug not copied).
 */
function linksOf(key: number): LinkVO[] {
  const self = `/restapi/catalog/${key}`;
  return [link('self', self), link('jumpin', `/url/CatalogEntry/${key}`), link('edit', self), link('delete', self), link('children', `${self}/children`)];
}

export function toCatalogEntryVO(row: CatalogRow, withLinks = false): CatalogEntryVO {
  return {
    key: row.id,
    name: row.name,
    description: row.description ?? null,
    externalURL: row.externalUrl ?? null,
    type: row.type,
    repositoryEntryKey: row.entryKey ?? null,
    parentKey: row.parentKey ?? null,
    link: withLinks ? linksOf(row.id) : [],
  };
}
