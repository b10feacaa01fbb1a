import { Arg, Args, Ctx, Directive, Resolver, Root } from 'type-graphql';
import { Edge, GuardedMutation, GuardedQuery, OrganisationEdge } from './guards';
import { KeyArg, MembersArg, ORGANISATION_ROLE, OrganisationMemberArgs, OrganisationRoleArgs } from '../schema/arguments';
import type { RequestContext } from '../domain/context';
import { Managed } from '../managed/elements';
import { managedOrganisation, managedOrganisationType } from '../organisations/managed';
import * as members from '../organisations/members';
import * as organisations from '../organisations/service';
import * as types from '../organisations/types';
import { auth } from '../schema/directives';
import { OrganisationTypeVO, OrganisationTypeVOInput, OrganisationVO, OrganisationVOInput } from '../schema/organisations';
import { EdgePageArgs } from '../schema/paging';
import { UserVO, UserVOInput } from '../schema/users';
import { typeOperations } from './type-operations';
import { ORGANISATION_TYPE_OPERATIONS } from '../schema/type-families';
import { ORGANISATION_ADMINS } from '../access/roles';

const MANAGES_BOTH = 'The caller manages the organisation and the person.';
const INHERITANCE = 'none, root (the sub-organisations too) or inherited (same as root); absent: root for every role but user, invitee and guest';
const InheritanceArg = () => Arg('inheritanceMode', () => String, { nullable: true, description: INHERITANCE });

@Resolver()
export class OrganisationResolver {
  @GuardedQuery(() => [OrganisationVO], auth(...ORGANISATION_ADMINS), {
    description: 'Without filters every organisation that is not deleted; externalId and identifier are exact matches.',
  })
  organisations(
    @Ctx() ctx: RequestContext,
    @Arg('externalId', () => String, { nullable: true }) externalId?: string,
    @Arg('identifier', () => String, { nullable: true }) identifier?: string,
  ): Promise<OrganisationVO[]> {
    return organisations.listOrganisations(ctx, { externalId, identifier });
  }

  @GuardedQuery(() => OrganisationVO, auth(...ORGANISATION_ADMINS))
  organisation(@Ctx() ctx: RequestContext, @KeyArg('organisationKey') organisationKey: number): Promise<OrganisationVO> {
    return organisations.getOrganisation(ctx, organisationKey);
  }

  @GuardedMutation(() => OrganisationVO, auth(...ORGANISATION_ADMINS), {
    description: 'Create an organisation (below the default organisation unless a parent is given); a body with a key updates that organisation.',
  })
  @Managed(managedOrganisation, null)
  createOrganisation(@Ctx() ctx: RequestContext, @Arg('organisation', () => OrganisationVOInput) organisation: OrganisationVOInput): Promise<OrganisationVO> {
    return organisations.saveOrganisation(ctx, organisation);
  }

  @GuardedMutation(() => OrganisationVO, auth(...ORGANISATION_ADMINS), {
    description: 'Update an organisation; a changed parentOrganisationKey moves it with its sub-organisations. A body key other than the path key answers 409.',
  })
  @Managed(managedOrganisation, null)
  updateOrganisation(
    @Ctx() ctx: RequestContext,
    @KeyArg('organisationKey') organisationKey: number,
    @Arg('organisation', () => OrganisationVOInput) organisation: OrganisationVOInput,
  ): Promise<OrganisationVO> {
    return organisations.updateOrganisation(ctx, organisationKey, organisation);
  }

  @GuardedMutation(() => Boolean, auth(...ORGANISATION_ADMINS), {
    description:
      'Needs administrator or sysadmin in that organisation or an inheriting ancestor. Refused (409) for the default organisation and for organisations with sub-organisations. Users move to the default organisation.',
  })
  @Managed(managedOrganisation, 'delete')
  deleteOrganisation(@Ctx() ctx: RequestContext, @KeyArg('organisationKey') organisationKey: number): Promise<boolean> {
    return organisations.deleteOrganisation(ctx, organisationKey);
  }

