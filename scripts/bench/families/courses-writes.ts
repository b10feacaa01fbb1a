import fs from 'node:fs';
import path from 'node:path';
import { checkSameWork, log, tokenHeaders, type Bench, type Side } from '../context';
import type { RequestSpec } from '../load';
import { count, growth, ms, perSecond, seconds, type Row } from '../report';
import { gatewayOnlyRow } from '../twins';
import { compareWrites, measureWrites, rateRow, warmUpCount, type Make } from '../writes';

/**
 * The courses family's writes at the institution's size (issue 23), each against the baseline doing
 * the same statements with the gateway's audit row in the same transaction (scripts/bench/baseline/courses-writes.ts):
 * courses created from query parameters, participants added one by one to institution courses, and
 * 500 participants in one request. Course imports are measured on the gateway alone: a baseline twin
 * of a whole import (unzip, XStream trees, stored files) would be a second importer, not a baseline.
 */

export const WRITE_TARGET = 0.6;
/** The fixture of the tests (test/fixtures/courses/SOURCES.md), from dist/scripts/bench/families. */
const IMPORT_ARCHIVE = path.resolve(__dirname, '../../../../test/fixtures/courses/TemplateCourse.zip');
const IMPORT_CLIENTS = 4;
const BULK_SIZE = 500;

/** Tags that keep titles and external ids distinct per side and phase. */
const sideTag = (run: string, side: Side, warmUp: boolean) => `${run}-${side === 'gateway' ? 'gw' : 'bl'}${warmUp ? 'w' : ''}`;

/** A course as PUT /repo/courses makes it from query parameters alone. */
function courseRequest(tag: string, i: number): RequestSpec {
  const query = new URLSearchParams({
    title: `Bench course ${tag} ${i}`,
    displayName: `Bench course ${tag} ${i}: Introduction to Thermodynamics`,
    description: 'Lectures, exercises and the exam of the benchmark course',
    externalId: `BENCH-COURSE-${tag}-${i}`,
    externalRef: `BENCH-REF-${tag}-${i}`,
  });
  return { method: 'PUT', path: `/restapi/repo/courses?${query}` };
}

