import { toLectureBlockVO } from '../../../src/lectures/presenter';
import { blocksBetween } from '../../../src/lectures/repository';
import { toRollCallVO } from '../../../src/lectures/roll-calls';
import { listRollCalls } from '../../../src/lectures/roll-calls-repository';
import { dayOf } from '../../../src/lectures/service';
import { caller, epoch, HttpError, readerOf, streamJsonList, type BaselineRoute } from './http';

/**
 * The lectures family's reads, with the statements of src/lectures (its repository functions) and
 * its presenters. The caller is an administrator (every course, every roll call): the gateway knows
 * the role from its principal cache and sends no statement for it, nor does this side.
 */

/** GET /repo/lectures?date=: the blocks overlapping the day (UTC), key-ordered, written as they are read. */
const blocksOfDay: BaselineRoute = {
  method: 'GET',
  path: /^\/restapi\/repo\/lectures$/,
  async handle({ pool, req, res, query }) {
    await caller(pool, req);
    const date = query.get('date');
    const day = date ? dayOf(date) : null;
    const em = readerOf(pool);
    await streamJsonList(
      res,
      (range) => blocksBetween(em, day, null, range),
      (row) => row.id,
      (row) => {
        const block = toLectureBlockVO(row);
        return JSON.stringify({ ...block, startDate: epoch(block.startDate), endDate: epoch(block.endDate) });
      },
    );
  },
};

/** GET /repo/lectures/rollcalls?lectureBlockKey=: the block's roll calls, key-ordered. */
const rollCallsOfBlock: BaselineRoute = {
  method: 'GET',
  path: /^\/restapi\/repo\/lectures\/rollcalls$/,
  async handle({ pool, req, res, query }) {
    await caller(pool, req);
    const blockKey = query.get('lectureBlockKey');
    if (blockKey !== null && !/^\d+$/.test(blockKey)) throw new HttpError(400, 'lectureBlockKey');
    const em = readerOf(pool);
    const filter = { lectureBlockKey: blockKey === null ? null : Number(blockKey) };
    await streamJsonList(
      res,
      (range) => listRollCalls(em, filter, null, range),
      (row) => Number(row.id),
      (row) => {
        const rollCall = toRollCallVO(row);
        return JSON.stringify({ ...rollCall, absenceSupervisorNotificationDate: epoch(rollCall.absenceSupervisorNotificationDate) });
      },
    );
  },
};

export const LECTURE_ROUTES: BaselineRoute[] = [blocksOfDay, rollCallsOfBlock];
