import { Arg, Ctx, Directive, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { auth } from '../schema/directives';
import { LongScalar } from '../schema/scalars';
import {
  ManagedUserVO,
  PreferencesVO,
  PreferencesVOInput,
  RolesVO,
  RolesVOInput,
  StatusVO,
  StatusVOInput,
  UserLifecycleVO,
  UserLifecycleVOInput,
  UserPropertyInput,
  UserVO,
  UserVOInput,
} from '../schema/user-types';
import * as accounts from '../users/account-service';
import * as users from '../users/user-service';
import { findUserRow, searchUsers } from '../users/user-search';
import { toUserVO } from '../users/user-presenter';

const SEARCHERS = ['administrator', 'usermanager', 'rolesmanager', 'author'];
const MANAGERS = users.USER_MANAGER_ROLES;

@Resolver()
export class UserResolver {
  @Query(() => [UserVO], { description: 'Search users: login and property values are contains-searches with * wildcards, "quoted" values exact.' })
  @Directive(auth(...SEARCHERS))
  async users(
    @Ctx() ctx: RequestContext,
    @Arg('login', () => String, { nullable: true }) login?: string,
    @Arg('externalId', () => String, { nullable: true }) externalId?: string,
    @Arg('authProvider', () => String, { nullable: true }) authProvider?: string,
    @Arg('authUsername', () => String, { nullable: true }) authUsername?: string,
    @Arg('statusVisibleLimit', () => String, { nullable: true, description: '"all" includes inactive and deleted users' }) statusVisibleLimit?: string,
    @Arg('status', () => Int, { nullable: true }) status?: number,
    @Arg('properties', () => [UserPropertyInput], { nullable: true, description: 'user-property filters; on REST any other query parameter' })
    properties?: UserPropertyInput[],
  ): Promise<UserVO[]> {
    const rows = await searchUsers(ctx.em, { login, externalId, authProvider, authUsername, statusVisibleLimit, status, properties });
    return rows.map((row) => toUserVO(row, true));
  }

  @Query(() => UserVO, { description: 'The caller.' })
  @Directive(auth())
  async me(@Ctx() ctx: RequestContext): Promise<UserVO> {
    return toUserVO(await findUserRow(ctx.em, ctx.caller!.key), true);
  }

  @Query(() => UserVO)
  @Directive(auth())
  async user(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<UserVO> {
    const row = await findUserRow(ctx.em, identityKey);
    return toUserVO(row, await users.canSeeFullProfile(ctx, identityKey));
  }

  @Mutation(() => UserVO, { description: 'Create a user; validation failures answer 406 with a list of ErrorVO on REST.' })
  @Directive(auth('administrator', 'usermanager'))
  createUser(@Ctx() ctx: RequestContext, @Arg('user', () => UserVOInput) user: UserVOInput): Promise<UserVO> {
    return users.createUser(ctx, user);
  }

  @Mutation(() => UserVO, { description: 'Update names, e-mail, properties and (when not empty) externalId; the login is not changed.' })
  @Directive(auth(...MANAGERS))
  updateUser(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('user', () => UserVOInput) user: UserVOInput,
  ): Promise<UserVO> {
    return users.updateUser(ctx, identityKey, user);
  }

  @Mutation(() => Boolean)
  @Directive(auth(...MANAGERS))
  deleteUser(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<boolean> {
    return users.deleteUser(ctx, identityKey);
  }

  @Query(() => RolesVO, { description: 'Roles in the default organisation; the user themself or their managers.' })
  @Directive(auth())
  userRoles(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<RolesVO> {
    return users.getRoles(ctx, identityKey);
  }

  @Mutation(() => RolesVO)
  @Directive(auth(...MANAGERS))
  updateUserRoles(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('roles', () => RolesVOInput) roles: RolesVOInput,
  ): Promise<RolesVO> {
    return users.updateRoles(ctx, identityKey, roles);
  }

  @Query(() => StatusVO)
  @Directive(auth(...MANAGERS))
  userStatus(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<StatusVO> {
    return users.getStatus(ctx, identityKey);
  }

  @Mutation(() => StatusVO, { description: "Set the status; a status of 100 or more ends the user's sessions and token." })
  @Directive(auth(...MANAGERS))
  updateUserStatus(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('status', () => StatusVOInput) status: StatusVOInput,
  ): Promise<StatusVO> {
    return users.updateStatus(ctx, identityKey, status.status);
  }

  @Query(() => [ManagedUserVO], { description: 'Users with an externalId, in the organisations where the caller manages users.' })
  @Directive(auth(...MANAGERS))
  managedUsers(@Ctx() ctx: RequestContext): Promise<ManagedUserVO[]> {
    return accounts.listManagedUsers(ctx);
  }

  @Query(() => PreferencesVO, { description: 'Managers of the user only (not the user themself).' })
  @Directive(auth(...MANAGERS))
  userPreferences(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<PreferencesVO> {
    return accounts.getPreferences(ctx, identityKey);
  }

  @Mutation(() => PreferencesVO)
  @Directive(auth(...MANAGERS))
  updateUserPreferences(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('preferences', () => PreferencesVOInput) preferences: PreferencesVOInput,
  ): Promise<PreferencesVO> {
    return accounts.updatePreferences(ctx, identityKey, preferences);
  }

  @Query(() => UserLifecycleVO)
  @Directive(auth(...MANAGERS))
  userLifecycle(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<UserLifecycleVO> {
    return accounts.getLifecycle(ctx, identityKey);
  }

  @Mutation(() => UserLifecycleVO, {
    nullable: true,
    description: 'No dates: reactivate (status active, dates cleared); expirationDate: set it; only inactivationDate: null, nothing changed (REST 304).',
  })
  @Directive(auth(...MANAGERS))
  updateUserLifecycle(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('lifecycle', () => UserLifecycleVOInput) lifecycle: UserLifecycleVOInput,
  ): Promise<UserLifecycleVO | null> {
    return accounts.updateLifecycle(ctx, identityKey, lifecycle);
  }

  @Mutation(() => UserVO, { description: 'Change the login; invalid or taken (in any case): CONFLICT, on REST 409 with a list of ErrorVO.' })
  @Directive(auth(...MANAGERS))
  changeUserName(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('username', () => String, { nullable: true }) username?: string,
  ): Promise<UserVO> {
    return accounts.renameUser(ctx, identityKey, username);
  }
}
