import bcrypt from 'bcrypt';
import { DEFAULT_ORGANISATION_IDENTIFIER } from '../../../src/domain/roles';
import type { Bench } from '../context';
import { middlePersonPath } from '../reads';
import type { Row } from '../report';
import { measureReadTwin } from '../twins';

/** The short reads of the users family that the last notes measured by hand (issue 23): a list of about 1,000 people, one person with basic auth. */

/** The shortest `seed-<digits>*` login prefix that names at most 2,000 people (about 1,111 when the people number a power of ten). */
async function loginPrefix(bench: Bench): Promise<{ pattern: string; people: number }> {
  for (const digits of ['1', '12', '123', '1234', '12345']) {
    const people = Number((await bench.db.query(`select count(*) from identity where login like $1`, [`seed-${digits}%`])).rows[0].count);
    if (people <= 2000) return { pattern: `seed-${digits}*`, people };
  }
  throw new Error('no seed- prefix names at most 2,000 people');
}

const BASIC_LOGIN = 'bench-basic-manager';
const BASIC_PASSWORD = 'Basic-Bench-Password-42';

/**
 * A user manager of the default organisation with a password, for the basic-auth read: not the
 * administrator, whose basic login would replace the token every other scenario sends.
 */
async function basicManager(bench: Bench): Promise<string> {
  const hash = await bcrypt.hash(BASIC_PASSWORD, bench.options.bcryptCost);
  await bench.db.query(
    `with person as (insert into identity (login, first_name, last_name, email) values ($1, 'Basic', 'Manager', 'basic.manager@example-university.org')
                     on conflict do nothing returning id),
     password as (insert into authentication (identity_id, provider, auth_username, credential) select id, 'OLAT', $1, $2 from person)
     insert into organisation_role (identity_id, organisation_id, role)
     select person.id, o.id, r.role from person, organisation o, (values ('user'), ('usermanager')) r(role) where o.identifier = $3`,
    [BASIC_LOGIN, hash, DEFAULT_ORGANISATION_IDENTIFIER],
  );
  return `Basic ${Buffer.from(`${BASIC_LOGIN}:${BASIC_PASSWORD}`).toString('base64')}`;
}

export async function shortReads(bench: Bench): Promise<Row[]> {
  await bench.grow();
  const { pattern, people } = await loginPrefix(bench);
  const basic = await basicManager(bench);
  return [
    ...(await measureReadTwin(bench, {
      scenario: `short-reads: GET /users?login=${pattern} (${people} people)`,
      path: `/restapi/users?login=${pattern}`,
      token: bench.token,
    })),
    ...(await measureReadTwin(bench, { scenario: '  GET /users/{k} with basic auth', path: await middlePersonPath(bench), authorization: basic })),
  ];
}
