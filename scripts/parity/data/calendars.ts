import type { Deviation, ParityRow } from '../types';

const NOT_401: Deviation = {
  what: 'a signed-in caller without the right gets 403; OpenOLAT answers 401',
  why: '401 tells a client its credentials failed and makes it sign in again; here they are fine and the right is missing (403), one rule in every family',
};

const FOR_PATH_PERSON: Deviation = {
  what: "the calendars are those of the person in the path, with the person's write access; OpenOLAT checks that the caller is the person or manages them, then answers the caller's own calendars",
  why: "a user manager asking for a person's calendars means that person's, which OpenOLAT's path promises and its code does not keep",
};

const UNKNOWN_PERSON_404: Deviation = {
  what: 'an unknown identityKey answers 404; OpenOLAT answers 401 (its isManager check fails on the missing person before anything is looked up)',
  why: 'a key that names nobody answers 404 in every family, which tells the client which key is wrong',
};

const PERSON_SEES_IT: Deviation = {
  what: "a group_ or course_ calendar id names a calendar the person in the path sees (a member of the group with its calendar tool on, of the course with its calendar enabled), else 404; OpenOLAT resolves group_ for the caller's membership and course_ for any course, member or not",
  why: "the path names the person whose calendar it is; a course's events are for its members (see the course calendar routes)",
};

const EVENT_QUERY = [
  'query start (Integer, default 0)',
  'query limit (Integer, default 25; both apply only with Accept …;pagingspec=1.0, which answers EventVOes with totalCount)',
  'query onlyFuture (Boolean, default false: events ending today or later)',
];

const BAD_QUERY_VALUE: Deviation = {
  what: "an unparsable start or limit is refused with 400; OpenOLAT's JAX-RS answers 404 for a number it cannot convert (onlyFuture reads as Java reads it on both sides)",
  why: 'one rule for every query parameter of the gateway (src/rest/input-errors.ts): the client learns which value is wrong instead of getting another result',
};

const ONE_EVENT = [
  'body EventVO (JSON or XML; POST also a form): id (blank: new UUID), recurrenceId, subject, begin, end, description, location, color, allDayEvent, managedFlags, liveStreamUrl, externalId, externalSource, classification (0, 1, 2; another value ignored), links (replaced when not empty)',
];
const EVENT_LIST = ['body EventVO[] (JSON or XML), each as the single event'];

const STRICTER_EVENT: Deviation = {
  what: 'an event without subject, begin or end, or ending before it begins, answers 400 and nothing of a list is written; OpenOLAT stores it (a later read of an event without end fails)',
  why: 'OpenOLAT would store an event its own reads and iCalendar export cannot handle',
};

const GROUP_CALENDAR: Deviation[] = [
  {
    what: 'a caller who is neither a member nor a group manager gets 403; OpenOLAT answers 404 (its locator returns null)',
    why: 'a caller without the right gets 403 in every family (test/access.test.ts holds every route to it); the group itself is visible to them through /groups',
  },
  {
    what: 'participants write only when the group\'s calendar access is "all"; OpenOLAT\'s REST gives every member and group manager write access (CollaborationManager.getCalendar with isAdmin true)',
    why: "the group's calendar-access setting says who writes; OpenOLAT's user interface keeps it and its REST locator bypasses it",
  },
];

const COURSE_CALENDAR: Deviation[] = [
  {
    what: "a caller who is neither a member nor a manager of the course gets 403; OpenOLAT builds the calendar for every signed-in caller and lets them read it (decided on purpose in the family's first version, revisited: kept)",
    why: "OpenOLAT hands the events of any course, also one the caller cannot open, to anyone who knows its id; members and managers are those the course's calendar is for",
  },
  {
    what: "404 while the course's calendar is disabled in its configuration; OpenOLAT checks only the system-wide calendar switches (its user list of calendars also counts a course with a calendar course element)",
    why: 'course elements are not kept here, so the course configuration is the only switch; a disabled calendar is not served',
  },
];

const COURSE_WRITE_RIGHT: Deviation = {
  what: "owners, administrators and learning resource managers of the course write, coaches and participants read (403 on a write); OpenOLAT derives write access from the course calendar's security callback (course element and tool settings)",
  why: 'the course settings that widen write access in OpenOLAT (a calendar element allowing coaches or participants) are not kept here',
};

function eventRoutes(base: string, locator: string, access: Deviation[], write: Deviation[]): ParityRow[] {
  return [
    {
      endpoint: `GET ${base}/events`,
      openolat: `${locator} → CalWebService.getEventsByCalendar`,
      reads: EVENT_QUERY,
      deviations: [...access, BAD_QUERY_VALUE],
    },
    {
      endpoint: `PUT ${base}/event`,
      openolat: `${locator} → CalWebService.putEventByCalendar`,
      reads: ONE_EVENT,
      deviations: [...access, ...write, STRICTER_EVENT],
    },
    {
      endpoint: `POST ${base}/event`,
      openolat: `${locator} → CalWebService.postEventByCalendar`,
      reads: ONE_EVENT,
      deviations: [...access, ...write, STRICTER_EVENT],
    },
    {
      endpoint: `PUT ${base}/events`,
      openolat: `${locator} → CalWebService.putEventsByCalendar`,
      reads: EVENT_LIST,
      deviations: [...access, ...write, STRICTER_EVENT],
    },
    {
      endpoint: `POST ${base}/events`,
      openolat: `${locator} → CalWebService.postEventsByCalendar`,
      reads: EVENT_LIST,
      deviations: [...access, ...write, STRICTER_EVENT],
    },
    { endpoint: `DELETE ${base}/events/{}`, openolat: `${locator} → CalWebService.deleteEventByCalendar`, reads: [], deviations: [...access, ...write] },
  ];
}

export const rows: ParityRow[] = [
  {
    endpoint: 'GET /users/{}/calendars',
    openolat: 'UserCalendarWebService.getCalendars',
    reads: [],
    deviations: [NOT_401, FOR_PATH_PERSON, UNKNOWN_PERSON_404],
  },
  {
    endpoint: 'GET /users/{}/calendars/events',
    openolat: 'UserCalendarWebService.getEvents',
    reads: EVENT_QUERY,
    deviations: [NOT_401, FOR_PATH_PERSON, UNKNOWN_PERSON_404, BAD_QUERY_VALUE],
  },
  {
    endpoint: 'GET /users/{}/calendars/{}',
    openolat: 'UserCalendarWebService.getCalendarWebService (a locator: CalWebService has no GET of its own)',
    reads: [],
    deviations: [
      NOT_401,
      {
        what: "answers the CalendarVO of one of the person's calendars (404 when they do not see it); OpenOLAT has no such method (405)",
        why: 'the catalogue lists the route; it answers what GET /users/{k}/calendars lists, one at a time',
      },
    ],
  },
  ...eventRoutes('/users/{}/calendars/{}', 'UserCalendarWebService.getCalendarWebService', [NOT_401, UNKNOWN_PERSON_404, PERSON_SEES_IT], []),
  ...eventRoutes('/groups/{}/calendar', 'LearningGroupWebService.getCalendarWebService', GROUP_CALENDAR, []),
  ...eventRoutes('/repo/courses/{}/calendar', 'CourseWebService.getCourseCalendarWebService', COURSE_CALENDAR, [COURSE_WRITE_RIGHT]),
];
