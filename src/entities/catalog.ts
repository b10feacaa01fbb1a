import { Entity, Index, ManyToOne, Property } from '@mikro-orm/core';
import { BaseEntity, LinkEntity, Nullable, Varchar } from './base';
import { RepositoryEntry } from './courses';
import { Identity } from './users';

/** Catalog entry types (catalog-v1.md §3.1): 0 a node (category), 1 a leaf linking a repository entry. Other integers are stored as sent. */
export const CatalogType = { node: 0, leaf: 1 } as const;

/**
 * An entry of the catalog tree (catalog 1.0, catalog-v1.md): a node, or a leaf that links a
 * repository entry. Deleting a parent deletes its subtree, deleting a course its leaves.
 * `position` is the stored order among the siblings (OpenOLAT's order_index).
 */
@Entity({ tableName: 'catalog_entry' })
@Index({ properties: ['parent', 'position'] })
@Index({ properties: ['parent', 'name'] })
export class CatalogEntry extends BaseEntity<'type' | 'position'> {
  @Varchar(110) name!: string;
  @Nullable('text') description?: string | null;
  @Nullable('string') externalUrl?: string | null;
  @Property({ type: 'integer', default: 0 }) type: number = 0;
  @ManyToOne(() => CatalogEntry, { nullable: true, deleteRule: 'cascade' }) parent?: CatalogEntry | null;
  @ManyToOne(() => RepositoryEntry, { nullable: true, deleteRule: 'cascade', index: true }) entry?: RepositoryEntry | null;
  @Property({ type: 'integer', default: 0 }) position: number = 0;
}

/** An owner of one catalog entry (its own owner group, catalog-v1.md §3.5). */
@LinkEntity('catalog_entry_owner', ['catalogEntry', 'identity'])
export class CatalogOwner extends BaseEntity {
  @ManyToOne(() => CatalogEntry, { deleteRule: 'cascade' }) catalogEntry!: CatalogEntry;
  @ManyToOne(() => Identity, { deleteRule: 'cascade', index: true }) identity!: Identity;
}

export const catalogEntities = [CatalogEntry, CatalogOwner];
