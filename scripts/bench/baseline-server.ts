import express from 'express';
import http from 'node:http';
import bcrypt from 'bcrypt';
import { Pool } from 'pg';
import { DEFAULT_ORGANISATION_IDENTIFIER } from '../../src/domain/roles';
import { toGroupVO } from '../../src/groups/presenter';
import { toUserVO, type UserRow } from '../../src/users/presenter';
import { emailInUse, insertPeople, loginInUse, type NewPerson } from '../../src/users/repository';
import { HttpError, IDENTITY_EXISTS, caller, inTransaction, readBody, readerOf, send, sha256, streamList, userXml, recordWrite } from './baseline/http';
import { INSTITUTION_ROUTES } from './baseline/routes';

/**
 * The bench's baseline: plain node:http and one pg.Pool of 10 connections (as the gateway's), doing
 * the work of the gateway's operations with the statements the gateway sends for them and writing
 * the same bytes (JSON through the gateway's presenters). No framework, no ORM, no GraphQL, and no
 * authentication except the token of GET /restapi/users/{k} and of the writes that name their caller
 * in the gateway's audit row. Paths are the gateway's, so that one request list serves both:
 *
 *   PUT /restapi/users                                  one transaction: login and e-mail checks, identity, role, password,
 *                                                       the change event and the audit row (src/users/service.ts createUser)
 *   PUT /restapi/groups                                 one INSERT
 *   PUT /restapi/groups/{g}/participants/{i}            one transaction: lock the group, person exists, capacity, insert
 *   GET /restapi/users                                  key-ordered ranges of 250, written as they come (JSON or XML)
 *   GET /restapi/users/{k}  (X-SERVICE-TOKEN)           ONE statement: the person, if the token exists
 *   GET /restapi/ping
 *
 * and the institution's routes of scripts/bench/baseline/routes.ts (their writes with the caller's token
 * and the gateway's audit row in their transaction).
 *
 * `npm run bench` runs it as a child process (environment DATABASE_URL, PORT, BCRYPT_COST) and also
 * in-process, to trace the statements it sends.
 */

// The statements, written out as the gateway's MikroORM and repositories send them (src/users, src/groups).
const INSERT_GROUP =
  'insert into "business_group" ("creation_date", "last_modified", "external_id", "name", "description", "type", "owners_visible", "participants_visible", ' +
  '"waiting_list_visible", "owners_public", "participants_public", "waiting_list_public", "tools") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning "id"';
const LOCK_GROUP = 'select max_participants as "maxParticipants" from business_group where id = $1 for update';
const OTHER_PARTICIPANTS = `select count(*)::int as count from group_membership where group_id = $1 and role = 'participant' and identity_id <> $2`;
const INSERT_MEMBER = 'insert into group_membership (group_id, identity_id, role) values ($1, $2, $3) on conflict do nothing returning id';
const USER_COLUMNS = 'i.id, i.login, i.external_id as "externalId", i.first_name as "firstName", i.last_name as "lastName", i.email, i.properties';
/** src/users/repository.ts searchUsers without filters, for a manager in the default organisation (every profile in full): visible people (status below 100), one key range. */
const USERS_AFTER = `select ${USER_COLUMNS}, true as holds from identity i where i.id > $1 and i.status < 100 order by i.id limit $2`;
/** The person and the token check in one statement; the token's credential is its SHA-256 in hex. */
const USER_WITH_TOKEN = `select ${USER_COLUMNS} from identity i where i.id = $1 and exists (select 1 from authentication a where a.provider = 'REST' and a.credential = $2)`;

interface UserInput {
  login: string;
  password?: string;
  externalId?: string;
  firstName: string;
  lastName: string;
  email: string;
  properties?: { name: string; value?: string | null }[];
}

async function createUser(pool: Pool, bcryptCost: number, organisationKey: number, req: http.IncomingMessage): Promise<string> {
  const input = JSON.parse(await readBody(req)) as UserInput;
  const who = await caller(pool, req);
  const passwordHash = input.password ? await bcrypt.hash(input.password, bcryptCost) : null;
  const properties: Record<string, string> = {};
  for (const { name, value } of input.properties ?? []) if (value) properties[name] = value;
  const person: NewPerson = {
    login: input.login.trim(),
    externalId: input.externalId || null,
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    email: input.email.trim(),
    properties,
    passwordHash,
  };
  const user = await inTransaction(pool, async (client) => {
    const em = readerOf(client);
    if (await loginInUse(em, person.login)) throw new HttpError(406, 'login taken');
    if (await emailInUse(em, person.email)) throw new HttpError(406, 'e-mail taken');
    const row = (await insertPeople(em, [person], organisationKey)).get(person.login.toLowerCase());
    if (!row) throw new HttpError(406, 'login taken');
    // Its REST representation: the dates are GraphQL's only.
    const created = toUserVO({ ...row, creationDate: undefined, lastModified: undefined }, true);
    const key = String(created.key);
    await recordWrite(client, req, who, { operation: 'createUser', objectType: 'user', objectKey: key, args: { user: input } }, created);
    return created;
  });
  return JSON.stringify(user);
}

interface GroupInput {
  name: string;
  description?: string | null;
  externalId?: string | null;
}

