import type { RequestContext } from '../domain/context';
import type { ManagedElement } from '../managed/elements';
import { normaliseManagedFlags } from '../managed/flags';
import { requireWriter } from './policy';
import * as calendars from './repository';
import { resolve, type CalendarLocator } from './service';

const locatorOf = (args: Record<string, any>): CalendarLocator =>
  args.calendarId !== undefined
    ? { identityKey: args.identityKey, calendarId: args.calendarId }
    : args.groupKey !== undefined
      ? { groupKey: args.groupKey }
      : { courseKey: args.courseKey };

const sameLinks = (given: unknown, current: unknown) => JSON.stringify(given ?? []) === JSON.stringify(current ?? []);

/**
 * The event an operation acts on (`event.id` and `event.recurrenceId`, or `eventId`), for the
 * `@managed(kind: "calendar")` guard of single-event mutations: the flags of the input fields say
 * what each protects. A list of events (`events`) is checked event by event in the service
 * (src/calendars/service.ts), which also treats an absent field as cleared, as OpenOLAT does.
 */
export const managedCalendarEvent: ManagedElement = {
  kind: 'calendar',
  async authorize(args, ctx: RequestContext) {
    requireWriter(await resolve(ctx, locatorOf(args)));
  },
  async load(args, ctx: RequestContext) {
    const eventId: string | undefined = args.eventId ?? args.event?.id ?? undefined;
    if (!eventId) return null;
    const calendar = await resolve(ctx, locatorOf(args));
    const recurrenceId = args.event?.recurrenceId || null;
    const [row] = (await calendars.findEvents(ctx.em, calendar, eventId, false)).filter(
      (event) => args.event === undefined || event.recurrenceId === recurrenceId,
    );
    if (!row) return null;
    const given = (args.event ?? {}) as Record<string, unknown>;
    return {
      managedFlags: row.managedFlags,
      values: {
        id: given.id,
        recurrenceId: given.recurrenceId,
        calendarId: given.calendarId,
        subject: row.subject,
        description: row.description,
        location: row.location,
        color: row.color,
        begin: row.begin,
        end: row.end,
        allDayEvent: row.allDay,
        classification: row.classification,
        liveStreamUrl: row.liveStreamUrl,
        // Input objects are not plain objects: the same links, and the same flags in another order, are reported as given.
        links: sameLinks(given.links, row.links) ? given.links : row.links,
        managedFlags:
          normaliseManagedFlags('calendar', given.managedFlags as string | null) === normaliseManagedFlags('calendar', row.managedFlags)
            ? given.managedFlags
            : row.managedFlags,
        externalId: row.externalId,
        externalSource: row.externalSource,
      },
    };
  },
};
