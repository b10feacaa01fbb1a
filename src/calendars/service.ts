import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { inTransaction } from '../audit/audit-log';
import type { RequestContext } from '../domain/context';
import { DomainError, notFound, type ErrorDetail } from '../domain/errors';
import { pageRequest, pageWithinBudget, readPage, type Page } from '../domain/paging';
import { mandatory, tooLongValues } from '../domain/validation';
import { isManaged, parseManagedFlags } from '../managed/flags';
import type { CalendarFeedVO, CalendarVO, EventVO, EventVOInput } from '../schema/calendars';
import {
  CALENDAR_CSS,
  calendarsOf,
  requireCalendarPerson,
  requireCourseCalendar,
  requireGroupCalendar,
  requirePersonCalendar,
  requireSelf,
  requireWriter,
  type Calendar,
} from './policy';
import * as calendars from './repository';
import type { EventRow, EventValues } from './repository';
import type { CalendarEventLink } from '../entities/calendars';

/** Calendars and their events (catalogue 2.8, 3.7), for the three mounts: a person's, a group's, a course's. */

export const toCalendarVO = (calendar: Calendar): CalendarVO => ({
  id: calendar.id,
  type: calendar.type,
  canWrite: calendar.canWrite,
  subscribed: true,
  css: CALENDAR_CSS[calendar.type],
  displayName: calendar.displayName,
});

const ownerId = (type: string, ownerKey: number) => `${type}:${ownerKey}`;

/** An event's links (EventLinkVO) with every field present; none when the list is empty, as OpenOLAT writes them. */
const linksOf = (links: readonly CalendarEventLink[] | null | undefined) =>
  links?.length
    ? links.map((link) => ({
        id: link.id ?? null,
        provider: link.provider ?? null,
        displayName: link.displayName ?? null,
        uri: link.uri ?? null,
        iconCssClass: link.iconCssClass ?? null,
      }))
    : null;

export function toEventVO(row: EventRow, calendarId: string): EventVO {
  return {
    id: row.eventId,
    recurrenceId: row.recurrenceId,
    subject: row.subject,
    description: row.description,
    location: row.location,
    color: row.color,
    calendarId,
    begin: row.begin,
    end: row.end,
    allDayEvent: row.allDay,
    classification: row.classification,
    liveStreamUrl: row.liveStreamUrl,
    links: linksOf(row.links),
    managedFlags: row.managedFlags,
    externalId: row.externalId,
    externalSource: row.externalSource,
  };
}

/** The start of today: `onlyFuture` keeps the events that end today or later (OpenOLAT's CalendarWSHelper). */
function startOfToday(): Date {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return today;
}

export interface EventQuery {
  start?: number | null;
  limit?: number | null;
  onlyFuture?: boolean | null;
}

/** The events of these calendars merged in one statement, ordered by begin; a page with its total. */
export async function readEvents(ctx: RequestContext, of: readonly Calendar[], query: EventQuery): Promise<Page<EventVO>> {
  const from = query.onlyFuture ? startOfToday() : null;
  const ids = new Map(of.map((calendar) => [ownerId(calendar.type, calendar.ownerKey), calendar.id]));
  const { totalCount, items } = await pageWithinBudget(ctx, pageRequest(query.start, query.limit), (page) =>
    readPage(
      () => calendars.listEvents(ctx.em, of, from, page),
      () => calendars.countEvents(ctx.em, of, from),
      page,
    ),
  );
  return {
    totalCount,
    items: items.map((row) => toEventVO(row, ids.get(ownerId(row.type, row.ownerKey))!)),
  };
}

export async function listCalendars(ctx: RequestContext, identityKey: number): Promise<CalendarVO[]> {
  const person = await requireCalendarPerson(ctx, identityKey);
  return (await calendarsOf(ctx.em, person)).map(toCalendarVO);
}

export async function getCalendar(ctx: RequestContext, identityKey: number, calendarId: string): Promise<CalendarVO> {
  return toCalendarVO(await requirePersonCalendar(ctx, identityKey, calendarId));
}

export async function listPersonEvents(ctx: RequestContext, identityKey: number, query: EventQuery): Promise<Page<EventVO>> {
  const person = await requireCalendarPerson(ctx, identityKey);
  return readEvents(ctx, await calendarsOf(ctx.em, person), query);
}

