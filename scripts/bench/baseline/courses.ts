import type { Pool } from 'pg';
import { ENTRY_COLUMNS, ENTRY_FROM, entryPageStatement, memberSees, visibleToIdentity } from '../../../src/courses/repository';
import type { Range } from '../../../src/domain/lists';
import { toUserVO, type UserRow } from '../../../src/users/presenter';
import { USER_COLUMNS } from '../../../src/users/repository';
import { toCourseVO, type EntryRow } from '../../../src/courses/presenter';
import { COURSE_TYPE } from '../../../src/courses/entries';
import {
  caller,
  HttpError,
  IDENTITY_EXISTS,
  managesEntry,
  numbered,
  pagedAccept,
  prepared,
  send,
  streamList,
  userXml,
  wantsXml,
  type BaselineRoute,
} from './http';
import { ENTRY_MANAGERS } from '../../../src/access/roles';

/** The courses family's reads, with the statements of src/courses (built by the same functions) and its presenters. */

async function requireIdentity(pool: Pool, key: number) {
  if (Number((await pool.query(IDENTITY_EXISTS, [key])).rows[0].count) === 0) throw new HttpError(404, 'user not found');
}

/** GET /users/{k}/courses/my as the person: one page (pagingspec=1.0, start, limit) or every course. */
const myCourses: BaselineRoute = {
  method: 'GET',
  path: /^\/restapi\/users\/(\d+)\/courses\/my$/,
  async handle({ pool, req, res, match, query }) {
    const identityKey = Number(match[1]);
    await requireIdentity(pool, identityKey);
    if ((await caller(pool, req)).key !== identityKey) throw new HttpError(403, 'not the person');
    const paged = pagedAccept(req);
    const start = paged ? Number(query.get('start') ?? 0) : 0;
    const limit = paged ? Number(query.get('limit') ?? 25) : null;
    const condition = memberSees(identityKey);
    const text = numbered(entryPageStatement([condition.text, 'e.resource_type_name = ?']));
    const { rows } = await pool.query<EntryRow & { totalCount: string }>(prepared(text, [...condition.params, COURSE_TYPE, start, limit]));
    const courses = rows.map(toCourseVO);
    send(res, 200, JSON.stringify(paged ? { courses, totalCount: Number(rows[0]?.totalCount ?? 0) } : courses));
  },
};

/** GET /repo/courses?externalId= as an entry manager (src/courses/repository.ts pageOfEntries with that filter, every row). */
const coursesByExternalId: BaselineRoute = {
  method: 'GET',
  path: /^\/restapi\/repo\/courses$/,
  async handle({ pool, req, res, query }) {
    const { key, roles } = await caller(pool, req);
    const visible = visibleToIdentity(
      key,
      roles.some((role) => (ENTRY_MANAGERS as readonly string[]).includes(role)),
    );
    const text = numbered(entryPageStatement([visible.text, 'e.external_id = ?', 'e.resource_type_name in (?)']));
    const { rows } = await pool.query<EntryRow>(prepared(text, [...visible.params, query.get('externalId'), COURSE_TYPE, 0, null]));
    send(res, 200, JSON.stringify(rows.map(toCourseVO)));
  },
};

const FIND_COURSE = numbered(`select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where e.olat_resource_id = ?`);
const MEMBERS_AFTER = numbered(
  `select ${USER_COLUMNS}, m.id as "membershipKey" from identity i join repository_entry_membership m on m.identity_id = i.id
     where m.entry_id = ? and m.role = ? and m.id > ? order by m.id limit ?`,
);

/**
 * GET /repo/courses/{id}/participants as an owner of the course (who holds no manager role): the course, the owner check,
 * then the members range by range (BATCH_SIZE, as src/domain/lists.ts inRanges), written as they come.
 */
const courseParticipants: BaselineRoute = {
  method: 'GET',
  path: /^\/restapi\/repo\/courses\/(\d+)\/participants$/,
  async handle({ pool, req, res, match }) {
    const who = await caller(pool, req);
    const [course] = (await pool.query<EntryRow>(prepared(FIND_COURSE, [Number(match[1])]))).rows;
    if (!course || course.resourceTypeName !== COURSE_TYPE) throw new HttpError(404, 'course not found');
    if (!(await managesEntry(pool, who, course.id))) throw new HttpError(403, 'no owner');
    const participants = async (range: Range) =>
      (await pool.query<UserRow & { membershipKey: number }>(prepared(MEMBERS_AFTER, [course.id, 'participant', range.after, range.size]))).rows;
    const asUser = (row: UserRow) => toUserVO(row, true);
    await streamList(
      res,
      participants,
      (row) => row.membershipKey,
      wantsXml(req) ? { xmlRoot: 'userVO', xml: (row) => userXml(asUser(row)) } : { json: (row) => JSON.stringify(asUser(row)) },
    );
  },
};

export const COURSE_ROUTES: BaselineRoute[] = [myCourses, coursesByExternalId, courseParticipants];
