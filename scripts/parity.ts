/*
 * `npm run parity`: writes docs/parity.md, one row per endpoint of scripts/parity/catalogue-endpoints.txt with what
 * OpenOLAT reads (the data files scripts/parity/data/<family>.ts), what we read (computed from the route table and the
 * GraphQL operations behind it) and the deviations. test/parity.test.ts checks that the committed file is current.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getNamedType, GraphQLString, isEnumType, type GraphQLArgument, type GraphQLInputObjectType, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import { rootField } from '../src/rest/operations';
import { bySpecificity, type OpenRoute, type RestRoute } from '../src/rest/route';
import { OPEN_ROUTES, ROUTES } from '../src/rest/routes';
import { Base64Scalar } from '../src/schema/scalars';
import { buildGatewaySchema } from '../src/schema/build';
import { BEYOND_CATALOGUE } from './parity/beyond-catalogue';
import type { ParityRow } from './parity/types';

/** The repository's root: scripts/ under the tests, dist/scripts/ once compiled. */
export const REPOSITORY_ROOT = path.basename(path.dirname(__dirname)) === 'dist' ? path.resolve(__dirname, '../..') : path.resolve(__dirname, '..');

export const CATALOGUE_FILE = path.join(REPOSITORY_ROOT, 'scripts/parity/catalogue-endpoints.txt');
/** The data modules beside this script: .ts under the tests, .js once compiled. */
export const DATA_DIR = path.join(__dirname, 'parity/data');
export const PARITY_DOC = path.join(REPOSITORY_ROOT, 'docs/parity.md');

/** One line of the catalogue: `family|METHOD|/path|note`. */
export interface CatalogueEndpoint {
  family: string;
  /** `METHOD /path`, parameters as `{}`. */
  endpoint: string;
  method: string;
  path: string;
  note: string;
}

export function readCatalogue(file = CATALOGUE_FILE): CatalogueEndpoint[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [family, method, endpointPath, note = ''] = line.split('|');
      return { family, endpoint: `${method} ${endpointPath}`, method, path: endpointPath, note };
    });
}

/** The rows of every data file present, by family (the file's name); a family without a file is not yet swept. */
export function readData(dir = DATA_DIR): Map<string, ParityRow[]> {
  const families = new Map<string, ParityRow[]>();
  if (!fs.existsSync(dir)) return families;
  const modules = new Set(
    fs
      .readdirSync(dir)
      .filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
      .map((file) => file.replace(/\.(ts|js)$/, '')),
  );
  for (const family of [...modules].sort()) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the data files are read from the folder, so a family's file counts once it is merged
    const exported = require(path.join(dir, family)) as { rows?: ParityRow[] };
    if (!Array.isArray(exported.rows)) throw new Error(`${family}: a data file exports rows`);
    families.set(family, exported.rows);
  }
  return families;
}

/** A path's segments; a trailing slash is dropped, as the router drops it. */
const segmentsOf = (routePath: string) => routePath.split('/').filter((segment, i, all) => i > 0 && !(segment === '' && i === all.length - 1));

export type OurRoute = { kind: 'operation'; route: RestRoute } | { kind: 'open'; route: OpenRoute };

/** The values an enum path parameter of an operation matches (`/repo/courses/:courseKey/:role`), as the router matches them. */
function enumValues(schema: GraphQLSchema, route: RestRoute, name: string): Set<string> | undefined {
  const type = rootField(schema, route.field).field.args.find((arg) => arg.name === name)?.type;
  const named = type && getNamedType(type);
  return named && isEnumType(named) ? new Set(named.getValues().map((value) => value.name)) : undefined;
}

/**
 * Whether our route takes the catalogue's path: a `{}` of the catalogue needs a parameter of ours; a literal of the
 * catalogue matches our literal in any case, or a parameter of ours that takes it (not a `…Key`, and one of the values
 * of an enum parameter).
 */
function takes(schema: GraphQLSchema, ours: OurRoute, catalogueSegments: string[]): boolean {
  const segments = segmentsOf(ours.route.path);
  if (segments.length !== catalogueSegments.length) return false;
  return segments.every((segment, i) => {
    const wanted = catalogueSegments[i];
    if (!segment.startsWith(':')) return wanted !== '{}' && wanted.toLowerCase() === segment.toLowerCase();
    if (wanted === '{}') return true;
    const name = segment.slice(1);
    if (name.endsWith('Key')) return false;
    const values = ours.kind === 'operation' ? enumValues(schema, ours.route, name) : undefined;
    return !values || values.has(wanted);
  });
}

/**
 * The route of ours that takes `METHOD /path` of the catalogue, as the router picks it: literal segments before
 * parameters, an operation route or an open one (versions, ping); a HEAD request without a HEAD route goes to the GET route.
 */
