import { ArrayType, Entity, Index, ManyToOne, Property } from '@mikro-orm/core';
import { BaseEntity, LinkEntity, ManagedEntity, Nullable, Varchar } from './base';
import { Organisation } from './organisations';
import { Identity } from './users';

/**
 * A learning group. Its managed flags are stored exactly as received, as OpenOLAT stores them for groups (catalogue 4.0).
 * Unlike OpenOLAT's global groups, a group belongs to one organisation (src/groups/policy.ts).
 */
@Entity({ tableName: 'business_group' })
@Index({ properties: ['externalId'] })
@Index({ name: 'business_group_name_lower_index', expression: 'create index business_group_name_lower_index on business_group (lower(name))' })
export class Group extends ManagedEntity<
  'type' | 'ownersVisible' | 'participantsVisible' | 'waitingListVisible' | 'ownersPublic' | 'participantsPublic' | 'waitingListPublic' | 'tools'
> {
  @Varchar() name!: string;
  @Nullable('text') description?: string | null;
  @Property({ type: 'string', length: 32, default: 'LearningGroup' }) type: string = 'LearningGroup';
  @Nullable('integer') minParticipants?: number | null;
  @Nullable('integer') maxParticipants?: number | null;
  @Property({ type: 'boolean', default: false }) ownersVisible: boolean = false;
  @Property({ type: 'boolean', default: false }) participantsVisible: boolean = false;
  @Property({ type: 'boolean', default: false }) waitingListVisible: boolean = false;
  @Property({ type: 'boolean', default: false }) ownersPublic: boolean = false;
  @Property({ type: 'boolean', default: false }) participantsPublic: boolean = false;
  @Property({ type: 'boolean', default: false }) waitingListPublic: boolean = false;

  /** The collaboration tools switched on (src/groups/tools.ts). */
  @Property({ type: ArrayType, defaultRaw: "'{}'" }) tools: string[] = [];

  /** Who writes in the folder and the calendar: 0 owners only, 1 everyone in the group; null: never set (everyone). */
  @Nullable('smallint') folderAccess?: number | null;
  @Nullable('smallint') calendarAccess?: number | null;
  @Property({ type: 'text', nullable: true, lazy: true }) news?: string | null;
  @ManyToOne(() => Organisation, { deleteRule: 'restrict', index: true }) organisation!: Organisation;
}

/** OpenOLAT's group roles: owners are `coach`, participants `participant`. */
export const GroupRole = { coach: 'coach', participant: 'participant' } as const;
export type GroupRole = (typeof GroupRole)[keyof typeof GroupRole];

@LinkEntity('group_membership', ['group', 'identity', 'role'])
@Index({ properties: ['group', 'role', 'id'] })
export class GroupMembership extends BaseEntity {
  @ManyToOne(() => Group, { deleteRule: 'cascade' }) group!: Group;
  @ManyToOne(() => Identity, { deleteRule: 'cascade', index: true }) identity!: Identity;
  @Varchar(16) role!: GroupRole;
}

export const groupEntities = [Group, GroupMembership];
