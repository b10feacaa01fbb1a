import { ADMIN, type Bench } from '../context';
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

export async function shortReads(bench: Bench): Promise<Row[]> {
  await bench.grow();
  const { pattern, people } = await loginPrefix(bench);
  const basic = `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}`;
  return [
    ...(await measureReadTwin(bench, {
      scenario: `short-reads: GET /users?login=${pattern} (${people} people)`,
      path: `/restapi/users?login=${pattern}`,
      token: bench.token,
    })),
    ...(await measureReadTwin(bench, { scenario: '  GET /users/{k} with basic auth', path: await middlePersonPath(bench), authorization: basic })),
  ];
}
