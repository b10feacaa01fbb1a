import { LECTURE_ADMINISTRATORS, LECTURE_LIST_ROLES } from '../../../src/lectures/policy';
import { toLectureBlockVO } from '../../../src/lectures/presenter';
import { blocksBetween } from '../../../src/lectures/repository';
import { ROLL_CALL_LISTERS, toRollCallVO } from '../../../src/lectures/roll-calls';
import { coursesInOrganisationsOf, listRollCalls } from '../../../src/lectures/roll-calls-repository';
import { dayOf } from '../../../src/lectures/service';
import { asCaller, caller, epoch, holdsAnyRole, HttpError, readerOf, streamList, type BaselineRoute } from './http';

/**
 * The lectures family's reads, with the statements of src/lectures (its repository functions) and
 * its presenters: administrators see every course's, lecture managers those of their organisations.
 */

/** GET /repo/lectures?date=: the blocks overlapping the day (UTC), key-ordered, written as they are read. */
const blocksOfDay: BaselineRoute = {
  method: 'GET',
  path: /^\/restapi\/repo\/lectures$/,
  async handle({ pool, req, res, query }) {
    const who = await caller(pool, req);
    if (!holdsAnyRole(who, LECTURE_LIST_ROLES)) throw new HttpError(403, 'no lecture role');
    const date = query.get('date');
    const day = date ? dayOf(date) : null;
    const courses = holdsAnyRole(who, LECTURE_ADMINISTRATORS) ? null : coursesInOrganisationsOf(asCaller(who), ['lecturemanager']);
    const em = readerOf(pool);
    await streamList(
      res,
      (range) => blocksBetween(em, day, courses, range),
      (row) => row.id,
      {
        json: (row) => {
          const block = toLectureBlockVO(row);
          return JSON.stringify({ ...block, startDate: epoch(block.startDate), endDate: epoch(block.endDate) });
        },
      },
    );
  },
};

/** GET /repo/lectures/rollcalls?lectureBlockKey=: the block's roll calls, key-ordered. */
const rollCallsOfBlock: BaselineRoute = {
  method: 'GET',
  path: /^\/restapi\/repo\/lectures\/rollcalls$/,
  async handle({ pool, req, res, query }) {
    const who = await caller(pool, req);
    if (!holdsAnyRole(who, ROLL_CALL_LISTERS)) throw new HttpError(403, 'no lecture role');
    const scope = holdsAnyRole(who, ['administrator']) ? null : { caller: asCaller(who), roles: ['lecturemanager'] };
    const blockKey = query.get('lectureBlockKey');
    if (blockKey !== null && !/^\d+$/.test(blockKey)) throw new HttpError(400, 'lectureBlockKey');
    const em = readerOf(pool);
    const filter = { lectureBlockKey: blockKey === null ? null : Number(blockKey) };
    await streamList(
      res,
      (range) => listRollCalls(em, filter, scope, range),
      (row) => Number(row.id),
      {
        json: (row) => {
          const rollCall = toRollCallVO(row);
          return JSON.stringify({ ...rollCall, absenceSupervisorNotificationDate: epoch(rollCall.absenceSupervisorNotificationDate) });
        },
      },
    );
  },
};

export const LECTURE_ROUTES: BaselineRoute[] = [blocksOfDay, rollCallsOfBlock];
