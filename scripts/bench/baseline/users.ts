import { toUserVO, type UserRow } from '../../../src/users/presenter';
import { USER_COLUMNS } from '../../../src/users/repository';
import { UserStatus } from '../../../src/entities/users';
import bcrypt from 'bcrypt';
import { throttleKey } from '../../../src/auth/login-throttle';
import type { Caller } from '../../../src/domain/context';
import { managesPerson } from '../../../src/domain/scope';
import { caller, HttpError, numbered, prepared, send, streamList, type BaselineRoute } from './http';
import { USER_MANAGERS } from '../../../src/access/roles';

/** The users family's short reads for the institution's scenarios (the whole list and GET /users/{k} with a token are in baseline-server.ts). */

const SEARCH_BY_LOGIN = numbered(
  `select ${USER_COLUMNS}, true as holds from identity i where i.id > ? and i.login ilike ? and i.status < ${UserStatus.visibleLimit} order by i.id limit ?`,
);

/**
 * GET /users?login=<prefix>* as a user manager of the default organisation (every profile in full):
 * the matching people range by range (BATCH_SIZE), written as they come.
 */
const searchByLogin: BaselineRoute = {
  method: 'GET',
  path: /^\/restapi\/users$/,
  when: (query) => query.has('login'),
  async handle({ pool, req, res, query }) {
    await caller(pool, req);
    const pattern = query.get('login')!.replace(/\*/g, '%');
    await streamList(
      res,
      async (range) => (await pool.query<UserRow>(prepared(SEARCH_BY_LOGIN, [range.after, pattern, range.size]))).rows,
      (row) => row.id,
      { json: (row) => JSON.stringify(toUserVO(row, true)) },
    );
  },
};

const THROTTLE_WINDOWS = numbered(`select key, failures, extract(epoch from window_end - now())::float8 as "secondsLeft"
       from login_failure_window where key in (?, ?) and window_end > now()`);
const PASSWORD_OF = `select identity_id as "identityKey", credential from authentication where provider = 'OLAT' and lower(auth_username) = lower($1)`;
/** Authorization header → identity key, after one bcrypt comparison (the gateway's credential cache, src/auth/credential-cache.ts). */
const verified = new Map<string, number>();

/**
 * GET /users/{k} with basic auth as a user manager of the default organisation: the login throttle's
 * windows (the gateway reads them for every basic-auth request), then the person with whether their
 * whole profile may be shown (src/users/policy.ts fullProfileCondition).
 */
const userWithBasic: BaselineRoute = {
  method: 'GET',
  path: /^\/restapi\/users\/(\d+)$/,
  when: (_query, req) => /^Basic /.test(req.headers.authorization ?? ''),
  async handle({ pool, req, res, match }) {
    const header = req.headers.authorization!;
    const [login, password] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(/:(.*)/s);
    // The same read of the throttle's windows; no failed login comes in the bench, so they never refuse.
    await pool.query(prepared(THROTTLE_WINDOWS, [throttleKey('login', login), throttleKey('ip', req.socket.remoteAddress ?? '')]));
    let callerKey = verified.get(header);
    if (callerKey === undefined) {
      const [stored] = (await pool.query<{ identityKey: number; credential: string }>(PASSWORD_OF, [login])).rows;
      if (!stored || !(await bcrypt.compare(password, stored.credential))) throw new HttpError(401, 'wrong credentials');
      verified.set(header, (callerKey = stored.identityKey));
    }
    const manages = managesPerson({ key: callerKey } as Caller, USER_MANAGERS, 'i.id');
    const text = numbered(`select ${USER_COLUMNS}, (i.id = ? or ${manages.text}) as holds from identity i where i.id = ?`);
    const [row] = (await pool.query<UserRow & { holds: boolean }>(prepared(text, [callerKey, ...manages.params, Number(match[1])]))).rows;
    if (!row) throw new HttpError(404, 'user not found');
    send(res, 200, JSON.stringify(toUserVO(row, row.holds)));
  },
};

export const USER_ROUTES: BaselineRoute[] = [searchByLogin, userWithBasic];
