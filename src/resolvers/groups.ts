import { Arg, Args, ArgsType, Ctx, Field, Directive, Resolver, Root } from 'type-graphql';
import { Edge, GuardedMutation, GuardedQuery } from './guards';
import { GroupMemberArgs, KeyArg, PersonPageArgs } from '../schema/arguments';
import type { RequestContext } from '../domain/context';
import { GroupRole } from '../entities/groups';
import { managedGroup } from '../groups/managed';
import * as groups from '../groups/service';
import { expandManagedFlags, parseManagedFlags } from '../managed/flags';
import { Managed } from '../managed/elements';
import { auth } from '../schema/directives';
import {
  GroupConfigurationVO,
  GroupConfigurationVOInput,
  GroupInfoVO,
  GroupInfoVOes,
  GroupNewsInput,
  GroupVO,
  GroupVOInput,
  GroupVOes,
} from '../schema/groups';
import { pageRequest } from '../domain/paging';
import { EdgePageArgs } from '../schema/paging';
import { LongScalar } from '../schema/scalars';
import { UserVO } from '../schema/users';
import { GROUP_MANAGERS } from '../access/roles';

@ArgsType()
class GroupsOfUserArgs extends PersonPageArgs {
  @Field(() => String, { nullable: true })
  externalId?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'only groups with (true) or without (false) managed flags' })
  managed?: boolean | null;
}

@Resolver(() => GroupVO)
export class GroupResolver {
  @Edge(() => [String], { description: 'Every flag in effect: the flags set and everything they imply (GraphQL only).' })
  managedFlagsInEffect(@Root() group: GroupVO): string[] {
    return expandManagedFlags('group', parseManagedFlags('group', group.managedFlags));
  }

  @Edge(() => LongScalar, {
    nullable: true,
    description:
      'The organisation the group belongs to, which its managers manage it from (GraphQL only; PUT /groups?organisationKey= places a new group); read for every group of the answer at once.',
  })
  organisationKey(@Ctx() ctx: RequestContext, @Root() group: GroupVO): Promise<number | null> {
    return groups.organisationKeyOf(ctx, group.key);
  }

  @Edge(() => [UserVO], {
    description:
      'A page of the owners (coaches): group managers, and members while the group shows its owners; read for every group of the answer in one statement (GraphQL only).',
  })
  @Directive(auth())
  owners(@Ctx() ctx: RequestContext, @Root() group: GroupVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return groups.membersOf(ctx, group.key, GroupRole.coach, page);
  }

  @Edge(() => [UserVO], {
    description:
      'A page of the participants: group managers, and members while the group shows its participants; read for every group of the answer in one statement (GraphQL only).',
  })
  @Directive(auth())
  participants(@Ctx() ctx: RequestContext, @Root() group: GroupVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return groups.membersOf(ctx, group.key, GroupRole.participant, page);
  }

  @GuardedQuery(() => [GroupVO], auth(), {
    description:
      'The groups of the organisations where the caller is group manager or administrator (directly or inherited), and the groups the caller belongs to.',
  })
  groups(
    @Ctx() ctx: RequestContext,
    @Arg('externalId', () => String, { nullable: true }) externalId?: string,
    @Arg('managed', () => Boolean, { nullable: true, description: 'only groups with (true) or without (false) managed flags' }) managed?: boolean,
  ): Promise<GroupVO[]> {
    return groups.listGroups(ctx, { externalId, managed });
  }

  @GuardedMutation(() => GroupVO, auth(...GROUP_MANAGERS), {
    description:
      "Create a group; a body with a key > 0 updates that group. The group belongs to organisationKey (the caller manages groups there), else to the caller's organisation: of those where the caller holds groupmanager or administrator, the one nearest the root.",
  })
  @Managed(managedGroup, null)
  createGroup(
    @Ctx() ctx: RequestContext,
    @Arg('group', () => GroupVOInput) group: GroupVOInput,
    @Arg('organisationKey', () => LongScalar, { nullable: true, description: 'The organisation of a new group (a gateway extension; REST: query parameter).' })
    organisationKey?: number | null,
  ): Promise<GroupVO> {
    return groups.createGroup(ctx, group, organisationKey);
  }

