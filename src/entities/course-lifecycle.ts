import { Entity, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity, Nullable } from './base';
import { RepositoryEntry } from './courses';
import { Organisation } from './organisations';

/**
 * A further organisation of a repository entry (besides `repository_entry.organisation_id`, its
 * first): its administrators and learning resource managers manage the entry too.
 */
@Entity({ tableName: 'repository_entry_to_organisation' })
@Unique({ properties: ['entry', 'organisation'] })
export class RepositoryEntryOrganisation extends BaseEntity {
  @ManyToOne(() => RepositoryEntry, { deleteRule: 'cascade' }) entry!: RepositoryEntry;
  @ManyToOne(() => Organisation, { deleteRule: 'cascade', index: true }) organisation!: Organisation;
}

/** The configuration of a course (CourseConfigVO, catalogue 3.3); a course without a row has the defaults. */
@Entity({ tableName: 'course_config' })
export class CourseConfig extends BaseEntity<'calendar' | 'chat' | 'efficiencyStatement'> {
  @ManyToOne(() => RepositoryEntry, { deleteRule: 'cascade', unique: true }) entry!: RepositoryEntry;
  @Property({ type: 'boolean', default: false }) calendar: boolean = false;
  @Property({ type: 'boolean', default: false }) chat: boolean = false;
  @Nullable('string') cssLayoutRef?: string | null;
  @Property({ type: 'boolean', default: false }) efficiencyStatement: boolean = false;
  @Nullable('string') glossarySoftkey?: string | null;
  @Nullable('string') sharedFolderSoftkey?: string | null;
}

export const courseLifecycleEntities = [RepositoryEntryOrganisation, CourseConfig];
