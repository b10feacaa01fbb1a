import type { RestRoute } from '../src/rest/route';
import { ROUTES } from '../src/rest/routes';
import { buildGatewaySchema } from '../src/schema/build';
import { buildCatalogEntry } from './catalog/support';
import { buildOrganisation, buildRelationRole, buildTaxonomy, buildTaxonomyLevel, buildUser } from './factories';
import { JSON_TYPE, call } from './support/http';
import { BODY_OBJECTS, nameOf, placementOf, type Values } from './support/object-routes';
import { pathOf } from './support/operations';
import { adminAuth, startTestService, testConfig, type TestService } from './support/service';
import { ROUTE_VALUES, WORLDS, acceptFor, queryOf, restBodyOf, type Shared } from './support/two-owners';

/*
 * OpenOLAT reads the parameters and fields it declares (Jersey's @QueryParam and @FormParam, its
 * MultipartReader) and ignores every other name: a cache-busting `_=12345`, a field a client sends
 * by habit. For every route of the route table that takes query parameters, a form, a multipart
 * body or the query as its body, the request is sent as is and with an unknown query parameter (and
 * an unknown form or multipart text field): a read must answer the same status and body, a write
 * (each on fresh objects) the same status. The gateway's own routes (`strictQuery`) are not OpenOLAT's: they refuse
 * an unknown parameter (test/strict-parameters.test.ts).
 */

const UNKNOWN_QUERY = '_=12345';
const UNKNOWN_FIELD = 'notReadByOpenOLAT';
const EPOCH_2020 = Date.UTC(2020, 0, 1);

/** Routes left out, with the reason. */
const SKIPPED: Record<string, string> = {};

let schema: ReturnType<typeof buildGatewaySchema> | undefined;

/** The route's arguments that are neither in its path nor its body: REST takes them as query parameters. */
function queryArguments(route: RestRoute): string[] {
  schema ??= buildGatewaySchema();
  const [kind, field] = route.field.split('.');
  const args = (kind === 'Query' ? schema.getQueryType() : schema.getMutationType())!.getFields()[field].args.map((arg) => arg.name);
  const inPath = new Set((route.path.match(/:\w+/g) ?? []).map((param) => param.slice(1)));
  return args.filter((name) => !inPath.has(name) && name !== route.bodyArg);
}

const takesParameters = (route: RestRoute) =>
  queryArguments(route).length > 0 || route.formBody || route.multipartBody || route.queryBody || route.extraQueryArg !== undefined;

/** OpenOLAT's routes; the gateway's own refuse an unknown parameter (test/strict-parameters.test.ts). */
const ROUTES_WITH_PARAMETERS = ROUTES.filter((route) => takesParameters(route) && !route.strictQuery);

/** How a client sends the route's body: the multipart form, the HTML form, the query parameters, JSON, or none. */
type Shape = 'multipart' | 'form' | 'query' | 'json' | 'none';
const shapeOf = (route: RestRoute): Shape =>
  route.multipartBody ? 'multipart' : route.formBody ? 'form' : route.queryBody ? 'query' : route.bodyArg ? 'json' : 'none';

const joined = (query: string, more: string) => (more ? `${query}${query ? '&' : '?'}${more}` : query);

/** The request of the route on these values, as is or with the names OpenOLAT does not read. */
function requestOf(route: RestRoute, values: Values, unknown: boolean, shape = shapeOf(route)): { path: string; body?: unknown; contentType?: string } {
  const bodyValues = BODY_OBJECTS[nameOf(route)]?.[0].body(values);
  let query = queryOf(route, values);
  let body: unknown;
  let contentType: string | undefined;
  if (shape === 'multipart') {
    const form = restBodyOf(route, bodyValues) as FormData;
    // A text field only: OpenOLAT's MultipartReader takes every part with a file name as the file (the last one wins, here the first).
    if (unknown) form.append(UNKNOWN_FIELD, 'x');
    body = form;
  } else if (shape === 'form' || shape === 'query') {
    // The fields as text (dates as ISO-8601, the sample's epoch milliseconds are numbers); a file (Base64) is sent only in a multipart form.
    const { file: _file, ...fields } = restBodyOf(route, bodyValues) as Values;
    const text = (value: unknown) => (typeof value === 'number' && value > EPOCH_2020 ? new Date(value).toISOString() : String(value));
    const form = new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, text(value)]));
    if (shape === 'query') query = joined(query, form.toString());
    else {
      if (unknown) form.append(UNKNOWN_FIELD, 'x');
      [body, contentType] = [form.toString(), 'application/x-www-form-urlencoded'];
    }
  } else if (shape === 'json') body = restBodyOf(route, bodyValues);
  if (unknown) query = joined(query, UNKNOWN_QUERY);
  return { path: `${pathOf(route, values)}${query}`, body, contentType };
}

let t: TestService;
let shared: Shared;
/** Values of the routes no world of the two-owners net takes (lists, searches, imports): a person and a catalog entry. */
let exemptValues: Values;

