import { fairnessCheck, JSON_TYPE, log, tokenHeaders, type Bench } from '../context';
import { requestProblems, runRequests } from '../drivers';
import { courseKey } from '../institution';
import type { RequestSpec } from '../load';
import { describeRate, measureRate, middlePersonPath } from '../reads';
import { count, ms, perSecond, row, seconds, times, verdict, type Row } from '../report';

/**
 * GraphQL against its REST twin on the same gateway (issue 23: internal tools use GraphQL; the same
 * read must cost no more there): one person by key, and a course with its owners, coaches,
 * participants and groups against the five REST requests that read the same.
 */

const GRAPHQL_TARGET = 0.8;
const USER_FIELDS = 'key login externalId firstName lastName email';
const USER_QUERY = `query User($key: Long!) { user(identityKey: $key) { ${USER_FIELDS} } }`;
const COURSE_QUERY = `query Course($key: Long!) { course(courseKey: $key) {
  key softKey displayName externalId repoEntryKey
  owners(limit: 1000) { ${USER_FIELDS} } coaches(limit: 1000) { ${USER_FIELDS} } participants(limit: 1000) { ${USER_FIELDS} }
  groups(limit: 1000) { key name externalId } } }`;

const graphql = (query: string, variables: Record<string, unknown>): RequestSpec => ({
  method: 'POST',
  path: '/graphql',
  body: JSON.stringify({ query, variables }),
});

/** GraphQL `user(identityKey:)` with variables against GET /restapi/users/{k}, both with the token (autocannon). */
export async function graphqlUser(bench: Bench): Promise<Row[]> {
  const path = await middlePersonPath(bench);
  const key = Number(path.split('/').pop());
  const headers = tokenHeaders(bench);
  const spec = graphql(USER_QUERY, { key });
  const answer = (await (await fetch(bench.gateway.base + spec.path, { method: 'POST', headers, body: spec.body })).json()) as {
    data?: { user?: { login?: string } };
  };
  const rest = (await (await fetch(bench.gateway.base + path, { headers })).json()) as { login?: string };
  fairnessCheck(bench, `GraphQL user and GET ${path}: the same person`, !!answer.data?.user?.login && answer.data.user.login === rest.login);
  const viaGraphql = await measureRate(bench, bench.gateway, { url: bench.gateway.base + spec.path, method: 'POST', body: spec.body, headers });
  describeRate('GraphQL', viaGraphql.result, viaGraphql.rssGrowth);
  const viaRest = await measureRate(bench, bench.gateway, { url: bench.gateway.base + path, headers });
  describeRate('REST', viaRest.result, viaRest.rssGrowth);
  const ratio = viaGraphql.result.requests.average / viaRest.result.requests.average;
  return [
    row({
      scenario: 'graphql-user: user(identityKey:) vs GET /users/{k} (both gateway)',
      gateway: perSecond(viaGraphql.result.requests.average, 'req'),
      baseline: perSecond(viaRest.result.requests.average, 'req'),
      ratio: times(ratio),
      target: `>= ${GRAPHQL_TARGET.toFixed(2)}x`,
      p99Gateway: ms(viaGraphql.result.latency.p99),
      p99Baseline: ms(viaRest.result.latency.p99),
      ...verdict(ratio >= GRAPHQL_TARGET, [...viaGraphql.problems, ...viaRest.problems]),
    }),
  ];
}

interface CourseSet {
  resourceId: number;
  graphql: RequestSpec;
  rest: RequestSpec[];
}

/** Course 10 of the institution (owner, 2 coaches, ~80 participants, a linked group) as the administrator reads it. */
async function courseSet(bench: Bench): Promise<CourseSet> {
  await bench.institution();
  const entry = await courseKey(bench.db, 10);
  const resourceId = Number((await bench.db.query('select olat_resource_id from repository_entry where id = $1', [entry])).rows[0].olat_resource_id);
  const base = `/restapi/repo/courses/${resourceId}`;
  return {
    resourceId,
    graphql: graphql(COURSE_QUERY, { key: resourceId }),
    rest: [base, `${base}/authors`, `${base}/tutors`, `${base}/participants`, `${base}/groups`].map((path) => ({ method: 'GET', path })),
  };
}

/** The keys of the people and groups in both answers, to check that they name the same. */
async function sameMembers(bench: Bench, set: CourseSet): Promise<boolean> {
  const headers = tokenHeaders(bench);
  const answer = (await (await fetch(bench.gateway.base + set.graphql.path, { method: 'POST', headers, body: set.graphql.body })).json()) as {
    data?: { course?: Record<string, { key: number }[]> };
  };
  const course = answer.data?.course;
  if (!course) return false;
  const rest = await Promise.all(
    set.rest.slice(1).map(async (spec) => (await (await fetch(bench.gateway.base + spec.path, { headers })).json()) as { key: number }[]),
  );
  const keys = (list: { key: number }[]) => list.map((item) => item.key).join(',');
  return ['owners', 'coaches', 'participants', 'groups'].every((field, i) => keys(course[field]) === keys(rest[i]));
}

/** N nested GraphQL reads against N sets of the five REST requests, 10 in flight on each side: sets per second. */
export async function graphqlCourse(bench: Bench): Promise<Row[]> {
  const set = await courseSet(bench);
  fairnessCheck(bench, 'GraphQL course with members and the 5 REST requests: the same people and groups', await sameMembers(bench, set));
  const sets = bench.options.quick ? 200 : 2000;
  const run = (requests: RequestSpec[]) =>
    runRequests({
      base: bench.gateway.base,
      headers: { ...tokenHeaders(bench), Accept: JSON_TYPE },
      concurrency: bench.options.connections,
      requests,
      prime: bench.gateway.base + '/restapi/ping',
    });
  await run(Array.from({ length: Math.max(10, sets / 10) }, () => set.graphql)); // warm-up
  const viaGraphql = await run(Array.from({ length: sets }, () => set.graphql));
  await run(Array.from({ length: Math.max(10, sets / 10) }, () => set.rest).flat());
  const viaRest = await run(Array.from({ length: sets }, () => set.rest).flat());
  const rate = (wallMs: number) => (sets * 1000) / wallMs;
  log(`  GraphQL ${count(sets)} course reads in ${seconds(viaGraphql.wallMs)}; REST ${count(sets * 5)} requests in ${seconds(viaRest.wallMs)}`);
  const ratio = viaRest.wallMs / viaGraphql.wallMs;
  return [
    row({
      scenario: 'graphql-course: course + owners, coaches, participants, groups vs 5 REST GETs',
      gateway: perSecond(rate(viaGraphql.wallMs), 'set'),
      baseline: perSecond(rate(viaRest.wallMs), 'set'),
      ratio: times(ratio),
      target: `>= ${GRAPHQL_TARGET.toFixed(2)}x`,
      p99Gateway: ms(viaGraphql.latency.p99),
      p99Baseline: `${ms(viaRest.latency.p99)} each`,
      ...verdict(ratio >= GRAPHQL_TARGET, [...requestProblems(viaGraphql), ...requestProblems(viaRest)]),
    }),
  ];
}
