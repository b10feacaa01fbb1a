import { Arg, Args, ArgsType, Ctx, Directive, Extensions, Field, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { CATALOG_MANAGERS } from '../catalog/policy';
import * as catalog from '../catalog/service';
import type { RequestContext } from '../domain/context';
import { pageRequest } from '../domain/paging';
import { CatalogEntryVO, CatalogEntryVOInput, CatalogEntryVOes } from '../schema/catalog';
import { RepositoryEntryVO } from '../schema/courses';
import { auth } from '../schema/directives';
import { EdgePageArgs, PageRequestArgs } from '../schema/paging';
import { LongScalar } from '../schema/scalars';
import { UserVO } from '../schema/users';

const PATH = 'The key of the entry, or the chain of keys from the root ending with it (1/12/34): the last segment counts.';

@ArgsType()
class ChildrenArgs extends PageRequestArgs {
  @Field(() => String, { description: PATH })
  path!: string;
}

@Resolver(() => CatalogEntryVO)
export class CatalogResolver {
  @FieldResolver(() => RepositoryEntryVO, {
    nullable: true,
    description: 'The repository entry a leaf links, when the caller sees it; read for every entry of the answer in one statement (GraphQL only).',
  })
  @Extensions({ rest: false })
  repositoryEntry(@Ctx() ctx: RequestContext, @Root() entry: CatalogEntryVO): Promise<RepositoryEntryVO | null> {
    return catalog.linkedEntry(ctx, entry.repositoryEntryKey);
  }

  @FieldResolver(() => [UserVO], {
    description:
      'A page of the owners: empty unless the caller is a catalog manager or owns the entry; read for every entry of the answer in one statement (GraphQL only).',
  })
  @Extensions({ rest: false })
  owners(@Ctx() ctx: RequestContext, @Root() entry: CatalogEntryVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return catalog.ownersOf(ctx, entry.key, page);
  }

  @FieldResolver(() => [CatalogEntryVO], {
    description:
      'As GET /catalog/{path}/children, a page in stored order (categories first); read for every entry of the answer in one statement (GraphQL only).',
  })
  @Extensions({ rest: false })
  children(@Ctx() ctx: RequestContext, @Root() entry: CatalogEntryVO, @Args() page: EdgePageArgs): Promise<CatalogEntryVO[]> {
    return catalog.childrenOf(ctx, entry.key, page);
  }

  @FieldResolver(() => CatalogEntryVO, {
    nullable: true,
    description: 'The entry above (null for a root); read for every entry of the answer in one statement (GraphQL only).',
  })
  @Extensions({ rest: false })
  parent(@Ctx() ctx: RequestContext, @Root() entry: CatalogEntryVO): Promise<CatalogEntryVO | null> {
    return catalog.parentOf(ctx, entry.parentKey);
  }

  @Query(() => CatalogEntryVOes, { description: 'The roots of the catalog (normally one), without links.' })
  @Directive(auth())
  catalogRoots(@Ctx() ctx: RequestContext, @Args() { start, limit }: PageRequestArgs): Promise<CatalogEntryVOes> {
    return catalog.listRoots(ctx, pageRequest(start, limit));
  }

  @Query(() => CatalogEntryVO, { description: 'A catalog entry with its links; every authenticated caller reads the whole catalog.' })
  @Directive(auth())
  catalogEntry(@Ctx() ctx: RequestContext, @Arg('path', () => String, { description: PATH }) path: string): Promise<CatalogEntryVO> {
    return catalog.getEntry(ctx, path);
  }

  @Query(() => CatalogEntryVOes, {
    description: 'The direct children: a page (REST: pagingspec=1.0; GraphQL: with a limit) ordered by name, else every child in stored order.',
  })
  @Directive(auth())
  catalogChildren(@Ctx() ctx: RequestContext, @Args() { path, start, limit }: ChildrenArgs): Promise<CatalogEntryVOes> {
    return catalog.listChildren(ctx, path, pageRequest(start, limit));
  }

  @Query(() => [CatalogEntryVO], {
    description:
      'The entry and every entry below it, parents before children (rebuild the tree by parentKey); with repositoryEntry and owners in a fixed number of statements whatever the size (GraphQL only).',
  })
  @Directive(auth())
  catalogTree(@Ctx() ctx: RequestContext, @Arg('path', () => String, { description: PATH }) path: string): Promise<CatalogEntryVO[]> {
    return catalog.subtree(ctx, path);
  }

  @Mutation(() => CatalogEntryVO, { description: 'Create an entry under the addressed one: a leaf when it links a repository entry (or type 1), else a node.' })
  @Directive(auth(...CATALOG_MANAGERS))
  createCatalogEntry(
    @Ctx() ctx: RequestContext,
    @Arg('path', () => String, { description: PATH }) path: string,
    @Arg('catalogEntry', () => CatalogEntryVOInput) catalogEntry: CatalogEntryVOInput,
  ): Promise<CatalogEntryVO> {
    return catalog.createEntry(ctx, path, catalogEntry);
  }

  @Mutation(() => CatalogEntryVO, {
    description:
      'Update name, description (when not blank) and type; newParentKey moves the entry with its subtree (CONFLICT under a leaf, under itself or its subtree, or next to a leaf of the same repository entry).',
  })
  @Directive(auth(...CATALOG_MANAGERS))
  updateCatalogEntry(
    @Ctx() ctx: RequestContext,
    @Arg('path', () => String, { description: PATH }) path: string,
    @Arg('catalogEntry', () => CatalogEntryVOInput) catalogEntry: CatalogEntryVOInput,
    @Arg('newParentKey', () => LongScalar, { nullable: true }) newParentKey?: number | null,
  ): Promise<CatalogEntryVO> {
    return catalog.updateEntry(ctx, path, catalogEntry, newParentKey);
  }

  @Mutation(() => Boolean, { description: 'Delete the entry with its subtree: catalog managers and owners of the entry; a root cannot be deleted (CONFLICT).' })
  @Directive(auth())
  deleteCatalogEntry(@Ctx() ctx: RequestContext, @Arg('path', () => String, { description: PATH }) path: string): Promise<boolean> {
    return catalog.deleteEntry(ctx, path);
  }

  @Query(() => [UserVO], { description: 'The owners of the entry: catalog managers and owners of the entry.' })
  @Directive(auth())
  catalogEntryOwners(@Ctx() ctx: RequestContext, @Arg('path', () => String, { description: PATH }) path: string): Promise<UserVO[]> {
    return catalog.listOwners(ctx, path);
  }

  @Query(() => UserVO, { description: 'An owner of the entry; NOT_FOUND when the person does not own it.' })
  @Directive(auth())
  catalogEntryOwner(
    @Ctx() ctx: RequestContext,
    @Arg('path', () => String, { description: PATH }) path: string,
    @Arg('identityKey', () => LongScalar) identityKey: number,
  ): Promise<UserVO> {
    return catalog.getOwner(ctx, path, identityKey);
  }

  @Mutation(() => Boolean, { description: 'Make the person an owner of the entry (true also when already one).' })
  @Directive(auth())
  addCatalogEntryOwner(
    @Ctx() ctx: RequestContext,
    @Arg('path', () => String, { description: PATH }) path: string,
    @Arg('identityKey', () => LongScalar) identityKey: number,
  ): Promise<boolean> {
    return catalog.addOwner(ctx, path, identityKey);
  }

  @Mutation(() => Boolean, { description: 'The person no longer owns the entry (true also when they did not).' })
  @Directive(auth())
  removeCatalogEntryOwner(
    @Ctx() ctx: RequestContext,
    @Arg('path', () => String, { description: PATH }) path: string,
    @Arg('identityKey', () => LongScalar) identityKey: number,
  ): Promise<boolean> {
    return catalog.removeOwner(ctx, path, identityKey);
  }
}

export const catalogResolvers = [CatalogResolver] as const;
