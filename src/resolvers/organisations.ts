import { Arg, Args, Ctx, Directive, Extensions, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { Managed } from '../managed/elements';
import { managedOrganisation, managedOrganisationType } from '../organisations/managed';
import * as members from '../organisations/members';
import * as organisations from '../organisations/service';
import * as types from '../organisations/types';
import { auth } from '../schema/directives';
import { OrganisationTypeVO, OrganisationTypeVOInput, OrganisationVO, OrganisationVOInput } from '../schema/organisations';
import { EdgePageArgs } from '../schema/paging';
import { LongScalar } from '../schema/scalars';
import { UserVO, UserVOInput } from '../schema/users';
import { typeOperations } from './type-operations';
import { ORGANISATION_TYPE_OPERATIONS } from '../schema/type-families';
import { ORGANISATION_ADMINS } from '../access/roles';

const ROLE = 'an organisation role (catalogue 5.7) or its plural, e.g. author or authors';
const INHERITANCE = 'none, root (the sub-organisations too) or inherited (same as root); absent: root for every role but user, invitee and guest';

@Resolver()
export class OrganisationResolver {
  @Query(() => [OrganisationVO], { description: 'Without filters every organisation that is not deleted; externalId and identifier are exact matches.' })
  @Directive(auth(...ORGANISATION_ADMINS))
  organisations(
    @Ctx() ctx: RequestContext,
    @Arg('externalId', () => String, { nullable: true }) externalId?: string,
    @Arg('identifier', () => String, { nullable: true }) identifier?: string,
  ): Promise<OrganisationVO[]> {
    return organisations.listOrganisations(ctx, { externalId, identifier });
  }

  @Query(() => OrganisationVO)
  @Directive(auth(...ORGANISATION_ADMINS))
  organisation(@Ctx() ctx: RequestContext, @Arg('organisationKey', () => LongScalar) organisationKey: number): Promise<OrganisationVO> {
    return organisations.getOrganisation(ctx, organisationKey);
  }

  @Mutation(() => OrganisationVO, {
    description: 'Create an organisation (below the default organisation unless a parent is given); a body with a key updates that organisation.',
  })
  @Directive(auth(...ORGANISATION_ADMINS))
  @Managed(managedOrganisation, null)
  createOrganisation(@Ctx() ctx: RequestContext, @Arg('organisation', () => OrganisationVOInput) organisation: OrganisationVOInput): Promise<OrganisationVO> {
    return organisations.saveOrganisation(ctx, organisation);
  }

  @Mutation(() => OrganisationVO, {
    description: 'Update an organisation; a changed parentOrganisationKey moves it with its sub-organisations. A body key other than the path key answers 409.',
  })
  @Directive(auth(...ORGANISATION_ADMINS))
  @Managed(managedOrganisation, null)
  updateOrganisation(
    @Ctx() ctx: RequestContext,
    @Arg('organisationKey', () => LongScalar) organisationKey: number,
    @Arg('organisation', () => OrganisationVOInput) organisation: OrganisationVOInput,
  ): Promise<OrganisationVO> {
    return organisations.updateOrganisation(ctx, organisationKey, organisation);
  }

  @Mutation(() => Boolean, {
    description:
      'Needs administrator or sysadmin in that organisation or an inheriting ancestor. Refused (409) for the default organisation and for organisations with sub-organisations. Users move to the default organisation.',
  })
  @Directive(auth(...ORGANISATION_ADMINS))
  @Managed(managedOrganisation, 'delete')
  deleteOrganisation(@Ctx() ctx: RequestContext, @Arg('organisationKey', () => LongScalar) organisationKey: number): Promise<boolean> {
    return organisations.deleteOrganisation(ctx, organisationKey);
  }

  @Query(() => [UserVO], {
    description:
      'Members with the role, including members through an inheriting membership of an ancestor. Administrators and sysadmins of the organisation. An unknown role answers 409.',
  })
  @Directive(auth(...ORGANISATION_ADMINS))
  organisationMembers(
    @Ctx() ctx: RequestContext,
    @Arg('organisationKey', () => LongScalar) organisationKey: number,
    @Arg('role', () => String, { description: ROLE }) role: string,
  ): Promise<UserVO[]> {
    return members.listMembers(ctx, organisationKey, role);
  }

  @Mutation(() => Boolean, {
    description: 'Grant the role in the organisation, or change the inheritance of the membership. The caller manages the organisation and the person.',
  })
  @Directive(auth(...ORGANISATION_ADMINS))
  @Managed(managedOrganisation, 'members')
  addOrganisationMember(
    @Ctx() ctx: RequestContext,
    @Arg('organisationKey', () => LongScalar) organisationKey: number,
    @Arg('role', () => String, { description: ROLE }) role: string,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('inheritanceMode', () => String, { nullable: true, description: INHERITANCE }) inheritanceMode?: string,
  ): Promise<boolean> {
    return members.addMember(ctx, organisationKey, role, identityKey, inheritanceMode);
  }

  @Mutation(() => Boolean, {
    description: 'Grant the role to each listed user (only the keys are read; unknown users are skipped). The caller manages the organisation and each person.',
  })
  @Directive(auth(...ORGANISATION_ADMINS))
  @Managed(managedOrganisation, 'members')
  addOrganisationMembers(
    @Ctx() ctx: RequestContext,
    @Arg('organisationKey', () => LongScalar) organisationKey: number,
    @Arg('role', () => String, { description: ROLE }) role: string,
    @Arg('members', () => [UserVOInput]) users: UserVOInput[],
    @Arg('inheritanceMode', () => String, { nullable: true, description: INHERITANCE }) inheritanceMode?: string,
  ): Promise<boolean> {
    return members.addMembers(ctx, organisationKey, role, users, inheritanceMode);
  }

  @Mutation(() => Boolean, { description: 'End the membership granted in this organisation. The caller manages the organisation and the person.' })
  @Directive(auth(...ORGANISATION_ADMINS))
  @Managed(managedOrganisation, 'members')
  removeOrganisationMember(
    @Ctx() ctx: RequestContext,
    @Arg('organisationKey', () => LongScalar) organisationKey: number,
    @Arg('role', () => String, { description: ROLE }) role: string,
    @Arg('identityKey', () => LongScalar) identityKey: number,
  ): Promise<boolean> {
    return members.removeMember(ctx, organisationKey, role, identityKey);
  }

  @Query(() => [OrganisationVO], {
    description:
      'Organisations where the user holds the role; withInheritance (default true) adds the sub-organisations an inheriting membership covers. The caller manages the person. An unknown role answers 406.',
  })
  @Directive(auth(...ORGANISATION_ADMINS))
  organisationMemberships(
    @Ctx() ctx: RequestContext,
    @Arg('role', () => String, { description: ROLE }) role: string,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('withInheritance', () => Boolean, { nullable: true }) withInheritance?: boolean,
  ): Promise<OrganisationVO[]> {
    return members.listMemberships(ctx, role, identityKey, withInheritance);
  }
}

/** Organisation types (catalogue 2.5): every type, one, create, update and their allowed sub-types. */
export const OrganisationTypeResolver = typeOperations({
  vo: OrganisationTypeVO,
  input: OrganisationTypeVOInput,
  ...ORGANISATION_TYPE_OPERATIONS,
  describe: {
    save: 'Create an organisation type; a body with a key updates that type.',
    update: 'Update an organisation type; a body key other than the path key answers 409.',
    allowedSubTypes: 'The types an organisation of this type may have as sub-organisations.',
  },
  roles: ORGANISATION_ADMINS,
  managed: managedOrganisationType,
  service: {
    list: types.listOrganisationTypes,
    get: types.getOrganisationType,
    save: types.saveOrganisationType,
    update: types.updateOrganisationType,
    allowedSubTypes: types.listAllowedSubTypes,
    allowSubType: types.allowSubType,
    disallowSubType: types.disallowSubType,
  },
});

/** Edges of an organisation for internal tools (GraphQL only), for organisation administrators as their REST twins, read for all organisations of an answer at once. */
@Resolver(() => OrganisationVO)
export class OrganisationEdgesResolver {
  @FieldResolver(() => [OrganisationVO], { description: 'A page of the sub-organisations that are not deleted (GraphQL only).' })
  @Extensions({ rest: false })
  @Directive(auth(...ORGANISATION_ADMINS))
  children(@Ctx() ctx: RequestContext, @Root() organisation: OrganisationVO, @Args() page: EdgePageArgs): Promise<OrganisationVO[]> {
    return organisations.childrenOf(ctx, organisation.key, page);
  }

  @FieldResolver(() => [UserVO], {
    description: 'As GET /organisations/{organisationKey}/users, a page: its users, with inherited memberships (GraphQL only).',
  })
  @Extensions({ rest: false })
  @Directive(auth(...ORGANISATION_ADMINS))
  members(@Ctx() ctx: RequestContext, @Root() organisation: OrganisationVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return members.membersOf(ctx, 'user', organisation.key, page);
  }

  @FieldResolver(() => OrganisationVO, {
    nullable: true,
    description: 'The organisation above (null for the root), as GET /organisations/{organisationKey} (GraphQL only).',
  })
  @Extensions({ rest: false })
  @Directive(auth(...ORGANISATION_ADMINS))
  parent(@Ctx() ctx: RequestContext, @Root() organisation: OrganisationVO): Promise<OrganisationVO | null> {
    return organisations.organisationOf(ctx, organisation.parentOrganisationKey);
  }

  @FieldResolver(() => OrganisationTypeVO, { nullable: true, description: 'As GET /organisations/types/{typeKey} (GraphQL only).' })
  @Extensions({ rest: false })
  @Directive(auth(...ORGANISATION_ADMINS))
  type(@Ctx() ctx: RequestContext, @Root() organisation: OrganisationVO): Promise<OrganisationTypeVO | null> {
    return organisations.typeOf(ctx, organisation.organisationTypeKey);
  }
}

export const organisationResolvers = [OrganisationResolver, OrganisationTypeResolver, OrganisationEdgesResolver] as const;