/** Which calendar a write or read names: a person's (by id), a group's or a course's. */
export type CalendarLocator = { identityKey: number; calendarId: string } | { groupKey: number } | { courseKey: number };

/** The calendar a locator names, after the caller's right to see it (403, 404). */
export function resolve(ctx: RequestContext, locator: CalendarLocator): Promise<Calendar> {
  if ('calendarId' in locator) return requirePersonCalendar(ctx, locator.identityKey, locator.calendarId);
  if ('groupKey' in locator) return requireGroupCalendar(ctx, locator.groupKey);
  return requireCourseCalendar(ctx, locator.courseKey);
}

export async function listCalendarEvents(ctx: RequestContext, locator: CalendarLocator, query: EventQuery): Promise<Page<EventVO>> {
  return readEvents(ctx, [await resolve(ctx, locator)], query);
}

/** The classifications OpenOLAT keeps (private, public, free-busy); another value is ignored, as OpenOLAT's transfer does. */
const CLASSIFICATIONS = [0, 1, 2];

/** Every rule an event breaks (unlike OpenOLAT, which stores anything): subject, begin and end mandatory, end not before begin. */
function validateEvent(input: EventVOInput, index: number | null): ErrorDetail[] {
  const at = (property: string) => (index === null ? property : `events[${index}].${property}`);
  const errors: ErrorDetail[] = [
    ...(input.subject?.trim() ? [] : [mandatory(at('subject'))]),
    ...(input.begin ? [] : [mandatory(at('begin'))]),
    ...(input.end ? [] : [mandatory(at('end'))]),
    ...tooLongValues({
      [at('id')]: input.id,
      [at('recurrenceId')]: input.recurrenceId,
      [at('managedFlags')]: input.managedFlags,
      [at('externalId')]: input.externalId,
      [at('externalSource')]: input.externalSource,
    }),
    ...tooLongValues({ [at('color')]: input.color }, 64),
    ...tooLongValues({ [at('location')]: input.location }, 1024),
    ...tooLongValues({ [at('liveStreamUrl')]: input.liveStreamUrl }, 2048),
  ];
  if (input.begin && input.end && input.end.getTime() < input.begin.getTime())
    errors.push({ code: `org.olat.commons.calendar:cal.form.error.date:${at('end')}`, translation: `${at('end')} is before begin.` });
  return errors;
}

/** The stored form of an event: every field overwritten (null clears), classification and links kept when not given (or, classification, unknown), as OpenOLAT's transfer does. */
function valuesOf(input: EventVOInput): EventValues {
  const blank = (value: string | null | undefined) => (value == null || value === '' ? null : value);
  return {
    eventId: input.id?.trim() ? input.id.trim() : randomUUID(),
    recurrenceId: blank(input.recurrenceId),
    subject: input.subject!.trim(),
    description: input.description ?? null,
    location: input.location ?? null,
    color: input.color ?? null,
    begin: input.begin!,
    end: input.end!,
    allDay: input.allDayEvent ?? false,
    classification: input.classification != null && CLASSIFICATIONS.includes(input.classification) ? input.classification : null,
    liveStreamUrl: input.liveStreamUrl ?? null,
    links: linksOf(input.links),
    managedFlags: blank(input.managedFlags),
    externalId: input.externalId ?? null,
    externalSource: input.externalSource ?? null,
  };
}

const sameTime = (a: Date, b: Date) => new Date(a).getTime() === new Date(b).getTime();

/** The managed flags an interactive change of `current` into `next` touches (catalogue 4.9); `any`: guarded while any flag is set (the flags and external ids themselves). */
function touchedFlags(current: EventRow, next: EventValues): string[] {
  const touched: string[] = [];
  if (next.subject !== current.subject) touched.push('subject');
  if (next.description !== current.description) touched.push('description');
  if (next.location !== current.location) touched.push('location');
  if (next.color !== current.color) touched.push('color');
  if (!sameTime(next.begin, current.begin) || !sameTime(next.end, current.end) || next.allDay !== current.allDay) touched.push('dates');
  if (next.liveStreamUrl !== current.liveStreamUrl) touched.push('liveStreamUrl');
  if (next.classification !== null && next.classification !== current.classification) touched.push('classification');
  if (next.links !== null && JSON.stringify(next.links) !== JSON.stringify(current.links ?? [])) touched.push('links');
  if (
    (next.managedFlags ?? null) !== (current.managedFlags ?? null) ||
    next.externalId !== current.externalId ||
    next.externalSource !== current.externalSource
  )
    touched.push('any');
  return touched;
}