export function routesFor(schema: GraphQLSchema, endpoint: string): OurRoute[] {
  const [method, endpointPath] = endpoint.split(' ');
  const catalogueSegments = segmentsOf(endpointPath);
  const candidates = (wanted: string) =>
    [
      ...ROUTES.filter((route) => route.method === wanted).map((route): OurRoute => ({ kind: 'operation', route })),
      ...OPEN_ROUTES.filter((route) => route.method === wanted).map((route): OurRoute => ({ kind: 'open', route })),
    ]
      .filter((ours) => takes(schema, ours, catalogueSegments))
      .sort((a, b) => bySpecificity(a.route, b.route));
  const found = candidates(method);
  const chosen = found.length === 0 && method === 'HEAD' ? candidates('GET') : found;
  return chosen.filter((ours) => bySpecificity(ours.route, chosen[0].route) === 0);
}

function typeNote(type: GraphQLInputType, defaultValue: unknown): string {
  const named = getNamedType(type);
  const notes = [...(named === GraphQLString ? [] : [named.name === Base64Scalar.name ? 'file' : named.name])];
  if (defaultValue !== undefined && defaultValue !== null) notes.push(`default ${JSON.stringify(defaultValue)}`);
  return notes.length ? ` (${notes.join(', ')})` : '';
}

const fieldsOf = (type: GraphQLInputType) => Object.values((getNamedType(type) as GraphQLInputObjectType).getFields());

/** What one operation route reads: path parameters, query parameters, and its body as JSON or XML, a form, multipart parts or query parameters. */
function operationReads(schema: GraphQLSchema, route: RestRoute, catalogueSegments: string[]): string[] {
  const { field } = rootField(schema, route.field);
  const segments = segmentsOf(route.path);
  const pathParams = segments.flatMap((segment) => (segment.startsWith(':') ? [segment.slice(1)] : []));
  const reads = segments.flatMap((segment, i) => {
    if (!segment.startsWith(':')) return [];
    const name = segment.slice(1);
    // A parameter of ours that takes a literal of the catalogue (`/repo/courses/{}/tutors`) reads that value.
    if (catalogueSegments[i] !== '{}') return [`path ${name} = ${catalogueSegments[i]}`];
    if (name === route.ancestorsIn) return [`path ${name} (one or more segments)`];
    const arg = field.args.find((candidate) => candidate.name === name);
    return [`path ${name}${arg ? typeNote(arg.type, undefined) : ''}`];
  });
  const argument = (arg: GraphQLArgument) => {
    if (arg.name === route.extraQueryArg) return ['query any other name (as a property filter)'];
    if (pathParams.includes(arg.name)) return [];
    if (arg.name !== route.bodyArg) return [`query ${arg.name}${typeNote(arg.type, arg.defaultValue)}`];
    const fields = fieldsOf(arg.type);
    const takesDocument = !route.multipartBody || route.formBody || route.queryBody || route.streamedUpload;
    return [
      ...(takesDocument ? [`body ${String(arg.type).replace(/!/g, '')} (JSON or XML)`] : []),
      ...(route.formBody ? fields.map((input) => `form ${input.name}${typeNote(input.type, input.defaultValue)}`) : []),
      ...(route.multipartBody ? fields.map((input) => `multipart ${input.name}${typeNote(input.type, input.defaultValue)}`) : []),
      ...(route.queryBody ? fields.map((input) => `query ${input.name}${typeNote(input.type, input.defaultValue)} (without a body)`) : []),
    ];
  };
  for (const arg of field.args) reads.push(...argument(arg));
  if (route.paging) reads.push(`header Accept …;pagingspec=1.0 (${route.paging === 'required' ? 'required: 406 without' : 'a page instead of the list'})`);
  if (route.file && route.method === 'GET') reads.push('header If-Modified-Since (304)');
  if (route.conditional) reads.push('header If-None-Match, If-Modified-Since (304)');
  return reads;
}

function openReads(route: OpenRoute): string[] {
  const pathParams = route.path.split('/').flatMap((segment) => (segment.startsWith(':') ? [`path ${segment.slice(1)}`] : []));
  return [...pathParams, ...(route.query ?? []).map((parameter) => `query ${parameter.name}`)];
}

export function ourReads(schema: GraphQLSchema, endpoint: string): string[] | undefined {
  const routes = routesFor(schema, endpoint);
  if (routes.length === 0) return undefined;
  const catalogueSegments = segmentsOf(endpoint.split(' ')[1]);
  return [...new Set(routes.flatMap((our) => (our.kind === 'operation' ? operationReads(schema, our.route, catalogueSegments) : openReads(our.route))))];
}

