import { tokenHeaders, type Bench } from '../context';
import { personalToken, personKey } from '../institution';
import type { Row } from '../report';
import { measureReadTwin } from '../twins';

/**
 * The calendars family's hot reads at the institution's size (issue 23), as the person (a student
 * opening their own calendar): person 20 has a calendar of their own (every twentieth person: 10
 * events) and sees the calendars of their 8 courses (15 events each).
 */

/** A student with personal events, and their token. */
async function student(bench: Bench) {
  await bench.institution();
  const key = await personKey(bench.db, 20);
  return { key, token: await personalToken(bench.db, key) };
}

/**
 * GET /users/{k}/calendars/events: the route has no date range (nor has OpenOLAT's), so "the month"
 * an integration shows is read as every event of the calendars the person sees, the term's.
 */
export async function calendarMonth(bench: Bench): Promise<Row[]> {
  const { key, token } = await student(bench);
  return measureReadTwin(bench, {
    scenario: 'calendar-month: GET /users/{k}/calendars/events (own + 8 courses)',
    path: `/restapi/users/${key}/calendars/events`,
    token,
  });
}

/** The iCalendar feed of one of the person's course calendars (15 events), made with PUT …/calendars/{id}/feed as the person. */
export async function calendarIcal(bench: Bench): Promise<Row[]> {
  const { key, token } = await student(bench);
  const headers = { ...tokenHeaders(bench), 'X-SERVICE-TOKEN': token };
  const calendars = (await (await fetch(`${bench.gateway.base}/restapi/users/${key}/calendars`, { headers })).json()) as { id: string; type: string }[];
  const course = calendars.find((calendar) => calendar.type === 'course');
  if (!course) throw new Error(`person ${key} sees no course calendar`);
  const response = await fetch(`${bench.gateway.base}/restapi/users/${key}/calendars/${course.id}/feed`, { method: 'PUT', headers });
  if (response.status !== 200) throw new Error(`PUT …/calendars/${course.id}/feed: ${response.status} ${await response.text()}`);
  const { url } = (await response.json()) as { url: string };
  return measureReadTwin(bench, {
    scenario: 'calendar-ical: GET /calendars/feed/{token}.ics (a course calendar, 15 events)',
    path: url,
    accept: 'text/calendar',
    token,
    // ical-generator stamps every event with the time it was written.
    normalise: (body) => body.replace(/^DTSTAMP:.*$/gm, 'DTSTAMP'),
  });
}
