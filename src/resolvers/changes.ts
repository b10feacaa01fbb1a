import { Arg, Ctx, Directive, Int, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import { GuardedQuery } from './guards';
import { toChangeVO } from '../changes/presenter';
import { followChanges, MAX_CHANGES_WAIT_SECONDS, readChanges } from '../changes/service';
import type { ChangeRow } from '../changes/repository';
import type { RequestContext } from '../domain/context';
import { payloadOf, sourceStream, type StreamFailure } from '../graphql/subscriptions';
import { ChangesVO, ChangeVO } from '../schema/changes';
import { auth } from '../schema/directives';

const TYPES_DESCRIPTION = 'Only events of these types (on REST comma-separated: `user.created,user.updated`).';

interface FollowArgs {
  after?: string | null;
  types?: string[] | null;
}

@Resolver()
export class ChangeResolver {
  @GuardedQuery(() => ChangesVO, auth(), {
    description:
      'What committed writes changed, oldest first, from a cursor on: each caller the events of the people, groups, courses, curricula and organisations they manage; administrators also the other kinds and deletions.',
  })
  async changes(
    @Ctx() ctx: RequestContext,
    @Arg('after', () => String, {
      nullable: true,
      description: "The `next` (or an event's `cursor`) of an earlier answer; from the oldest kept event without.",
    })
    after?: string,
    @Arg('types', () => [String], { nullable: true, description: TYPES_DESCRIPTION })
    types?: string[],
    @Arg('limit', () => Int, { nullable: true, description: 'At most this many events (1–1000, 100 without).' }) limit?: number,
    @Arg('wait', () => Int, {
      nullable: true,
      description: `With no event yet, wait up to this many seconds (0–${MAX_CHANGES_WAIT_SECONDS}) and answer as soon as one commits.`,
    })
    wait?: number,
  ): Promise<ChangesVO> {
    const page = await readChanges(ctx, after, types, limit, wait);
    return { next: page.next, events: page.events.map(toChangeVO) };
  }

  @Subscription(() => ChangeVO, {
    name: 'changes',
    description:
      "The change feed as it grows, one event at a time, over Server-Sent Events at /graphql/stream (graphql-sse): the events the `changes` query would answer this caller, as their writes commit. To resume after a disconnect, subscribe again with `after` set to the last event's `cursor`.",
    subscribe: ({ context, args }: SubscribeResolverData<unknown, FollowArgs, RequestContext>) =>
      sourceStream((stop) => followChanges(context, args.after, args.types, stop)),
  })
  @Directive(auth())
  changeStream(
    @Root() event: ChangeRow | StreamFailure,
    @Arg('after', () => String, {
      nullable: true,
      description:
        'The `cursor` of the last event received (or the `next` of a `changes` answer): the stream goes on after it; `""` from the oldest kept event. Without: only the events that become readable from now on.',
    })
    _after?: string,
    @Arg('types', () => [String], { nullable: true, description: TYPES_DESCRIPTION })
    _types?: string[],
  ): ChangeVO {
    return toChangeVO(payloadOf(event));
  }
}

export const changeResolvers = [ChangeResolver] as const;
