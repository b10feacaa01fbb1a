import { Index, ManyToOne } from '@mikro-orm/core';
import { BaseEntity, LinkEntity } from './base';
import { RepositoryEntry } from './courses';
import { Group } from './groups';
import { Identity } from './users';

/**
 * A learning group linked to a course (OpenOLAT's group-to-entry relation, catalogue 2.2 "Course
 * groups"): its coaches coach the course, its participants take part in it. Indexed both ways; a
 * deleted course loses its links and its groups stay, a deleted group leaves its courses.
 */
@LinkEntity('repository_entry_group', ['entry', 'group'])
export class RepositoryEntryGroup extends BaseEntity {
  @ManyToOne(() => RepositoryEntry, { deleteRule: 'cascade' }) entry!: RepositoryEntry;
  @ManyToOne(() => Group, { deleteRule: 'cascade', index: true }) group!: Group;
}

/** A bookmark: a person's favourite course (GET /users/{k}/courses/favorite). */
@LinkEntity('repository_entry_mark', ['identity', 'entry'])
export class RepositoryEntryMark extends BaseEntity {
  @ManyToOne(() => Identity, { deleteRule: 'cascade' }) identity!: Identity;

  @ManyToOne(() => RepositoryEntry, { deleteRule: 'cascade' })
  @Index()
  entry!: RepositoryEntry;
}

export const courseGroupEntities = [RepositoryEntryGroup, RepositoryEntryMark];
