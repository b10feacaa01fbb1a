import type { Pool } from 'pg';
import { ENTRY_COLUMNS, ENTRY_FROM, memberSees } from '../../../src/courses/repository';
import { toCourseVO, type EntryRow } from '../../../src/courses/presenter';
import { COURSE_TYPE } from '../../../src/courses/service';
import { caller, HttpError, IDENTITY_EXISTS, numbered, pagedAccept, prepared, send, type BaselineRoute } from './http';

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
    if ((await caller(pool, req)) !== identityKey) throw new HttpError(403, 'not the person');
    const paged = pagedAccept(req);
    const start = paged ? Number(query.get('start') ?? 0) : 0;
    const limit = paged ? Number(query.get('limit') ?? 25) : null;
    const condition = memberSees(identityKey);
    const from = `from ${ENTRY_FROM} where ${condition.text} and e.resource_type_name = ?`;
    const text = numbered(`select ${ENTRY_COLUMNS}, count(*) over () as "totalCount" ${from} order by e.id offset ? limit ?`);
    const { rows } = await pool.query<EntryRow & { totalCount: string }>(prepared(text, [...condition.params, COURSE_TYPE, start, limit]));
    const courses = rows.map(toCourseVO);
    send(res, 200, JSON.stringify(paged ? { courses, totalCount: Number(rows[0]?.totalCount ?? 0) } : courses));
  },
};

export const COURSE_ROUTES: BaselineRoute[] = [myCourses];
