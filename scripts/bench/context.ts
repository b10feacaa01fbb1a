import type { Client } from 'pg';
import type { InstitutionCounts } from './institution';
import { inlined, traceStatements, type TracedStatement } from '../trace-statements';
import type { RequestSpec } from './load';
import type { ChildServer } from './processes';

/** What every scenario works with: the two servers under test, the in-process pair for traces, the database, the settings. */

export const SCENARIOS = [
  'graphql-nested',
  'create-users',
  'create-users-password',
  'create-groups',
  'add-members',
  'list-users-json',
  'list-users-xml',
  'get-user',
  'compression',
  'courses-my',
  'courses-external-id',
  'course-participants',
  'short-reads',
  'graphql-user',
  'graphql-course',
  'curriculum-members',
  'lectures-day',
  'lectures-rollcalls',
  'calendar-month',
  'calendar-ical',
  'catalog-children',
  'course-create',
  'course-import',
  'course-participant',
  'course-participants-bulk',
  'curriculum-member',
  'rollcall-update',
  'calendar-event',
  'instances',
  'webhooks',
  'sync',
  'scim',
] as const;
export type ScenarioId = (typeof SCENARIOS)[number];

export interface Options {
  /** People in the database for the large scenarios. */
  users: number;
  only: ReadonlySet<ScenarioId>;
  quick: boolean;
  /** People present for the small user-creation run. */
  smallPeople: number;
  creates: number;
  passwordCreates: number;
  groupCreates: number;
  memberAdds: number;
  writeClients: number;
  listReaders: number;
  /** autocannon: connections, warm-up and measured seconds. */
  connections: number;
  warmupSeconds: number;
  measureSeconds: number;
  bcryptCost: number;
  /** --institution-scale: the factor of the university seeded before the scenarios (scripts/bench/institution.ts), null: none. */
  institutionScale: number | null;
  /** People of the sync scenario's term. */
  syncPeople: number;
  /** The share of the sync term's work the single requests do (their time is scaled by its inverse). */
  syncBaselineShare: number;
  /** People of the SCIM scenario's first provisioning cycle. */
  scimPeople: number;
}

export type Side = 'gateway' | 'baseline';

/** The administrator the gateway is started with. */
export const ADMIN = { login: 'administrator', password: 'bench-admin-password' };

/** The gateway's METRICS_TOKEN in the bench: scenarios read its event loop's delay from /metrics. */
export const METRICS_TOKEN = 'bench-metrics-token';

export interface Bench {
  options: Options;
  /** The bench's own connection: seeding, set-up and clean-up of scenarios. */
  db: Client;
  gateway: ChildServer;
  baseline: ChildServer;
  /** The baseline's handler inside an express 5 app: the framework's own cost. */
  baselineInExpress: ChildServer;
  /** Base URLs of a second gateway and baseline in this process, used only to trace the statements of single requests. */
  traced: { gateway: string; baseline: string };
  /** The administrator's X-SERVICE-TOKEN, for every request to the gateway. */
  token: string;
  /** Seeds the database up to `options.users` people (once; later calls do nothing). */
  grow: () => Promise<void>;
  /**
   * Seeds the university of scripts/bench/institution.ts once, at --institution-scale or else at
   * --users / 1,000,000 (1,000,000 people: the whole university), and answers its counts. Its
   * temporary tables (institution_person, institution_course …) stay readable through `db`.
   */
  institution: () => Promise<InstitutionCounts>;
  /** Starts another gateway child process on the same database, with these settings beside the bench's; it is stopped at the end if not before. */
  startGateway: (name: string, env: Record<string, string>) => Promise<ChildServer>;
  /** Results of the fairness checks, for the summary. */
  fairness: { check: string; ok: boolean }[];
}

/** The servers under test, in the order they are measured. */
export const sides = (bench: Bench): [Side, ChildServer][] => [
  ['gateway', bench.gateway],
  ['baseline', bench.baseline],
];

export const JSON_TYPE = 'application/json';
/** The cheapest request both servers answer: no authentication, a constant text. */
export const PING = '/restapi/ping';

/** The gateway's token; no compression (fetch would ask for gzip), as the baseline sends none: the compression scenario measures it. */
export const tokenHeaders = (bench: Bench, accept = JSON_TYPE): Record<string, string> => ({
  'X-SERVICE-TOKEN': bench.token,
  Accept: accept,
  'Content-Type': JSON_TYPE,
  'Accept-Encoding': 'identity',
});

