import { Client } from 'pg';
import { inlined, traceStatements, type TracedStatement } from '../../scripts/trace-statements';
import { buildUser } from '../factories';
import { archiveForm, fixture } from '../support/course-archives';
import { JSON_TYPE, call } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/**
 * Import, export, copy and deletion of courses read every growing table through an index, with
 * 20,000 courses (both trees) and 60,000 stored files (chunks too) in the database: checked with
 * EXPLAIN on the statements actually sent (as test/indexes.test.ts does, which covers the people tables).
 */

const COURSES = 20_000;
const GROWING = new Set([
  'repository_entry',
  'repository_entry_membership',
  'course_element',
  'course_run_element',
  'stored_file',
  'stored_file_chunk',
  'audit_log',
]);

let t: TestService;
let db: Client;
beforeAll(async () => {
  t = await startTestService();
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  await db.query(`insert into repository_entry (softkey, displayname, organisation_id, editor_root_node_id, olat_resource_id, olat_resource_key)
    select 'seed-course-' || n, 'Seed course ' || n, (select id from organisation where identifier = 'default-org'), (100000000000000 + n)::text,
      nextval('olat_resource_id_seq'), nextval('olat_resource_key_seq') from generate_series(1, ${COURSES}) n`);
  await db.query(`insert into course_element (entry_id, ident, type, short_title) select id, editor_root_node_id, 'st', displayname from repository_entry`);
  await db.query(`insert into course_run_element (entry_id, ident, type, short_title) select id, editor_root_node_id, 'st', displayname from repository_entry`);
  await db.query(`insert into stored_file (path, content_type, size, content, chunked)
    select 'courses/' || e.id || '/coursefolder/page' || k || '.html', 'text/html', 1, ''::bytea, true from repository_entry e cross join generate_series(1, 3) k`);
  await db.query(`insert into stored_file_chunk (file_id, seq, data) select id, 0, '\\x3c703e'::bytea from stored_file`);
  await db.query('analyze');
}, 120_000);
afterAll(async () => {
  await db.end();
  await t.stop();
});

const DML = /^\s*(select|insert|update|delete|with)\b/i;

async function sequentialScans(statement: TracedStatement): Promise<string[]> {
  const { rows } = await db.query(`explain (format json) ${statement.text}`, statement.values);
  const scans: string[] = [];
  const walk = (node: Record<string, any>) => {
    if (node['Node Type'] === 'Seq Scan' && GROWING.has(node['Relation Name'])) scans.push(node['Relation Name']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(rows[0]['QUERY PLAN'][0].Plan);
  return scans;
}

it('importing, exporting, copying and deleting a course read through indexes', async () => {
  const author = await buildUser(t, { author: true });
  const statements = (
    await traceStatements(async () => {
      const imported = await call(t.base, 'POST', `/restapi/repo/courses?ownerUsername=${author.login}`, {
        headers: { ...adminAuth(), ...JSON_TYPE },
        body: archiveForm(fixture('simple_course.zip'), 'simple_course.zip'),
      });
      expect(imported.status).toBe(200);
      const exported = await fetch(`${t.base}/restapi/repo/courses/${imported.json.key}/file`, { headers: adminAuth() });
      expect(exported.status).toBe(200);
      await exported.arrayBuffer();
      const copy = await call(t.base, 'PUT', `/restapi/repo/courses?copyFrom=${imported.json.repoEntryKey}`, { headers: { ...adminAuth(), ...JSON_TYPE } });
      expect(copy.status).toBe(200);
      expect((await call(t.base, 'DELETE', `/restapi/repo/courses/${copy.json.key}`, { headers: adminAuth() })).status).toBe(200);
    })
  ).filter((statement) => DML.test(statement.text));
  expect(statements.length).toBeGreaterThan(20);
  const scanning = [];
  for (const statement of statements) {
    const scans = await sequentialScans(statement);
    if (scans.length) scanning.push({ statement: inlined(statement).slice(0, 300), scans });
  }
  expect(scanning).toEqual([]);
}, 60_000);
