import type { Bench } from '../context';
import { TERM_START } from '../institution';
import type { Row } from '../report';
import { measureReadTwin } from '../twins';

/**
 * The lectures family's hot reads at the institution's size (issue 23), as the administrator: every
 * block of a busy weekday (the term's first Monday: a fifth of the lecture courses, ~2,000 blocks at
 * scale 1) and the roll calls of one block (25).
 */
export async function lecturesOfDay(bench: Bench): Promise<Row[]> {
  await bench.institution();
  const blocks = Number(
    (await bench.db.query(`select count(*) from lecture_block where start_date >= $1::date and start_date < $1::date + 1`, [TERM_START])).rows[0].count,
  );
  return measureReadTwin(bench, {
    scenario: `lectures-day: GET /repo/lectures?date= (${blocks.toLocaleString('en-US')} blocks)`,
    path: `/restapi/repo/lectures?date=${TERM_START}`,
    token: bench.token,
  });
}

export async function lectureRollCalls(bench: Bench): Promise<Row[]> {
  await bench.institution();
  const block = Number((await bench.db.query('select min(id) as id from institution_block')).rows[0].id);
  return measureReadTwin(bench, {
    scenario: 'lectures-rollcalls: GET /repo/lectures/rollcalls?lectureBlockKey= (25)',
    path: `/restapi/repo/lectures/rollcalls?lectureBlockKey=${block}`,
    token: bench.token,
  });
}
