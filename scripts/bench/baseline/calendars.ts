import type { Pool } from 'pg';
import { feedDocument } from '../../../src/calendars/feed';
import { calendarOf, calendarsOf, type Calendar } from '../../../src/calendars/policy';
import { findFeedToken, findPerson, listEvents } from '../../../src/calendars/repository';
import { hashFeedToken, toEventVO } from '../../../src/calendars/service';
import { UserStatus } from '../../../src/entities/users';
import { caller, epoch, HttpError, readerOf, send, type BaselineRoute } from './http';

/**
 * The calendars family's reads, with the statements of src/calendars (its repository and policy
 * functions, which only read) and its presenters: a person's events, and a calendar's iCalendar feed.
 */

/** readEvents of src/calendars/service.ts for every event (no page, no onlyFuture): one statement, merged by begin. */
async function eventsOf(pool: Pool, of: readonly Calendar[]) {
  const ids = new Map(of.map((calendar) => [`${calendar.type}:${calendar.ownerKey}`, calendar.id]));
  const rows = await listEvents(readerOf(pool), of, null, { start: 0, limit: null });
  return rows.map((row) => toEventVO(row, ids.get(`${row.type}:${row.ownerKey}`)!));
}

/** GET /users/{k}/calendars/events as the person (user managers are not served here): every calendar the person sees, unpaged. */
const personEvents: BaselineRoute = {
  method: 'GET',
  path: /^\/restapi\/users\/(\d+)\/calendars\/events$/,
  async handle({ pool, req, res, match }) {
    const identityKey = Number(match[1]);
    const em = readerOf(pool);
    const person = await findPerson(em, identityKey);
    if (!person) throw new HttpError(404, 'user not found');
    if ((await caller(pool, req)).key !== identityKey) throw new HttpError(403, 'not the person');
    const events = await eventsOf(pool, await calendarsOf(em, person));
    send(res, 200, JSON.stringify(events.map((event) => ({ ...event, begin: epoch(event.begin), end: epoch(event.end) }))));
  },
};

/**
 * GET /calendars/feed/{token}.ics: open, the token authenticates. The document is built by the
 * gateway's own feedDocument (ical-generator) from the same rows: what is measured is the gateway's
 * work around it.
 */
const calendarFeed: BaselineRoute = {
  method: 'GET',
  path: /^\/restapi\/calendars\/feed\/([^/]+)$/,
  async handle({ pool, res, match }) {
    const em = readerOf(pool);
    const stored = await findFeedToken(em, hashFeedToken(decodeURIComponent(match[1]).replace(/\.ics$/i, '')));
    const person = stored && (await findPerson(em, stored.identityKey));
    const calendar = person && person.status < UserStatus.visibleLimit && (await calendarOf(em, person, stored.calendarId));
    if (!calendar) return send(res, 404, 'no such calendar feed', { 'Content-Type': 'text/plain; charset=utf-8' });
    send(res, 200, feedDocument(calendar, await eventsOf(pool, [calendar])), {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'max-age=0',
      Expires: '0',
    });
  },
};

export const CALENDAR_ROUTES: BaselineRoute[] = [personEvents, calendarFeed];
