import { Arg, Args, Ctx, Directive, Resolver, Root } from 'type-graphql';
import { Edge, GuardedMutation, GuardedQuery, OrganisationEdge } from './guards';
import {
  CurriculumElementArgs,
  CurriculumElementEntryArgs,
  CurriculumElementLevelArgs,
  CurriculumElementRoleArgs,
  CurriculumElementRoleMemberArgs,
  CurriculumPersonArgs,
  KeyArg,
  MembersArg,
} from '../schema/arguments';
import type { RequestContext } from '../domain/context';
import { Managed } from '../managed/elements';
import { managedCurriculum, managedElement, managedElementType } from '../curriculum/managed';
import * as members from '../curriculum/members';
import * as curricula from '../curriculum/service';
import * as types from '../curriculum/types';
import * as organisations from '../organisations/service';
import { auth } from '../schema/directives';
import { RepositoryEntryVO } from '../schema/courses';
import {
  CurriculumElementMemberVO,
  CurriculumElementMemberVOInput,
  CurriculumElementTypeVO,
  CurriculumElementTypeVOInput,
  CurriculumElementVO,
  CurriculumElementVOInput,
  CurriculumVO,
  CurriculumVOInput,
} from '../schema/curriculum';
import { EdgePageArgs } from '../schema/paging';
import { LongScalar } from '../schema/scalars';
import { TaxonomyLevelVO } from '../schema/taxonomy';
import { OrganisationVO } from '../schema/organisations';
import { UserVO, UserVOInput } from '../schema/users';
import * as users from '../users/service';
import { typeOperations } from './type-operations';
import { ELEMENT_TYPE_OPERATIONS } from '../schema/type-families';
import { CURRICULUM_MANAGERS } from '../access/roles';

/** Operations on one curriculum: any authenticated caller, then the curriculum-manager rule of src/curriculum/policy.ts (403). */
const SIGNED_IN = auth();

@Resolver()
export class CurriculumResolver {
  @GuardedQuery(() => [CurriculumVO], auth(...CURRICULUM_MANAGERS), { description: 'The curricula the caller manages.' })
  curricula(@Ctx() ctx: RequestContext): Promise<CurriculumVO[]> {
    return curricula.listCurricula(ctx);
  }

  @GuardedQuery(() => CurriculumVO, SIGNED_IN)
  curriculum(@Ctx() ctx: RequestContext, @KeyArg('curriculumKey') curriculumKey: number): Promise<CurriculumVO> {
    return curricula.getCurriculum(ctx, curriculumKey);
  }

  @GuardedMutation(() => CurriculumVO, auth(...CURRICULUM_MANAGERS), {
    description:
      'Create a curriculum in an organisation the caller manages (the default organisation without one); a body key updates that curriculum. A create with the externalId of an existing curriculum answers that one.',
  })
  @Managed(managedCurriculum, null)
  createCurriculum(@Ctx() ctx: RequestContext, @Arg('curriculum', () => CurriculumVOInput) curriculum: CurriculumVOInput): Promise<CurriculumVO> {
    return curricula.saveCurriculum(ctx, curriculum);
  }

