import { KeepsPrincipals } from '../auth/principal-cache';
import { Arg, Args, ArgsType, Ctx, Directive, Field, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import { Edge, GuardedMutation, GuardedQuery } from './guards';
import { KeyArg } from '../schema/arguments';
import * as groups from '../groups/service';
import * as members from '../organisations/members';
import * as relationsService from '../relations/service';
import { IdentityToIdentityRelationVO } from '../schema/relations';
import { OrganisationVO } from '../schema/organisations';
import { GroupVO } from '../schema/groups';
import type { RequestContext } from '../domain/context';
import { auth } from '../schema/directives';
import { EdgePageArgs } from '../schema/paging';
import { Base64Scalar, DateTimeScalar, LongScalar } from '../schema/scalars';
import { loader } from '../domain/loaders';
import { notFound } from '../domain/errors';
import {
  ApiKeyVO,
  AuthenticationVO,
  AuthenticationVOInput,
  ManagedUserVO,
  PasswordChangeInput,
  PortraitSize,
  PortraitUploadInput,
  PortraitVO,
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
} from '../schema/users';
import * as accounts from '../users/accounts';
import * as authentications from '../users/authentications';
import * as portraits from '../users/portrait';
import { USER_CREATORS, USER_SEARCHERS } from '../users/policy';
import { datesOf, identityKeyOfLogin, type UserSearch } from '../users/repository';
import * as users from '../users/service';
import { USER_MANAGERS, ORGANISATION_ADMINS } from '../access/roles';

/** The filters of a user search, in the order GraphQL lists them (the reverse of the operation's parameters they were). */
@ArgsType()
class UserSearchArgs implements UserSearch {
  @Field(() => [UserPropertyInput], {
    nullable: true,
    description:
      'user-property filters (on REST any other query parameter); names that are no user property of the REST context (OpenOLAT UserWebService) are ignored, nickName and emailDisabled unless the caller manages users',
  })
  properties?: UserPropertyInput[];

  @Field(() => Int, { nullable: true })
  status?: number;

  @Field(() => String, { nullable: true, description: '"all" includes inactive and deleted users' })
  statusVisibleLimit?: string;

  @Field(() => String, { nullable: true })
  authUsername?: string;

  @Field(() => String, { nullable: true })
  authProvider?: string;

  @Field(() => String, { nullable: true })
  externalId?: string;

  @Field(() => String, { nullable: true })
  login?: string;
}

@Resolver()
export class UserResolver {
  @GuardedQuery(() => UserVO, auth(...USER_SEARCHERS), { description: 'The person with exactly this login (in any case).' })
  userByLogin(@Ctx() ctx: RequestContext, @Arg('username', () => String) username: string): Promise<UserVO> {
    return users.getUserByLogin(ctx, username);
  }

  @GuardedQuery(() => [UserVO], auth(...USER_SEARCHERS), {
    description: 'Search users: login and property values are contains-searches with * wildcards, "quoted" values exact.',
  })
  users(
    @Ctx() ctx: RequestContext,
    @Args() { login, externalId, authProvider, authUsername, statusVisibleLimit, status, properties }: UserSearchArgs,
  ): Promise<UserVO[]> {
    return users.searchUsers(ctx, { login, externalId, authProvider, authUsername, statusVisibleLimit, status, properties });
  }

  @GuardedQuery(() => UserVO, auth(), { description: 'The caller.' })
  me(@Ctx() ctx: RequestContext): Promise<UserVO> {
    return users.getMe(ctx);
  }

  @GuardedQuery(() => UserVO, auth())
  user(
    @Ctx() ctx: RequestContext,
    @KeyArg('identityKey') identityKey: number,
    @Arg('withPortrait', () => Boolean, { nullable: true, defaultValue: false, description: 'portrait: the small portrait as base64' }) withPortrait: boolean,
  ): Promise<UserVO> {
    return users.getUser(ctx, identityKey, withPortrait);
  }

  @KeepsPrincipals()
  @GuardedMutation(() => UserVO, auth(...USER_CREATORS), { description: 'Create a user; validation failures answer 406 with a list of ErrorVO on REST.' })
  createUser(@Ctx() ctx: RequestContext, @Arg('user', () => UserVOInput) user: UserVOInput): Promise<UserVO> {
    return users.createUser(ctx, user);
  }

  @GuardedMutation(() => UserVO, auth(...USER_MANAGERS), {
    description: 'Update names, e-mail, properties and (when not empty) externalId; the login is not changed.',
  })
  updateUser(@Ctx() ctx: RequestContext, @KeyArg('identityKey') identityKey: number, @Arg('user', () => UserVOInput) user: UserVOInput): Promise<UserVO> {
    return users.updateUser(ctx, identityKey, user);
  }

  @GuardedMutation(() => UserVO, auth(...USER_MANAGERS), {
    description:
      'Beyond OpenOLAT: remove the user properties named (updateUser keeps a property it gets empty, as OpenOLAT does); SCIM clears ' +
      'a phone number or employee number through it. Names the person has no value for are skipped.',
  })
  removeUserProperties(@Ctx() ctx: RequestContext, @KeyArg('identityKey') identityKey: number, @Arg('names', () => [String]) names: string[]): Promise<UserVO> {
    return users.removeProperties(ctx, identityKey, names);
  }

  @GuardedMutation(() => Boolean, auth(...USER_MANAGERS))
  deleteUser(@Ctx() ctx: RequestContext, @KeyArg('identityKey') identityKey: number): Promise<boolean> {
    return users.deleteUser(ctx, identityKey);
  }

  @GuardedQuery(() => RolesVO, auth(), { description: 'Roles in the default organisation; the user themself or their managers.' })
  userRoles(@Ctx() ctx: RequestContext, @KeyArg('identityKey') identityKey: number): Promise<RolesVO> {
    return users.getRoles(ctx, identityKey);
  }

  @GuardedMutation(() => RolesVO, auth(...USER_MANAGERS))
  updateUserRoles(
    @Ctx() ctx: RequestContext,
    @KeyArg('identityKey') identityKey: number,
    @Arg('roles', () => RolesVOInput) roles: RolesVOInput,
  ): Promise<RolesVO> {
    return users.updateRoles(ctx, identityKey, roles);
  }

  @GuardedQuery(() => StatusVO, auth(...USER_MANAGERS))
  userStatus(@Ctx() ctx: RequestContext, @KeyArg('identityKey') identityKey: number): Promise<StatusVO> {
    return users.getStatus(ctx, identityKey);
  }

  @GuardedMutation(() => StatusVO, auth(...USER_MANAGERS), { description: "Set the status; a status of 100 or more ends the user's sessions and token." })
  updateUserStatus(
    @Ctx() ctx: RequestContext,
    @KeyArg('identityKey') identityKey: number,
    @Arg('status', () => StatusVOInput) status: StatusVOInput,
  ): Promise<StatusVO> {
    return users.updateStatus(ctx, identityKey, status.status);
  }

  @GuardedQuery(() => [ManagedUserVO], auth(...USER_MANAGERS), {
    description: 'Users with an externalId, in the organisations where the caller manages users.',
  })
  managedUsers(@Ctx() ctx: RequestContext): Promise<ManagedUserVO[]> {
    return accounts.listManagedUsers(ctx);
  }

  @GuardedQuery(() => PreferencesVO, auth(...USER_MANAGERS), { description: 'Managers of the user only (not the user themself).' })
  userPreferences(@Ctx() ctx: RequestContext, @KeyArg('identityKey') identityKey: number): Promise<PreferencesVO> {
    return accounts.getPreferences(ctx, identityKey);
  }

  @GuardedMutation(() => PreferencesVO, auth(...USER_MANAGERS))
  updateUserPreferences(
    @Ctx() ctx: RequestContext,
    @KeyArg('identityKey') identityKey: number,
    @Arg('preferences', () => PreferencesVOInput) preferences: PreferencesVOInput,
  ): Promise<PreferencesVO> {
    return accounts.updatePreferences(ctx, identityKey, preferences);
  }

  @GuardedQuery(() => UserLifecycleVO, auth(...USER_MANAGERS))
  userLifecycle(@Ctx() ctx: RequestContext, @KeyArg('identityKey') identityKey: number): Promise<UserLifecycleVO> {
    return accounts.getLifecycle(ctx, identityKey);
  }

  @GuardedMutation(() => UserLifecycleVO, auth(...USER_MANAGERS), {
    nullable: true,
    description: 'No dates: reactivate (status active, dates cleared); expirationDate: set it; only inactivationDate: null, nothing changed (REST 304).',
  })
  updateUserLifecycle(
    @Ctx() ctx: RequestContext,
    @KeyArg('identityKey') identityKey: number,
    @Arg('lifecycle', () => UserLifecycleVOInput) lifecycle: UserLifecycleVOInput,
  ): Promise<UserLifecycleVO | null> {
    return accounts.updateLifecycle(ctx, identityKey, lifecycle);
  }

  @GuardedMutation(() => UserVO, auth(...USER_MANAGERS), {
    description: 'Change the login; invalid or taken (in any case): CONFLICT, on REST 409 with a list of ErrorVO.',
  })
  changeUserName(
    @Ctx() ctx: RequestContext,
    @KeyArg('identityKey') identityKey: number,
    @Arg('username', () => String, { nullable: true }) username?: string,
  ): Promise<UserVO> {
    return accounts.renameUser(ctx, identityKey, username);
  }
}

const KEY_ORGANISATION =
  "For a new API key (beyond OpenOLAT): the organisation it acts within only, an identity provider's key (SCIM provisions people and groups into it). " +
  'A caller whose own key is bound issues keys bound within that organisation.';

/** Credentials of a person (catalogue 2.1 "Authentications v2") and API keys. Object-level rules live in the service. */
@Resolver()
export class AuthenticationResolver {
  @GuardedQuery(() => [AuthenticationVO], auth(), {
    description: 'Managers of the user see every authentication, the user themself their API keys; credentials are never included.',
  })
  userAuthentications(@Ctx() ctx: RequestContext, @KeyArg('identityKey') identityKey: number): Promise<AuthenticationVO[]> {
    return authentications.listAuthentications(ctx, identityKey);
  }

  @GuardedMutation(() => AuthenticationVO, auth(), {
    description:
      'Update authUsername and externalId of the authentication of that provider, or create one. Provider API-Key creates a new key ' +
      'and answers its secret as credential, this one time; the user themself may do that while self-service keys are allowed. ' +
      'REST tokens cannot be created. A body identityKey other than the path key, or an authUsername of another identity: 409.',
  })
  saveUserAuthentication(
    @Ctx() ctx: RequestContext,
    @KeyArg('identityKey') identityKey: number,
    @Arg('authentication', () => AuthenticationVOInput) authentication: AuthenticationVOInput,
    @Arg('boundOrganisationKey', () => LongScalar, { nullable: true, description: KEY_ORGANISATION }) boundOrganisationKey?: number,
  ): Promise<AuthenticationVO> {
    return authentications.saveAuthentication(ctx, identityKey, authentication, boundOrganisationKey);
  }

  @GuardedMutation(() => Boolean, auth(), {
    description: 'Delete an authentication; revokes an API key (the user may revoke their own). Deleting the password ends all sessions and the token.',
  })
  deleteUserAuthentication(@Ctx() ctx: RequestContext, @KeyArg('identityKey') identityKey: number, @KeyArg('authKey') authKey: number): Promise<boolean> {
    return authentications.deleteAuthentication(ctx, identityKey, authKey);
  }

  @GuardedMutation(() => Boolean, auth(...USER_MANAGERS), {
    description: 'Set the password. false (REST 304): refused by the policy (4 to 128 characters). A change ends all sessions and the token.',
  })
  changeUserPassword(
    @Ctx() ctx: RequestContext,
    @KeyArg('identityKey') identityKey: number,
    @Arg('password', () => PasswordChangeInput) password: PasswordChangeInput,
  ): Promise<boolean> {
    return authentications.changePassword(ctx, identityKey, password.newPassword);
  }

  @GuardedQuery(() => [AuthenticationVO], auth(...USER_MANAGERS), { description: 'Authentications v1 (deprecated, by login): as userAuthentications.' })
  async userAuthenticationsByLogin(@Ctx() ctx: RequestContext, @Arg('username', () => String) username: string): Promise<AuthenticationVO[]> {
    return authentications.listAuthentications(ctx, await identityKeyOfLogin(ctx.em, username));
  }

  @GuardedMutation(() => AuthenticationVO, auth(...USER_MANAGERS), { description: 'Authentications v1 (deprecated, by login): as saveUserAuthentication.' })
  async saveUserAuthenticationByLogin(
    @Ctx() ctx: RequestContext,
    @Arg('username', () => String) username: string,
    @Arg('authentication', () => AuthenticationVOInput) authentication: AuthenticationVOInput,
  ): Promise<AuthenticationVO> {
    return authentications.saveAuthentication(ctx, await identityKeyOfLogin(ctx.em, username), authentication);
  }

  @GuardedMutation(() => Boolean, auth(...USER_MANAGERS), { description: 'Authentications v1 (deprecated, by login): as deleteUserAuthentication.' })
  async deleteUserAuthenticationByLogin(
    @Ctx() ctx: RequestContext,
    @Arg('username', () => String) username: string,
    @KeyArg('authKey') authKey: number,
  ): Promise<boolean> {
    return authentications.deleteAuthentication(ctx, await identityKeyOfLogin(ctx.em, username), authKey);
  }

  @GuardedMutation(() => Boolean, auth(...USER_MANAGERS), { description: 'Authentications v1 (deprecated, by login): as changeUserPassword.' })
  async changeUserPasswordByLogin(
    @Ctx() ctx: RequestContext,
    @Arg('username', () => String) username: string,
    @Arg('password', () => PasswordChangeInput) password: PasswordChangeInput,
  ): Promise<boolean> {
    return authentications.changePassword(ctx, await identityKeyOfLogin(ctx.em, username), password.newPassword);
  }

  @GuardedMutation(() => ApiKeyVO, auth(), {
    description:
      'A new API key for the user: the secret is in this answer only. Managers of the user always; the user themself while ' +
      'self-service keys are allowed, and not with an API key. Listed by userAuthentications, revoked by deleteUserAuthentication.',
  })
  createApiKey(
    @Ctx() ctx: RequestContext,
    @KeyArg('identityKey') identityKey: number,
    @Arg('externalId', () => String, { nullable: true }) externalId?: string,
    @Arg('boundOrganisationKey', () => LongScalar, { nullable: true, description: KEY_ORGANISATION }) boundOrganisationKey?: number,
  ): Promise<ApiKeyVO> {
    return authentications.issueApiKey(ctx, identityKey, externalId, boundOrganisationKey);
  }
}

/** The portrait of a person (catalogue 2.1): any authenticated caller reads it, the person themself and their user managers change it. */
@Resolver(() => PortraitVO)
export class PortraitResolver {
  @GuardedQuery(() => PortraitVO, auth(), { description: 'One variant of the portrait; NOT_FOUND when the person has none.' })
  userPortrait(
    @Ctx() ctx: RequestContext,
    @KeyArg('identityKey') identityKey: number,
    @Arg('size', () => PortraitSize, { nullable: true, defaultValue: PortraitSize.big }) size: PortraitSize,
  ): Promise<PortraitVO> {
    return portraits.getPortrait(ctx, identityKey, size);
  }

  @FieldResolver(() => Base64Scalar, { description: 'The image; read only when selected.' })
  content(@Ctx() ctx: RequestContext, @Root() portrait: PortraitVO): Promise<Buffer> {
    return portraits.portraitContent(ctx, portrait);
  }

  @GuardedMutation(() => Boolean, auth(), {
    description:
      'Store a new portrait (JPEG, PNG or GIF, recognised by its content, otherwise UNSUPPORTED_MEDIA_TYPE) with its big and small scalings; the person themself or their user managers.',
  })
  uploadUserPortrait(
    @Ctx() ctx: RequestContext,
    @KeyArg('identityKey') identityKey: number,
    @Arg('portrait', () => PortraitUploadInput) portrait: PortraitUploadInput,
  ): Promise<boolean> {
    return portraits.uploadPortrait(ctx, identityKey, portrait);
  }

  @GuardedMutation(() => Boolean, auth(), { description: 'Remove the portrait; false when there was none. The person themself or their user managers.' })
  deleteUserPortrait(@Ctx() ctx: RequestContext, @KeyArg('identityKey') identityKey: number): Promise<boolean> {
    return portraits.deletePortrait(ctx, identityKey);
  }
}

/** The dates of the people of an answer level, in one statement. */
async function datesOfPerson(ctx: RequestContext, key: number): Promise<{ creationDate: Date; lastModified: Date }> {
  const dates = await loader<number, { creationDate: Date; lastModified: Date } | null>(ctx, 'dates of people', (keys) => datesOf(ctx.em, keys)).load(key);
  if (!dates) throw notFound('user');
  return dates;
}

/** Edges of a person for internal tools (GraphQL only), each with the rule of its REST twin, read for all people of an answer at once. */
@Resolver(() => UserVO)
export class UserEdgesResolver {
  @Edge(() => DateTimeScalar, { description: 'When the person was created (GraphQL only).' })
  async creationDate(@Ctx() ctx: RequestContext, @Root() user: UserVO): Promise<Date> {
    return user.creationDate ?? (await datesOfPerson(ctx, user.key)).creationDate;
  }

  @Edge(() => DateTimeScalar, { description: 'When the person was last changed (GraphQL only).' })
  async lastModified(@Ctx() ctx: RequestContext, @Root() user: UserVO): Promise<Date> {
    return user.lastModified ?? (await datesOfPerson(ctx, user.key)).lastModified;
  }

  @Edge(() => RolesVO, {
    nullable: true,
    description: 'As GET /users/{k}/roles: the person themself, or their user managers; null with an error otherwise (GraphQL only).',
  })
  roles(@Ctx() ctx: RequestContext, @Root() user: UserVO): Promise<RolesVO> {
    return users.rolesOfPerson(ctx, user.key);
  }

  @Edge(() => [OrganisationVO], {
    nullable: true,
    description:
      'The organisations the person belongs to (role user), with those an inheriting membership covers: as GET /organisations/membership/user/{identityKey}, for organisation administrators; null with an error otherwise (GraphQL only).',
  })
  @Directive(auth(...ORGANISATION_ADMINS))
  organisations(@Ctx() ctx: RequestContext, @Root() user: UserVO, @Args() page: EdgePageArgs): Promise<OrganisationVO[]> {
    return members.membershipsOf(ctx, 'user', user.key, page);
  }

  @Edge(() => [IdentityToIdentityRelationVO], {
    nullable: true,
    description: "As GET /users/{k}/relations/source: the person's relations as source, for their user managers; null with an error otherwise (GraphQL only).",
  })
  relations(@Ctx() ctx: RequestContext, @Root() user: UserVO, @Args() page: EdgePageArgs): Promise<IdentityToIdentityRelationVO[]> {
    return relationsService.relationsOfSource(ctx, user.key, page);
  }

  @Edge(() => [GroupVO], {
    nullable: true,
    description: "As GET /users/{k}/groups: the person, group managers and the person's user managers; null with an error otherwise (GraphQL only).",
  })
  groups(@Ctx() ctx: RequestContext, @Root() user: UserVO, @Args() page: EdgePageArgs): Promise<GroupVO[]> {
    return groups.groupsOfPersonInAnswer(ctx, user.key, page);
  }
}

export const userResolvers = [UserResolver, AuthenticationResolver, PortraitResolver, UserEdgesResolver] as const;
