import { Entity, OptionalProps, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Identity } from './identity';

@Entity({ tableName: 'business_group' })
export class BusinessGroup {
  [OptionalProps]?: 'type' | 'ownersVisible' | 'participantsVisible' | 'creationDate' | 'lastModified';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  @Index()
  externalId?: string | null;

  /** Stored exactly as received, as OpenOLAT does for groups (catalogue 4.0). */
  @Property({ type: 'string', length: 255, nullable: true })
  managedFlags?: string | null;

  @Property({ type: 'string', length: 32, default: 'LearningGroup' })
  type: string = 'LearningGroup';

  @Property({ type: 'integer', nullable: true })
  minParticipants?: number | null;

  @Property({ type: 'integer', nullable: true })
  maxParticipants?: number | null;

  @Property({ type: 'boolean', default: false })
  ownersVisible: boolean = false;

  @Property({ type: 'boolean', default: false })
  participantsVisible: boolean = false;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  creationDate: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  lastModified: Date = new Date();
}

export const GroupRole = { coach: 'coach', participant: 'participant' } as const;
export type GroupRole = (typeof GroupRole)[keyof typeof GroupRole];

@Entity({ tableName: 'group_membership' })
@Unique({ properties: ['group', 'identity', 'role'] })
export class GroupMembership {
  [OptionalProps]?: 'creationDate';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => BusinessGroup, { deleteRule: 'cascade' })
  group!: BusinessGroup;

  @ManyToOne(() => Identity, { deleteRule: 'cascade', index: true })
  identity!: Identity;

  @Property({ type: 'string', length: 16 })
  role!: GroupRole;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  creationDate: Date = new Date();
}
