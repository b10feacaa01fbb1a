import { TERM_START } from '../institution';
import { checkSameWork, type Bench, type Side } from '../context';
import type { RequestSpec } from '../load';
import type { Row } from '../report';
import { compareWrites, rateRow, warmUpCount } from '../writes';
import { inOrder, WRITE_TARGET } from './courses-writes';

/**
 * The calendars family's write at the institution's size (issue 23): a new event in a course
 * calendar (PUT /repo/courses/{id}/calendar/event, no id: the gateway makes one), request n in institution
 * course 1 + (37 n) mod (courses − 1), against the baseline doing the same statements and audit row
 * (scripts/bench/baseline/calendars-writes.ts).
 */

const DAY_MS = 24 * 3600 * 1000;

export async function calendarEvent(bench: Bench): Promise<Row[]> {
  const { courses } = await bench.institution();
  const total = bench.options.memberAdds;
  const perSide = 2 + warmUpCount(total) + total;
  const { rows } = await bench.db.query<{ course: string }>(
    `select e.olat_resource_id as course from generate_series(0, $1::int - 1) i
     join institution_course c on c.n = 1 + (i * 37) % ($2::int - 1) join repository_entry e on e.id = c.id order by i`,
    [perSide * 2, courses],
  );
  const term = Date.parse(`${TERM_START}T00:00:00Z`);
  const event = (side: Side, n: number, tag: string): RequestSpec => {
    const at = (side === 'gateway' ? 0 : perSide) + n;
    const begin = new Date(term + (at % 120) * DAY_MS + (8 + (at % 9)) * 3600 * 1000);
    const body = {
      subject: `Tutorial ${tag} ${n}`,
      description: 'Questions and answers before the exam',
      location: `Room ${at % 300}`,
      begin: begin.toISOString(),
      end: new Date(begin.getTime() + 90 * 60 * 1000).toISOString(),
      allDayEvent: false,
    };
    return { method: 'PUT', path: `/restapi/repo/courses/${rows[at].course}/calendar/event`, body: JSON.stringify(body) };
  };
  const check = (side: Side) => [0, 1].map((n) => event(side, n, `check-${side}`));
  await checkSameWork(bench, 'PUT /restapi/repo/courses/{id}/calendar/event', { gateway: check('gateway'), baseline: check('baseline') });
  const make = inOrder(total, (side, n) => event(side, n, side));
  return [rateRow('calendar-event: PUT /repo/courses/{id}/calendar/event', 'events', await compareWrites(bench, 'events', total, make), WRITE_TARGET)];
}
