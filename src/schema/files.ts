import { Field, Int, InterfaceType } from 'type-graphql';
import { Base64Scalar, DateTimeScalar } from './scalars';

/**
 * A stored file as an operation answers it. On REST, a route that answers a file (`file` in
 * src/rest/route.ts) sends `content` as the body with `contentType` and `lastModified` as headers,
 * and a HEAD request leaves `content` unread.
 */
@InterfaceType('FileVO')
export abstract class FileVO {
  @Field(() => String)
  contentType!: string;

  @Field(() => Int, { description: 'Length in bytes.' })
  length!: number;

  @Field(() => DateTimeScalar)
  lastModified!: Date;

  /** Left out where a field resolver reads the bytes only when they are selected. */
  @Field(() => Base64Scalar, { description: 'The bytes; read only when selected.' })
  content?: Buffer;
}
