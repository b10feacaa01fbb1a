import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import type { PageRequest } from '../domain/paging';
import { inManagedOrganisation, memberSees } from '../courses/repository';
import type { CalendarEventLink, CalendarType } from '../entities/calendars';
import { inOrganisationWithRole } from '../groups/repository';
import { GROUP_MANAGERS } from '../access/roles';

/** A calendar by its owner: `calendar_event.(calendar_type, owner_key)`. */
export interface CalendarOwner {
  type: CalendarType;
  /** Identity key, group key or repository entry key. */
  ownerKey: number;
}

export interface EventRow {
  type: CalendarType;
  ownerKey: number;
  eventId: string;
  recurrenceId: string | null;
  subject: string;
  description: string | null;
  location: string | null;
  color: string | null;
  begin: Date;
  end: Date;
  allDay: boolean;
  classification: number;
  liveStreamUrl: string | null;
  links: CalendarEventLink[] | null;
  managedFlags: string | null;
  externalId: string | null;
  externalSource: string | null;
}

const EVENT_COLUMNS = `calendar_type as "type", owner_key as "ownerKey", event_id as "eventId", recurrence_id as "recurrenceId", subject, description,
  location, color, begin, "end", all_day as "allDay", classification, live_stream_url as "liveStreamUrl", links, managed_flags as "managedFlags",
  external_id as "externalId", external_source as "externalSource"`;

/** The person whose calendar `user_{login or key}` is: login and names. */
export interface PersonRow {
  key: number;
  login: string;
  firstName: string;
  lastName: string;
  status: number;
}

export async function findPerson(em: EntityManager, identityKey: number): Promise<PersonRow | null> {
  const [row] = await sql<PersonRow>(em, 'select id as key, login, first_name as "firstName", last_name as "lastName", status from identity where id = ?', [
    identityKey,
  ]);
  return row ?? null;
}

/** The groups a person is a member of whose calendar tool is on, with whether the person writes in their calendar. */
export interface GroupCalendarRow {
  groupKey: number;
  name: string;
  canWrite: boolean;
}

/**
 * Whether the person writes in a group calendar (our rule): owners (coaches) of the group, group managers and
 * administrators of its organisation (src/groups/policy.ts), and participants when the group's calendar access is "all" (1).
 */
function groupWriter(membership: string, identityKey: number) {
  const manages = inOrganisationWithRole(identityKey, GROUP_MANAGERS);
  return {
    text: `(bool_or(${membership}.role = 'coach') or coalesce(max(g.calendar_access) = 1, false) or ${manages.text})`,
    params: manages.params,
  };
}

export function groupCalendarsOf(em: EntityManager, identityKey: number, groupKey?: number): Promise<GroupCalendarRow[]> {
  const writer = groupWriter('gm', identityKey);
  return sql<GroupCalendarRow>(
    em,
    `select g.id as "groupKey", g.name, ${writer.text} as "canWrite"
     from group_membership gm join business_group g on g.id = gm.group_id
     where gm.identity_id = ? and 'hasCalendar' = any(g.tools)${groupKey === undefined ? '' : ' and g.id = ?'}
     group by g.id, g.name order by g.id`,
    [...writer.params, identityKey, ...(groupKey === undefined ? [] : [groupKey])],
  );
}

export interface GroupRow {
  groupKey: number;
  name: string;
  hasCalendar: boolean;
  calendarAccess: number | null;
}

export async function findGroup(em: EntityManager, groupKey: number): Promise<GroupRow | null> {
  const [row] = await sql<GroupRow>(
    em,
    `select id as "groupKey", name, 'hasCalendar' = any(tools) as "hasCalendar", calendar_access as "calendarAccess" from business_group where id = ?`,
    [groupKey],
  );
  return row ?? null;
}

/** The roles the person holds in the group (coach, participant). */
export async function groupRolesOf(em: EntityManager, groupKey: number, identityKey: number): Promise<string[]> {
  const rows = await sql<{ role: string }>(em, 'select role from group_membership where group_id = ? and identity_id = ?', [groupKey, identityKey]);
  return rows.map((row) => row.role);
}