export const log = (line: string) => console.log(line);

/** Records and prints one fairness check. */
export function fairnessCheck(bench: Bench, check: string, ok: boolean, detail = '') {
  bench.fairness.push({ check, ok });
  log(`  check: ${check}: ${ok ? 'yes' : 'NO'}${detail ? ` ${detail}` : ''}`);
}

export interface TracedReply {
  status: number;
  body: string;
  statements: TracedStatement[];
}

/** One request to a server of this process, with the statements it sent. */
export async function traced(base: string, spec: RequestSpec, headers: Record<string, string>): Promise<TracedReply> {
  let status = 0;
  let body = '';
  const statements = await traceStatements(async () => {
    const response = await fetch(base + spec.path, { method: spec.method, headers, body: spec.body });
    status = response.status;
    body = await response.text();
  });
  return { status, body, statements };
}

/** A statement with its literals and parameters as `?`: what is the same statement whether values are inlined (MikroORM) or bound ($n). */
export function shapeOf(statement: TracedStatement): string {
  const text = statement.values.length ? inlined(statement) : statement.text.replace(/\s+/g, ' ').trim();
  return text
    .toLowerCase()
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/\b(?:\d+|null|true|false)\b/g, '?')
    .replace(/;$/, '');
}

/** The baseline's statements the gateway does not send (as a multiset; empty: the baseline does no work the gateway does not). */
export function notSentByGateway(gateway: TracedStatement[], baseline: TracedStatement[]): string[] {
  const remaining = gateway.map(shapeOf);
  const missing: string[] = [];
  for (const shape of baseline.map(shapeOf)) {
    const at = remaining.indexOf(shape);
    if (at >= 0) remaining.splice(at, 1);
    else missing.push(shape);
  }
  return missing;
}

export const short = (text: string, length = 150) => (text.length > length ? `${text.slice(0, length - 40)} … ${text.slice(-37)}` : text);

/** Prints the statements of a traced request, repeats of the same statement in a row as one line. */
export function printStatements(who: string, statements: TracedStatement[]) {
  log(`    ${who} sends ${statements.length} statement(s):`);
  const shapes = statements.map(shapeOf);
  for (let i = 0; i < shapes.length;) {
    let repeats = 1;
    while (shapes[i + repeats] === shapes[i]) repeats++;
    log(`      ${repeats > 1 ? `${repeats} x ` : ''}${short(shapes[i])}`);
    i += repeats;
  }
}

/**
 * The same operation traced on the in-process gateway and baseline: prints what each sends, checks
 * that the baseline sends nothing the gateway does not (same SQL, less around it) and that both
 * answer alike (`normalise` removes what must differ, e.g. generated keys). Each side gets its
 * requests in turn; only the last is traced (the ones before warm caches up).
 */
export async function checkSameWork(
  bench: Bench,
  what: string,
  requests: { gateway: RequestSpec[]; baseline: RequestSpec[] },
  normalise: (body: string, side: Side) => string = (body) => body,
  headers = tokenHeaders(bench),
): Promise<void> {
  log(`  ${what}: ${requests.gateway.length > 1 ? 'after warm-up, ' : ''}one request traced on each (in-process)`);
  const last = async (base: string, specs: RequestSpec[]) => {
    let reply: TracedReply | undefined;
    for (const spec of specs) {
      reply = await traced(base, spec, headers);
      if (reply.status >= 300) throw new Error(`${what}: ${spec.method} ${spec.path} answered ${reply.status} ${reply.body.slice(0, 200)}`);
    }
    return reply!;
  };
  const gateway = await last(bench.traced.gateway, requests.gateway);
  const baseline = await last(bench.traced.baseline, requests.baseline);
  printStatements('gateway', gateway.statements);
  printStatements('baseline', baseline.statements);
  const missing = notSentByGateway(gateway.statements, baseline.statements);
  fairnessCheck(
    bench,
    `${what}: every statement of the baseline is one the gateway sends`,
    missing.length === 0,
    missing.map((s) => `\n      ${short(s)}`).join(''),
  );
  const same = normalise(gateway.body, 'gateway') === normalise(baseline.body, 'baseline');
  fairnessCheck(bench, `${what}: same answer`, same, `(${Buffer.byteLength(gateway.body)} / ${Buffer.byteLength(baseline.body)} bytes)`);
  if (!same) log(`      gateway:  ${short(gateway.body, 300)}\n      baseline: ${short(baseline.body, 300)}`);
}
