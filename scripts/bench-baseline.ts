import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import type { OrganisationRole } from '../src/domain/roles';
import { GROUP_MANAGERS } from '../src/groups/policy';
import { toGroupVO } from '../src/groups/presenter';
import { USER_MANAGERS } from '../src/users/policy';
import { toUserVO } from '../src/users/presenter';
import { managedIdentities } from '../src/domain/scope';

/**
 * The benchmark's baseline: plain node:http + one pg.Pool, answering `GET /users/:k` and
 * `GET /groups` for an X-SERVICE-TOKEN caller with the same statements the gateway issues for an
 * administrator (principal by token hash, then the data query) and the same JSON bytes. Nothing
 * else: no framework, no ORM, no GraphQL. It is not a product and is not part of the test run.
 *
 * The statement texts are written out here on purpose (not imported from src/), so that the bench
 * can compare them with what the gateway actually sends and report any drift. The JSON comes from
 * the gateway's own presenters, so both sides write the same bytes.
 */

/** src/auth/principal.ts `principalByTokenHash`, as the driver receives it. */
export const PRINCIPAL_BY_TOKEN_SQL = `
select i.id as key, i.login, i.status,
  coalesce((select json_agg(json_build_object('organisationKey', r.organisation_id, 'role', r.role))
            from organisation_role r where r.identity_id = i.id), '[]'::json) as grants,
  (select a.credential from authentication a where a.identity_id = i.id and a.provider = 'OLAT') as "passwordHash",
  (select a.credential from authentication a where a.identity_id = i.id and a.provider = 'REST') as "tokenHash",
  (select a.origin from authentication a where a.identity_id = i.id and a.provider = 'REST') as "tokenOrigin" from identity i where i.id = (select identity_id from authentication where provider = 'REST' and credential = $1)`;

/** src/users/repository.ts `findUserRow`. */
export const IDENTITY_BY_KEY_SQL =
  'select i.id, i.login, i.external_id as "externalId", i.first_name as "firstName", i.last_name as "lastName", i.email, i.properties from identity i where i.id = $1';

/** src/domain/scope.ts `isManagerOf` (the organisation-tree rule), built by the gateway's own function. */
function isManagerOfSql(caller: Principal, roles: OrganisationRole[]): { text: string; values: unknown[] } {
  const managed = managedIdentities({ ...caller, provider: 'REST' }, roles);
  let index = 0;
  const text = `select 1 from (${managed.text}) managed where managed.identity_id = ? limit 1`.replace(/\?/g, () => `$${++index}`);
  return { text, values: managed.params };
}

/** src/groups/repository.ts `listGroups` for a group manager without filters. */
export const ALL_GROUPS_SQL =
  'select g.id, g.description, g.external_id as "externalId", g.managed_flags as "managedFlags", g.name, g.type, g.min_participants as "minParticipants", g.max_participants as "maxParticipants" from business_group g order by g.id';

/** The same, for a caller who is no group manager (only groups they belong to). */
export const MEMBER_GROUPS_SQL =
  'select g.id, g.description, g.external_id as "externalId", g.managed_flags as "managedFlags", g.name, g.type, g.min_participants as "minParticipants", g.max_participants as "maxParticipants" from business_group g where g.id in (select group_id from group_membership where identity_id = $1) order by g.id';

interface Grant {
  organisationKey: number;
  role: OrganisationRole;
}

interface Principal {
  key: number;
  login: string;
  status: number;
  grants: Grant[];
}

const TOKEN = /^[A-Za-z0-9-]{1,40}$/;
const JSON_TYPE = 'application/json; charset=utf-8';

export interface Baseline {
  port: number;
  pool: Pool;
  stop: () => Promise<void>;
}

export async function startBaseline(databaseUrl: string, poolMax = 10): Promise<Baseline> {
  const pool = new Pool({ connectionString: databaseUrl, max: poolMax });

  async function principal(token: string | undefined): Promise<Principal | null> {
    if (!token || !TOKEN.test(token)) return null;
    const { rows } = await pool.query<Principal>(PRINCIPAL_BY_TOKEN_SQL, [createHash('sha256').update(token).digest('hex')]);
    const row = rows[0];
    return row && row.status < 100 ? row : null;
  }

  async function user(caller: Principal, key: number): Promise<string | null> {
    const { rows } = await pool.query(IDENTITY_BY_KEY_SQL, [key]);
    const row = rows[0];
    if (!row) return null;
    let full = caller.key === key;
    if (!full) {
      if (caller.grants.some((grant) => USER_MANAGERS.includes(grant.role))) {
        const check = isManagerOfSql(caller, USER_MANAGERS);
        full = (await pool.query(check.text, [...check.values, key])).rows.length > 0;
      }
    }
    return JSON.stringify(toUserVO(row, full));
  }

  async function groups(caller: Principal): Promise<string> {
    const manager = caller.grants.some((grant) => GROUP_MANAGERS.includes(grant.role));
    const { rows } = manager ? await pool.query(ALL_GROUPS_SQL) : await pool.query(MEMBER_GROUPS_SQL, [caller.key]);
    return JSON.stringify(rows.map(toGroupVO));
  }

  const send = (res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body), ...headers });
    res.end(body);
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0];
      const userMatch = /^\/users\/(\d+)$/.exec(path);
      if (req.method !== 'GET' || (!userMatch && path !== '/groups')) return send(res, 404, '{"code":"not found"}');
      const token = req.headers['x-service-token'];
      const caller = await principal(typeof token === 'string' ? token : undefined);
      if (!caller) return send(res, 401, '{"code":"unauthenticated"}');
      const body = userMatch ? await user(caller, Number(userMatch[1])) : await groups(caller);
      if (body === null) return send(res, 404, '{"code":"not found"}');
      send(res, 200, body, { 'X-SERVICE-TOKEN': token as string });
    })().catch(() => {
      if (!res.headersSent) send(res, 500, '{"code":"error"}');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    pool,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await pool.end();
    },
  };
}
