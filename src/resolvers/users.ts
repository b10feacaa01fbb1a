import { KeepsPrincipals } from '../auth/principal-cache';
import { Arg, Args, Ctx, Directive, Extensions, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
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
import { datesOf, identityKeyOfLogin } from '../users/repository';
import * as users from '../users/service';
import { USER_MANAGERS, ORGANISATION_ADMINS } from '../access/roles';

@Resolver()
export class UserResolver {
  @Query(() => UserVO, { description: 'The person with exactly this login (in any case).' })
  @Directive(auth(...USER_SEARCHERS))
  userByLogin(@Ctx() ctx: RequestContext, @Arg('username', () => String) username: string): Promise<UserVO> {
    return users.getUserByLogin(ctx, username);
  }

  @Query(() => [UserVO], { description: 'Search users: login and property values are contains-searches with * wildcards, "quoted" values exact.' })
  @Directive(auth(...USER_SEARCHERS))
  users(
    @Ctx() ctx: RequestContext,
    @Arg('login', () => String, { nullable: true }) login?: string,
    @Arg('externalId', () => String, { nullable: true }) externalId?: string,
    @Arg('authProvider', () => String, { nullable: true }) authProvider?: string,
    @Arg('authUsername', () => String, { nullable: true }) authUsername?: string,
    @Arg('statusVisibleLimit', () => String, { nullable: true, description: '"all" includes inactive and deleted users' }) statusVisibleLimit?: string,
    @Arg('status', () => Int, { nullable: true }) status?: number,
    @Arg('properties', () => [UserPropertyInput], {
      nullable: true,
      description:
        'user-property filters (on REST any other query parameter); names that are no user property of the REST context (OpenOLAT UserWebService) are ignored, nickName and emailDisabled unless the caller manages users',
    })
    properties?: UserPropertyInput[],
  ): Promise<UserVO[]> {
    return users.searchUsers(ctx, { login, externalId, authProvider, authUsername, statusVisibleLimit, status, properties });
  }

  @Query(() => UserVO, { description: 'The caller.' })
  @Directive(auth())
  me(@Ctx() ctx: RequestContext): Promise<UserVO> {
    return users.getMe(ctx);
  }

  @Query(() => UserVO)
  @Directive(auth())
  user(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('withPortrait', () => Boolean, { nullable: true, defaultValue: false, description: 'portrait: the small portrait as base64' }) withPortrait: boolean,
  ): Promise<UserVO> {
    return users.getUser(ctx, identityKey, withPortrait);
  }

  @KeepsPrincipals()
  @Mutation(() => UserVO, { description: 'Create a user; validation failures answer 406 with a list of ErrorVO on REST.' })
  @Directive(auth(...USER_CREATORS))
  createUser(@Ctx() ctx: RequestContext, @Arg('user', () => UserVOInput) user: UserVOInput): Promise<UserVO> {
    return users.createUser(ctx, user);
  }

  @Mutation(() => UserVO, { description: 'Update names, e-mail, properties and (when not empty) externalId; the login is not changed.' })
  @Directive(auth(...USER_MANAGERS))
  updateUser(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('user', () => UserVOInput) user: UserVOInput,
  ): Promise<UserVO> {
    return users.updateUser(ctx, identityKey, user);
  }

  @Mutation(() => UserVO, {
    description:
      'Beyond OpenOLAT: remove the user properties named (updateUser keeps a property it gets empty, as OpenOLAT does); SCIM clears ' +
      'a phone number or employee number through it. Names the person has no value for are skipped.',
  })
  @Directive(auth(...USER_MANAGERS))
  removeUserProperties(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('names', () => [String]) names: string[],
  ): Promise<UserVO> {
    return users.removeProperties(ctx, identityKey, names);
  }

  @Mutation(() => Boolean)
  @Directive(auth(...USER_MANAGERS))
  deleteUser(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<boolean> {
    return users.deleteUser(ctx, identityKey);
  }

  @Query(() => RolesVO, { description: 'Roles in the default organisation; the user themself or their managers.' })
  @Directive(auth())
  userRoles(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<RolesVO> {
    return users.getRoles(ctx, identityKey);
  }

  @Mutation(() => RolesVO)
  @Directive(auth(...USER_MANAGERS))
  updateUserRoles(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('roles', () => RolesVOInput) roles: RolesVOInput,
  ): Promise<RolesVO> {
    return users.updateRoles(ctx, identityKey, roles);
  }

  @Query(() => StatusVO)
  @Directive(auth(...USER_MANAGERS))
  userStatus(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<StatusVO> {
    return users.getStatus(ctx, identityKey);
  }

  @Mutation(() => StatusVO, { description: "Set the status; a status of 100 or more ends the user's sessions and token." })
  @Directive(auth(...USER_MANAGERS))
  updateUserStatus(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('status', () => StatusVOInput) status: StatusVOInput,
  ): Promise<StatusVO> {
    return users.updateStatus(ctx, identityKey, status.status);
  }

  @Query(() => [ManagedUserVO], { description: 'Users with an externalId, in the organisations where the caller manages users.' })
  @Directive(auth(...USER_MANAGERS))
  managedUsers(@Ctx() ctx: RequestContext): Promise<ManagedUserVO[]> {
    return accounts.listManagedUsers(ctx);
  }

  @Query(() => PreferencesVO, { description: 'Managers of the user only (not the user themself).' })
  @Directive(auth(...USER_MANAGERS))
  userPreferences(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<PreferencesVO> {
    return accounts.getPreferences(ctx, identityKey);
  }

  @Mutation(() => PreferencesVO)
  @Directive(auth(...USER_MANAGERS))
  updateUserPreferences(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('preferences', () => PreferencesVOInput) preferences: PreferencesVOInput,
  ): Promise<PreferencesVO> {
    return accounts.updatePreferences(ctx, identityKey, preferences);
  }

  @Query(() => UserLifecycleVO)
  @Directive(auth(...USER_MANAGERS))
  userLifecycle(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<UserLifecycleVO> {
    return accounts.getLifecycle(ctx, identityKey);
  }

  @Mutation(() => UserLifecycleVO, {
    nullable: true,
    description: 'No dates: reactivate (status active, dates cleared); expirationDate: set it; only inactivationDate: null, nothing changed (REST 304).',
  })
  @Directive(auth(...USER_MANAGERS))
  updateUserLifecycle(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('lifecycle', () => UserLifecycleVOInput) lifecycle: UserLifecycleVOInput,
  ): Promise<UserLifecycleVO | null> {
    return accounts.updateLifecycle(ctx, identityKey, lifecycle);
  }

  @Mutation(() => UserVO, { description: 'Change the login; invalid or taken (in any case): CONFLICT, on REST 409 with a list of ErrorVO.' })
  @Directive(auth(...USER_MANAGERS))
  changeUserName(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
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
  @Query(() => [AuthenticationVO], {
    description: 'Managers of the user see every authentication, the user themself their API keys; credentials are never included.',
  })
  @Directive(auth())
  userAuthentications(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<AuthenticationVO[]> {
    return authentications.listAuthentications(ctx, identityKey);
  }

  @Mutation(() => AuthenticationVO, {
    description:
      'Update authUsername and externalId of the authentication of that provider, or create one. Provider API-Key creates a new key ' +
      'and answers its secret as credential, this one time; the user themself may do that while self-service keys are allowed. ' +
      'REST tokens cannot be created. A body identityKey other than the path key, or an authUsername of another identity: 409.',
  })
  @Directive(auth())
  saveUserAuthentication(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('authentication', () => AuthenticationVOInput) authentication: AuthenticationVOInput,
    @Arg('boundOrganisationKey', () => LongScalar, { nullable: true, description: KEY_ORGANISATION }) boundOrganisationKey?: number,
  ): Promise<AuthenticationVO> {
    return authentications.saveAuthentication(ctx, identityKey, authentication, boundOrganisationKey);
  }

  @Mutation(() => Boolean, {
    description: 'Delete an authentication; revokes an API key (the user may revoke their own). Deleting the password ends all sessions and the token.',
  })
  @Directive(auth())
  deleteUserAuthentication(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('authKey', () => LongScalar) authKey: number,
  ): Promise<boolean> {
    return authentications.deleteAuthentication(ctx, identityKey, authKey);
  }

  @Mutation(() => Boolean, {
    description: 'Set the password. false (REST 304): refused by the policy (4 to 128 characters). A change ends all sessions and the token.',
  })
  @Directive(auth(...USER_MANAGERS))
  changeUserPassword(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('password', () => PasswordChangeInput) password: PasswordChangeInput,
  ): Promise<boolean> {
    return authentications.changePassword(ctx, identityKey, password.newPassword);
  }

  @Query(() => [AuthenticationVO], { description: 'Authentications v1 (deprecated, by login): as userAuthentications.' })
  @Directive(auth(...USER_MANAGERS))
  async userAuthenticationsByLogin(@Ctx() ctx: RequestContext, @Arg('username', () => String) username: string): Promise<AuthenticationVO[]> {
    return authentications.listAuthentications(ctx, await identityKeyOfLogin(ctx.em, username));
  }

  @Mutation(() => AuthenticationVO, { description: 'Authentications v1 (deprecated, by login): as saveUserAuthentication.' })
  @Directive(auth(...USER_MANAGERS))
  async saveUserAuthenticationByLogin(
    @Ctx() ctx: RequestContext,
    @Arg('username', () => String) username: string,
    @Arg('authentication', () => AuthenticationVOInput) authentication: AuthenticationVOInput,
  ): Promise<AuthenticationVO> {
    return authentications.saveAuthentication(ctx, await identityKeyOfLogin(ctx.em, username), authentication);
  }

  @Mutation(() => Boolean, { description: 'Authentications v1 (deprecated, by login): as deleteUserAuthentication.' })
  @Directive(auth(...USER_MANAGERS))
  async deleteUserAuthenticationByLogin(
    @Ctx() ctx: RequestContext,
    @Arg('username', () => String) username: string,
    @Arg('authKey', () => LongScalar) authKey: number,
  ): Promise<boolean> {
    return authentications.deleteAuthentication(ctx, await identityKeyOfLogin(ctx.em, username), authKey);
  }

  @Mutation(() => Boolean, { description: 'Authentications v1 (deprecated, by login): as changeUserPassword.' })
  @Directive(auth(...USER_MANAGERS))
  async changeUserPasswordByLogin(
    @Ctx() ctx: RequestContext,
    @Arg('username', () => String) username: string,
    @Arg('password', () => PasswordChangeInput) password: PasswordChangeInput,
  ): Promise<boolean> {
    return authentications.changePassword(ctx, await identityKeyOfLogin(ctx.em, username), password.newPassword);
  }

  @Mutation(() => ApiKeyVO, {
    description:
      'A new API key for the user: the secret is in this answer only. Managers of the user always; the user themself while ' +
      'self-service keys are allowed, and not with an API key. Listed by userAuthentications, revoked by deleteUserAuthentication.',
  })
  @Directive(auth())
  createApiKey(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('externalId', () => String, { nullable: true }) externalId?: string,
    @Arg('boundOrganisationKey', () => LongScalar, { nullable: true, description: KEY_ORGANISATION }) boundOrganisationKey?: number,
  ): Promise<ApiKeyVO> {
    return authentications.issueApiKey(ctx, identityKey, externalId, boundOrganisationKey);
  }
}

/** The portrait of a person (catalogue 2.1): any authenticated caller reads it, the person themself and their user managers change it. */
@Resolver(() => PortraitVO)
export class PortraitResolver {
  @Query(() => PortraitVO, { description: 'One variant of the portrait; NOT_FOUND when the person has none.' })
  @Directive(auth())
  userPortrait(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('size', () => PortraitSize, { nullable: true, defaultValue: PortraitSize.big }) size: PortraitSize,
  ): Promise<PortraitVO> {
    return portraits.getPortrait(ctx, identityKey, size);
  }

  @FieldResolver(() => Base64Scalar, { description: 'The image; read only when selected.' })
  content(@Ctx() ctx: RequestContext, @Root() portrait: PortraitVO): Promise<Buffer> {
    return portraits.portraitContent(ctx, portrait);
  }

  @Mutation(() => Boolean, {
    description:
      'Store a new portrait (JPEG, PNG or GIF, recognised by its content, otherwise UNSUPPORTED_MEDIA_TYPE) with its big and small scalings; the person themself or their user managers.',
  })
  @Directive(auth())
  uploadUserPortrait(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('portrait', () => PortraitUploadInput) portrait: PortraitUploadInput,
  ): Promise<boolean> {
    return portraits.uploadPortrait(ctx, identityKey, portrait);
  }

  @Mutation(() => Boolean, { description: 'Remove the portrait; false when there was none. The person themself or their user managers.' })
  @Directive(auth())
  deleteUserPortrait(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<boolean> {
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
  @FieldResolver(() => DateTimeScalar, { description: 'When the person was created (GraphQL only).' })
  @Extensions({ rest: false })
  async creationDate(@Ctx() ctx: RequestContext, @Root() user: UserVO): Promise<Date> {
    return user.creationDate ?? (await datesOfPerson(ctx, user.key)).creationDate;
  }

  @FieldResolver(() => DateTimeScalar, { description: 'When the person was last changed (GraphQL only).' })
  @Extensions({ rest: false })
  async lastModified(@Ctx() ctx: RequestContext, @Root() user: UserVO): Promise<Date> {
    return user.lastModified ?? (await datesOfPerson(ctx, user.key)).lastModified;
  }

  @FieldResolver(() => RolesVO, {
    nullable: true,
    description: 'As GET /users/{k}/roles: the person themself, or their user managers; null with an error otherwise (GraphQL only).',
  })
  @Extensions({ rest: false })
  roles(@Ctx() ctx: RequestContext, @Root() user: UserVO): Promise<RolesVO> {
    return users.rolesOfPerson(ctx, user.key);
  }

  @FieldResolver(() => [OrganisationVO], {
    nullable: true,
    description:
      'The organisations the person belongs to (role user), with those an inheriting membership covers: as GET /organisations/membership/user/{identityKey}, for organisation administrators; null with an error otherwise (GraphQL only).',
  })
  @Extensions({ rest: false })
  @Directive(auth(...ORGANISATION_ADMINS))
  organisations(@Ctx() ctx: RequestContext, @Root() user: UserVO, @Args() page: EdgePageArgs): Promise<OrganisationVO[]> {
    return members.membershipsOf(ctx, 'user', user.key, page);
  }

  @FieldResolver(() => [IdentityToIdentityRelationVO], {
    nullable: true,
    description: "As GET /users/{k}/relations/source: the person's relations as source, for their user managers; null with an error otherwise (GraphQL only).",
  })
  @Extensions({ rest: false })
  relations(@Ctx() ctx: RequestContext, @Root() user: UserVO, @Args() page: EdgePageArgs): Promise<IdentityToIdentityRelationVO[]> {
    return relationsService.relationsOfSource(ctx, user.key, page);
  }

  @FieldResolver(() => [GroupVO], {
    nullable: true,
    description: "As GET /users/{k}/groups: the person, group managers and the person's user managers; null with an error otherwise (GraphQL only).",
  })
  @Extensions({ rest: false })
  groups(@Ctx() ctx: RequestContext, @Root() user: UserVO, @Args() page: EdgePageArgs): Promise<GroupVO[]> {
    return groups.groupsOfPersonInAnswer(ctx, user.key, page);
  }
}

export const userResolvers = [UserResolver, AuthenticationResolver, PortraitResolver, UserEdgesResolver] as const;
