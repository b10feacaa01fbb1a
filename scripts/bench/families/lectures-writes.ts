import { checkSameWork, type Bench, type Side } from '../context';
import type { RequestSpec } from '../load';
import type { Row } from '../report';
import { compareWrites, rateRow, warmUpCount } from '../writes';
import { inOrder, WRITE_TARGET } from './courses-writes';

/**
 * The lectures family's write at the institution's size (issue 23): a roll call of a seeded block
 * changed (PUT /repo/lectures/rollcalls: absence reason and comment), each request its own roll call,
 * against the baseline doing the same statements and audit row (scripts/bench/baseline/lectures-writes.ts).
 */

const ABSENCE_REASONS = ['Illness', 'Train cancelled', 'Exam in another course', 'Family matters'];

export async function rollCallUpdate(bench: Bench): Promise<Row[]> {
  await bench.institution();
  const total = bench.options.memberAdds;
  const perSide = warmUpCount(total) + total;
  // Every seventh roll call of the institution's blocks, spread over the term; the check updates one roll call from each side.
  const { rows } = await bench.db.query<{ id: number }>(
    `select r.id from lecture_block_roll_call r join institution_block b on b.id = r.block_id where r.id % 7 = 3 order by r.id limit $1`,
    [perSide * 2 + 1],
  );
  if (rows.length < perSide * 2 + 1)
    throw new Error(`rollcall-update needs ${perSide * 2 + 1} roll calls, found ${rows.length}: use a larger --institution-scale`);
  const rollCalls = { gateway: rows.slice(1, 1 + perSide), baseline: rows.slice(1 + perSide) };
  const change = (key: number, tag: string, i: number): RequestSpec => ({
    method: 'PUT',
    path: '/restapi/repo/lectures/rollcalls',
    body: JSON.stringify({ key, absenceReason: ABSENCE_REASONS[i % ABSENCE_REASONS.length], comment: `Arrived late (${tag} ${i})` }),
  });
  const tags = { gateway: 'check-gw', baseline: 'check-bl' };
  const check = (side: Side) => [0, 1].map((i) => change(rows[0].id, tags[side], i));
  const withoutTag = (body: string, side: Side) => body.replaceAll(tags[side], 'TAG');
  await checkSameWork(bench, 'PUT /restapi/repo/lectures/rollcalls', { gateway: check('gateway'), baseline: check('baseline') }, withoutTag);
  const make = inOrder(total, (side, n) => change(rollCalls[side][n - 2].id, side, n));
  return [rateRow('rollcall-update: PUT /repo/lectures/rollcalls', 'updates', await compareWrites(bench, 'updates', total, make), WRITE_TARGET)];
}
