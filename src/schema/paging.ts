import { Extensions, Field, Int, ObjectType } from 'type-graphql';

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
 * A paged answer as OpenOLAT writes it: `{"totalCount":n,"<items>":[…]}`, in XML
 * `<root totalCount="n"><items><item>…</item></items></root>` (catalogue "Paging convention").
 */
export function PageOf<T extends ClassType>(itemType: T, shape: PageShape) {
  @ObjectType(shape.name, { description: `A page of ${shape.items} (pagingspec=1.0), with the total.` })
  @Extensions({ xmlRoot: shape.xmlRoot, pageItems: shape.items })
  class Page {
    @Field(() => Int)
    @Extensions({ xmlAttribute: true })
    totalCount!: number;

    @Field(() => [itemType], { name: shape.items })
    @Extensions({ xmlItem: shape.xmlItem })
    items!: InstanceType<T>[];
  }
  return Page;
}
