import { LECTURE_MANAGERS } from '../../../src/lectures/policy';
import { toRollCallVO } from '../../../src/lectures/roll-calls';
import { ROLL_CALL_WITH_ENTRY, UPDATE_ROLL_CALL, type RollCallWithEntry } from '../../../src/lectures/roll-calls-repository';
import { caller, HttpError, holdsRoleIn, inTransaction, numbered, readBody, send, recordWrite, type BaselineRoute } from './http';

/**
 * The lectures family's write (issue 23) with the statements of src/lectures and the gateway's change
 * event and audit row in the same transaction: a roll call's absence reason and comment.
 */

interface RollCallChange {
  key?: number;
  absenceReason?: string | null;
  comment?: string | null;
  absenceSupervisorNotificationDate?: string | null;
}

/** PUT /repo/lectures/rollcalls: the roll call locked with its course, the caller manages the course, the update, the roll call read again. */
const updateRollCall: BaselineRoute = {
  method: 'PUT',
  path: /^\/restapi\/repo\/lectures\/rollcalls$/,
  async handle({ pool, req, res }) {
    const input = JSON.parse(await readBody(req)) as RollCallChange;
    const who = await caller(pool, req);
    if (input.key == null) throw new HttpError(400, 'the roll call needs a key');
    const key = input.key;
    const vo = await inTransaction(pool, async (client) => {
      const [current] = (await client.query<RollCallWithEntry>(numbered(ROLL_CALL_WITH_ENTRY(true)), [key])).rows;
      if (!current) throw new HttpError(404, 'roll call not found');
      if (!(await holdsRoleIn(client, who, current.organisationKey, LECTURE_MANAGERS))) throw new HttpError(403, 'not a manager of the course');
      const notified = input.absenceSupervisorNotificationDate ? new Date(input.absenceSupervisorNotificationDate) : null;
      await client.query(numbered(UPDATE_ROLL_CALL), [notified, input.absenceReason ?? current.absenceReason, input.comment ?? current.comment, key]);
      const updated = toRollCallVO((await client.query<RollCallWithEntry>(numbered(ROLL_CALL_WITH_ENTRY(false)), [key])).rows[0]);
      const args = { rollCall: input };
      await recordWrite(
        client,
        req,
        who,
        { operation: 'updateLectureRollCall', objectType: 'lectureBlockRollCall', objectKey: String(updated.key), args },
        updated,
      );
      return updated;
    });
    send(res, 200, JSON.stringify(vo));
  },
};

export const LECTURE_WRITE_ROUTES: BaselineRoute[] = [updateRollCall];
