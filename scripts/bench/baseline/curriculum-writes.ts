import { grantedInheritance } from '../../../src/curriculum/members';
import { CURRICULUM_COLUMNS, ELEMENT_COLUMNS, managedAmong, UPSERT_MEMBERSHIP } from '../../../src/curriculum/repository';
import { asCaller, caller, HttpError, IDENTITY_EXISTS, inTransaction, numbered, ok, prepared, readerOf, recordWrite, type BaselineRoute } from './http';
import { CURRICULUM_MANAGERS } from '../../../src/access/roles';

/**
 * The curriculum family's write (issue 23) with the statements of src/curriculum and the gateway's
 * change event and audit row in the same transaction: a participant of an element.
 */

/** PUT /curriculum/{c}/elements/{e}/participants/{k}: the curriculum, the caller manages it, the element, then the person and the membership. */
const addElementParticipant: BaselineRoute = {
  method: 'PUT',
  path: /^\/restapi\/curriculum\/(\d+)\/elements\/(\d+)\/participants\/(\d+)$/,
  async handle({ pool, req, res, match }) {
    const [curriculumKey, elementKey, identityKey] = [1, 2, 3].map((group) => Number(match[group]));
    const who = await caller(pool, req);
    const query = async (text: string, values: unknown[]) => (await pool.query(prepared(numbered(text), values))).rows;
    if (!(await query(`select ${CURRICULUM_COLUMNS} from curriculum c where c.id = ?`, [curriculumKey]))[0]) throw new HttpError(404, 'curriculum not found');
    if (!(await managedAmong(readerOf(pool), asCaller(who), CURRICULUM_MANAGERS, [curriculumKey])).has(curriculumKey)) {
      throw new HttpError(403, 'not a manager of the curriculum');
    }
    const [element] = await query(`select ${ELEMENT_COLUMNS} from curriculum_element x where x.id = ?`, [elementKey]);
    if (!element) throw new HttpError(404, 'curriculum element not found');
    if (element.curriculumKey !== curriculumKey) throw new HttpError(403, 'the element belongs to another curriculum');
    await inTransaction(pool, async (client) => {
      if (Number((await client.query(IDENTITY_EXISTS, [identityKey])).rows[0].count) === 0) throw new HttpError(404, 'user not found');
      await client.query(numbered(UPSERT_MEMBERSHIP), [elementKey, identityKey, 'participant', grantedInheritance('participant', null)]);
      const args = { identityKey, role: 'participants', elementKey, curriculumKey };
      await recordWrite(client, req, who, { operation: 'addCurriculumElementRoleMember', objectType: 'element', objectKey: String(elementKey), args });
    });
    ok(res);
  },
};

export const CURRICULUM_WRITE_ROUTES: BaselineRoute[] = [addElementParticipant];
