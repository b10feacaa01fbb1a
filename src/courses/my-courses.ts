import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../audit/audit-log';
import { pairTable } from '../db/pairs';
import { sql } from '../db/sql';
import { requireCaller, type RequestContext } from '../domain/context';
import { forbidden } from '../domain/errors';
import { pageWithinBudget, readPage, type Page, type PageRequest } from '../domain/paging';
import type { CourseVO } from '../schema/courses';
import { canManageUser } from '../users/policy';
import { requireIdentity } from '../users/repository';
import { requireEntryReader } from './policy';
import { toCourseVO, type EntryRow } from './presenter';
import { entriesThroughCurriculum } from '../curriculum/entries-through';
import { entryCountStatement, entryPageStatement, memberSees, visibleToIdentity } from './repository';
import { COURSE_TYPE, findCourse } from './entries';

/**
 * A person's courses (catalogue 2.1, MyCoursesWebService): `my` where the person is a member
 * (owner, coach or participant, directly, through a linked group or through a curriculum element
 * the course is linked to) in a status that role sees, `teached` where a coach from `coachpublished`
 * on, `owned` where an owner, `favorite` the bookmarked ones the person sees.
 * For the person and their user managers (the newest version; older ones only the person).
 */
export const MY_COURSE_LISTS = ['my', 'teached', 'owned', 'favorite'] as const;
export type MyCourseList = (typeof MY_COURSE_LISTS)[number];

/**
 * SQL condition on the entry `e` for each list of the person: `my` the courses they see as a member
 * (in the statuses their role sees them, memberSees), `teached` those they coach in the statuses
 * coaches see them, `owned` every course they own whatever its status, `favorite` the bookmarked
 * ones they still see (visibleToIdentity).
 */
const CONDITIONS: Record<MyCourseList, (identityKey: number) => { text: string; params: unknown[] }> = {
  my: (identityKey) => memberSees(identityKey),
  teached: (identityKey) => memberSees(identityKey, ['coach']),
  owned: (identityKey) => ({
    text: `e.id in (select entry_id from repository_entry_membership where identity_id = ? and role = 'owner'
      union ${entriesThroughCurriculum(['owner'])})`,
    params: [identityKey, identityKey],
  }),
  favorite: (identityKey) => {
    const visible = visibleToIdentity(identityKey, true);
    return { text: `e.id in (select entry_id from repository_entry_mark where identity_id = ?) and ${visible.text}`, params: [identityKey, ...visible.params] };
  },
};

export async function pageOfCoursesOf(em: EntityManager, identityKey: number, list: MyCourseList, page: PageRequest): Promise<Page<EntryRow>> {
  const condition = CONDITIONS[list](identityKey);
  const params = [...condition.params, COURSE_TYPE];
  const where = [condition.text, 'e.resource_type_name = ?'];
  return readPage(
    () => sql<EntryRow & { totalCount: number }>(em, entryPageStatement(where), [...params, page.start, page.limit]),
    async () => Number((await sql<{ count: number }>(em, entryCountStatement(where), params))[0].count),
    page,
  );
}

/** GET /users/{k}/courses/{my|teached|owned|favorite}: 404 for an unknown person, 403 unless the caller is the person or one of their user managers. */
export async function listCoursesOf(ctx: RequestContext, identityKey: number, list: MyCourseList, page: PageRequest): Promise<Page<CourseVO>> {
  await requireIdentity(ctx.em, identityKey);
  if (requireCaller(ctx).key !== identityKey && !(await canManageUser(ctx, identityKey))) throw forbidden();
  const { totalCount, items } = await pageWithinBudget(ctx, page, (page) => pageOfCoursesOf(ctx.em, identityKey, list, page));
  return { totalCount, items: items.map(toCourseVO) };
}

const BOOKMARKS = pairTable('repository_entry_mark', 'identity_id', 'entry_id');

/** Bookmarks the course for the caller (who must see it); false when it was bookmarked already. A gateway extension: OpenOLAT's REST API sets none. */
export async function markFavorite(ctx: RequestContext, courseKey: number): Promise<boolean> {
  const course = await findCourse(ctx, courseKey);
  await requireEntryReader(ctx, course);
  return inTransaction(ctx, (em) => BOOKMARKS.add(em, requireCaller(ctx).key, course.id));
}

/** Removes the caller's bookmark of the course; false when there was none. A gateway extension. */
export async function unmarkFavorite(ctx: RequestContext, courseKey: number): Promise<boolean> {
  const course = await findCourse(ctx, courseKey);
  return inTransaction(ctx, (em) => BOOKMARKS.remove(em, requireCaller(ctx).key, course.id));
}
