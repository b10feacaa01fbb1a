import { ArgsType, Extensions, Field, Int, ObjectType } from 'type-graphql';

/** An object type's class. */
type ClassType = new (...args: never[]) => object;

export interface PageShape {
  /** GraphQL type name, OpenOLAT's VO name (`GroupVOes`). */
  name: string;
  /** XML root element (`groups`). */
  xmlRoot: string;
  /** The field, and element, that holds the items (`groups`). */
  items: string;
  /** The element of one item inside it (`group`). */
  xmlItem: string;
}

/**
 * A paged answer as OpenOLAT writes it: `{"<items>":[…],"totalCount":n}` (the list first, as every OpenOLAT `…VOes` declares it), in XML
 * `<root totalCount="n"><items><item>…</item></items></root>` (catalogue "Paging convention").
 */
export function PageOf<T extends ClassType>(itemType: T, shape: PageShape) {
  @ObjectType(shape.name, { description: `A page of ${shape.items} (pagingspec=1.0), with the total.` })
  @Extensions({ xmlRoot: shape.xmlRoot, pageItems: shape.items })
  class Page {
    @Field(() => [itemType], { name: shape.items })
    @Extensions({ xmlItem: shape.xmlItem })
    items!: InstanceType<T>[];

    @Field(() => Int)
    @Extensions({ xmlAttribute: true })
    totalCount!: number;
  }
  return Page;
}

/** The paging arguments of a list OpenOLAT pages (src/domain/paging.ts), as its REST route takes them from the query. */
@ArgsType()
export class PageRequestArgs {
  @Field(() => Int, { nullable: true, description: 'first row of the page (REST: with pagingspec=1.0 only)' })
  start?: number | null;

  @Field(() => Int, { nullable: true, description: 'rows of the page; none: every row from start' })
  limit?: number | null;
}

/** The page a list below the root (a GraphQL edge: a group's participants, a person's groups, …) answers when its query names no `limit`. */
export const EDGE_PAGE_SIZE = 20;
/** The largest `limit` an edge takes; a larger one is refused before the operation runs (src/graphql/cost.ts). */
export const EDGE_MAX_PAGE_SIZE = 1000;

/**
 * The paging arguments of every edge (GraphQL only: edges are not part of any REST answer). Each
 * parent gets its own page: `offset` items skipped, then at most `limit`.
 */
@ArgsType()
export class EdgePageArgs {
  @Field(() => Int, { defaultValue: EDGE_PAGE_SIZE, description: `items of the page, 0 to ${EDGE_MAX_PAGE_SIZE} (default ${EDGE_PAGE_SIZE})` })
  @Extensions({ minimum: 0, maximum: EDGE_MAX_PAGE_SIZE })
  limit!: number;

  @Field(() => Int, { defaultValue: 0, description: 'items skipped before the page' })
  @Extensions({ minimum: 0 })
  offset!: number;
}
