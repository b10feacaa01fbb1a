import { Extensions, Field, ObjectType } from 'type-graphql';
import { DateTimeScalar, JsonObjectScalar, LongScalar } from './scalars';

@ObjectType('ChangeKeyVO', { description: 'A key the write named: `groupKey` 12.' })
export class ChangeKeyVO {
  @Field(() => String)
  name!: string;

  @Field(() => LongScalar)
  key!: number;
}

@ObjectType('ChangeVO', { description: 'One change a committed write made (src/changes).' })
@Extensions({ xmlRoot: 'change' })
export class ChangeVO {
  @Field(() => String, { description: 'Where this event stands in the feed: read on with `after` set to it.' })
  cursor!: string;

  @Field(() => String, { description: '`<family>.<object>.<verb>`, for example `user.created`, `group.participant.added`, `course.status.changed`.' })
  type!: string;

  @Field(() => String, { nullable: true, description: 'The kind of object the write acted on (`group`, `user`, `course`, …).' })
  objectType?: string | null;

  @Field(() => LongScalar, { nullable: true })
  objectKey?: number | null;

  @Field(() => String, { nullable: true, description: "The object's externalId, when it has one." })
  externalId?: string | null;

  @Field(() => LongScalar, { nullable: true, description: 'Who wrote.' })
  identityKey?: number | null;

  @Field(() => DateTimeScalar, { description: 'When the write happened.' })
  at!: Date;

  @Field(() => [ChangeKeyVO], { description: 'Every key the write named.' })
  @Extensions({ xmlItem: 'key' })
  keys!: ChangeKeyVO[];

  @Field(() => JsonObjectScalar, {
    nullable: true,
    description: 'The object as its REST JSON representation after the write (secrets masked); absent for deletions and removals.',
  })
  object?: Record<string, unknown> | null;
}

@ObjectType('ChangesVO', { description: 'A page of the change feed, oldest first.' })
// pageItems: the GraphQL cost counts `events` at the `limit` of the changes field, not at the default list size.
@Extensions({ xmlRoot: 'changes', pageItems: 'events' })
export class ChangesVO {
  @Field(() => [ChangeVO])
  @Extensions({ xmlItem: 'change' })
  events!: ChangeVO[];

  @Field(() => String, { description: 'The cursor to read on from (`after`); the same cursor again when nothing new has committed.' })
  next!: string;
}
