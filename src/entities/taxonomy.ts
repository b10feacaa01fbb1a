import { Collection, Entity, Index, ManyToMany, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { RepositoryEntry } from './courses';
import { BaseEntity, LinkEntity, LongKey, ManagedEntity, NamedEntity, Nullable, Varchar } from './base';
import { Identity } from './users';

/** A taxonomy (catalogue 2.9): a tree of levels, typed by its level types. */
@Entity({ tableName: 'taxonomy' })
@Index({
  name: 'taxonomy_external_id_unique',
  expression: 'create unique index "taxonomy_external_id_unique" on "taxonomy" ("external_id") where "external_id" is not null',
})
@Unique({ properties: ['identifier'] })
export class Taxonomy extends NamedEntity {}

/** What a taxonomy's level types and levels share: their taxonomy, an identifier unique in it, and their names. */
abstract class TaxonomyPart<Optional extends string = never> extends ManagedEntity<Optional> {
  @ManyToOne(() => Taxonomy, { deleteRule: 'cascade' }) taxonomy!: Taxonomy;
  @Varchar() identifier!: string;
  @Nullable('string') displayName?: string | null;
  @Nullable('text') description?: string | null;
}

/** A type of level, one taxonomy's own. */
@Entity({ tableName: 'taxonomy_level_type' })
@Unique({ properties: ['taxonomy', 'identifier'] })
@Index({
  name: 'taxonomy_level_type_external_id_index',
  expression: 'create index "taxonomy_level_type_external_id_index" on "taxonomy_level_type" ("external_id") where "external_id" is not null',
})
export class TaxonomyLevelType extends TaxonomyPart<'visible'> {
  @Nullable('string') cssClass?: string | null;
  @Property({ type: 'boolean', default: true }) visible: boolean = true;

  /** The document-library switches of OpenOLAT's TaxonomyLevelTypeVO, kept as given: {name: boolean | number}. */
  @Nullable('json') librarySettings?: Record<string, boolean | number | null> | null;

  /** Types a level of this type may have as sub-levels. */
  @ManyToMany({
    entity: () => TaxonomyLevelType,
    pivotTable: 'taxonomy_level_type_sub_type',
    joinColumn: 'type_id',
    inverseJoinColumn: 'sub_type_id',
  })
  allowedSubTypes = new Collection<TaxonomyLevelType>(this);
}

/** A level of a taxonomy; `path` is the materialised path of keys from the root level, e.g. `/12/15/`. */
@Entity({ tableName: 'taxonomy_level' })
@Unique({ properties: ['taxonomy', 'identifier'] })
@Index({ properties: ['taxonomy', 'id'] })
@Index({
  name: 'taxonomy_level_external_id_index',
  expression: 'create index "taxonomy_level_external_id_index" on "taxonomy_level" ("external_id") where "external_id" is not null',
})
@Index({ name: 'taxonomy_level_path_index', expression: 'create index "taxonomy_level_path_index" on "taxonomy_level" ("path" varchar_pattern_ops)' })
export class TaxonomyLevel extends TaxonomyPart<'path'> {
  @ManyToOne(() => TaxonomyLevel, { nullable: true, deleteRule: 'restrict', index: true }) parent?: TaxonomyLevel | null;
  @ManyToOne(() => TaxonomyLevelType, { nullable: true, deleteRule: 'set null', index: true }) type?: TaxonomyLevelType | null;
  @Property({ type: 'string', length: 1024, default: '/' }) path: string = '/';
}

/** A competence of a person on a level (catalogue 5.9: target, have, teach, manage). */
@Entity({ tableName: 'taxonomy_competence' })
@Index({ properties: ['level', 'identity'] })
@Index({ properties: ['identity', 'level'] })
@LongKey()
export class TaxonomyCompetence extends BaseEntity {
  @ManyToOne(() => TaxonomyLevel, { deleteRule: 'restrict' }) level!: TaxonomyLevel;
  @ManyToOne(() => Identity, { deleteRule: 'cascade' }) identity!: Identity;
  @Varchar(16) type!: string;
  @Nullable('datetime') expiration?: Date | null;
}

/** A level a repository entry is tagged with. */
@LinkEntity('repository_entry_taxonomy_level', ['entry', 'level'])
export class RepositoryEntryTaxonomyLevel extends BaseEntity {
  @ManyToOne(() => RepositoryEntry, { deleteRule: 'cascade' }) entry!: RepositoryEntry;
  @ManyToOne(() => TaxonomyLevel, { deleteRule: 'restrict', index: true }) level!: TaxonomyLevel;
}

export const taxonomyEntities = [Taxonomy, TaxonomyLevelType, TaxonomyLevel, TaxonomyCompetence, RepositoryEntryTaxonomyLevel];
