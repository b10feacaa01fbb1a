import { CALENDAR_FEED_ROUTE } from '../../calendars/feed';
import { DELETE, GET, POST, PUT, PUT_OR_POST, type FamilyRoutes, type RestRoute } from '../route';

const USER = '/users/:identityKey/calendars';
const CALENDAR = `${USER}/:calendarId`;
const PAGED = 'ordered by begin; start, limit (with pagingspec=1.0 only, as OpenOLAT) and onlyFuture (events ending today or later)';
const PERSON = 'for the person in the path, not the caller as in OpenOLAT; self or user manager, else 403 (OpenOLAT: 401)';
const UPSERT =
  'no id: new event; unknown id: created with it; known id and recurrenceId: replaced. 200 without a body as OpenOLAT; a classification other than 0/1/2 is ignored, as OpenOLAT; unlike OpenOLAT 400 for a missing subject, begin or end, end before begin';

/** The event routes of one calendar mount: `prefix` names the calendar, `field` the operations' family (Calendar, GroupCalendar, CourseCalendar). */
function eventRoutes(prefix: string, field: string, who: string): RestRoute[] {
  return [
    GET(`${prefix}/events`, `Query.${field.charAt(0).toLowerCase()}${field.slice(1)}Events`, `Events of the calendar, ${PAGED}; ${who}`, {
      paging: 'optional',
    }),
    PUT(`${prefix}/event`, `Mutation.save${field}Event`, `Create or replace one event (EventVO): ${UPSERT}; ${who}`, { bodyArg: 'event' }),
    POST(`${prefix}/event`, `Mutation.save${field}Event`, `Create or replace one event (EventVO, or a form with its fields): ${UPSERT}; ${who}`, {
      bodyArg: 'event',
      formBody: true,
      queryBody: true,
    }),
    ...PUT_OR_POST(`${prefix}/events`, `Mutation.save${field}Events`, `Create or replace events (EventVO list), all or none: ${UPSERT}; ${who}`, {
      bodyArg: 'events',
    }),
    DELETE(`${prefix}/events/:eventId`, `Mutation.delete${field}Event`, `Delete an event (404 unknown event); ${who}`),
  ];
}

/** Calendars and calendar events of people, groups and courses (catalogue 2.8), and the iCalendar feed (extension). */
export const calendars: FamilyRoutes = {
  routes: [
    GET(USER, 'Query.calendars', `The calendars the person sees (own, groups with the calendar tool, courses with the calendar enabled), ${PERSON}`),
    GET(`${USER}/events`, 'Query.userCalendarEvents', `Events of every calendar the person sees, ${PAGED}; ${PERSON}`, { paging: 'optional' }),
    GET(CALENDAR, 'Query.calendar', `One of the person's calendars (404 when the person does not see it), ${PERSON}`),
    ...eventRoutes(CALENDAR, 'Calendar', PERSON),
    PUT(
      `${CALENDAR}/feed`,
      'Mutation.createCalendarFeed',
      "Extension (not in OpenOLAT's REST API): create or rotate the person's iCalendar feed of the calendar (self only, else 403); answers CalendarFeedVO with the feed's URL",
    ),
    DELETE(`${CALENDAR}/feed`, 'Mutation.deleteCalendarFeed', "Extension: revoke the person's iCalendar feed of the calendar (self only; 404 when none)"),
    ...eventRoutes(
      '/groups/:groupKey/calendar',
      'GroupCalendar',
      'members and group managers (else 403), 404 while the calendar tool is off; owners, group managers (and participants with calendar access "all") write',
    ),
    ...eventRoutes(
      '/repo/courses/:courseKey/calendar',
      'CourseCalendar',
      'members and managers of the course (else 403), 404 while the course calendar is disabled; owners, administrators and learning resource managers write',
    ),
  ],
  openRoutes: [CALENDAR_FEED_ROUTE],
};