  @GuardedQuery(() => GroupVOes, auth(), { description: "The groups the person belongs to: the person, group managers and the person's user managers." })
  groupsOfUser(@Ctx() ctx: RequestContext, @Args() { identityKey, start, limit, externalId, managed }: GroupsOfUserArgs): Promise<GroupVOes> {
    return groups.listGroupsOfPerson(ctx, identityKey, null, { externalId, managed }, pageRequest(start, limit));
  }

  @GuardedQuery(() => GroupVOes, auth(), { description: 'The groups the person owns (coaches).' })
  groupsOwnedByUser(@Ctx() ctx: RequestContext, @Args() { identityKey, start, limit, externalId, managed }: GroupsOfUserArgs): Promise<GroupVOes> {
    return groups.listGroupsOfPerson(ctx, identityKey, GroupRole.coach, { externalId, managed }, pageRequest(start, limit));
  }

  @GuardedQuery(() => GroupVOes, auth(), { description: 'The groups the person takes part in.' })
  groupsWithParticipant(@Ctx() ctx: RequestContext, @Args() { identityKey, start, limit, externalId, managed }: GroupsOfUserArgs): Promise<GroupVOes> {
    return groups.listGroupsOfPerson(ctx, identityKey, GroupRole.participant, { externalId, managed }, pageRequest(start, limit));
  }

  @GuardedQuery(() => GroupInfoVOes, auth(), {
    description: "The person's groups with what the person sees of them (news, wiki, folder); on REST only as pages (pagingspec=1.0).",
  })
  groupInfosOfUser(@Ctx() ctx: RequestContext, @Args() { identityKey, start, limit, externalId, managed }: GroupsOfUserArgs): Promise<GroupInfoVOes> {
    return groups.listGroupInfosOfPerson(ctx, identityKey, { externalId, managed }, pageRequest(start, limit));
  }

  @GuardedQuery(() => GroupInfoVO, auth(), {
    description: 'The group with its news, wiki and folder as the caller sees them: members and group managers only.',
  })
  groupInfo(@Ctx() ctx: RequestContext, @KeyArg('groupKey') groupKey: number): Promise<GroupInfoVO> {
    return groups.getGroupInfo(ctx, groupKey);
  }

  @GuardedQuery(() => GroupConfigurationVO, auth(...GROUP_MANAGERS), {
    description: 'The tools switched on with their access levels, the news, and who sees the member lists.',
  })
  groupConfiguration(@Ctx() ctx: RequestContext, @KeyArg('groupKey') groupKey: number): Promise<GroupConfigurationVO> {
    return groups.getConfiguration(ctx, groupKey);
  }

  @GuardedMutation(() => Boolean, auth(...GROUP_MANAGERS), { description: 'Replaces the tools switched on (see GroupConfigurationVOInput for what is kept).' })
  @Managed(managedGroup, 'tools')
  updateGroupConfiguration(
    @Ctx() ctx: RequestContext,
    @KeyArg('groupKey') groupKey: number,
    @Arg('configuration', () => GroupConfigurationVOInput) configuration: GroupConfigurationVOInput,
  ): Promise<boolean> {
    return groups.updateConfiguration(ctx, groupKey, configuration);
  }

  @GuardedQuery(() => String, auth(), {
    description: 'The news: members and group managers, while the news tool is on; NOT_FOUND without news. REST: text/plain.',
  })
  groupNews(@Ctx() ctx: RequestContext, @KeyArg('groupKey') groupKey: number): Promise<string> {
    return groups.getNews(ctx, groupKey);
  }

  @GuardedMutation(() => String, auth(...GROUP_MANAGERS), {
    description: 'Saves the news (not blank) and answers it; NOT_FOUND while the news tool is off. REST: text/plain.',
  })
  @Managed(managedGroup, 'tools')
  updateGroupNews(@Ctx() ctx: RequestContext, @KeyArg('groupKey') groupKey: number, @Arg('news', () => GroupNewsInput) news: GroupNewsInput): Promise<string> {
    return groups.updateNews(ctx, groupKey, news.news);
  }