beforeAll(async () => {
  // Sync jobs stay queued (no runner): a list of them reads the same twice.
  t = await startTestService({ sync: { ...testConfig().sync, run: false, dryRunWaitSeconds: 0 } });
  shared = {
    taxonomyLevelKey: await buildTaxonomyLevel(t, await buildTaxonomy(t)),
    relationRoleKey: await buildRelationRole(t),
    organisationKey: await buildOrganisation(t),
  };
  const person = await buildUser(t);
  const webhook = await call(t.base, 'PUT', '/restapi/webhooks', {
    headers: { ...adminAuth(), ...JSON_TYPE },
    body: { url: 'https://hooks.example.org/unknown-parameters', active: false },
  });
  const job = await call(t.base, 'POST', '/restapi/sync?dryRun=true', {
    headers: { ...adminAuth(), ...JSON_TYPE },
    body: { groups: [{ externalId: 'unknown-parameters', name: 'Unknown parameters' }] },
  });
  exemptValues = {
    jobKey: job.json.key,
    identityKey: person.key,
    username: person.login,
    path: String(await buildCatalogEntry(t)),
    login: person.login,
    webhookKey: webhook.json.key,
    from: webhook.json.cursor,
  };
});
afterAll(() => t.stop());

/** Fresh objects for one request of the route: its world's (as the two-owners net builds them), else the shared values. */
async function valuesFor(route: RestRoute): Promise<Values> {
  const placement = placementOf(route);
  const overrides = ROUTE_VALUES[nameOf(route)]?.() ?? {};
  const base = placement.kind === 'case' ? (await WORLDS[placement.world].foreign(t, shared)).values : exemptValues;
  return { ...base, ...overrides };
}

async function send(route: RestRoute, values: Values, unknown: boolean, shape?: Shape) {
  const request = requestOf(route, values, unknown, shape);
  return call(t.base, route.method, request.path, {
    headers: { ...adminAuth(), ...acceptFor(route) },
    body: request.body,
    contentType: request.contentType,
  });
}

/** A read: a GET or HEAD of a query (the adaptation GET changes roll calls: a write). */
const isRead = (route: RestRoute) => (route.method === 'GET' || route.method === 'HEAD') && route.field.startsWith('Query.');

it('the table has routes that take parameters, and each is tested or skipped with a reason', () => {
  expect(ROUTES_WITH_PARAMETERS.length).toBeGreaterThan(90);
  expect(Object.keys(SKIPPED).filter((name) => !ROUTES_WITH_PARAMETERS.some((route) => nameOf(route) === name))).toEqual([]);
});

describe.each(ROUTES_WITH_PARAMETERS.filter((route) => !SKIPPED[nameOf(route)]).map((route) => [nameOf(route), route] as const))('%s', (_name, route) => {
  if (isRead(route)) {
    it(`answers the same status and body with ${UNKNOWN_QUERY}`, async () => {
      const values = await valuesFor(route);
      const plain = await send(route, values, false);
      const extra = await send(route, values, true);
      expect(plain.status).toBeLessThan(500);
      expect({ status: extra.status, body: extra.text }).toEqual({ status: plain.status, body: plain.text });
    });
  } else {
    it(`answers the same status with ${UNKNOWN_QUERY}${shapeOf(route) === 'form' || shapeOf(route) === 'multipart' ? ' and unknown form fields' : ''}, on fresh objects`, async () => {
      const plain = await send(route, await valuesFor(route), false);
      const extra = await send(route, await valuesFor(route), true);
      expect(plain.status).toBeLessThan(400);
      expect({ status: extra.status, body: extra.status >= 400 ? extra.text : '' }).toEqual({
        status: plain.status,
        body: plain.status >= 400 ? plain.text : '',
      });
    });
  }
});

/*
 * OpenOLAT's @FormParam methods: Jersey's servlet container takes the query parameters as the form
 * when the request carries none (WebComponent.filterFormParameters), as OpenOLAT's load-test client
 * sends POST /repo/courses/{id}/configuration?calendar=true&chat=false. Each such route answers the
 * fields as query parameters without a body as it answers them as a form (on fresh objects).
 */
/** Routes whose sample form is refused (the refusal must then be the same), with the reason. */
const REFUSED_AS_FORM: Record<string, string> = {
  'POST /repo/courses/:courseKey/elements/singlepage': 'the sample names no page of the course folder (path), which a form must: 406 either way',
};

describe.each(ROUTES.filter((route) => route.formBody && route.queryBody).map((route) => [nameOf(route), route] as const))('%s', (_name, route) => {
  it('takes the query parameters as its form when no body is sent', async () => {
    const form = await send(route, await valuesFor(route), false, 'form');
    const query = await send(route, await valuesFor(route), false, 'query');
    if (REFUSED_AS_FORM[nameOf(route)]) expect({ status: query.status, body: query.text }).toEqual({ status: form.status, body: form.text });
    else expect(form.status).toBeLessThan(400);
    expect(query.status).toBe(form.status);
  });
});