  @GuardedMutation(() => CurriculumVO, SIGNED_IN, { description: 'Update a curriculum; a body key other than the path key answers 409.' })
  @Managed(managedCurriculum, null)
  updateCurriculum(
    @Ctx() ctx: RequestContext,
    @KeyArg('curriculumKey') curriculumKey: number,
    @Arg('curriculum', () => CurriculumVOInput) curriculum: CurriculumVOInput,
  ): Promise<CurriculumVO> {
    return curricula.updateCurriculum(ctx, curriculumKey, curriculum);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: 'Delete a curriculum with its elements, their memberships and course links.' })
  @Managed(managedCurriculum, 'delete')
  deleteCurriculum(@Ctx() ctx: RequestContext, @KeyArg('curriculumKey') curriculumKey: number): Promise<boolean> {
    return curricula.deleteCurriculum(ctx, curriculumKey);
  }

  @GuardedQuery(() => [UserVO], SIGNED_IN)
  curriculumOwners(@Ctx() ctx: RequestContext, @KeyArg('curriculumKey') curriculumKey: number): Promise<UserVO[]> {
    return curricula.listCurriculumOwners(ctx, curriculumKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: 'true: now an owner; false: already one (REST answers 200 either way).' })
  @Managed(managedCurriculum, 'members')
  addCurriculumOwner(@Ctx() ctx: RequestContext, @Args() { curriculumKey, identityKey }: CurriculumPersonArgs): Promise<boolean> {
    return curricula.addCurriculumOwner(ctx, curriculumKey, identityKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: 'End the ownership (true also when the person was no owner).' })
  @Managed(managedCurriculum, 'members')
  removeCurriculumOwner(@Ctx() ctx: RequestContext, @Args() { curriculumKey, identityKey }: CurriculumPersonArgs): Promise<boolean> {
    return curricula.removeCurriculumOwner(ctx, curriculumKey, identityKey);
  }

  @GuardedQuery(() => [CurriculumElementVO], auth(...CURRICULUM_MANAGERS), {
    description: 'Exact matches of externalId, identifier and key across the curricula the caller manages.',
  })
  searchCurriculumElements(
    @Ctx() ctx: RequestContext,
    @Arg('externalId', () => String, { nullable: true }) externalId?: string,
    @Arg('identifier', () => String, { nullable: true }) identifier?: string,
    @Arg('key', () => LongScalar, { nullable: true }) key?: number,
  ): Promise<CurriculumElementVO[]> {
    return curricula.searchElements(ctx, { externalId, identifier, key });
  }

  @GuardedQuery(() => [CurriculumElementVO], SIGNED_IN, { description: 'The elements of the curriculum that are not deleted, flat.' })
  curriculumElements(@Ctx() ctx: RequestContext, @KeyArg('curriculumKey') curriculumKey: number): Promise<CurriculumElementVO[]> {
    return curricula.listElements(ctx, curriculumKey);
  }

  @GuardedMutation(() => CurriculumElementVO, SIGNED_IN, {
    description:
      'Create an element (below parentElementKey, else a root element); a body key updates that element. 409: another curriculum in the body, a parent in another curriculum, the element itself as parent.',
  })
  @Managed(managedElement, null)
  saveCurriculumElement(
    @Ctx() ctx: RequestContext,
    @KeyArg('curriculumKey') curriculumKey: number,
    @Arg('curriculumElement', () => CurriculumElementVOInput) element: CurriculumElementVOInput,
  ): Promise<CurriculumElementVO> {
    return curricula.saveElement(ctx, curriculumKey, element);
  }

  @GuardedQuery(() => CurriculumElementVO, SIGNED_IN, { description: '403 when the element belongs to another curriculum.' })
  curriculumElement(@Ctx() ctx: RequestContext, @Args() { curriculumKey, elementKey }: CurriculumElementArgs): Promise<CurriculumElementVO> {
    return curricula.getElement(ctx, curriculumKey, elementKey);
  }

  @GuardedMutation(() => CurriculumElementVO, SIGNED_IN, {
    description:
      'Update an element; a changed parentElementKey moves it with its sub-elements; status deleted deletes it. 409: another key in the body, another curriculum, a parent in another curriculum or below the element.',
  })
  @Managed(managedElement, null)
  updateCurriculumElement(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey }: CurriculumElementArgs,
    @Arg('curriculumElement', () => CurriculumElementVOInput) element: CurriculumElementVOInput,
  ): Promise<CurriculumElementVO> {
    return curricula.updateElement(ctx, curriculumKey, elementKey, element);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, {
    description: 'The listed children (only their keys) come first in the given order; 409 for a key that is no child.',
  })
  reorderCurriculumElementChildren(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey }: CurriculumElementArgs,
    @Arg('elementOrder', () => [CurriculumElementVOInput]) order: CurriculumElementVOInput[],
  ): Promise<boolean> {
    return curricula.reorderChildren(ctx, curriculumKey, elementKey, order);
  }

  @GuardedQuery(() => [CurriculumElementVO], SIGNED_IN, { description: 'The direct children, those with status deleted too (as in OpenOLAT), in their order.' })
  curriculumElementChildren(@Ctx() ctx: RequestContext, @Args() { curriculumKey, elementKey }: CurriculumElementArgs): Promise<CurriculumElementVO[]> {
    return curricula.listChildren(ctx, curriculumKey, elementKey);
  }

  @GuardedQuery(() => [RepositoryEntryVO], SIGNED_IN, { description: 'The courses linked to the element.' })
  curriculumElementEntries(@Ctx() ctx: RequestContext, @Args() { curriculumKey, elementKey }: CurriculumElementArgs): Promise<RepositoryEntryVO[]> {
    return curricula.listLinkedEntries(ctx, curriculumKey, elementKey);
  }

  @GuardedQuery(() => RepositoryEntryVO, SIGNED_IN, { description: 'The entry when it is linked to the element, else 404.' })
  curriculumElementEntry(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey, repositoryEntryKey }: CurriculumElementEntryArgs,
  ): Promise<RepositoryEntryVO> {
    return curricula.getLinkedEntry(ctx, curriculumKey, elementKey, repositoryEntryKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, {
    description: 'true: linked now; false: it already was (REST answers 304). The caller manages the curriculum and the entry.',
  })
  @Managed(managedElement, 'resources')
  linkCurriculumElementEntry(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey, repositoryEntryKey }: CurriculumElementEntryArgs,
  ): Promise<boolean> {
    return curricula.linkEntry(ctx, curriculumKey, elementKey, repositoryEntryKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, {
    description: 'true: unlinked; false: it was not linked (REST answers 304). The caller manages the curriculum and the entry.',
  })
  @Managed(managedElement, 'resources')
  unlinkCurriculumElementEntry(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey, repositoryEntryKey }: CurriculumElementEntryArgs,
  ): Promise<boolean> {
    return curricula.unlinkEntry(ctx, curriculumKey, elementKey, repositoryEntryKey);
  }

  @GuardedQuery(() => [TaxonomyLevelVO], SIGNED_IN, { description: 'The taxonomy levels the element is tagged with.' })
  curriculumElementTaxonomyLevels(@Ctx() ctx: RequestContext, @Args() { curriculumKey, elementKey }: CurriculumElementArgs): Promise<TaxonomyLevelVO[]> {
    return curricula.listElementLevels(ctx, curriculumKey, elementKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, {
    description: 'Tag the element with the level (true; false when it already was: REST 304); 404 for an unknown level.',
  })
  addCurriculumElementTaxonomyLevel(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey, taxonomyLevelKey }: CurriculumElementLevelArgs,
  ): Promise<boolean> {
    return curricula.linkElementLevel(ctx, curriculumKey, elementKey, taxonomyLevelKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, {
    description:
      'Remove the level from the element (true also when it was not there, as in OpenOLAT); an unknown level answers 404 (OpenOLAT: 200 with body NOT_FOUND).',
  })
  removeCurriculumElementTaxonomyLevel(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey, taxonomyLevelKey }: CurriculumElementLevelArgs,
  ): Promise<boolean> {
    return curricula.unlinkElementLevel(ctx, curriculumKey, elementKey, taxonomyLevelKey);
  }

  @GuardedQuery(() => [CurriculumElementMemberVO], SIGNED_IN, {
    description: 'Memberships on the element: its own, and inherited ones of its ancestors (inheritanceMode inherited).',
  })
  curriculumElementMembers(@Ctx() ctx: RequestContext, @Args() { curriculumKey, elementKey }: CurriculumElementArgs): Promise<CurriculumElementMemberVO[]> {
    return members.listMembers(ctx, curriculumKey, elementKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: 'Grant the role of the body with its inheritanceMode; 409 for an unknown role.' })
  @Managed(managedElement, 'members')
  putCurriculumElementMember(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey }: CurriculumElementArgs,
    @Arg('curriculumElementMember', () => CurriculumElementMemberVOInput) member: CurriculumElementMemberVOInput,
  ): Promise<boolean> {
    return members.putMember(ctx, curriculumKey, elementKey, member);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: 'End every role of the person on the element.' })
  @Managed(managedElement, 'members')
  removeCurriculumElementMember(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey }: CurriculumElementArgs,
    @KeyArg('identityKey') identityKey: number,
  ): Promise<boolean> {
    return members.removeAllRoles(ctx, curriculumKey, elementKey, identityKey);
  }

  @GuardedQuery(() => [UserVO], SIGNED_IN, { description: 'Users with the role (BAD_REQUEST when empty, CONFLICT when unknown).' })
  curriculumElementUsers(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey }: CurriculumElementArgs,
    @Arg('role', () => String, { description: 'participant, coach, owner, mastercoach or curriculumelementowner' }) role: string,
  ): Promise<UserVO[]> {
    return members.listUsers(ctx, curriculumKey, elementKey, role);
  }

  @GuardedQuery(() => [UserVO], SIGNED_IN, { description: 'Members with the role, own or inherited from an ancestor element.' })
  curriculumElementRoleMembers(@Ctx() ctx: RequestContext, @Args() { curriculumKey, elementKey, role }: CurriculumElementRoleArgs): Promise<UserVO[]> {
    return members.listRoleMembers(ctx, curriculumKey, elementKey, role);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: 'Grant the role (200 also when already granted).' })
  @Managed(managedElement, 'members')
  addCurriculumElementRoleMember(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey, role, identityKey }: CurriculumElementRoleMemberArgs,
  ): Promise<boolean> {
    return members.changeRoleMember(ctx, 'add', curriculumKey, elementKey, role, identityKey);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: 'Grant the role to each listed user (only the keys are read; unknown users are skipped).' })
  @Managed(managedElement, 'members')
  addCurriculumElementRoleMembers(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey, role }: CurriculumElementRoleArgs,
    @MembersArg() users: UserVOInput[],
  ): Promise<boolean> {
    return members.addRoleMembers(ctx, curriculumKey, elementKey, role, users);
  }

  @GuardedMutation(() => Boolean, SIGNED_IN, { description: 'End the membership with the role on the element.' })
  @Managed(managedElement, 'members')
  removeCurriculumElementRoleMember(
    @Ctx() ctx: RequestContext,
    @Args() { curriculumKey, elementKey, role, identityKey }: CurriculumElementRoleMemberArgs,
  ): Promise<boolean> {
    return members.changeRoleMember(ctx, 'remove', curriculumKey, elementKey, role, identityKey);
  }

  @GuardedQuery(() => [CurriculumElementVO], SIGNED_IN, { description: 'The curriculum elements the entry is linked to, for whoever may read the entry.' })
  repositoryEntryCurriculumElements(@Ctx() ctx: RequestContext, @Arg('entry', () => String) entry: string): Promise<CurriculumElementVO[]> {
    return curricula.listElementsOfEntry(ctx, entry);
  }
}

