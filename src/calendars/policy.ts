import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import { requireCaller, type RequestContext } from '../domain/context';
import { forbidden, notFound } from '../domain/errors';
import { canManageEntry } from '../courses/policy';
import { memberSees } from '../courses/repository';
import { GroupRole } from '../entities/groups';
import { canManageGroup } from '../groups/policy';
import { ToolAccess } from '../groups/tools';
import { canManageUser } from '../users/policy';
import * as calendars from './repository';
import type { CalendarOwner, PersonRow } from './repository';

/**
 * Who sees and who writes which calendar (catalogue 2.8). A calendar is a person's own (`user`), a
 * group's (`group`, while the group's calendar tool is on) or a course's (`course`, while the
 * course's calendar is enabled).
 *
 * `/users/{k}/calendars/…` answers for the person in the path (OpenOLAT answers for the caller):
 * the person themself and their user managers may ask; the calendars are those the person sees,
 * with the person's write access. `/groups/{g}/calendar/…` and `/repo/courses/{c}/calendar/…`
 * answer for the caller: the caller's role is checked before the calendar's existence, so a
 * non-member is told 403 also where the calendar is off.
 */
export interface Calendar extends CalendarOwner {
  /** `{type}_{id}` (CalendarVO.id). */
  id: string;
  displayName: string | null;
  canWrite: boolean;
}

export const CALENDAR_CSS: Record<Calendar['type'], string> = { user: 'o_cal_blue', group: 'o_cal_orange', course: 'o_cal_green' };

const personName = (person: PersonRow) => [person.firstName, person.lastName].filter(Boolean).join(' ') || person.login;

export const userCalendar = (person: PersonRow): Calendar => ({
  type: 'user',
  ownerKey: person.key,
  id: `user_${person.login}`,
  displayName: personName(person),
  canWrite: true,
});

const groupCalendar = (row: { groupKey: number; name: string; canWrite: boolean }): Calendar => ({
  type: 'group',
  ownerKey: row.groupKey,
  id: `group_${row.groupKey}`,
  displayName: row.name,
  canWrite: row.canWrite,
});

const courseCalendar = (row: { entryKey: number; courseId: number; displayName: string; canWrite: boolean }): Calendar => ({
  type: 'course',
  ownerKey: row.entryKey,
  id: `course_${row.courseId}`,
  displayName: row.displayName,
  canWrite: row.canWrite,
});

/** The calendars the person sees: their own, their groups' with the calendar tool on, their courses' with the calendar enabled. */
export async function calendarsOf(em: EntityManager, person: PersonRow): Promise<Calendar[]> {
  const groups = await calendars.groupCalendarsOf(em, person.key);
  const courses = await calendars.courseCalendarsOf(em, person.key);
  return [userCalendar(person), ...groups.map(groupCalendar), ...courses.map(courseCalendar)];
}

/** `{type}_{id}`, or null when the id has no such shape. */
export function parseCalendarId(calendarId: string): { type: Calendar['type']; id: string } | null {
  const match = /^(user|group|course)_(.+)$/.exec(calendarId);
  return match ? { type: match[1] as Calendar['type'], id: match[2] } : null;
}

const asKey = (id: string) => (/^\d{1,16}$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : null);

/** The person's calendar with this id, when the person sees it; `user_…` must name the person (login or key). */
export async function calendarOf(em: EntityManager, person: PersonRow, calendarId: string): Promise<Calendar | null> {
  const parsed = parseCalendarId(calendarId);
  if (!parsed) return null;
  const key = asKey(parsed.id);
  if (parsed.type === 'user') return parsed.id === person.login || key === person.key ? userCalendar(person) : null;
  if (key === null) return null;
  if (parsed.type === 'group') {
    if (key > 2 ** 31 - 1) return null;
    const [row] = await calendars.groupCalendarsOf(em, person.key, key);
    return row ? groupCalendar(row) : null;
  }
  const course = await calendars.findCourse(em, key);
  if (!course) return null;
  const [row] = await calendars.courseCalendarsOf(em, person.key, course.entryKey);
  return row ? courseCalendar(row) : null;
}

/** The person of `/users/{k}/calendars`: 404 unknown, 403 unless the caller is the person or manages them. */
export async function requireCalendarPerson(ctx: RequestContext, identityKey: number): Promise<PersonRow> {
  const person = await calendars.findPerson(ctx.em, identityKey);
  if (!person) throw notFound('user');
  if (requireCaller(ctx).key !== identityKey && !(await canManageUser(ctx, identityKey))) throw forbidden();
  return person;
}

/** A calendar of `/users/{k}/calendars/{calendarId}`: 404 when the person does not see it. */
export async function requirePersonCalendar(ctx: RequestContext, identityKey: number, calendarId: string): Promise<Calendar> {
  const person = await requireCalendarPerson(ctx, identityKey);
  const calendar = await calendarOf(ctx.em, person, calendarId);
  if (!calendar) throw notFound('calendar');
  return calendar;
}

/**
 * The calendar of `/groups/{g}/calendar`: 404 unknown group; 403 unless the caller is a member or
 * manages the group (src/groups/policy.ts); then 404 while the calendar tool is off. Owners
 * (coaches) and the group's managers write, participants when the group's calendar access is "all".
 */
export async function requireGroupCalendar(ctx: RequestContext, groupKey: number): Promise<Calendar> {
  const group = await calendars.findGroup(ctx.em, groupKey);
  if (!group) throw notFound('group');
  const manager = await canManageGroup(ctx, groupKey);
  const roles = await calendars.groupRolesOf(ctx.em, groupKey, requireCaller(ctx).key);
  if (!manager && !roles.length) throw forbidden();
  if (!group.hasCalendar) throw notFound('calendar');
  const canWrite = manager || roles.includes(GroupRole.coach) || group.calendarAccess === ToolAccess.all;
  return groupCalendar({ groupKey, name: group.name, canWrite });
}

/**
 * The calendar of `/repo/courses/{c}/calendar`: 404 unknown course; 403 unless the caller manages
 * the course (owner, administrator or learning resource manager: they write) or is a member of it
 * (coach, participant: they read); then 404 while the course calendar is disabled.
 */
export async function requireCourseCalendar(ctx: RequestContext, courseKey: number): Promise<Calendar> {
  const course = await calendars.findCourse(ctx.em, courseKey);
  if (!course) throw notFound('course');
  const canWrite = await canManageEntry(ctx, { id: course.entryKey });
  if (!canWrite) {
    const member = memberSees(requireCaller(ctx).key);
    const rows = await sql(ctx.em, `select 1 from repository_entry e where e.id = ? and ${member.text}`, [course.entryKey, ...member.params]);
    if (!rows.length) throw forbidden();
  }
  if (!course.calendarEnabled) throw notFound('calendar');
  return courseCalendar({ ...course, canWrite });
}

export function requireWriter(calendar: Calendar): void {
  if (!calendar.canWrite) throw forbidden('no write access to this calendar');
}

/** The feed of a calendar is the person's own: only they create or revoke it. */
export function requireSelf(ctx: RequestContext, identityKey: number): void {
  if (requireCaller(ctx).key !== identityKey) throw forbidden('only the person themself subscribes to their calendars');
}
