import { Arg, Ctx, Directive, Extensions, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { GroupRole } from '../entities/groups';
import * as groups from '../groups/group-service';
import { expandManagedFlags, parseManagedFlags } from '../managed/flags';
import { auth, managed } from '../schema/directives';
import { GroupVO, GroupVOInput } from '../schema/group-types';
import { LongScalar } from '../schema/scalars';
import { UserVO } from '../schema/user-types';

const MANAGERS = groups.GROUP_MANAGER_ROLES;

@Resolver(() => GroupVO)
export class GroupResolver {
  @FieldResolver(() => [String], { description: 'Every flag in effect: the flags set and everything they imply (GraphQL only).' })
  @Extensions({ rest: false })
  managedFlagsInEffect(@Root() group: GroupVO): string[] {
    return expandManagedFlags('group', parseManagedFlags('group', group.managedFlags));
  }

  @Query(() => [GroupVO], { description: 'Group managers see every group, others the groups they belong to.' })
  @Directive(auth())
  groups(
    @Ctx() ctx: RequestContext,
    @Arg('externalId', () => String, { nullable: true }) externalId?: string,
    @Arg('managed', () => Boolean, { nullable: true, description: 'only groups with (true) or without (false) managed flags' }) managed?: boolean,
  ): Promise<GroupVO[]> {
    return groups.listGroups(ctx, { externalId, managed });
  }

  @Mutation(() => GroupVO, { description: 'Create a group; a body with a key > 0 updates that group.' })
  @Directive(auth(...MANAGERS))
  @Directive(managed('group', null))
  createGroup(@Ctx() ctx: RequestContext, @Arg('group', () => GroupVOInput) group: GroupVOInput): Promise<GroupVO> {
    return groups.createGroup(ctx, group);
  }

  @Query(() => GroupVO, { description: 'Members and group managers only.' })
  @Directive(auth())
  group(@Ctx() ctx: RequestContext, @Arg('groupKey', () => LongScalar) groupKey: number): Promise<GroupVO> {
    return groups.getGroup(ctx, groupKey);
  }

  @Mutation(() => GroupVO)
  @Directive(auth(...MANAGERS))
  @Directive(managed('group', null))
  updateGroup(
    @Ctx() ctx: RequestContext,
    @Arg('groupKey', () => LongScalar) groupKey: number,
    @Arg('group', () => GroupVOInput) group: GroupVOInput,
  ): Promise<GroupVO> {
    return groups.updateGroup(ctx, groupKey, group);
  }

  @Mutation(() => Boolean)
  @Directive(auth(...MANAGERS))
  @Directive(managed('group', 'delete'))
  deleteGroup(@Ctx() ctx: RequestContext, @Arg('groupKey', () => LongScalar) groupKey: number): Promise<boolean> {
    return groups.deleteGroup(ctx, groupKey);
  }

  @Query(() => [UserVO], { description: 'The owners (coaches) of the group.' })
  @Directive(auth(...MANAGERS))
  groupOwners(@Ctx() ctx: RequestContext, @Arg('groupKey', () => LongScalar) groupKey: number): Promise<UserVO[]> {
    return groups.listMembers(ctx, groupKey, GroupRole.coach);
  }

  @Query(() => [UserVO])
  @Directive(auth(...MANAGERS))
  groupParticipants(@Ctx() ctx: RequestContext, @Arg('groupKey', () => LongScalar) groupKey: number): Promise<UserVO[]> {
    return groups.listMembers(ctx, groupKey, GroupRole.participant);
  }

  @Mutation(() => Boolean, { description: 'true: added; false: already an owner (nothing changed).' })
  @Directive(auth(...MANAGERS))
  @Directive(managed('group', 'membersmanagement'))
  addGroupOwner(
    @Ctx() ctx: RequestContext,
    @Arg('groupKey', () => LongScalar) groupKey: number,
    @Arg('identityKey', () => LongScalar) identityKey: number,
  ): Promise<boolean> {
    return groups.addMember(ctx, groupKey, identityKey, GroupRole.coach);
  }

  @Mutation(() => Boolean)
  @Directive(auth(...MANAGERS))
  @Directive(managed('group', 'membersmanagement'))
  removeGroupOwner(
    @Ctx() ctx: RequestContext,
    @Arg('groupKey', () => LongScalar) groupKey: number,
    @Arg('identityKey', () => LongScalar) identityKey: number,
  ): Promise<boolean> {
    return groups.removeMember(ctx, groupKey, identityKey, GroupRole.coach);
  }

  @Mutation(() => Boolean, { description: 'true: added; false: already a participant (REST answers 304). A full group answers 412 on REST.' })
  @Directive(auth(...MANAGERS))
  @Directive(managed('group', 'membersmanagement'))
  addGroupParticipant(
    @Ctx() ctx: RequestContext,
    @Arg('groupKey', () => LongScalar) groupKey: number,
    @Arg('identityKey', () => LongScalar) identityKey: number,
  ): Promise<boolean> {
    return groups.addMember(ctx, groupKey, identityKey, GroupRole.participant);
  }

  @Mutation(() => Boolean)
  @Directive(auth(...MANAGERS))
  @Directive(managed('group', 'membersmanagement'))
  removeGroupParticipant(
    @Ctx() ctx: RequestContext,
    @Arg('groupKey', () => LongScalar) groupKey: number,
    @Arg('identityKey', () => LongScalar) identityKey: number,
  ): Promise<boolean> {
    return groups.removeMember(ctx, groupKey, identityKey, GroupRole.participant);
  }
}
