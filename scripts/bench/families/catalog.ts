import type { Bench } from '../context';
import type { Row } from '../report';
import { measureReadTwin } from '../twins';

/**
 * The catalog family's hot read at the institution's size (issue 23), as the administrator: the
 * children of a category (99 course leaves) and of the root (the categories: 100 at scale 1), unpaged
 * (every child in stored order), as a catalog browser reads them.
 */
export async function catalogChildren(bench: Bench): Promise<Row[]> {
  await bench.institution();
  const root = Number((await bench.db.query('select min(id) as id from catalog_entry where parent_id is null')).rows[0].id);
  const { rows } = await bench.db.query<{ id: number; categories: string }>(
    `select min(id)::int as id, count(*) as categories from catalog_entry where parent_id = $1 and description like 'INST-CATALOG-%'`,
    [root],
  );
  return [
    ...(await measureReadTwin(bench, {
      scenario: 'catalog-children: GET /catalog/{category}/children (99 courses)',
      path: `/restapi/catalog/${rows[0].id}/children`,
      token: bench.token,
    })),
    ...(await measureReadTwin(bench, {
      scenario: `  of the root: GET /catalog/{root}/children (${Number(rows[0].categories).toLocaleString('en-US')} categories)`,
      path: `/restapi/catalog/${root}/children`,
      token: bench.token,
    })),
  ];
}
