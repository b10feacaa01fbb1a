import { Arg, Args, Ctx, Resolver, Root } from 'type-graphql';
import { Edge, GuardedMutation, GuardedQuery } from './guards';
import { CatalogChildrenArgs, CatalogEntryChangeArgs, CatalogOwnerArgs, CatalogPathArgs } from '../schema/arguments';
import { CATALOG_MANAGERS } from '../catalog/policy';
import * as catalog from '../catalog/service';
import type { RequestContext } from '../domain/context';
import { pageRequest } from '../domain/paging';
import { CatalogEntryVO, CatalogEntryVOes } from '../schema/catalog';
import { RepositoryEntryVO } from '../schema/courses';
import { auth } from '../schema/directives';
import { EdgePageArgs, PageRequestArgs } from '../schema/paging';
import { LongScalar } from '../schema/scalars';
import { UserVO } from '../schema/users';

@Resolver(() => CatalogEntryVO)
export class CatalogResolver {
  @Edge(() => RepositoryEntryVO, {
    nullable: true,
    description: 'The repository entry a leaf links, when the caller sees it; read for every entry of the answer in one statement (GraphQL only).',
  })
  repositoryEntry(@Ctx() ctx: RequestContext, @Root() entry: CatalogEntryVO): Promise<RepositoryEntryVO | null> {
    return catalog.linkedEntry(ctx, entry.repositoryEntryKey);
  }

  @Edge(() => [UserVO], {
    description:
      'A page of the owners: empty unless the caller is a catalog manager or owns the entry; read for every entry of the answer in one statement (GraphQL only).',
  })
  owners(@Ctx() ctx: RequestContext, @Root() entry: CatalogEntryVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return catalog.ownersOf(ctx, entry.key, page);
  }

  @Edge(() => [CatalogEntryVO], {
    description:
      'As GET /catalog/{path}/children, a page in stored order (categories first); read for every entry of the answer in one statement (GraphQL only).',
  })
  children(@Ctx() ctx: RequestContext, @Root() entry: CatalogEntryVO, @Args() page: EdgePageArgs): Promise<CatalogEntryVO[]> {
    return catalog.childrenOf(ctx, entry.key, page);
  }

  @Edge(() => CatalogEntryVO, {
    nullable: true,
    description: 'The entry above (null for a root); read for every entry of the answer in one statement (GraphQL only).',
  })
  parent(@Ctx() ctx: RequestContext, @Root() entry: CatalogEntryVO): Promise<CatalogEntryVO | null> {
    return catalog.parentOf(ctx, entry.parentKey);
  }

  @GuardedQuery(() => CatalogEntryVOes, auth(), { description: 'The roots of the catalog (normally one), without links.' })
  catalogRoots(@Ctx() ctx: RequestContext, @Args() { start, limit }: PageRequestArgs): Promise<CatalogEntryVOes> {
    return catalog.listRoots(ctx, pageRequest(start, limit));
  }

  @GuardedQuery(() => CatalogEntryVO, auth(), { description: 'A catalog entry with its links; every authenticated caller reads the whole catalog.' })
  catalogEntry(@Ctx() ctx: RequestContext, @Args() { path }: CatalogPathArgs): Promise<CatalogEntryVO> {
    return catalog.getEntry(ctx, path);
  }

  @GuardedQuery(() => CatalogEntryVOes, auth(), {
    description: 'The direct children: a page (REST: pagingspec=1.0; GraphQL: with a limit) ordered by name, else every child in stored order.',
  })
  catalogChildren(@Ctx() ctx: RequestContext, @Args() { path, start, limit }: CatalogChildrenArgs): Promise<CatalogEntryVOes> {
    return catalog.listChildren(ctx, path, pageRequest(start, limit));
  }

  @GuardedQuery(() => [CatalogEntryVO], auth(), {
    description:
      'The entry and every entry below it, parents before children (rebuild the tree by parentKey); with repositoryEntry and owners in a fixed number of statements whatever the size (GraphQL only).',
  })
  catalogTree(@Ctx() ctx: RequestContext, @Args() { path }: CatalogPathArgs): Promise<CatalogEntryVO[]> {
    return catalog.subtree(ctx, path);
  }

  @GuardedMutation(() => CatalogEntryVO, auth(...CATALOG_MANAGERS), {
    description: 'Create an entry under the addressed one: a leaf when it links a repository entry (or type 1), else a node.',
  })
  createCatalogEntry(@Ctx() ctx: RequestContext, @Args() { path, catalogEntry }: CatalogEntryChangeArgs): Promise<CatalogEntryVO> {
    return catalog.createEntry(ctx, path, catalogEntry);
  }

  @GuardedMutation(() => CatalogEntryVO, auth(...CATALOG_MANAGERS), {
    description:
      'Update name, description (when not blank) and type; newParentKey moves the entry with its subtree (CONFLICT under a leaf, under itself or its subtree, or next to a leaf of the same repository entry).',
  })
  updateCatalogEntry(
    @Ctx() ctx: RequestContext,
    @Args() { path, catalogEntry }: CatalogEntryChangeArgs,
    @Arg('newParentKey', () => LongScalar, { nullable: true }) newParentKey?: number | null,
  ): Promise<CatalogEntryVO> {
    return catalog.updateEntry(ctx, path, catalogEntry, newParentKey);
  }

  @GuardedMutation(() => Boolean, auth(), {
    description: 'Delete the entry with its subtree: catalog managers and owners of the entry; a root cannot be deleted (CONFLICT).',
  })
  deleteCatalogEntry(@Ctx() ctx: RequestContext, @Args() { path }: CatalogPathArgs): Promise<boolean> {
    return catalog.deleteEntry(ctx, path);
  }

  @GuardedQuery(() => [UserVO], auth(), { description: 'The owners of the entry: catalog managers and owners of the entry.' })
  catalogEntryOwners(@Ctx() ctx: RequestContext, @Args() { path }: CatalogPathArgs): Promise<UserVO[]> {
    return catalog.listOwners(ctx, path);
  }

  @GuardedQuery(() => UserVO, auth(), { description: 'An owner of the entry; NOT_FOUND when the person does not own it.' })
  catalogEntryOwner(@Ctx() ctx: RequestContext, @Args() { path, identityKey }: CatalogOwnerArgs): Promise<UserVO> {
    return catalog.getOwner(ctx, path, identityKey);
  }

  @GuardedMutation(() => Boolean, auth(), { description: 'Make the person an owner of the entry (true also when already one).' })
  addCatalogEntryOwner(@Ctx() ctx: RequestContext, @Args() { path, identityKey }: CatalogOwnerArgs): Promise<boolean> {
    return catalog.addOwner(ctx, path, identityKey);
  }

  @GuardedMutation(() => Boolean, auth(), { description: 'The person no longer owns the entry (true also when they did not).' })
  removeCatalogEntryOwner(@Ctx() ctx: RequestContext, @Args() { path, identityKey }: CatalogOwnerArgs): Promise<boolean> {
    return catalog.removeOwner(ctx, path, identityKey);
  }
}

export const catalogResolvers = [CatalogResolver] as const;