/** GraphQL callers may not change what a managed event's flags protect (a synced lecture event is managed `all`); REST, the managing system, may. */
function requireUnmanaged(ctx: RequestContext, current: EventRow | undefined, touched: () => string[]): void {
  if (!current || ctx.transport !== 'graphql' || !ctx.settings.managedEnforced) return;
  const flags = parseManagedFlags('calendar', current.managedFlags);
  if (!flags.length) return;
  const locked = touched().find((flag) => (flag === 'any' ? true : isManaged('calendar', flags, flag)));
  if (locked)
    throw new DomainError('MANAGED', `this calendar event is managed by an external system (flag ${locked}); change it through the managing system`, [], {
      kind: 'calendar',
      flag: locked,
      managedFlags: flags,
    });
}

/**
 * Creates or replaces events (PUT/POST …/event and …/events alike, as OpenOLAT): 403 without write
 * access, 400 for an invalid event (nothing is written then). True: REST answers 200 without a
 * body, as OpenOLAT does (the generated ids are not returned).
 */
export async function saveEvents(ctx: RequestContext, locator: CalendarLocator, inputs: readonly EventVOInput[], single: boolean): Promise<boolean> {
  const calendar = await resolve(ctx, locator);
  requireWriter(calendar);
  const errors = inputs.flatMap((input, index) => validateEvent(input, single ? null : index));
  if (errors.length) throw new DomainError('BAD_REQUEST', errors.map((error) => error.translation).join('; '), errors);
  return inTransaction(ctx, async (em) => {
    for (const input of inputs) {
      const values = valuesOf(input);
      const [current] = (await calendars.findEvents(em, calendar, values.eventId)).filter(
        (row) => (row.recurrenceId ?? null) === (values.recurrenceId ?? null),
      );
      requireUnmanaged(ctx, current, () => touchedFlags(current!, values));
      await calendars.upsertEvent(em, calendar, values);
    }
    return true;
  });
}

/** Deletes an event with every recurrence: 403 without write access, 404 unknown event. */
export async function deleteEvent(ctx: RequestContext, locator: CalendarLocator, eventId: string): Promise<boolean> {
  const calendar = await resolve(ctx, locator);
  requireWriter(calendar);
  return inTransaction(ctx, async (em) => {
    const rows = await calendars.findEvents(em, calendar, eventId);
    if (!rows.length) throw notFound('event');
    // Only `all` protects an event from deletion.
    for (const row of rows) requireUnmanaged(ctx, row, () => ['all']);
    await calendars.deleteEvent(em, calendar, eventId);
    return true;
  });
}

/* The iCalendar feed (extension): a secret per person and calendar, stored as its SHA-256. */

export const FEED_PATH = '/restapi/calendars/feed';

export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The calendar id a feed token is stored with: the person's calendar by key, which survives a new login. */
const storedFeedId = (calendar: Calendar) => `${calendar.type}_${calendar.type === 'course' ? calendar.id.slice('course_'.length) : calendar.ownerKey}`;

/** Creates, or rotates, the person's feed of a calendar they see: only the person themself. */
export async function createFeed(ctx: RequestContext, identityKey: number, calendarId: string): Promise<CalendarFeedVO> {
  await requireCalendarPerson(ctx, identityKey);
  requireSelf(ctx, identityKey);
  const calendar = await requirePersonCalendar(ctx, identityKey, calendarId);
  const token = randomBytes(32).toString('base64url');
  return inTransaction(ctx, async (em) => {
    await calendars.saveFeedToken(em, identityKey, storedFeedId(calendar), hashFeedToken(token));
    return { calendarId: calendar.id, url: `${FEED_PATH}/${token}.ics` };
  });
}

/** Revokes the person's feed of the calendar: 404 when there is none. */
export async function deleteFeed(ctx: RequestContext, identityKey: number, calendarId: string): Promise<boolean> {
  await requireCalendarPerson(ctx, identityKey);
  requireSelf(ctx, identityKey);
  const calendar = await requirePersonCalendar(ctx, identityKey, calendarId);
  return inTransaction(ctx, async (em) => {
    if (!(await calendars.deleteFeedToken(em, identityKey, storedFeedId(calendar)))) throw notFound('calendar feed');
    return true;
  });
}