export interface CourseCalendarRow {
  entryKey: number;
  courseId: number;
  displayName: string;
  canWrite: boolean;
}

/**
 * The courses with their calendar enabled (course_config.calendar) of which the person is a member
 * (owner, coach or participant; directly, through a course group or a curriculum element, in a
 * status in which the role sees the course), with whether the person writes in the calendar:
 * owners and the entry's managers.
 */
export function courseCalendarsOf(em: EntityManager, identityKey: number, entryKey?: number): Promise<CourseCalendarRow[]> {
  const member = memberSees(identityKey);
  const owner = memberSees(identityKey, ['owner']);
  const manager = inManagedOrganisation(identityKey);
  return sql<CourseCalendarRow>(
    em,
    `select e.id as "entryKey", e.olat_resource_id as "courseId", e.displayname as "displayName", (${owner.text} or ${manager.text}) as "canWrite"
     from repository_entry e join course_config cc on cc.entry_id = e.id and cc.calendar
     where ${member.text}${entryKey === undefined ? '' : ' and e.id = ?'} order by e.id`,
    [...owner.params, ...manager.params, ...member.params, ...(entryKey === undefined ? [] : [entryKey])],
  );
}

export interface CourseRow {
  entryKey: number;
  courseId: number;
  displayName: string;
  organisationKey: number;
  calendarEnabled: boolean;
}

/** The course with this resourceable id (as /repo/courses/{courseKey} finds it) and whether its calendar is enabled. */
export const COURSE_OF_CALENDAR = `select e.id as "entryKey", e.olat_resource_id as "courseId", e.displayname as "displayName", e.organisation_id as "organisationKey",
       coalesce(cc.calendar, false) as "calendarEnabled"
     from repository_entry e left join course_config cc on cc.entry_id = e.id where e.olat_resource_id = ?`;

export async function findCourse(em: EntityManager, courseId: number): Promise<CourseRow | null> {
  const [row] = await sql<CourseRow>(em, COURSE_OF_CALENDAR, [courseId]);
  return row ?? null;
}

/**
 * The events of these calendars, merged, ordered by begin: one statement reading the index
 * (calendar_type, owner_key, begin) once per calendar; `from` keeps the events that end at or after
 * it; with a page, the rows `start` to `start + limit` with the window count.
 */
export async function listEvents(
  em: EntityManager,
  calendars: readonly CalendarOwner[],
  from: Date | null,
  page: PageRequest,
): Promise<(EventRow & { totalCount: number | string })[]> {
  if (!calendars.length) return [];
  const params: unknown[] = calendars.flatMap((calendar) => [calendar.type, calendar.ownerKey]);
  if (from) params.push(from);
  if (page.start > 0) params.push(page.start);
  if (page.limit !== null) params.push(page.limit);
  return sql<EventRow & { totalCount: number | string }>(
    em,
    `select ${EVENT_COLUMNS}, count(*) over () as "totalCount" from calendar_event
     where (calendar_type, owner_key) in (${calendars.map(() => '(?, ?)').join(', ')})${from ? ' and "end" >= ?' : ''}
     order by begin, id${page.start > 0 ? ' offset ?' : ''}${page.limit !== null ? ' limit ?' : ''}`,
    params,
  );
}

export async function countEvents(em: EntityManager, calendars: readonly CalendarOwner[], from: Date | null): Promise<number> {
  if (!calendars.length) return 0;
  const [row] = await sql<{ count: string }>(
    em,
    `select count(*) as count from calendar_event where (calendar_type, owner_key) in (${calendars.map(() => '(?, ?)').join(', ')})${from ? ' and "end" >= ?' : ''}`,
    [...calendars.flatMap((calendar) => [calendar.type, calendar.ownerKey]), ...(from ? [from] : [])],
  );
  return Number(row.count);
}

/** The events of the calendar with this id, each recurrence (the unique index (calendar_type, owner_key, event_id, recurrence)). */
/** Parameters: calendar type, owner key, event id. */
export const EVENTS_WITH_ID = (lock: boolean) =>
  `select ${EVENT_COLUMNS} from calendar_event where calendar_type = ? and owner_key = ? and event_id = ?${lock ? ' for update' : ''}`;

