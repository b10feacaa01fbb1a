import { PageOf } from './paging';
import { bool, dateTime, field, int, objectType, text, wireType } from './wire-shape';

/** OpenOLAT's CalendarVO (catalogue 3.7). */
export const CalendarVO = objectType(
  { name: 'CalendarVO' },
  {
    id: text.describe('`{type}_{id}`: user_{login}, group_{groupKey}, course_{courseId} (the course resourceable id).'),
    type: text.describe('user, group or course'),
    canWrite: bool.describe(
      "Whether the person may write in it. Our rule (OpenOLAT's depends on UI settings): own calendar yes; group: owners, and participants when the group's calendar access is 'all'; course: owners and entry managers.",
    ),
    subscribed: bool,
    css: text.nullable,
    displayName: text.nullable,
  },
);
export type CalendarVO = InstanceType<typeof CalendarVO>;

/** OpenOLAT's EventLinkVO. */
export const [EventLinkVO, EventLinkVOInput] = wireType(
  { name: 'EventLinkVO' },
  {
    id: text.nullable,
    provider: text.nullable,
    displayName: text.nullable,
    uri: text.nullable,
    iconCssClass: text.nullable,
  },
);
export type EventLinkVO = InstanceType<typeof EventLinkVO>;
export type EventLinkVOInput = InstanceType<typeof EventLinkVOInput>;

/** OpenOLAT's EventVO (catalogue 3.7). */
export const [EventVO, EventVOInput] = wireType(
  {
    name: 'EventVO',
    inputDescription:
      'An EventVO as a client sends it. No id: a new event with a generated id; an id the calendar does not have: created with that id; a known id (and recurrenceId): replaced, absent fields cleared, as OpenOLAT does. A classification other than 0, 1 or 2 is ignored, as OpenOLAT. Unlike OpenOLAT, subject, begin and end are mandatory and end not before begin (else 400). calendarId is ignored.',
  },
  {
    id: text,
    recurrenceId: text.nullable,
    subject: text.nullable.managed('subject'),
    description: text.nullable.managed('description'),
    location: text.nullable.managed('location'),
    color: text.nullable.managed('color'),
    calendarId: text.describe('The calendar of the event, `{type}_{id}`.').describeInput('Read-only, ignored.'),
    begin: dateTime.managed('dates'),
    end: dateTime.managed('dates'),
    allDayEvent: bool.managed('dates'),
    classification: int.describe('0 private, 1 public, 2 free/busy').describeInput('0 private, 1 public, 2 free/busy').managed('classification'),
    liveStreamUrl: text.nullable.managed('liveStreamUrl'),
    links: field<EventLinkVO[]>(() => [EventLinkVO])
      .nullable.describe('Only when the event has links.')
      .describeInput('Replaces the links when not empty (an empty list keeps them, as OpenOLAT does).')
      .managed('links')
      .takes<EventLinkVOInput[]>(() => [EventLinkVOInput]),
    managedFlags: text.nullable
      .describe('Comma-separated managed flags (catalogue 4.9), as stored.')
      .describeInput('Comma-separated managed flags (catalogue 4.9), stored as given.')
      .managed('any'),
    externalId: text.nullable.managed('any'),
    externalSource: text.nullable.managed('any'),
  },
);
export type EventVO = InstanceType<typeof EventVO>;
export type EventVOInput = InstanceType<typeof EventVOInput>;

/** OpenOLAT's EventVOes: `{"events":[…],"totalCount":n}`; XML `<events totalCount="n"><events><event>…`. */
export const EventVOes = PageOf(EventVO, { name: 'EventVOes', xmlRoot: 'events', items: 'events', xmlItem: 'event' });
export type EventVOes = InstanceType<typeof EventVOes>;

/** Extension: the address of a person's iCalendar feed of one calendar. */
export const CalendarFeedVO = objectType(
  { name: 'CalendarFeedVO' },
  {
    calendarId: text,
    url: text.describe('The feed, below the REST API: /restapi/calendars/feed/{token}.ics; the token is shown only now.'),
  },
);
export type CalendarFeedVO = InstanceType<typeof CalendarFeedVO>;
