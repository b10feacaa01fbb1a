import { DELETE, GET, POST, PUT, VERSION, type FamilyRoutes } from '../route';

/**
 * The catalog tree, catalog 1.0 (catalog-v1.md). `:path` is the entry key; the router also takes a
 * chain of ancestor keys ending with it (`/catalog/1/12/34`), as OpenOLAT's `{path:.*}` does.
 */
export const catalog: FamilyRoutes = {
  routes: [
    GET('/catalog', 'Query.catalogRoots', 'The roots of the catalog (paged with pagingspec=1.0)', { paging: 'optional' }),
    GET('/catalog/:path', 'Query.catalogEntry', 'A catalog entry with its links (406 when the last path segment is not a key)', { ancestorsIn: 'path' }),
    GET('/catalog/:path/children', 'Query.catalogChildren', 'Direct children: all in stored order, or a page by name (pagingspec=1.0)', {
      paging: 'optional',
      ancestorsIn: 'path',
    }),
    PUT(
      '/catalog/:path',
      'Mutation.createCatalogEntry',
      'Create an entry under this one: query parameters name, description, type, repoEntryKey, a form or a CatalogEntryVO',
      {
        bodyArg: 'catalogEntry',
        queryBody: true,
        formBody: true,
        ancestorsIn: 'path',
      },
    ),
    POST('/catalog/:path', 'Mutation.updateCatalogEntry', 'Update and move (newParentKey): form, query parameters or a CatalogEntryVO', {
      bodyArg: 'catalogEntry',
      queryBody: true,
      formBody: true,
      ancestorsIn: 'path',
    }),
    DELETE('/catalog/:path', 'Mutation.deleteCatalogEntry', 'Delete an entry with its subtree', { ancestorsIn: 'path' }),
    GET('/catalog/:path/owners', 'Query.catalogEntryOwners', 'Owners of the entry', { ancestorsIn: 'path' }),
    GET('/catalog/:path/owners/:identityKey', 'Query.catalogEntryOwner', 'An owner of the entry (404 when not an owner)', { ancestorsIn: 'path' }),
    PUT('/catalog/:path/owners/:identityKey', 'Mutation.addCatalogEntryOwner', 'Add an owner', { ancestorsIn: 'path' }),
    DELETE('/catalog/:path/owners/:identityKey', 'Mutation.removeCatalogEntryOwner', 'Remove an owner', { ancestorsIn: 'path' }),
  ],
  openRoutes: [VERSION('/catalog/version', 'catalog')],
  graphqlOnly: ['Query.catalogTree'],
};
