import { Directive, Extensions, Field, InputType, Int, ObjectType } from 'type-graphql';
import { managed } from './directives';
import { PageOf } from './paging';
import { IntMapScalar, LongScalar } from './scalars';

/** OpenOLAT's GroupVO (catalogue 3.2). */
@ObjectType('GroupVO')
export class GroupVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated managed flags, stored as received.' })
  managedFlags!: string | null;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  type!: string;

  @Field(() => Int, { nullable: true })
  minParticipants!: number | null;

  @Field(() => Int, { nullable: true })
  maxParticipants!: number | null;
}

@InputType('GroupVOInput', { description: 'A GroupVO as a client sends it; `type` is ignored (always LearningGroup).' })
export class GroupVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  description?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  managedFlags?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'title'))
  name?: string | null;

  @Field(() => String, { nullable: true })
  type?: string | null;

  @Field(() => Int, { nullable: true })
  @Directive(managed(null, 'settings'))
  minParticipants?: number | null;

  @Field(() => Int, { nullable: true })
  @Directive(managed(null, 'settings'))
  maxParticipants?: number | null;
}

/** A page of groups (catalogue 3.2 GroupVOes). */
export const GroupVOes = PageOf(GroupVO, { name: 'GroupVOes', xmlRoot: 'groups', items: 'groups', xmlItem: 'group' });
export type GroupVOes = InstanceType<typeof GroupVOes>;

/** A group with what its members see of it (catalogue 3.2 GroupInfoVO): the GroupVO fields first, as JAXB writes a subclass. */
@ObjectType('GroupInfoVO')
export class GroupInfoVO extends GroupVO {
  @Field(() => String, { nullable: true, description: 'The news, while the news tool is on.' })
  news!: string | null;

  @Field(() => LongScalar, { nullable: true, description: 'Always null: this gateway keeps no forums.' })
  forumKey!: number | null;

  @Field(() => Boolean)
  hasWiki!: boolean;

  @Field(() => Boolean)
  hasFolder!: boolean;

  @Field(() => Boolean, { description: 'The folder is on and the person may write in it (owners only, when its access is 0).' })
  @Extensions({ xmlAttribute: true })
  folderWrite!: boolean;
}

/** A page of groups with their information (catalogue 3.2 GroupInfoVOes). */
export const GroupInfoVOes = PageOf(GroupInfoVO, { name: 'GroupInfoVOes', xmlRoot: 'groups', items: 'groups', xmlItem: 'group' });
export type GroupInfoVOes = InstanceType<typeof GroupInfoVOes>;

/** A group's collaboration tools, news and member lists' visibility (catalogue 3.2); OpenOLAT names its XML root `groupVO`. */
@ObjectType('GroupConfigurationVO')
@Extensions({ xmlRoot: 'groupVO' })
export class GroupConfigurationVO {
  @Field(() => [String], { description: 'The tools switched on: hasNews, hasContactForm, hasCalendar, hasFolder, hasForum, hasChat, hasWiki, …' })
  tools!: string[];

  @Field(() => IntMapScalar, { description: 'Access level of the tools switched on that have one (hasFolder, hasCalendar): 0 owners, 1 everyone.' })
  toolsAccess!: Record<string, number>;

  @Field(() => String, { nullable: true })
  news!: string | null;

  @Field(() => Boolean, { description: 'Members see the owners.' })
  ownersVisible!: boolean;

  @Field(() => Boolean, { description: 'Members see the participants.' })
  participantsVisible!: boolean;

  @Field(() => Boolean, { description: 'Members see the waiting list.' })
  waitingListVisible!: boolean;

  @Field(() => Boolean, { description: 'Everyone sees the owners.' })
  ownersPublic!: boolean;

  @Field(() => Boolean, { description: 'Everyone sees the participants.' })
  participantsPublic!: boolean;

  @Field(() => Boolean, { description: 'Everyone sees the waiting list.' })
  waitingListPublic!: boolean;
}

@InputType('GroupConfigurationVOInput', {
  description:
    'tools replaces the tools switched on (absent: all off); toolsAccess is applied when present; news is saved when not blank; a visibility left out or null stays as it is.',
})
export class GroupConfigurationVOInput {
  @Field(() => [String], { nullable: true })
  tools?: string[] | null;

  @Field(() => IntMapScalar, { nullable: true })
  toolsAccess?: Record<string, number> | null;

  @Field(() => String, { nullable: true })
  news?: string | null;

  @Field(() => Boolean, { nullable: true })
  ownersVisible?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  participantsVisible?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  waitingListVisible?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  ownersPublic?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  participantsPublic?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  waitingListPublic?: boolean | null;
}

@InputType('GroupNewsInput', { description: 'The news of a group; on REST also the form field `news`.' })
export class GroupNewsInput {
  @Field(() => String, { nullable: true })
  news?: string | null;
}