/** A table cell: markdown and HTML characters written as text, one line. */
const cell = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');
const list = (items: string[]) => (items.length ? items.map(cell).join('<br>') : '—');

/** docs/parity.md as the catalogue, the data files and the route table make it now. */
export function renderParity(schema: GraphQLSchema = buildGatewaySchema()): string {
  const catalogue = readCatalogue();
  const data = readData();
  const families = [...new Set(catalogue.map((line) => line.family))];
  const rowOf = (line: CatalogueEndpoint) => data.get(line.family)?.find((row) => row.endpoint === line.endpoint);
  const swept = catalogue.filter((line) => rowOf(line));
  const matching = swept.filter((line) => rowOf(line)!.deviations.length === 0);
  const deviations = swept.reduce((sum, line) => sum + rowOf(line)!.deviations.length, 0);

  const out: string[] = [
    '# Parity with OpenOLAT',
    '',
    '<!-- Generated by `npm run parity` (scripts/parity.ts) from scripts/parity/catalogue-endpoints.txt, scripts/parity/data/*.ts and the route table; do not edit. -->',
    '',
    "One row per endpoint of OpenOLAT's REST catalogue (scripts/parity/catalogue-endpoints.txt), family by family in the catalogue's order:",
    'the OpenOLAT JAX-RS method it mirrors, what that method reads besides the path, what our route reads (computed from the route table,',
    'src/rest/routes, and the arguments of the GraphQL operation behind each route), and the deviations.',
    '',
    'A **deviation** is a difference a client can notice (a parameter we ignore or refuse that OpenOLAT reads, a status code, a default,',
    'a field), written as what differs — why it stays. Error message texts and refusals of what OpenOLAT would store broken are not deviations.',
    'A family whose data file (scripts/parity/data/<family>.ts) does not exist yet is listed as "not yet swept".',
    '',
    'Regenerate with `npm run parity` after changing a data file or a route; test/parity.test.ts fails while this file is stale.',
    '',
    `- Endpoints: ${catalogue.length}`,
    `- Swept: ${swept.length}; not yet swept: ${catalogue.length - swept.length}`,
    `- Endpoints that match OpenOLAT: ${matching.length}`,
    `- Deviations: ${deviations} (on ${swept.length - matching.length} endpoints)`,
    '',
  ];
  for (const family of families) {
    const lines = catalogue.filter((line) => line.family === family);
    const rows = lines.map(rowOf);
    const familyDeviations = rows.reduce((sum, row) => sum + (row?.deviations.length ?? 0), 0);
    out.push(`## ${family}`, '');
    out.push(data.has(family) ? `${lines.length} endpoints, ${familyDeviations} deviations.` : `${lines.length} endpoints, not yet swept.`, '');
    out.push('| Endpoint | OpenOLAT | OpenOLAT reads | We read | Deviations |', '| --- | --- | --- | --- | --- |');
    lines.forEach((line, i) => {
      const row = rows[i];
      const ours = ourReads(schema, line.endpoint);
      const endpoint = `\`${line.endpoint}\`${line.note ? ` (${cell(line.note)})` : ''}`;
      const weRead = ours === undefined ? 'no route' : list(ours);
      if (!row) return void out.push(`| ${endpoint} | not yet swept | | ${weRead} | not yet swept |`);
      const deviationCell = row.deviations.length ? row.deviations.map((deviation) => cell(`${deviation.what} — ${deviation.why}`)).join('<br>') : 'none';
      out.push(`| ${endpoint} | ${cell(row.openolat)} | ${list(row.reads)} | ${weRead} | ${deviationCell} |`);
    });
    out.push('');
  }
  out.push('## Beyond the catalogue', '');
  out.push(
    "OpenOLAT's web services the catalogue leaves out (scripts/parity/beyond-catalogue.ts, from a sweep of its JAX-RS packages): served or not, and why.",
    '',
  );
  out.push('| Web service | OpenOLAT | Paths | Here | Why |', '| --- | --- | --- | --- | --- |');
  for (const entry of BEYOND_CATALOGUE)
    out.push(
      `| ${cell(entry.service)} | ${cell(entry.openolat)} | ${list(entry.paths.map((one) => `\`${one}\``))} | ${entry.served ? 'served' : 'not served'} | ${cell(entry.reason)} |`,
    );
  out.push('');
  return out.join('\n');
}

if (require.main === module) {
  fs.mkdirSync(path.dirname(PARITY_DOC), { recursive: true });
  fs.writeFileSync(PARITY_DOC, renderParity());
  process.stderr.write(`parity: wrote ${path.relative(process.cwd(), PARITY_DOC)}\n`);
}
