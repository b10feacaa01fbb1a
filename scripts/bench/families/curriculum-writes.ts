import { checkSameWork, type Bench, type Side } from '../context';
import type { RequestSpec } from '../load';
import type { Row } from '../report';
import { compareWrites, rateRow, warmUpCount } from '../writes';
import { inOrder, WRITE_TARGET } from './courses-writes';

/**
 * The curriculum family's write at the institution's size (issue 23): a participant added to a
 * curriculum element (PUT …/elements/{e}/participants/{k}), each pair new, against the baseline doing
 * the same statements and audit row (scripts/bench/baseline/curriculum-writes.ts).
 */

/** `perSide` new (curriculum, element, person) triples per side: person (37 i) mod people on child element 1 + (101 i) mod elements. */
async function newElementParticipants(bench: Bench, perSide: number) {
  const { people } = await bench.institution();
  const { rows } = await bench.db.query<{ curriculum: number; element: number; person: number }>(
    `with child as (select row_number() over (order by id) - 1 as n, id from institution_element where parent_id is not null),
          children as (select count(*)::int as count from child)
     select x.curriculum_id as curriculum, x.id as element, p.id as person
     from generate_series(0, $1::int * 3) i cross join children
     join child on child.n = (i * 101) % children.count
     join curriculum_element x on x.id = child.id
     join institution_person p on p.n = (i * 37) % $2::int
     where not exists (select 1 from curriculum_element_membership m where m.element_id = x.id and m.identity_id = p.id)
     order by i limit $1`,
    [perSide * 2, people],
  );
  if (rows.length < perSide * 2) throw new Error(`found ${rows.length} new element participants of ${perSide * 2}: use a larger --institution-scale`);
  return { gateway: rows.slice(0, perSide), baseline: rows.slice(perSide) };
}

export async function curriculumMember(bench: Bench): Promise<Row[]> {
  const total = bench.options.memberAdds;
  const triples = await newElementParticipants(bench, 2 + warmUpCount(total) + total);
  const add = (side: Side, n: number): RequestSpec => {
    const { curriculum, element, person } = triples[side][n];
    return { method: 'PUT', path: `/restapi/curriculum/${curriculum}/elements/${element}/participants/${person}` };
  };
  const check = (side: Side) => [0, 1].map((n) => add(side, n));
  await checkSameWork(bench, 'PUT /restapi/curriculum/{c}/elements/{e}/participants/{k}', { gateway: check('gateway'), baseline: check('baseline') });
  return [
    rateRow('curriculum-member: PUT …/elements/{e}/participants/{k}', 'adds', await compareWrites(bench, 'adds', total, inOrder(total, add)), WRITE_TARGET),
  ];
}