  @GuardedMutation(() => Boolean, auth(...GROUP_MANAGERS), { description: 'Removes the news; NOT_FOUND while the news tool is off.' })
  @Managed(managedGroup, 'tools')
  deleteGroupNews(@Ctx() ctx: RequestContext, @KeyArg('groupKey') groupKey: number): Promise<boolean> {
    return groups.deleteNews(ctx, groupKey);
  }

  @GuardedQuery(() => GroupVO, auth(), { description: 'Members and group managers only.' })
  group(@Ctx() ctx: RequestContext, @KeyArg('groupKey') groupKey: number): Promise<GroupVO> {
    return groups.getGroup(ctx, groupKey);
  }

  @GuardedMutation(() => GroupVO, auth(...GROUP_MANAGERS))
  @Managed(managedGroup, null)
  updateGroup(@Ctx() ctx: RequestContext, @KeyArg('groupKey') groupKey: number, @Arg('group', () => GroupVOInput) group: GroupVOInput): Promise<GroupVO> {
    return groups.updateGroup(ctx, groupKey, group);
  }

  @GuardedMutation(() => Boolean, auth(...GROUP_MANAGERS))
  @Managed(managedGroup, 'delete')
  deleteGroup(@Ctx() ctx: RequestContext, @KeyArg('groupKey') groupKey: number): Promise<boolean> {
    return groups.deleteGroup(ctx, groupKey);
  }

  @GuardedQuery(() => [UserVO], auth(), {
    description: 'The owners (coaches) of the group: group managers, and members while the group shows its owners (ownersVisible).',
  })
  groupOwners(@Ctx() ctx: RequestContext, @KeyArg('groupKey') groupKey: number): Promise<UserVO[]> {
    return groups.listMembers(ctx, groupKey, GroupRole.coach);
  }

  @GuardedQuery(() => [UserVO], auth(), {
    description: 'The participants of the group: group managers, and members while the group shows its participants (participantsVisible).',
  })
  groupParticipants(@Ctx() ctx: RequestContext, @KeyArg('groupKey') groupKey: number): Promise<UserVO[]> {
    return groups.listMembers(ctx, groupKey, GroupRole.participant);
  }

  @GuardedMutation(() => Boolean, auth(...GROUP_MANAGERS), { description: 'true: added; false: already an owner (nothing changed).' })
  @Managed(managedGroup, 'membersmanagement')
  addGroupOwner(@Ctx() ctx: RequestContext, @Args() { groupKey, identityKey }: GroupMemberArgs): Promise<boolean> {
    return groups.addMember(ctx, groupKey, identityKey, GroupRole.coach);
  }

  @GuardedMutation(() => Boolean, auth(...GROUP_MANAGERS))
  @Managed(managedGroup, 'membersmanagement')
  removeGroupOwner(@Ctx() ctx: RequestContext, @Args() { groupKey, identityKey }: GroupMemberArgs): Promise<boolean> {
    return groups.removeMember(ctx, groupKey, identityKey, GroupRole.coach);
  }

  @GuardedMutation(() => Boolean, auth(...GROUP_MANAGERS), {
    description: 'true: added; false: already a participant (REST answers 304). A full group answers 412 on REST.',
  })
  @Managed(managedGroup, 'membersmanagement')
  addGroupParticipant(@Ctx() ctx: RequestContext, @Args() { groupKey, identityKey }: GroupMemberArgs): Promise<boolean> {
    return groups.addMember(ctx, groupKey, identityKey, GroupRole.participant);
  }

  @GuardedMutation(() => Boolean, auth(...GROUP_MANAGERS))
  @Managed(managedGroup, 'membersmanagement')
  removeGroupParticipant(@Ctx() ctx: RequestContext, @Args() { groupKey, identityKey }: GroupMemberArgs): Promise<boolean> {
    return groups.removeMember(ctx, groupKey, identityKey, GroupRole.participant);
  }
}

export const groupResolvers = [GroupResolver] as const;
