import { Arg, Ctx, Directive, Extensions, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { Managed } from '../managed/elements';
import { managedRelation, managedRelationRole } from '../relations/managed';
import { RELATION_MANAGERS, RELATION_ROLE_ADMINS } from '../relations/policy';
import * as roles from '../relations/roles';
import * as relations from '../relations/service';
import { auth } from '../schema/directives';
import { IdentityToIdentityRelationVO, IdentityToIdentityRelationVOInput, RelationRoleVO, RelationRoleVOInput } from '../schema/relations';
import { LongScalar } from '../schema/scalars';
import { UserVO } from '../schema/users';
import * as users from '../users/service';

@Resolver()
export class RelationResolver {
  @Query(() => [RelationRoleVO], { description: 'Every relation role.' })
  @Directive(auth(...RELATION_ROLE_ADMINS))
  relationRoles(@Ctx() ctx: RequestContext): Promise<RelationRoleVO[]> {
    return roles.listRelationRoles(ctx);
  }

  @Mutation(() => RelationRoleVO, { description: 'Create a relation role; a body with a key > 0 updates that role.' })
  @Directive(auth(...RELATION_ROLE_ADMINS))
  @Managed(managedRelationRole, null)
  createRelationRole(@Ctx() ctx: RequestContext, @Arg('relationRole', () => RelationRoleVOInput) relationRole: RelationRoleVOInput): Promise<RelationRoleVO> {
    return roles.saveRelationRole(ctx, relationRole);
  }

  @Mutation(() => RelationRoleVO, { description: 'Update a relation role; a body naming another key answers 409 on REST (CONFLICT).' })
  @Directive(auth(...RELATION_ROLE_ADMINS))
  @Managed(managedRelationRole, null)
  updateRelationRole(
    @Ctx() ctx: RequestContext,
    @Arg('relationRoleKey', () => LongScalar) relationRoleKey: number,
    @Arg('relationRole', () => RelationRoleVOInput) relationRole: RelationRoleVOInput,
  ): Promise<RelationRoleVO> {
    return roles.updateRelationRole(ctx, relationRoleKey, relationRole);
  }

  @Mutation(() => Boolean, { description: 'Delete a relation role and every relation of that role.' })
  @Directive(auth(...RELATION_ROLE_ADMINS))
  @Managed(managedRelationRole, 'delete')
  deleteRelationRole(@Ctx() ctx: RequestContext, @Arg('relationRoleKey', () => LongScalar) relationRoleKey: number): Promise<boolean> {
    return roles.deleteRelationRole(ctx, relationRoleKey);
  }

  @Query(() => [IdentityToIdentityRelationVO], { description: 'Relations in which the user is the source; for managers of that user.' })
  @Directive(auth(...RELATION_MANAGERS))
  identityRelationsAsSource(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<IdentityToIdentityRelationVO[]> {
    return relations.listRelations(ctx, identityKey, 'source');
  }

  @Query(() => [IdentityToIdentityRelationVO], { description: 'Relations in which the user is the target; for managers of that user.' })
  @Directive(auth(...RELATION_MANAGERS))
  identityRelationsAsTarget(@Ctx() ctx: RequestContext, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<IdentityToIdentityRelationVO[]> {
    return relations.listRelations(ctx, identityKey, 'target');
  }

  @Mutation(() => IdentityToIdentityRelationVO, {
    description:
      'Relate two users; the user of identityKey must be one of them and the caller must manage both. The same relation again returns the stored one unchanged.',
  })
  @Directive(auth(...RELATION_MANAGERS))
  addIdentityRelation(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('relation', () => IdentityToIdentityRelationVOInput) relation: IdentityToIdentityRelationVOInput,
  ): Promise<IdentityToIdentityRelationVO> {
    return relations.addRelation(ctx, identityKey, relation);
  }

  @Mutation(() => Boolean, { description: 'Remove a relation of the user; one that does not exist or is not theirs answers 409 on REST (CONFLICT).' })
  @Directive(auth(...RELATION_MANAGERS))
  @Managed(managedRelation, 'delete')
  deleteIdentityRelation(
    @Ctx() ctx: RequestContext,
    @Arg('identityKey', () => LongScalar) identityKey: number,
    @Arg('relationKey', () => LongScalar) relationKey: number,
  ): Promise<boolean> {
    return relations.deleteRelation(ctx, identityKey, relationKey);
  }
}

/** The people of a relation (GraphQL only), as GET /users/{identityKey}; one statement for all relations of an answer level. */
@Resolver(() => IdentityToIdentityRelationVO)
export class RelationEdgesResolver {
  @FieldResolver(() => UserVO, { description: 'The source person (GraphQL only).' })
  @Extensions({ rest: false })
  source(@Ctx() ctx: RequestContext, @Root() relation: IdentityToIdentityRelationVO): Promise<UserVO> {
    return users.personOf(ctx, relation.identitySourceKey);
  }

  @FieldResolver(() => UserVO, { description: 'The target person (GraphQL only).' })
  @Extensions({ rest: false })
  target(@Ctx() ctx: RequestContext, @Root() relation: IdentityToIdentityRelationVO): Promise<UserVO> {
    return users.personOf(ctx, relation.identityTargetKey);
  }
}

export const relationResolvers = [RelationResolver, RelationEdgesResolver] as const;