  @GuardedQuery(() => [UserVO], auth(...ORGANISATION_ADMINS), {
    description:
      'Members with the role, including members through an inheriting membership of an ancestor. Administrators and sysadmins of the organisation. An unknown role answers 409.',
  })
  organisationMembers(@Ctx() ctx: RequestContext, @Args() { organisationKey, role }: OrganisationRoleArgs): Promise<UserVO[]> {
    return members.listMembers(ctx, organisationKey, role);
  }

  @GuardedMutation(() => Boolean, auth(...ORGANISATION_ADMINS), {
    description: `Grant the role in the organisation, or change the inheritance of the membership. ${MANAGES_BOTH}`,
  })
  @Managed(managedOrganisation, 'members')
  addOrganisationMember(
    @Ctx() ctx: RequestContext,
    @Args() { organisationKey, role, identityKey }: OrganisationMemberArgs,
    @InheritanceArg() inheritanceMode?: string,
  ): Promise<boolean> {
    return members.addMember(ctx, organisationKey, role, identityKey, inheritanceMode);
  }

  @GuardedMutation(() => Boolean, auth(...ORGANISATION_ADMINS), {
    description: 'Grant the role to each listed user (only the keys are read; unknown users are skipped). The caller manages the organisation and each person.',
  })
  @Managed(managedOrganisation, 'members')
  addOrganisationMembers(
    @Ctx() ctx: RequestContext,
    @Args() { organisationKey, role }: OrganisationRoleArgs,
    @MembersArg() users: UserVOInput[],
    @InheritanceArg() inheritanceMode?: string,
  ): Promise<boolean> {
    return members.addMembers(ctx, organisationKey, role, users, inheritanceMode);
  }

  @GuardedMutation(() => Boolean, auth(...ORGANISATION_ADMINS), { description: `End the membership granted in this organisation. ${MANAGES_BOTH}` })
  @Managed(managedOrganisation, 'members')
  removeOrganisationMember(@Ctx() ctx: RequestContext, @Args() { organisationKey, role, identityKey }: OrganisationMemberArgs): Promise<boolean> {
    return members.removeMember(ctx, organisationKey, role, identityKey);
  }

  @GuardedQuery(() => [OrganisationVO], auth(...ORGANISATION_ADMINS), {
    description:
      'Organisations where the user holds the role; withInheritance (default true) adds the sub-organisations an inheriting membership covers. The caller manages the person. An unknown role answers 406.',
  })
  organisationMemberships(
    @Ctx() ctx: RequestContext,
    @Arg('role', () => String, { description: ORGANISATION_ROLE }) role: string,
    @KeyArg('identityKey') identityKey: number,
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
  @Edge(() => [OrganisationVO], { description: 'A page of the sub-organisations that are not deleted (GraphQL only).' })
  @Directive(auth(...ORGANISATION_ADMINS))
  children(@Ctx() ctx: RequestContext, @Root() organisation: OrganisationVO, @Args() page: EdgePageArgs): Promise<OrganisationVO[]> {
    return organisations.childrenOf(ctx, organisation.key, page);
  }

  @Edge(() => [UserVO], {
    description: 'As GET /organisations/{organisationKey}/users, a page: its users, with inherited memberships (GraphQL only).',
  })
  @Directive(auth(...ORGANISATION_ADMINS))
  members(@Ctx() ctx: RequestContext, @Root() organisation: OrganisationVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return members.membersOf(ctx, 'user', organisation.key, page);
  }

  @OrganisationEdge('The organisation above (null for the root), as GET /organisations/{organisationKey} (GraphQL only).')
  parent(@Ctx() ctx: RequestContext, @Root() organisation: OrganisationVO): Promise<OrganisationVO | null> {
    return organisations.organisationOf(ctx, organisation.parentOrganisationKey);
  }

  @Edge(() => OrganisationTypeVO, { nullable: true, description: 'As GET /organisations/types/{typeKey} (GraphQL only).' })
  @Directive(auth(...ORGANISATION_ADMINS))
  type(@Ctx() ctx: RequestContext, @Root() organisation: OrganisationVO): Promise<OrganisationTypeVO | null> {
    return organisations.typeOf(ctx, organisation.organisationTypeKey);
  }
}

export const organisationResolvers = [OrganisationResolver, OrganisationTypeResolver, OrganisationEdgesResolver] as const;
