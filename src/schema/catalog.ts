import { PageOf } from './paging';
import { field, int, long, text, wireType } from './wire-shape';

/** OpenOLAT's LinkVO: hypermedia link, every property an XML attribute (catalog-v1.md §4.3). */
export const [LinkVO, LinkVOInput] = wireType(
  { name: 'LinkVO', extensions: { xmlRoot: 'link' }, inputDescription: 'A link as a client may send it back in a body: accepted and ignored.' },
  {
    rel: text.outputExtensions({ xmlAttribute: true }),
    href: text.outputExtensions({ xmlAttribute: true }),
    title: text.outputExtensions({ xmlAttribute: true }),
  },
);
export type LinkVO = InstanceType<typeof LinkVO>;
export type LinkVOInput = InstanceType<typeof LinkVOInput>;

/** OpenOLAT's CatalogEntryVO (catalog-v1.md §4.1). */
export const [CatalogEntryVO, CatalogEntryVOInput] = wireType(
  {
    name: 'CatalogEntryVO',
    inputDescription:
      'A CatalogEntryVO as a client sends it. Create reads name, description, type and repositoryEntryKey (query and form: repoEntryKey); update reads name, description and type (not on forms) and newParentKey (query or form). Other fields are accepted and ignored.',
  },
  {
    key: long,
    name: text,
    description: text.nullable,
    externalURL: text.nullable.describe('Legacy external link; cannot be set through this interface.'),
    type: int
      .describe('0 node (category), 1 leaf (links a repository entry).')
      .describeInput('Absent on create: a leaf when a repository entry is given, else a node.'),
    repositoryEntryKey: long.nullable,
    repoEntryKey: long.describeInput('The name OpenOLAT gives repositoryEntryKey as a query parameter of PUT.').inputOnly,
    parentKey: long.nullable.describe('null for a root.'),
    newParentKey: long.describeInput('Update only: move the entry with its subtree under this entry (query or form parameter).').inputOnly,
    link: field<LinkVO[]>(() => [LinkVO])
      .describe('self, jumpin, edit, delete and children on single-entry answers; empty in lists.')
      .takes<LinkVOInput[]>(() => [LinkVOInput]),
  },
);
export type CatalogEntryVO = InstanceType<typeof CatalogEntryVO>;
export type CatalogEntryVOInput = InstanceType<typeof CatalogEntryVOInput>;

/** A page of catalog entries (catalog-v1.md §4.2 CatalogEntryVOes). */
export const CatalogEntryVOes = PageOf(CatalogEntryVO, {
  name: 'CatalogEntryVOes',
  xmlRoot: 'catalogEntries',
  items: 'catalogEntries',
  xmlItem: 'catalogEntry',
});
export type CatalogEntryVOes = InstanceType<typeof CatalogEntryVOes>;
