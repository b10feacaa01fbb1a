import { randomUUID } from 'node:crypto';
import { COURSE_OF_CALENDAR, EVENTS_WITH_ID, UPSERT_EVENT, type CourseRow } from '../../../src/calendars/repository';
import { caller, HttpError, inTransaction, managesEntry, numbered, ok, prepared, readBody, recordWrite, type BaselineRoute } from './http';

/**
 * The calendars family's write (issue 23) with the statements of src/calendars and the gateway's
 * change event and audit row in the same transaction: a new event (no id) in a course calendar.
 */

interface EventInput {
  subject: string;
  description?: string | null;
  location?: string | null;
  begin: string;
  end: string;
  allDayEvent?: boolean;
}

/** PUT /repo/courses/{id}/calendar/event: the course and its calendar, the caller manages the course, then the event (looked for by its new id, inserted). */
const saveCourseEvent: BaselineRoute = {
  method: 'PUT',
  path: /^\/restapi\/repo\/courses\/(\d+)\/calendar\/event$/,
  async handle({ pool, req, res, match }) {
    const courseKey = Number(match[1]);
    const event = JSON.parse(await readBody(req)) as EventInput;
    const who = await caller(pool, req);
    const [course] = (await pool.query<CourseRow>(prepared(numbered(COURSE_OF_CALENDAR), [courseKey]))).rows;
    if (!course?.calendarEnabled) throw new HttpError(404, 'course calendar not found');
    if (!(await managesEntry(pool, who, course.entryKey))) throw new HttpError(403, 'not a manager of the course');
    if (!event.subject?.trim() || !event.begin || !event.end) throw new HttpError(400, 'subject, begin and end are mandatory');
    const eventId = randomUUID();
    await inTransaction(pool, async (client) => {
      if ((await client.query(numbered(EVENTS_WITH_ID(true)), ['course', course.entryKey, eventId])).rows.length) throw new HttpError(409, 'event id taken');
      const begin = new Date(event.begin);
      const end = new Date(event.end);
      await client.query(numbered(UPSERT_EVENT), [
        'course',
        course.entryKey,
        eventId,
        null,
        event.subject.trim(),
        event.description ?? null,
        event.location ?? null,
        null,
        begin,
        end,
        event.allDayEvent ?? false,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
      ]);
      const args = { event: { ...event, begin: begin.toISOString(), end: end.toISOString() }, courseKey };
      await recordWrite(client, req, who, { operation: 'saveCourseCalendarEvent', objectType: 'course', objectKey: String(courseKey), args });
    });
    ok(res);
  },
};

export const CALENDAR_WRITE_ROUTES: BaselineRoute[] = [saveCourseEvent];