/** CourseVO without what differs between the sides: generated keys, softkey and node ident, and the side's tag. */
const withoutCourseKeys = (tags: Record<Side, string>) => (body: string, side: Side) =>
  body
    .replace(/"(key|softKey|repoEntryKey|olatResourceKey|olatResourceId|editorRootNodeId|lastModified)":("[^"]*"|\d+)/g, '"$1":0')
    .replaceAll(tags[side], 'TAG');

/** PUT /repo/courses with query parameters: course, root nodes, owner, audit row in one transaction, then the course read back. */
export async function courseCreate(bench: Bench): Promise<Row[]> {
  await bench.institution();
  const tags = { gateway: 'check-gw', baseline: 'check-bl' };
  const two = (side: Side) => [0, 1].map((i) => courseRequest(tags[side], i));
  await checkSameWork(bench, 'PUT /restapi/repo/courses?title=…', { gateway: two('gateway'), baseline: two('baseline') }, withoutCourseKeys(tags));
  const make: Make = (side, warmUp, i) => courseRequest(sideTag('c', side, warmUp), i);
  return [
    rateRow('course-create: PUT /repo/courses?title=… (query)', 'courses', await compareWrites(bench, 'courses', bench.options.creates, make), WRITE_TARGET),
  ];
}

/**
 * `perSide` pairs (OLAT resource id of an institution course, person) for each side, none of them a
 * membership yet and all distinct: person (first + 37 i) mod people in course 1 + (first + 101 i) mod (courses − 1).
 */
async function newParticipants(bench: Bench, first: number, perSide: number): Promise<Record<Side, { course: number; person: number }[]>> {
  const { people, courses } = await bench.institution();
  const { rows } = await bench.db.query<{ course: string; person: number }>(
    `select e.olat_resource_id as course, p.id as person
     from generate_series(0, $1::int * 3) i
     join institution_person p on p.n = ($2::int + i * 37) % $3::int
     join institution_course c on c.n = 1 + ($2::int + i * 101) % ($4::int - 1)
     join repository_entry e on e.id = c.id
     where not exists (select 1 from repository_entry_membership m where m.entry_id = c.id and m.identity_id = p.id)
     order by i limit $1`,
    [perSide * 2, first, people, courses],
  );
  if (rows.length < perSide * 2) throw new Error(`found ${rows.length} new course participants of ${perSide * 2}: use a larger --institution-scale`);
  const pairs = rows.map((r) => ({ course: Number(r.course), person: r.person }));
  return { gateway: pairs.slice(0, perSide), baseline: pairs.slice(perSide) };
}

/** Requests n = 0, 1 are the check, then the warm-up, then the measured run. */
export const inOrder =
  (total: number, add: (side: Side, n: number) => RequestSpec): Make =>
  (side, warmUp, i) =>
    add(side, 2 + (warmUp ? 0 : warmUpCount(total)) + i);

/** PUT /repo/courses/{id}/participants/{k}, each pair new: entry locked, person checked, membership and audit row in one transaction. */
export async function courseParticipant(bench: Bench): Promise<Row[]> {
  const total = bench.options.memberAdds;
  const pairs = await newParticipants(bench, 0, 2 + warmUpCount(total) + total);
  const add = (side: Side, n: number): RequestSpec => ({
    method: 'PUT',
    path: `/restapi/repo/courses/${pairs[side][n].course}/participants/${pairs[side][n].person}`,
  });
  const check = (side: Side) => [0, 1].map((n) => add(side, n));
  await checkSameWork(bench, 'PUT /restapi/repo/courses/{id}/participants/{k}', { gateway: check('gateway'), baseline: check('baseline') });
  return [rateRow('course-participant: PUT …/participants/{k}', 'adds', await compareWrites(bench, 'adds', total, inOrder(total, add)), WRITE_TARGET)];
}

/**
 * PUT /repo/courses/{id}/participants with a UserVO list of 500: each request its own institution course
 * (counted down from the last) and a window of 500 people from the second half of them (moving by 97 a request).
 */
export async function courseParticipantsBulk(bench: Bench): Promise<Row[]> {
  const { people, courses } = await bench.institution();
  const total = bench.options.quick ? 10 : 40;
  const perSide = 2 + warmUpCount(total) + total;
  const half = Math.floor(people / 2);
  if (half < BULK_SIZE * 2 || courses < perSide * 4)
    throw new Error('course-participants-bulk needs 2,000 people and 4 courses a request: use a larger --institution-scale');
  const { rows: users } = await bench.db.query<{ key: number; login: string }>(
    `select p.id as key, i.login from institution_person p join identity i on i.id = p.id where p.n >= $1 order by p.n`,
    [half],
  );
  const { rows: targets } = await bench.db.query<{ course: string }>(
    `select e.olat_resource_id as course from institution_course c join repository_entry e on e.id = c.id where c.n >= $1 order by c.n desc`,
    [courses - perSide * 2],
  );
  const request = (side: Side, n: number): RequestSpec => {
    const at = (side === 'gateway' ? 0 : perSide) + n;
    const first = (at * 97) % (users.length - BULK_SIZE);
    const body = users.slice(first, first + BULK_SIZE).map((user) => ({ key: user.key, login: user.login }));
    return { method: 'PUT', path: `/restapi/repo/courses/${targets[at].course}/participants`, body: JSON.stringify(body) };
  };
  const check = (side: Side) => [0, 1].map((n) => request(side, n));
  await checkSameWork(bench, `PUT /restapi/repo/courses/{id}/participants (${BULK_SIZE} UserVOs)`, { gateway: check('gateway'), baseline: check('baseline') });
  const runs = await compareWrites(bench, 'requests', total, inOrder(total, request));
  return [rateRow(`course-participants-bulk: ${BULK_SIZE} UserVOs a request`, 'requests', runs, WRITE_TARGET)];
}

/** A multipart body with the archive as part `file` and its own display name, in base64 for the load generator. */
function importRequest(archive: Buffer, boundary: string, displayName: string): RequestSpec {
  const part = (headers: string, content: Buffer | string) => [Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')];
  const body = Buffer.concat([
    ...part('Content-Disposition: form-data; name="displayname"', displayName),
    ...part('Content-Disposition: form-data; name="file"; filename="TemplateCourse.zip"\r\nContent-Type: application/zip', archive),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { method: 'POST', path: '/restapi/repo/courses', body: body.toString('base64'), base64: true };
}

/** POST /repo/courses with TemplateCourse.zip: imports per second with a few clients, and the gateway's RSS growth (gateway only, see the top). */
export async function courseImport(bench: Bench): Promise<Row[]> {
  await bench.institution();
  const archive = fs.readFileSync(IMPORT_ARCHIVE);
  const boundary = 'bench-import-boundary-7d1f';
  const headers = { ...tokenHeaders(bench), 'Content-Type': `multipart/form-data; boundary=${boundary}` };
  const total = bench.options.quick ? 20 : 100;
  const make = (phase: string, n: number) => Array.from({ length: n }, (_, i) => importRequest(archive, boundary, `Imported ${phase} ${i}`));
  const warm = await measureWrites(bench, bench.gateway, make('warm-up', warmUpCount(total)), { concurrency: IMPORT_CLIENTS, headers });
  const run = await measureWrites(bench, bench.gateway, make('run', total), { concurrency: IMPORT_CLIENTS, headers });
  const problems = [...warm.problems.map((problem) => `warm-up: ${problem}`), ...run.problems];
  log(
    `  gateway  ${count(total)} imports of ${archive.length} bytes, ${IMPORT_CLIENTS} clients, in ${seconds(run.wallMs)} = ${perSecond(run.rate, 'imports')}, ` +
      `p50 ${ms(run.latency.p50)}, p99 ${ms(run.latency.p99)}, RSS growth ${growth(run.rssGrowth)}${problems.length ? `  PROBLEMS: ${problems.join('; ')}` : ''}`,
  );
  return [
    gatewayOnlyRow(
      `course-import: POST /repo/courses TemplateCourse.zip, ${IMPORT_CLIENTS} clients (gateway only: no baseline importer)`,
      perSecond(run.rate, 'imports'),
      problems,
    ),
    gatewayOnlyRow(`  gateway RSS growth over ${count(total)} imports; p99`, `${growth(run.rssGrowth)}; ${ms(run.latency.p99)}`),
  ];
}
