import { JsonObjectScalar } from './scalars';
import { dateTime, field, long, objectType, text } from './wire-shape';

export const ChangeKeyVO = objectType(
  { name: 'ChangeKeyVO', description: 'A key the write named: `groupKey` 12.' },
  {
    name: text,
    key: long,
  },
);
export type ChangeKeyVO = InstanceType<typeof ChangeKeyVO>;

export const ChangeVO = objectType(
  { name: 'ChangeVO', description: 'One change a committed write made (src/changes).', extensions: { xmlRoot: 'change' } },
  {
    cursor: text.describe('Where this event stands in the feed: read on with `after` set to it.'),
    type: text.describe('`<family>.<object>.<verb>`, for example `user.created`, `group.participant.added`, `course.status.changed`.'),
    objectType: text.nullable.describe('The kind of object the write acted on (`group`, `user`, `course`, …).'),
    objectKey: long.nullable,
    externalId: text.nullable.describe("The object's externalId, when it has one."),
    identityKey: long.nullable.describe('Who wrote.'),
    at: dateTime.describe('When the write happened.'),
    keys: field<ChangeKeyVO[]>(() => [ChangeKeyVO])
      .describe('Every key the write named.')
      .extensions({ xmlItem: 'key' }),
    object: field<Record<string, unknown>>(() => JsonObjectScalar).nullable.describe(
      'The object as its REST JSON representation after the write (secrets masked); absent for deletions and removals.',
    ),
  },
);
export type ChangeVO = InstanceType<typeof ChangeVO>;

// pageItems: the GraphQL cost counts `events` at the `limit` of the changes field, not at the default list size.
export const ChangesVO = objectType(
  { name: 'ChangesVO', description: 'A page of the change feed, oldest first.', extensions: { xmlRoot: 'changes', pageItems: 'events' } },
  {
    events: field<ChangeVO[]>(() => [ChangeVO]).extensions({ xmlItem: 'change' }),
    next: text.describe('The cursor to read on from (`after`); the same cursor again when nothing new has committed.'),
  },
);
export type ChangesVO = InstanceType<typeof ChangesVO>;
