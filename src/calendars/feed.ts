import type { Request, Response, NextFunction } from 'express';
import ical, { ICalEventClass } from 'ical-generator';
import type { RequestContext } from '../domain/context';
import { UserStatus } from '../entities/users';
import type { OpenRoute } from '../rest/route';
import type { EventVO } from '../schema/calendars';
import { calendarOf, type Calendar } from './policy';
import * as calendars from './repository';
import { hashFeedToken, readEvents } from './service';

/** KalendarEvent's classification as iCalendar CLASS: 0 private, 1 public, 2 free/busy (no CLASS for it in RFC 5545: CONFIDENTIAL, times only). */
const CLASS_OF: Record<number, ICalEventClass> = { 0: ICalEventClass.PRIVATE, 1: ICalEventClass.PUBLIC, 2: ICalEventClass.CONFIDENTIAL };

/** The feed's document, or null when the token is unknown or the person no longer sees the calendar. */
export async function calendarFeed(ctx: RequestContext, token: string): Promise<string | null> {
  const stored = await calendars.findFeedToken(ctx.em, hashFeedToken(token.replace(/\.ics$/i, '')));
  if (!stored) return null;
  const person = await calendars.findPerson(ctx.em, stored.identityKey);
  // A person who can no longer log in (login denied, inactive, deleted) has no feed either.
  const calendar = person && person.status < UserStatus.visibleLimit && (await calendarOf(ctx.em, person, stored.calendarId));
  if (!calendar) return null;
  const { items } = await readEvents(ctx, [calendar], {});
  return feedDocument(calendar, items);
}

/** The iCalendar document of a calendar with these events (its display name, else its id, as the name). */
export function feedDocument(calendar: Calendar, events: readonly EventVO[]): string {
  const feed = ical({ name: calendar.displayName ?? calendar.id, prodId: '//olat-remote-gateway//calendar feed//EN', ttl: 15 * 60 });
  for (const event of events) {
    feed.createEvent({
      id: event.recurrenceId ? `${event.id}-${event.recurrenceId}` : event.id,
      start: event.begin,
      end: event.end,
      allDay: event.allDayEvent,
      summary: event.subject ?? '',
      description: event.description,
      location: event.location,
      class: CLASS_OF[event.classification] ?? ICalEventClass.PRIVATE,
      url: event.liveStreamUrl,
    });
  }
  return feed.toString();
}

/**
 * Extension beyond OpenOLAT's REST API (OpenOLAT serves its feeds at /ical with a 6-character
 * token): the iCalendar feed of one calendar, `GET /restapi/calendars/feed/{token}.ics`. Open: the
 * token, made by `PUT /users/{k}/calendars/{calendarId}/feed`, authenticates.
 */
export const CALENDAR_FEED_ROUTE: OpenRoute = {
  method: 'GET',
  path: '/calendars/feed/:token',
  summary:
    'Extension (not in OpenOLAT\'s REST API): the iCalendar feed of a calendar (text/calendar), for calendar clients. Open: the token in the path (with ".ics") authenticates; it comes from PUT /users/{identityKey}/calendars/{calendarId}/feed',
  produces: { 'text/calendar': { type: 'string', example: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…\r\nEND:VCALENDAR' } },
  parameterDescriptions: { token: 'the feed token followed by .ics' },
  errors: { 404: 'unknown or revoked token, or the person no longer sees the calendar' },
  serve: async (req: Request, res: Response, next: NextFunction) => {
    try {
      const document = await calendarFeed(res.locals.ctx as RequestContext, String(req.params.token));
      if (document === null) return void res.status(404).type('text/plain').send('no such calendar feed');
      res.set({ 'Cache-Control': 'max-age=0', Expires: '0' });
      res.type('text/calendar; charset=utf-8').send(document);
    } catch (error) {
      next(error);
    }
  },
};
