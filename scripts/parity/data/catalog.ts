import type { Deviation, ParityRow } from '../types';

const CATALOG = 'CatalogWebService';

const FORBIDDEN_NOT_UNAUTHORIZED: Deviation = {
  what: 'A caller without the right (no catalog manager, no owner of the entry) gets 403; OpenOLAT answers 401.',
  why: '401 tells a client its credentials are missing or wrong, and clients drop or renew them; the credentials are fine, the role is not (decided before, kept).',
};

const UNPARSABLE_QUERY_NUMBER: Deviation = {
  what: 'A query parameter OpenOLAT reads as a number (type, repoEntryKey, newParentKey) that does not parse: JAX-RS answers 404; we answer 400 naming the parameter.',
  why: 'The request is malformed, not aimed at something missing; 400 with the parameter named tells the client what to correct.',
};

export const rows: ParityRow[] = [
  { endpoint: 'GET /catalog/version', openolat: `${CATALOG}.getVersion`, reads: [], deviations: [] },
  {
    endpoint: 'GET /catalog',
    openolat: `${CATALOG}.getRoots`,
    reads: ['header Accept (pagingspec=1.0: the CatalogEntryVOes page)'],
    deviations: [],
  },
  {
    endpoint: 'GET /catalog/{}',
    openolat: `${CATALOG}.getCatalogEntry`,
    reads: ['path {path:.*} (only the last segment is read, as the entry key; not a number: 406)'],
    deviations: [],
  },
  {
    endpoint: 'GET /catalog/{}/children',
    openolat: `${CATALOG}.getChildren`,
    reads: [
      'query start (Integer, default 0)',
      'query limit (Integer, default 25)',
      'header Accept (pagingspec=1.0: a page ordered by name, else every child)',
    ],
    deviations: [],
  },
  {
    endpoint: 'PUT /catalog/{}',
    openolat: `${CATALOG}.addCatalogEntry (query/form variant and CatalogEntryVO variant)`,
    reads: [
      'query name',
      'query description',
      'query type (Integer; absent: leaf with repoEntryKey, else node)',
      'query repoEntryKey (Long)',
      'body CatalogEntryVO (XML or JSON)',
    ],
    deviations: [
      FORBIDDEN_NOT_UNAUTHORIZED,
      UNPARSABLE_QUERY_NUMBER,
      {
        what: 'An HTML form body (application/x-www-form-urlencoded) fills name, description, type and repoEntryKey; OpenOLAT’s form variant reads them from the query string only and ignores the form (the entry gets no name).',
        why: 'A client that sends a form means its fields; OpenOLAT would store a nameless entry.',
      },
    ],
  },
  {
    endpoint: 'POST /catalog/{}',
    openolat: `${CATALOG}.updatePostCatalogEntry (form), updateCatalogEntry (query), updateCatalogEntry (CatalogEntryVO)`,
    reads: [
      'form name, description, newParentKey (Long)',
      'query name, description, newParentKey (Long)',
      'body CatalogEntryVO (XML or JSON) with query newParentKey',
      'name and description change only when not blank; type when given',
    ],
    deviations: [
      FORBIDDEN_NOT_UNAUTHORIZED,
      UNPARSABLE_QUERY_NUMBER,
      {
        what: 'A move OpenOLAT skips silently (under a leaf, under the entry itself or its subtree, under a node that already holds a leaf of the same course) answers 409; OpenOLAT answers 200 and leaves the entry where it was.',
        why: 'The client asked for a move that did not happen; 200 would let it believe the tree changed.',
      },
    ],
  },
  {
    endpoint: 'DELETE /catalog/{}',
    openolat: `${CATALOG}.deleteCatalogEntry`,
    reads: [],
    deviations: [FORBIDDEN_NOT_UNAUTHORIZED],
  },
  { endpoint: 'GET /catalog/{}/owners', openolat: `${CATALOG}.getOwners`, reads: [], deviations: [FORBIDDEN_NOT_UNAUTHORIZED] },
  { endpoint: 'GET /catalog/{}/owners/{}', openolat: `${CATALOG}.getOwner`, reads: [], deviations: [FORBIDDEN_NOT_UNAUTHORIZED] },
  { endpoint: 'PUT /catalog/{}/owners/{}', openolat: `${CATALOG}.addOwner`, reads: [], deviations: [FORBIDDEN_NOT_UNAUTHORIZED] },
  { endpoint: 'DELETE /catalog/{}/owners/{}', openolat: `${CATALOG}.removeOwner`, reads: [], deviations: [FORBIDDEN_NOT_UNAUTHORIZED] },
];