async function createGroup(pool: Pool, input: GroupInput): Promise<string> {
  const now = new Date();
  const group = {
    id: 0,
    name: input.name.trim(),
    description: input.description ?? null,
    externalId: input.externalId ?? null,
    managedFlags: null,
    type: 'LearningGroup',
    minParticipants: null,
    maxParticipants: null,
  };
  const values = [now, now, group.externalId, group.name, group.description, group.type, false, false, false, false, false, false, []];
  group.id = (await pool.query(INSERT_GROUP, values)).rows[0].id;
  return JSON.stringify(toGroupVO(group));
}

/** true: added; false: was a participant already. */
function addParticipant(pool: Pool, groupKey: number, identityKey: number): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const [group] = (await client.query<{ maxParticipants: number | null }>(LOCK_GROUP, [groupKey])).rows;
    if (!group) throw new HttpError(404, 'group not found');
    if (Number((await client.query(IDENTITY_EXISTS, [identityKey])).rows[0].count) === 0) throw new HttpError(404, 'user not found');
    if (group.maxParticipants != null && (await client.query(OTHER_PARTICIPANTS, [groupKey, identityKey])).rows[0].count >= group.maxParticipants) {
      throw new HttpError(412, 'the group is full');
    }
    return (await client.query(INSERT_MEMBER, [groupKey, identityKey, 'participant'])).rows.length > 0;
  });
}

/** Every visible person, read and written range by range. */
function writeUsers(pool: Pool, res: http.ServerResponse, xml: boolean): Promise<void> {
  const asUser = (row: UserRow) => toUserVO(row, true);
  return streamList(
    res,
    async (range) => (await pool.query<UserRow>(USERS_AFTER, [range.after, range.size])).rows,
    (row) => row.id,
    xml ? { xmlRoot: 'userVO', xml: (row) => userXml(asUser(row)) } : { json: (row) => JSON.stringify(asUser(row)) },
  );
}

async function userWithToken(pool: Pool, key: number, token: string | undefined): Promise<string | null> {
  if (!token) return null;
  const { rows } = await pool.query<UserRow>(USER_WITH_TOKEN, [key, sha256(token)]);
  return rows[0] ? JSON.stringify(toUserVO(rows[0], true)) : null;
}

async function route(pool: Pool, bcryptCost: number, organisationKey: number, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const [path, search] = (req.url ?? '/').split(/\?(.*)/s);
  for (const candidate of INSTITUTION_ROUTES) {
    const match = candidate.method === req.method ? candidate.path.exec(path) : null;
    const query = new URLSearchParams(search ?? '');
    if (match && (!candidate.when || candidate.when(query, req))) return candidate.handle({ pool, req, res, match, query });
  }
  const member = /^\/restapi\/groups\/(\d+)\/participants\/(\d+)$/.exec(path);
  const user = /^\/restapi\/users\/(\d+)$/.exec(path);
  if (req.method === 'PUT' && path === '/restapi/users') return send(res, 200, await createUser(pool, bcryptCost, organisationKey, req));
  if (req.method === 'PUT' && path === '/restapi/groups') return send(res, 200, await createGroup(pool, JSON.parse(await readBody(req))));
  if (req.method === 'PUT' && member) {
    const added = await addParticipant(pool, Number(member[1]), Number(member[2]));
    return void res.writeHead(added ? 200 : 304).end();
  }
  if (req.method === 'GET' && path === '/restapi/users') return writeUsers(pool, res, /application\/xml/.test(req.headers.accept ?? ''));
  if (req.method === 'GET' && user) {
    const token = req.headers['x-service-token'] as string | undefined;
    const body = await userWithToken(pool, Number(user[1]), token);
    return body === null ? send(res, 404, '{"code":"not found"}') : send(res, 200, body, { 'X-SERVICE-TOKEN': token! });
  }
  if (req.method === 'GET' && path === '/restapi/ping') return void res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Ping');
  send(res, 404, '{"code":"not found"}');
}

/**
 * The baseline's HTTP server (not yet listening) over `pool`. With `inExpress`, the same handler
 * is the only middleware of an express 5 app (x-powered-by and etag off, as the gateway has them):
 * what the framework the design card fixes costs by itself.
 */
export async function createBaseline(pool: Pool, bcryptCost: number, inExpress = false): Promise<http.Server> {
  const { rows } = await pool.query<{ id: number }>('select id from organisation where identifier = $1', [DEFAULT_ORGANISATION_IDENTIFIER]);
  if (!rows[0]) throw new Error('no default organisation: start the gateway once first');
  const organisationKey = rows[0].id;
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    route(pool, bcryptCost, organisationKey, req, res).catch((error: Error) => {
      if (res.headersSent) return void res.destroy();
      send(res, error instanceof HttpError ? error.status : 500, JSON.stringify({ code: error.message }));
    });
  };
  if (!inExpress) return http.createServer(handler);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(handler);
  return http.createServer(app);
}

async function main() {
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  pool.on('error', (error) => console.error(`database pool: ${error.message}`));
  const server = await createBaseline(pool, Number(process.env.BCRYPT_COST ?? 10), process.env.BASELINE_IN_EXPRESS === 'true');
  const port = Number(process.env.PORT ?? 0);
  server.listen(port, '127.0.0.1', () => console.log(`baseline listening on http://127.0.0.1:${port}`));
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
  });
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
