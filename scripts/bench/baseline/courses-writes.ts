import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { DEFAULT_ORGANISATION_IDENTIFIER } from '../../../src/domain/roles';
import { toCourseVO, type EntryRow } from '../../../src/courses/presenter';
import { ENTRY_WHERE, INSERT_EDITOR_ROOT, INSERT_ENTRY, INSERT_MEMBER, INSERT_MEMBERS, INSERT_RUN_ROOT, LOCK_ENTRY } from '../../../src/courses/repository';
import { nodeIdent, validateCourse } from '../../../src/courses/entries';
import { EXISTING_IDENTITIES } from '../../../src/users/repository';
import {
  caller,
  HttpError,
  managesEntry,
  IDENTITY_EXISTS,
  inTransaction,
  numbered,
  ok,
  prepared,
  readBody,
  send,
  recordWrite,
  type BaselineRoute,
  type BaselineCaller,
} from './http';
import type http from 'node:http';
import { keyArray } from '../../../src/db/sql';

/**
 * The courses family's writes (issue 23) with the statements of src/courses (the same texts, from
 * src/courses/repository.ts) and the gateway's change event and audit row in the same transaction: a course from
 * query parameters, a participant, a list of participants. Statements outside a transaction are
 * prepared, as the gateway's; inside one they are sent unprepared, as MikroORM sends them.
 */

let defaultOrganisationKey: number | undefined;
/** The default organisation's key, read once (the gateway keeps it per connection pool too). */
async function defaultOrganisation(pool: Pool): Promise<number> {
  if (defaultOrganisationKey === undefined) {
    const { rows } = await pool.query<{ id: number }>('select id from organisation where identifier = $1', [DEFAULT_ORGANISATION_IDENTIFIER]);
    defaultOrganisationKey = rows[0].id;
  }
  return defaultOrganisationKey;
}

const findEntry = async (pool: Pool, column: string, value: number) => (await pool.query<EntryRow>(prepared(numbered(ENTRY_WHERE(column)), [value]))).rows[0];

/** The course of /repo/courses/{id} (its OLAT resource id) for a manager of it: the entry, then the caller's role in its organisation. */
async function managedCourse(pool: Pool, req: http.IncomingMessage, courseKey: number): Promise<{ row: EntryRow; who: BaselineCaller }> {
  const who = await caller(pool, req);
  const row = await findEntry(pool, 'e.olat_resource_id', courseKey);
  if (!row) throw new HttpError(404, 'course not found');
  if (!(await managesEntry(pool, who, row.id))) throw new HttpError(403, 'not a manager of the course');
  return { row, who };
}

/** PUT /repo/courses with query parameters only: the entry, its root node in both trees, the caller as owner, the entry read back, the change event and audit row. */
const createCourse: BaselineRoute = {
  method: 'PUT',
  path: /^\/restapi\/repo\/courses$/,
  async handle({ pool, req, res, query }) {
    const who = await caller(pool, req);
    const text = (name: string) => query.get(name) ?? undefined;
    const input = {
      title: text('title'),
      displayName: text('displayName'),
      description: text('description'),
      externalId: text('externalId'),
      externalRef: text('externalRef'),
    };
    const { status, title } = validateCourse(input);
    const organisationKey = await defaultOrganisation(pool);
    const rootIdent = nodeIdent();
    const course = await inTransaction(pool, async (client) => {
      const values = [
        randomBytes(15).toString('hex'),
        input.displayName?.trim() || title,
        input.description ?? null,
        null,
        null,
        null,
        input.externalId ?? null,
        input.externalRef ?? null,
        null,
        status,
        organisationKey,
        false,
        rootIdent,
        'condition',
        ...Array<null>(8).fill(null),
      ];
      const [entry] = (await client.query<{ id: number }>(numbered(INSERT_ENTRY), values)).rows;
      if (!entry) throw new HttpError(409, 'the externalId or softkey is taken');
      await client.query(numbered(INSERT_EDITOR_ROOT), [entry.id, rootIdent, title, title]);
      await client.query(numbered(INSERT_RUN_ROOT), [entry.id, rootIdent, title, title]);
      await client.query(numbered(INSERT_MEMBER), [entry.id, who.key, 'owner']);
      const created = toCourseVO((await client.query<EntryRow>(numbered(ENTRY_WHERE('e.id')), [entry.id])).rows[0]);
      await recordWrite(
        client,
        req,
        who,
        { operation: 'createCourse', objectType: 'course', objectKey: String(created.key), args: { course: input } },
        created,
      );
      return created;
    });
    send(res, 200, JSON.stringify(course));
  },
};

/** PUT /repo/courses/{id}/participants/{k}: the entry locked, the person's existence, the membership, the change event and audit row. */
const addParticipant: BaselineRoute = {
  method: 'PUT',
  path: /^\/restapi\/repo\/courses\/(\d+)\/participants\/(\d+)$/,
  async handle({ pool, req, res, match }) {
    const courseKey = Number(match[1]);
    const identityKey = Number(match[2]);
    const { row, who } = await managedCourse(pool, req, courseKey);
    await inTransaction(pool, async (client) => {
      await client.query(numbered(LOCK_ENTRY), [row.id]);
      if (Number((await client.query(IDENTITY_EXISTS, [identityKey])).rows[0].count) === 0) throw new HttpError(404, 'user not found');
      await client.query(numbered(INSERT_MEMBER), [row.id, identityKey, 'participant']);
      const args = { identityKey, role: 'participants', courseKey };
      await recordWrite(client, req, who, { operation: 'addCourseMember', objectType: 'course', objectKey: String(courseKey), args });
    });
    ok(res);
  },
};

/** PUT /repo/courses/{id}/participants with a UserVO list: the people that exist, the entry locked, their memberships in one statement, the change event and audit row. */
const addParticipants: BaselineRoute = {
  method: 'PUT',
  path: /^\/restapi\/repo\/courses\/(\d+)\/participants$/,
  async handle({ pool, req, res, match }) {
    const courseKey = Number(match[1]);
    const members = JSON.parse(await readBody(req)) as { key?: number }[];
    const { row, who } = await managedCourse(pool, req, courseKey);
    if (members.some((member) => member.key == null)) throw new HttpError(400, 'every user of the list needs its key');
    const keys = [...new Set(members.map((member) => member.key!))];
    await inTransaction(pool, async (client) => {
      const existing = (await client.query<{ id: number }>(numbered(EXISTING_IDENTITIES(keys)), keys)).rows.map(({ id }) => id);
      await client.query(numbered(LOCK_ENTRY), [row.id]);
      if (existing.length) await client.query(numbered(INSERT_MEMBERS), [row.id, keyArray(existing), 'participant']);
      const args = { members, role: 'participants', courseKey };
      await recordWrite(client, req, who, { operation: 'addCourseMembers', objectType: 'course', objectKey: String(courseKey), args });
    });
    ok(res);
  },
};

export const COURSE_WRITE_ROUTES: BaselineRoute[] = [createCourse, addParticipant, addParticipants];