/** Curriculum element types (catalogue 3.5): every type, one, create, update and their allowed sub-types. */
export const CurriculumElementTypeResolver = typeOperations({
  vo: CurriculumElementTypeVO,
  input: CurriculumElementTypeVOInput,
  ...ELEMENT_TYPE_OPERATIONS,
  describe: {
    save: 'Create an element type; a body key updates that type.',
    update: 'Update an element type; a body key other than the path key answers 409.',
    allowedSubTypes: 'The types an element of this type may have as children.',
  },
  roles: CURRICULUM_MANAGERS,
  managed: managedElementType,
  service: {
    list: types.listTypes,
    get: types.getType,
    save: types.saveType,
    update: types.updateType,
    allowedSubTypes: types.listAllowedSubTypes,
    allowSubType: types.allowSubType,
    disallowSubType: types.disallowSubType,
  },
});

/** The element tree of a curriculum for internal tools (GraphQL only): each edge read for all parents of an answer at once. */
@Resolver(() => CurriculumVO)
export class CurriculumEdgesResolver {
  @OrganisationEdge()
  organisation(@Ctx() ctx: RequestContext, @Root() curriculum: CurriculumVO): Promise<OrganisationVO | null> {
    return organisations.organisationOf(ctx, curriculum.organisationKey);
  }

