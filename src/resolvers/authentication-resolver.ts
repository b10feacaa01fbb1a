import { Arg, Ctx, Directive, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { ApiKeyVO, AuthenticationVO, AuthenticationVOInput, PasswordChangeInput } from '../schema/authentication-types';
import { auth } from '../schema/directives';
import { LongScalar } from '../schema/scalars';
import * as authentications from '../users/authentication-service';
import { USER_MANAGER_ROLES } from '../users/user-service';

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
  ): Promise<AuthenticationVO> {
    return authentications.saveAuthentication(ctx, identityKey, authentication);
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
  @Directive(auth(...USER_MANAGER_ROLES))
  changeUserPassword(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('password', () => PasswordChangeInput) password: PasswordChangeInput,
  ): Promise<boolean> {
    return authentications.changePassword(ctx, identityKey, password.newPassword);
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
  ): Promise<ApiKeyVO> {
    return authentications.issueApiKey(ctx, identityKey, externalId);
  }
}