export function findEvents(em: EntityManager, calendar: CalendarOwner, eventId: string, lock = true): Promise<EventRow[]> {
  return sql<EventRow>(em, EVENTS_WITH_ID(lock), [calendar.type, calendar.ownerKey, eventId]);
}

/** An event as it is written: a row's fields without its calendar, where `classification` and `links` null keep the stored ones (classification 0 for a new event). */
export type EventValues = Omit<EventRow, 'type' | 'ownerKey' | 'classification'> & { classification: number | null };

/**
 * Parameters: calendar type, owner key, event id, recurrence id, subject, description, location, color, begin, end, all day,
 * classification, live stream URL, links (JSON), managed flags, external id, external source, classification again, links again.
 */
export const UPSERT_EVENT = `insert into calendar_event (calendar_type, owner_key, event_id, recurrence_id, subject, description, location, color, begin, "end", all_day,
       classification, live_stream_url, links, managed_flags, external_id, external_source)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, coalesce(?::smallint, 0), ?, ?::jsonb, ?, ?, ?)
     on conflict (calendar_type, owner_key, event_id, coalesce(recurrence_id, '')) do update set
       subject = excluded.subject, description = excluded.description, location = excluded.location, color = excluded.color,
       begin = excluded.begin, "end" = excluded."end", all_day = excluded.all_day,
       classification = coalesce(?::smallint, calendar_event.classification), live_stream_url = excluded.live_stream_url,
       links = coalesce(?::jsonb, calendar_event.links), managed_flags = excluded.managed_flags, external_id = excluded.external_id,
       external_source = excluded.external_source, last_modified = now()`;

/** Creates the event, or replaces the one with the same id and recurrence (OpenOLAT's addEvent / updateEvent). */
export async function upsertEvent(em: EntityManager, calendar: CalendarOwner, event: EventValues): Promise<void> {
  await sql(em, UPSERT_EVENT, [
    calendar.type,
    calendar.ownerKey,
    event.eventId,
    event.recurrenceId,
    event.subject,
    event.description,
    event.location,
    event.color,
    event.begin,
    event.end,
    event.allDay,
    event.classification,
    event.liveStreamUrl,
    event.links ? JSON.stringify(event.links) : null,
    event.managedFlags,
    event.externalId,
    event.externalSource,
    event.classification,
    event.links ? JSON.stringify(event.links) : null,
  ]);
}

/** Removes every recurrence of the event; false when the calendar has none with this id. */
export async function deleteEvent(em: EntityManager, calendar: CalendarOwner, eventId: string): Promise<boolean> {
  const rows = await sql(em, 'delete from calendar_event where calendar_type = ? and owner_key = ? and event_id = ? returning id', [
    calendar.type,
    calendar.ownerKey,
    eventId,
  ]);
  return rows.length > 0;
}

/** Creates or replaces the person's feed token of the calendar (only its hash). */
export async function saveFeedToken(em: EntityManager, identityKey: number, calendarId: string, tokenHash: string): Promise<void> {
  await sql(
    em,
    `insert into calendar_feed_token (identity_id, calendar_id, token_hash) values (?, ?, ?)
     on conflict (identity_id, calendar_id) do update set token_hash = excluded.token_hash, last_modified = now()`,
    [identityKey, calendarId, tokenHash],
  );
}

export async function deleteFeedToken(em: EntityManager, identityKey: number, calendarId: string): Promise<boolean> {
  const rows = await sql(em, 'delete from calendar_feed_token where identity_id = ? and calendar_id = ? returning id', [identityKey, calendarId]);
  return rows.length > 0;
}

export async function findFeedToken(em: EntityManager, tokenHash: string): Promise<{ identityKey: number; calendarId: string } | null> {
  const [row] = await sql<{ identityKey: number; calendarId: string }>(
    em,
    'select identity_id as "identityKey", calendar_id as "calendarId" from calendar_feed_token where token_hash = ?',
    [tokenHash],
  );
  return row ?? null;
}