  @Edge(() => [CurriculumElementVO], {
    description: 'A page of the elements that are not deleted, flat in key order (parentElementKey gives the tree); GraphQL only.',
  })
  @Directive(SIGNED_IN)
  elements(@Ctx() ctx: RequestContext, @Root() curriculum: CurriculumVO, @Args() page: EdgePageArgs): Promise<CurriculumElementVO[]> {
    return curricula.elementsOf(ctx, curriculum.key, page);
  }
}

@Resolver(() => CurriculumElementVO)
export class CurriculumElementEdgesResolver {
  @Edge(() => CurriculumElementVO, {
    nullable: true,
    description: 'The element above (null for a root element), for the managers of its curriculum (GraphQL only).',
  })
  @Directive(SIGNED_IN)
  parent(@Ctx() ctx: RequestContext, @Root() element: CurriculumElementVO): Promise<CurriculumElementVO | null> {
    return element.parentElementKey == null ? Promise.resolve(null) : curricula.elementOfKey(ctx, element.parentElementKey);
  }

  @Edge(() => CurriculumVO, { description: 'The curriculum, as GET /curriculum/{curriculumKey}: for its managers (GraphQL only).' })
  @Directive(SIGNED_IN)
  curriculum(@Ctx() ctx: RequestContext, @Root() element: CurriculumElementVO): Promise<CurriculumVO> {
    return curricula.curriculumOf(ctx, element.curriculumKey);
  }

