import { Collection, Entity, Index, ManyToMany, ManyToOne, Property } from '@mikro-orm/core';
import { BaseEntity, LinkEntity, ManagedEntity, NamedEntity, Nullable, StyledEntity, Varchar } from './base';
import { Organisation } from './organisations';
import { RepositoryEntry } from './courses';
import { Identity } from './users';
import { TaxonomyLevel } from './taxonomy';

/** A curriculum element type (catalogue 3.5, CurriculumElementTypeVO). */
@Entity({ tableName: 'curriculum_element_type' })
@Index({
  name: 'curriculum_element_type_external_id_unique',
  expression: 'create unique index "curriculum_element_type_external_id_unique" on "curriculum_element_type" ("external_id")',
})
export class CurriculumElementType extends StyledEntity {
  /** enabled, disabled or inherited (CurriculumCalendars). */
  @Nullable('string', 16) calendars?: string | null;

  /** enabled, disabled or inherited (CurriculumLectures). */
  @Nullable('string', 16) lectures?: string | null;

  /** Types an element of this type may have as children. */
  @ManyToMany({
    entity: () => CurriculumElementType,
    pivotTable: 'curriculum_element_type_sub_type',
    joinColumn: 'type_id',
    inverseJoinColumn: 'sub_type_id',
  })
  allowedSubTypes = new Collection<CurriculumElementType>(this);
}

/** A curriculum, the "product" of the source document (catalogue 3.5, CurriculumVO). */
@Entity({ tableName: 'curriculum' })
@Index({ name: 'curriculum_external_id_unique', expression: 'create unique index "curriculum_external_id_unique" on "curriculum" ("external_id")' })
@Index({ name: 'curriculum_identifier_index', properties: ['identifier'] })
export class Curriculum extends NamedEntity<'status'> {
  /** A free string in OpenOLAT (typically `active`). */
  @Nullable('string') status?: string | null;
  @Nullable('string') degree?: string | null;
  @ManyToOne(() => Organisation, { nullable: true, deleteRule: 'set null', index: true }) organisation?: Organisation | null;
}

/** A curriculum element (catalogue 3.5, CurriculumElementVO): a node of the curriculum's element tree. */
@Entity({ tableName: 'curriculum_element' })
@Index({
  name: 'curriculum_element_path_index',
  expression: 'create index "curriculum_element_path_index" on "curriculum_element" ("path" varchar_pattern_ops)',
})
@Index({
  name: 'curriculum_element_external_id_unique',
  expression: 'create unique index "curriculum_element_external_id_unique" on "curriculum_element" ("external_id")',
})
@Index({ name: 'curriculum_element_identifier_index', properties: ['identifier'] })
@Index({ name: 'curriculum_element_curriculum_index', properties: ['curriculum', 'position'] })
export class CurriculumElement extends ManagedEntity<'status' | 'path' | 'position'> {
  @Nullable('string') identifier?: string | null;
  @Varchar() displayName!: string;
  @Nullable('text') description?: string | null;

  /** Catalogue 5.2; `deleted` stands for a deleted element. */
  @Property({ type: 'string', length: 32, default: 'active' }) status: string = 'active';
  @Nullable('datetime') beginDate?: Date | null;
  @Nullable('datetime') endDate?: Date | null;

  /** enabled, disabled or inherited; null: inherited. */
  @Nullable('string', 16) calendars?: string | null;
  @ManyToOne(() => Curriculum, { deleteRule: 'cascade' }) curriculum!: Curriculum;
  @ManyToOne(() => CurriculumElement, { nullable: true, deleteRule: 'cascade', index: true }) parent?: CurriculumElement | null;
  @ManyToOne(() => CurriculumElementType, { nullable: true, deleteRule: 'set null', index: true }) type?: CurriculumElementType | null;

  /** Materialised path of keys from the root element, e.g. `/4/9/`: subtree queries are prefix matches. */
  @Property({ type: 'string', length: 1024, default: '/' }) path: string = '/';

  /** Order among the siblings (reorder). */
  @Property({ type: 'integer', default: 0 }) position: number = 0;
}

/** A curriculum-level role (catalogue 5.8: curriculumowner, curriculummanager) of a person. */
@LinkEntity('curriculum_role', ['curriculum', 'identity', 'role'])
export class CurriculumRoleMembership extends BaseEntity {
  @ManyToOne(() => Curriculum, { deleteRule: 'cascade' }) curriculum!: Curriculum;
  @ManyToOne(() => Identity, { deleteRule: 'cascade', index: true }) identity!: Identity;
  @Varchar(32) role!: string;
}

/** A person's role on an element (catalogue 5.8), applying to the sub-elements when its inheritance is root or inherited. */
@LinkEntity('curriculum_element_membership', ['element', 'identity', 'role'])
@Index({ properties: ['identity', 'role'] })
export class CurriculumElementMembership extends BaseEntity<'inheritance'> {
  @ManyToOne(() => CurriculumElement, { deleteRule: 'cascade' }) element!: CurriculumElement;
  @ManyToOne(() => Identity, { deleteRule: 'cascade' }) identity!: Identity;
  @Varchar(32) role!: string;
  @Property({ type: 'string', length: 16, default: 'none' }) inheritance: string = 'none';
}

/** A course (repository entry) linked to an element. */
@LinkEntity('curriculum_element_entry', ['element', 'entry'])
export class CurriculumElementEntry extends BaseEntity {
  @ManyToOne(() => CurriculumElement, { deleteRule: 'cascade' }) element!: CurriculumElement;
  @ManyToOne(() => RepositoryEntry, { deleteRule: 'cascade', index: true }) entry!: RepositoryEntry;
}

/** A taxonomy level an element is tagged with (catalogue 2.6); a level in use by an element is not deleted (taxonomy service: 304). */
@LinkEntity('curriculum_element_taxonomy_level', ['element', 'level'])
export class CurriculumElementTaxonomyLevel extends BaseEntity {
  @ManyToOne(() => CurriculumElement, { deleteRule: 'cascade' }) element!: CurriculumElement;
  @ManyToOne(() => TaxonomyLevel, { deleteRule: 'cascade', index: true }) level!: TaxonomyLevel;
}

export const curriculumEntities = [
  CurriculumElementType,
  Curriculum,
  CurriculumElement,
  CurriculumRoleMembership,
  CurriculumElementMembership,
  CurriculumElementEntry,
  CurriculumElementTaxonomyLevel,
];
