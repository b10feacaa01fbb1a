import { Arg, Ctx, Resolver, Root } from 'type-graphql';
import { Edge, GuardedMutation, GuardedQuery } from './guards';
import { KeyArg } from '../schema/arguments';
import type { RequestContext } from '../domain/context';
import { Managed } from '../managed/elements';
import { managedRelation, managedRelationRole } from '../relations/managed';
import { RELATION_MANAGERS, RELATION_ROLE_ADMINS } from '../relations/policy';
import * as roles from '../relations/roles';
import * as relations from '../relations/service';
import { auth } from '../schema/directives';
import { IdentityToIdentityRelationVO, IdentityToIdentityRelationVOInput, RelationRoleVO, RelationRoleVOInput } from '../schema/relations';
import { UserVO } from '../schema/users';
import * as users from '../users/service';

@Resolver()
export class RelationResolver {
  @GuardedQuery(() => [RelationRoleVO], auth(...RELATION_ROLE_ADMINS), { description: 'Every relation role.' })
  relationRoles(@Ctx() ctx: RequestContext): Promise<RelationRoleVO[]> {
    return roles.listRelationRoles(ctx);
  }

  @GuardedMutation(() => RelationRoleVO, auth(...RELATION_ROLE_ADMINS), { description: 'Create a relation role; a body with a key > 0 updates that role.' })
  @Managed(managedRelationRole, null)
  createRelationRole(@Ctx() ctx: RequestContext, @Arg('relationRole', () => RelationRoleVOInput) relationRole: RelationRoleVOInput): Promise<RelationRoleVO> {
    return roles.saveRelationRole(ctx, relationRole);
  }

  @GuardedMutation(() => RelationRoleVO, auth(...RELATION_ROLE_ADMINS), {
    description: 'Update a relation role; a body naming another key answers 409 on REST (CONFLICT).',
  })
  @Managed(managedRelationRole, null)
  updateRelationRole(
    @Ctx() ctx: RequestContext,
    @KeyArg('relationRoleKey') relationRoleKey: number,
    @Arg('relationRole', () => RelationRoleVOInput) relationRole: RelationRoleVOInput,
  ): Promise<RelationRoleVO> {
    return roles.updateRelationRole(ctx, relationRoleKey, relationRole);
  }

  @GuardedMutation(() => Boolean, auth(...RELATION_ROLE_ADMINS), { description: 'Delete a relation role and every relation of that role.' })
  @Managed(managedRelationRole, 'delete')
  deleteRelationRole(@Ctx() ctx: RequestContext, @KeyArg('relationRoleKey') relationRoleKey: number): Promise<boolean> {
    return roles.deleteRelationRole(ctx, relationRoleKey);
  }

  @GuardedQuery(() => [IdentityToIdentityRelationVO], auth(...RELATION_MANAGERS), {
    description: 'Relations in which the user is the source; for managers of that user.',
  })
  identityRelationsAsSource(@Ctx() ctx: RequestContext, @KeyArg('identityKey') identityKey: number): Promise<IdentityToIdentityRelationVO[]> {
    return relations.listRelations(ctx, identityKey, 'source');
  }

  @GuardedQuery(() => [IdentityToIdentityRelationVO], auth(...RELATION_MANAGERS), {
    description: 'Relations in which the user is the target; for managers of that user.',
  })
  identityRelationsAsTarget(@Ctx() ctx: RequestContext, @KeyArg('identityKey') identityKey: number): Promise<IdentityToIdentityRelationVO[]> {
    return relations.listRelations(ctx, identityKey, 'target');
  }

  @GuardedMutation(() => IdentityToIdentityRelationVO, auth(...RELATION_MANAGERS), {
    description:
      'Relate two users; the user of identityKey must be one of them and the caller must manage both. The same relation again returns the stored one unchanged.',
  })
  addIdentityRelation(
    @Ctx() ctx: RequestContext,
    @KeyArg('identityKey') identityKey: number,
    @Arg('relation', () => IdentityToIdentityRelationVOInput) relation: IdentityToIdentityRelationVOInput,
  ): Promise<IdentityToIdentityRelationVO> {
    return relations.addRelation(ctx, identityKey, relation);
  }

  @GuardedMutation(() => Boolean, auth(...RELATION_MANAGERS), {
    description: 'Remove a relation of the user; one that does not exist or is not theirs answers 409 on REST (CONFLICT).',
  })
  @Managed(managedRelation, 'delete')
  deleteIdentityRelation(@Ctx() ctx: RequestContext, @KeyArg('identityKey') identityKey: number, @KeyArg('relationKey') relationKey: number): Promise<boolean> {
    return relations.deleteRelation(ctx, identityKey, relationKey);
  }
}

/** The people of a relation (GraphQL only), as GET /users/{identityKey}; one statement for all relations of an answer level. */
@Resolver(() => IdentityToIdentityRelationVO)
export class RelationEdgesResolver {
  @Edge(() => UserVO, { description: 'The source person (GraphQL only).' })
  source(@Ctx() ctx: RequestContext, @Root() relation: IdentityToIdentityRelationVO): Promise<UserVO> {
    return users.personOf(ctx, relation.identitySourceKey);
  }

  @Edge(() => UserVO, { description: 'The target person (GraphQL only).' })
  target(@Ctx() ctx: RequestContext, @Root() relation: IdentityToIdentityRelationVO): Promise<UserVO> {
    return users.personOf(ctx, relation.identityTargetKey);
  }
}

export const relationResolvers = [RelationResolver, RelationEdgesResolver] as const;