  @Edge(() => [CurriculumElementVO], { description: 'As GET …/elements/{elementKey}/elements (GraphQL only).' })
  @Directive(SIGNED_IN)
  async children(@Ctx() ctx: RequestContext, @Root() element: CurriculumElementVO, @Args() page: EdgePageArgs): Promise<CurriculumElementVO[]> {
    await curricula.requireManagedForEdge(ctx, element.curriculumKey);
    return curricula.childrenOf(ctx, element.key, page);
  }

  @Edge(() => [CurriculumElementMemberVO], { description: 'As GET …/elements/{elementKey}/members (GraphQL only).' })
  @Directive(SIGNED_IN)
  async members(@Ctx() ctx: RequestContext, @Root() element: CurriculumElementVO, @Args() page: EdgePageArgs): Promise<CurriculumElementMemberVO[]> {
    await curricula.requireManagedForEdge(ctx, element.curriculumKey);
    return members.membersOf(ctx, element.key, page);
  }

  @Edge(() => [RepositoryEntryVO], { description: 'As GET …/elements/{elementKey}/entries (GraphQL only).' })
  @Directive(SIGNED_IN)
  async entries(@Ctx() ctx: RequestContext, @Root() element: CurriculumElementVO, @Args() page: EdgePageArgs): Promise<RepositoryEntryVO[]> {
    await curricula.requireManagedForEdge(ctx, element.curriculumKey);
    return curricula.entriesOf(ctx, element.key, page);
  }
}

/** The person of a membership (GraphQL only), as GET /users/{identityKey}; one statement for all memberships of an answer level. */
@Resolver(() => CurriculumElementMemberVO)
export class CurriculumMemberEdgesResolver {
  @Edge(() => UserVO, { description: 'The member (GraphQL only).' })
  identity(@Ctx() ctx: RequestContext, @Root() member: CurriculumElementMemberVO): Promise<UserVO> {
    return users.personOf(ctx, member.identityKey);
  }
}

export const curriculumResolvers = [
  CurriculumResolver,
  CurriculumElementTypeResolver,
  CurriculumEdgesResolver,
  CurriculumElementEdgesResolver,
  CurriculumMemberEdgesResolver,
] as const;
