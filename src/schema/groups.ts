import { Extensions, Field, ObjectType } from 'type-graphql';
import { PageOf } from './paging';
import { IntMapScalar, LongScalar } from './scalars';
import { bool, field, inputType, int, long, text, wireType } from './wire-shape';

/** OpenOLAT's GroupVO (catalogue 3.2). */
export const [GroupVO, GroupVOInput] = wireType(
  { name: 'GroupVO', inputDescription: 'A GroupVO as a client sends it; `type` is ignored (always LearningGroup).' },
  {
    key: long,
    description: text.nullable.managed('description'),
    externalId: text.nullable.managed('any'),
    managedFlags: text.nullable.describe('Comma-separated managed flags, stored as received.').managed('any'),
    name: text.managed('title'),
    type: text,
    minParticipants: int.nullable.managed('settings'),
    maxParticipants: int.nullable.managed('settings'),
  },
);
export type GroupVO = InstanceType<typeof GroupVO>;
export type GroupVOInput = InstanceType<typeof GroupVOInput>;

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

/** Who sees a group's member lists: its members, or everyone (GroupConfigurationVO, a sync's group). */
export const MEMBER_LISTS_SHOWN = {
  ownersVisible: bool.describe('Members see the owners.'),
  participantsVisible: bool.describe('Members see the participants.'),
  waitingListVisible: bool.describe('Members see the waiting list.'),
  ownersPublic: bool.describe('Everyone sees the owners.'),
  participantsPublic: bool.describe('Everyone sees the participants.'),
  waitingListPublic: bool.describe('Everyone sees the waiting list.'),
};

/** A group's collaboration tools, news and member lists' visibility (catalogue 3.2); OpenOLAT names its XML root `groupVO`. */
export const [GroupConfigurationVO, GroupConfigurationVOInput] = wireType(
  {
    name: 'GroupConfigurationVO',
    extensions: { xmlRoot: 'groupVO' },
    inputDescription:
      'tools replaces the tools switched on (absent: all off); toolsAccess is applied when present; news is saved when not blank; a visibility left out or null stays as it is.',
  },
  {
    tools: field<string[]>(() => [String]).describe('The tools switched on: hasNews, hasContactForm, hasCalendar, hasFolder, hasForum, hasChat, hasWiki, …'),
    toolsAccess: field<Record<string, number>>(() => IntMapScalar).describe(
      'Access level of the tools switched on that have one (hasFolder, hasCalendar): 0 owners, 1 everyone.',
    ),
    news: text.nullable,
    ...MEMBER_LISTS_SHOWN,
  },
);
export type GroupConfigurationVO = InstanceType<typeof GroupConfigurationVO>;
export type GroupConfigurationVOInput = InstanceType<typeof GroupConfigurationVOInput>;

export const GroupNewsInput = inputType(
  { name: 'GroupNewsInput', description: 'The news of a group; on REST also the form field `news`.' },
  {
    news: text,
  },
);
export type GroupNewsInput = InstanceType<typeof GroupNewsInput>;
