import { Extensions, Field, InputType, Int, ObjectType } from 'type-graphql';
import { PageOf } from './paging';
import { LongScalar } from './scalars';

/** OpenOLAT's LinkVO: hypermedia link, every property an XML attribute (catalog-v1.md §4.3). */
@ObjectType('LinkVO')
@Extensions({ xmlRoot: 'link' })
export class LinkVO {
  @Field(() => String)
  @Extensions({ xmlAttribute: true })
  rel!: string;

  @Field(() => String)
  @Extensions({ xmlAttribute: true })
  href!: string;

  @Field(() => String)
  @Extensions({ xmlAttribute: true })
  title!: string;
}

@InputType('LinkVOInput', { description: 'A link as a client may send it back in a body: accepted and ignored.' })
export class LinkVOInput {
  @Field(() => String, { nullable: true })
  rel?: string | null;

  @Field(() => String, { nullable: true })
  href?: string | null;

  @Field(() => String, { nullable: true })
  title?: string | null;
}

/** OpenOLAT's CatalogEntryVO (catalog-v1.md §4.1). */
@ObjectType('CatalogEntryVO')
export class CatalogEntryVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true, description: 'Legacy external link; cannot be set through this interface.' })
  externalURL!: string | null;

  @Field(() => Int, { description: '0 node (category), 1 leaf (links a repository entry).' })
  type!: number;

  @Field(() => LongScalar, { nullable: true })
  repositoryEntryKey!: number | null;

  @Field(() => LongScalar, { nullable: true, description: 'null for a root.' })
  parentKey!: number | null;

  @Field(() => [LinkVO], { description: 'self, jumpin, edit, delete and children on single-entry answers; empty in lists.' })
  link!: LinkVO[];
}

@InputType('CatalogEntryVOInput', {
  description:
    'A CatalogEntryVO as a client sends it. Create reads name, description, type and repositoryEntryKey (query and form: repoEntryKey); update reads name, description and type (not on forms) and newParentKey (query or form). Other fields are accepted and ignored.',
})
export class CatalogEntryVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true })
  externalURL?: string | null;

  @Field(() => Int, { nullable: true, description: 'Absent on create: a leaf when a repository entry is given, else a node.' })
  type?: number | null;

  @Field(() => LongScalar, { nullable: true })
  repositoryEntryKey?: number | null;

  @Field(() => LongScalar, { nullable: true, description: 'The name OpenOLAT gives repositoryEntryKey as a query parameter of PUT.' })
  repoEntryKey?: number | null;

  @Field(() => LongScalar, { nullable: true })
  parentKey?: number | null;

  @Field(() => LongScalar, { nullable: true, description: 'Update only: move the entry with its subtree under this entry (query or form parameter).' })
  newParentKey?: number | null;

  @Field(() => [LinkVOInput], { nullable: true })
  link?: LinkVOInput[] | null;
}

/** A page of catalog entries (catalog-v1.md §4.2 CatalogEntryVOes). */
export const CatalogEntryVOes = PageOf(CatalogEntryVO, {
  name: 'CatalogEntryVOes',
  xmlRoot: 'catalogEntries',
  items: 'catalogEntries',
  xmlItem: 'catalogEntry',
});
export type CatalogEntryVOes = InstanceType<typeof CatalogEntryVOes>;
