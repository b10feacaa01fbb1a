import type { Pool } from 'pg';
import { toMemberVO } from '../../../src/curriculum/presenter';
import { findCurriculumRow, findElementRow, holdsCurriculumRole, listMemberRows, managedAmong, listMembersWithRole } from '../../../src/curriculum/repository';
import { toUserVO } from '../../../src/users/presenter';
import { asCaller, caller, holdsAnyRole, HttpError, readerOf, streamList, type BaselineCaller, type BaselineRoute } from './http';
import { CURRICULUM_MANAGERS } from '../../../src/access/roles';

/** The curricula family's reads, with the statements of src/curriculum (its repository functions) and its presenters. */

/** managedCurriculum and elementOf of src/curriculum/service.ts: a curriculum role, the curriculum, the manager check, the element of it. */
async function requireManagedElement(pool: Pool, who: BaselineCaller, curriculumKey: number, elementKey: number) {
  const em = readerOf(pool);
  if (!holdsAnyRole(who, CURRICULUM_MANAGERS) && !(await holdsCurriculumRole(em, who.key))) throw new HttpError(403, 'no curriculum role');
  if (!(await findCurriculumRow(em, curriculumKey))) throw new HttpError(404, 'curriculum not found');
  if (!(await managedAmong(em, asCaller(who), CURRICULUM_MANAGERS, [curriculumKey])).has(curriculumKey)) throw new HttpError(403, 'not a manager');
  const element = await findElementRow(em, elementKey);
  if (!element) throw new HttpError(404, 'curriculum element not found');
  if (element.curriculumKey !== curriculumKey) throw new HttpError(403, 'element of another curriculum');
}

const ELEMENT = String.raw`^\/restapi\/curriculum\/(\d+)\/elements\/(\d+)`;

/** GET /curriculum/{c}/elements/{e}/members: the memberships that apply on the element. */
const elementMembers: BaselineRoute = {
  method: 'GET',
  path: new RegExp(`${ELEMENT}/members$`),
  async handle({ pool, req, res, match }) {
    const elementKey = Number(match[2]);
    await requireManagedElement(pool, await caller(pool, req), Number(match[1]), elementKey);
    const em = readerOf(pool);
    await streamList(
      res,
      (range) => listMemberRows(em, elementKey, range),
      (row) => row.id,
      { json: (row) => JSON.stringify(toMemberVO(row)) },
    );
  },
};

/** GET /curriculum/{c}/elements/{e}/participants: the people holding the role, as UserVOs. */
const elementParticipants: BaselineRoute = {
  method: 'GET',
  path: new RegExp(`${ELEMENT}/participants$`),
  async handle({ pool, req, res, match }) {
    const elementKey = Number(match[2]);
    await requireManagedElement(pool, await caller(pool, req), Number(match[1]), elementKey);
    const em = readerOf(pool);
    await streamList(
      res,
      (range) => listMembersWithRole(em, elementKey, 'participant', range),
      (row) => row.id,
      { json: (row) => JSON.stringify(toUserVO(row, true)) },
    );
  },
};

export const CURRICULUM_ROUTES: BaselineRoute[] = [elementMembers, elementParticipants];
