import { Arg, Ctx, Directive, Int, Query, Resolver } from 'type-graphql';
import { MAX_CHANGES_WAIT_SECONDS, readChanges } from '../changes/service';
import type { RequestContext } from '../domain/context';
import { ChangesVO } from '../schema/changes';
import { auth } from '../schema/directives';

@Resolver()
export class ChangeResolver {
  @Query(() => ChangesVO, {
    description:
      'What committed writes changed, oldest first, from a cursor on: each caller the events of the people, groups, courses, curricula and organisations they manage; administrators also the other kinds and deletions.',
  })
  @Directive(auth())
  async changes(
    @Ctx() ctx: RequestContext,
    @Arg('after', () => String, {
      nullable: true,
      description: "The `next` (or an event's `cursor`) of an earlier answer; from the oldest kept event without.",
    })
    after?: string,
    @Arg('types', () => [String], { nullable: true, description: 'Only events of these types (on REST comma-separated: `user.created,user.updated`).' })
    types?: string[],
    @Arg('limit', () => Int, { nullable: true, description: 'At most this many events (1–1000, 100 without).' }) limit?: number,
    @Arg('wait', () => Int, {
      nullable: true,
      description: `With no event yet, wait up to this many seconds (0–${MAX_CHANGES_WAIT_SECONDS}) and answer as soon as one commits.`,
    })
    wait?: number,
  ): Promise<ChangesVO> {
    const page = await readChanges(ctx, after, types, limit, wait);
    return {
      next: page.next,
      events: page.events.map((row) => ({
        ...row,
        objectKey: row.objectKey == null ? null : Number(row.objectKey),
        keys: Object.entries(row.keys).map(([name, key]) => ({ name, key: Number(key) })),
        object: row.object as Record<string, unknown> | null,
      })),
    };
  }
}

export const changeResolvers = [ChangeResolver] as const;
