import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { sharedTemplates } from '../src/rest/openapi';
import { OPEN_ROUTES, ROUTES } from '../src/rest/routes';
import { JSON_TYPE, call } from './support/http';
import { restBody, sampleBody } from './support/operations';
import { ADMIN, startTestService, type TestService, adminAuth } from './support/service';
import { buildBlock, buildRollCall } from './lectures/roll-call-fixtures';
import { buildUser } from './factories';

interface Operation {
  operationId: string;
  parameters: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
type Document = {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }>;
    securitySchemes: Record<string, Record<string, string>>;
  };
};

let t: TestService;
let doc: Document;
beforeAll(async () => {
  t = await startTestService();
  const reply = await call(t.base, 'GET', '/restapi/openapi.json', { headers: adminAuth() });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  doc = reply.json;
});
afterAll(() => t.stop());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
const SHARED = sharedTemplates([...ROUTES, ...OPEN_ROUTES].map((route) => route.path));
/** The path openapi.json lists a route under: its own, or the one it shares with paths that differ only in parameter names. */
const openApiPath = (path: string) => (SHARED.get(path) ?? path).replace(/:(\w+)/g, '{$1}');
const MEMBER_ROLES = ['authors', 'tutors', 'participants', 'owners', 'coaches', 'mastercoaches', 'curriculumelementowners'];
/** The paths openapi.json lists a route under: one per member list where the route has an enum `:role` (courses, entries, curriculum elements), as OpenOLAT's paths are. */
const documentedPaths = (route: { method: string; path: string }) => {
  const path = openApiPath(route.path);
  if (!path.includes('{role}') || doc.paths[path]?.[route.method.toLowerCase()]) return [path];
  const listed = MEMBER_ROLES.map((role) => path.replace('{role}', role)).filter((rolePath) => doc.paths[rolePath]?.[route.method.toLowerCase()]);
  expect({ route: `${route.method} ${route.path}`, roles: listed.length }).toEqual({
    route: `${route.method} ${route.path}`,
    roles: route.path.startsWith('/curriculum/') ? 5 : 3,
  });
  return listed;
};

it('needs authentication', async () => {
  const reply = await call(t.base, 'GET', '/restapi/openapi.json');
  expect(reply.status).toBe(401);
  expect(reply.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
});

it('is a valid OpenAPI 3 document', async () => {
  expect(doc.openapi).toMatch(/^3\./);
  await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  expect(doc.servers).toEqual([{ url: '/restapi' }]);
  expect(doc.components.securitySchemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
  expect(doc.components.securitySchemes.serviceToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-SERVICE-TOKEN' });
  // an API key as `Bearer clientId:secret`; with OAuth configured also a JWT (test/oauth.test.ts)
  expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  expect(doc.components.securitySchemes.openIdConnect).toBeUndefined();
});

it('declares one tag per family, with a description, and tags every operation with one of them', () => {
  const declared = doc.tags.map((tag) => tag.name);
  expect(new Set(declared).size).toBe(declared.length);
  for (const tag of doc.tags) expect(tag.description).toMatch(/\w{3}/);
  const used = new Set(operations().flatMap(({ operation }) => (operation as Operation & { tags: string[] }).tags));
  expect([...used].sort()).toEqual([...declared].sort());
  expect(declared).toEqual(expect.arrayContaining(['users', 'groups', 'courses', 'lectures', 'taxonomy', 'curriculum', 'calendars', 'ping', 'auth', 'api']));
  expect((doc.paths['/repo/entries/{entry}/lectureblocks'].get as Operation & { tags: string[] }).tags).toEqual(['lectures']);
});

const ROOT = path.join(__dirname, '..');
/** Where the document is linted: the kept exceptions in .redocly.lint-ignore.yaml name this file. */
const LINTED = 'dist/openapi.json';

it("passes Redocly's recommended ruleset, but for the exceptions OpenOLAT's paths force (.redocly.lint-ignore.yaml)", () => {
  fs.mkdirSync(path.join(ROOT, path.dirname(LINTED)), { recursive: true });
  fs.writeFileSync(path.join(ROOT, LINTED), JSON.stringify(doc, null, 2));
  const lint = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', LINTED, '--format=json'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off' },
  });
  const report = JSON.parse(lint.stdout) as {
    totals: { errors: number; warnings: number; ignored: number };
    problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
  };
  expect(report.problems.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`)).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  expect(lint.status).toBe(0);
});

it('lists exactly the route table and the open routes', () => {
  const listed = operations()
    .map(({ method, path }) => `${method} ${path}`)
    .sort();
  const live = [...ROUTES, ...OPEN_ROUTES].flatMap((route) => documentedPaths(route).map((path) => `${route.method} ${path}`)).sort();
  expect(listed).toEqual(live);
  expect(listed).toContain('PUT /groups/{groupKey}/users/{identityKey}');
  // OpenOLAT names the last segment {identityKey} for GET and {competenceKey} for DELETE: one path, one name.
  const competences = '/taxonomy/{taxonomyKey}/levels/{taxonomyLevelKey}/competences/{identityKeyOrCompetenceKey}';
  expect(listed).toEqual(expect.arrayContaining([`GET ${competences}`, `DELETE ${competences}`]));
  expect(listed).toEqual(expect.arrayContaining(['PUT /repo/courses/{courseKey}/authors/{identityKey}', 'GET /repo/entries/{entry}/coaches']));
  expect(listed.filter((operation) => /^GET \/(repo|curriculum)\//.test(operation) && operation.includes('{role}'))).toEqual([]);
});

it('has unique operationIds and declares every path parameter', () => {
  const ids = operations().map(({ operation }) => operation.operationId);
  expect(new Set(ids).size).toBe(ids.length);
  for (const { path, operation } of operations()) {
    const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const declared = operation.parameters.filter((parameter) => parameter.in === 'path');
    expect(declared.map((parameter) => parameter.name).sort()).toEqual(inPath.sort());
    for (const parameter of declared) {
      expect(parameter.required).toBe(true);
      if (parameter.name.endsWith('Key')) expect(parameter.schema).toEqual({ type: 'integer', format: 'int64' });
    }
  }
});

it('describes request bodies in JSON and XML for the routes that take one', () => {
  for (const route of ROUTES) {
    const body = doc.paths[documentedPaths(route)[0]][route.method.toLowerCase()].requestBody;
    if (!route.bodyArg) {
      expect(body).toBeUndefined();
      continue;
    }
    if (route.multipartBody) {
      expect(Object.keys(body!.content)).toEqual(['multipart/form-data', ...(route.formBody ? ['application/x-www-form-urlencoded'] : [])]);
      expect(body!.content['multipart/form-data'].schema).toMatchObject({ type: 'object', properties: { file: { type: 'string', format: 'binary' } } });
      continue;
    }
    const forms = route.formBody ? ['application/x-www-form-urlencoded'] : [];
    expect(Object.keys(body!.content).sort()).toEqual(['application/json', 'application/xml', ...forms].sort());
    const input = { $ref: expect.stringMatching(/^#\/components\/schemas\/\w+Input$/) };
    const schema = body!.content['application/json'].schema as { type?: string };
    expect(schema).toEqual(schema.type === 'array' ? { type: 'array', items: input } : input);
  }
});

it('documents success and error answers', () => {
  const participant = doc.paths['/groups/{groupKey}/participants/{identityKey}'].put.responses;
  expect(Object.keys(participant)).toEqual(expect.arrayContaining(['200', '304', '401', '403', '404']));
  expect(participant['200'].content).toBeUndefined();
  const create = doc.paths['/users'].put.responses;
  expect(Object.keys(create['200'].content!).sort()).toEqual(['application/json', 'application/xml']);
  expect(Object.keys(create)).toEqual(expect.arrayContaining(['400', '401', '403', '406', '413', '415']));
  expect(doc.components.schemas.ErrorVO.properties).toEqual({ code: { type: 'string' }, translation: { type: 'string' } });
  expect(doc.paths['/ping'].get).toMatchObject({ security: [] });
});

it('documents file answers: the image types on GET, the headers alone on HEAD', () => {
  const portrait = doc.paths['/users/{identityKey}/portrait'] as Record<string, Operation & { responses: Record<string, { headers?: object }> }>;
  expect(Object.keys(portrait.get.responses['200'].content!)).toEqual(['image/jpeg', 'image/jpg', 'application/octet-stream']);
  expect(portrait.get.responses['200'].headers).toHaveProperty('Last-Modified');
  expect(Object.keys(portrait.get.responses)).toEqual(expect.arrayContaining(['304', '404', '406']));
  expect(portrait.head.responses['200'].content).toBeUndefined();
  expect(Object.keys(portrait.head.responses['200'].headers!)).toEqual(['Last-Modified', 'Content-Type', 'Content-Length']);
  const size = doc.paths['/users/{identityKey}/portrait/{size}'].head.parameters.find((parameter) => parameter.name === 'size');
  expect(size).toMatchObject({ in: 'path', required: true, schema: { $ref: '#/components/schemas/PortraitSize' } });
  expect(doc.components.schemas.PortraitSize).toMatchObject({ type: 'string', enum: ['master', 'big', 'small'] });
});

it('hides GraphQL-only fields from the wire schemas', () => {
  const group = doc.components.schemas.GroupVO;
  expect(Object.keys(group.properties)).toEqual(expect.arrayContaining(['key', 'name', 'managedFlags']));
  expect(group.properties).not.toHaveProperty('managedFlagsInEffect');
  expect(group.required).not.toContain('managedFlagsInEffect');
  expect(doc.components.schemas).not.toHaveProperty('Query');
  expect(doc.components.schemas).not.toHaveProperty('Mutation');
});

/** Collection PUTs that only change an existing element (roll calls cannot be created through the interface). */
const UPDATE_ONLY = new Set(['/repo/lectures/rollcalls']);

/** Values of path parameters that are not keys: words the routes take. */
const WORDS: Record<string, string> = { username: ADMIN.login, role: 'users', name: 'sample', filename: 'logo.svg' };

/**
 * A value for every `{…Key}` of the document, derived from the parameter names alone: the key of
 * the first element of the collection the key addresses (`/groups/{groupKey}` → `GET /groups`).
 * Every collection gets an element first, from its PUT with the access test's sample body.
 */
async function samplePathValues(): Promise<Record<string, string | number>> {
  const asAdmin = { ...adminAuth(), ...JSON_TYPE };
  for (const route of ROUTES.filter((route) => route.method === 'PUT' && route.bodyArg && !route.path.includes(':') && !UPDATE_ONLY.has(route.path))) {
    const created = await call(t.base, 'PUT', `/restapi${route.path}`, { headers: asAdmin, body: sampleBody(route) });
    expect({ route: route.path, status: created.status }).toEqual({ route: route.path, status: 200 });
  }
  // A sync job is submitted with POST (a dry run: it writes nothing); GET /sync lists it.
  const job = await call(t.base, 'POST', '/restapi/sync?dryRun=true', { headers: asAdmin, body: { groups: [{ externalId: 'openapi', name: 'OpenAPI' }] } });
  expect(job.status).toBe(200);
  const values: Record<string, string | number> = { ...WORDS };
  // Collections below an element (`/taxonomy/{taxonomyKey}/levels`) get theirs once the element is known: a few rounds.
  const filled = (path: string) =>
    /\{(\w+)\}/.test(path.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)))
      ? null
      : path.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
  for (let round = 0; round < 3; round++) {
    for (const path of Object.keys(doc.paths)) {
      for (const match of path.matchAll(/\{(\w+Key)\}/g)) {
        const collection = path.slice(0, match.index - 1);
        const url = filled(collection);
        if (match[1] in values || url === null || !doc.paths[collection]?.get) continue;
        const nested = ROUTES.find((route) => route.method === 'PUT' && route.bodyArg && route.path.includes(':') && openApiPath(route.path) === collection);
        if (nested) await call(t.base, 'PUT', `/restapi${url}`, { headers: asAdmin, body: sampleBody(nested) });
        const listed = (await call(t.base, 'GET', `/restapi${url}`, { headers: asAdmin })).json;
        // A list, or a wrapper holding one (`{"taxonomies": [...], "totalCount": n}`).
        const items = Array.isArray(listed) ? listed : (Object.values(listed ?? {}).find(Array.isArray) as { key: number }[] | undefined);
        if (items?.length) values[match[1]] = items[0].key;
      }
    }
  }
  // A repository entry is addressed by its key or softkey (`{entry}`), not a `…Key`.
  values.entry = (await call(t.base, 'GET', '/restapi/repo/entries', { headers: asAdmin })).json[0].key;
  // A catalog entry is addressed by a path of keys ending with its own (`{path}`): the root.
  values.path = (await call(t.base, 'GET', '/restapi/catalog', { headers: asAdmin })).json[0].key;
  // A course element is addressed by its node id: the root of the sampled course, parent of the sample elements too.
  values.nodeId = (await call(t.base, 'GET', `/restapi/repo/courses/${values.courseKey}`, { headers: asAdmin })).json.editorRootNodeId;
  // A curriculum element lives below a curriculum (sampled above); the sampled entry is linked to it.
  const element = await call(t.base, 'PUT', `/restapi/curriculum/${values.curriculumKey}/elements`, {
    headers: asAdmin,
    body: { displayName: 'Sampled element' },
  });
  values.elementKey = element.json.key;
  values.repositoryEntryKey = values.entry;
  // Lecture blocks: one of the sampled element, in the sampled course (lectures enabled, linked to the element while the block is created; a prerequisite links it again).
  const lectureEntry = (await call(t.base, 'GET', `/restapi/repo/courses/${values.courseKey}`, { headers: asAdmin })).json.repoEntryKey as number;
  await call(t.base, 'POST', `/restapi/repo/entries/${lectureEntry}/lectureblocks/configuration`, { headers: asAdmin, body: { lectureEnabled: true } });
  await call(t.base, 'PUT', `/restapi/curriculum/${values.curriculumKey}/elements/${values.elementKey}/entries/${lectureEntry}`, { headers: asAdmin });
  const block = await call(t.base, 'PUT', `/restapi/curriculum/${values.curriculumKey}/elements/${values.elementKey}/lectureblocks`, {
    headers: asAdmin,
    body: { title: 'Sampled block', repoEntryKey: lectureEntry },
  });
  values.lectureBlockKey = block.json.key;
  await call(t.base, 'DELETE', `/restapi/curriculum/${values.curriculumKey}/elements/${values.elementKey}/entries/${lectureEntry}`, { headers: asAdmin });
  // Roll calls are not created through the interface: one of the sampled person in a closed block of the sampled entry (linked to the element below).
  const rollCallBlock = await buildBlock(t, Number(values.entry), { status: 'done', rollCallStatus: 'closed' });
  values.rollCallKey = await buildRollCall(t, rollCallBlock, Number(values.identityKey), { lecturesAttendedNumber: 2 });
  // GET reads a person where DELETE reads a competence (the path is shared): the sampled person.
  values.identityKeyOrCompetenceKey = values.identityKey;
  // A calendar is addressed by `{type}_{id}`: the administrator's own.
  values.calendarId = `user_${ADMIN.login}`;
  // A calendar feed is addressed by its token: the administrator's feed of their own calendar.
  const me = (await call(t.base, 'GET', '/restapi/users/me', { headers: asAdmin })).json.key;
  const feed = await call(t.base, 'PUT', `/restapi/users/${me}/calendars/user_${ADMIN.login}/feed`, { headers: asAdmin });
  values.token = `${String(feed.json.url).split('/').pop()}`;
  // Files too: each upload route stores its sample file at the sampled element (a portrait for GET /users/{k}/portrait).
  for (const route of ROUTES.filter((route) => route.multipartBody)) {
    const path = `/restapi${openApiPath(route.path).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]))}`;
    expect((await call(t.base, route.method, path, { headers: asAdmin, body: restBody(route, { parentNodeId: values.nodeId }) })).status).toBe(200);
  }
  return values;
}

/** GET routes that answer 200 only after a write: the write, with its sample body, goes first. */
const PREREQUISITES: Record<string, string> = {
  'GET /groups/{groupKey}/news': 'POST /groups/{groupKey}/configuration',
  'GET /repo/courses/{courseKey}/groups/{groupKey}': 'PUT /repo/courses/{courseKey}/groups/{groupKey}',
  'GET /catalog/{path}/owners/{identityKey}': 'PUT /catalog/{path}/owners/{identityKey}',
  'GET /curriculum/{curriculumKey}/elements/{elementKey}/entries/{repositoryEntryKey}':
    'PUT /curriculum/{curriculumKey}/elements/{elementKey}/entries/{repositoryEntryKey}',
  // Calendars answer 404 while the group's calendar tool is off or the course calendar disabled.
  'GET /repo/courses/{courseKey}/calendar/events': 'PUT /repo/courses/{courseKey}/configuration',
  'GET /repo/courses/{resourceKey}/statements/{identityKey}': 'PUT /repo/courses/{resourceKey}/statements/{identityKey}',
};

/** The sampled objects, made once for the tests below. */
let sampled: Promise<Record<string, string | number>> | undefined;
const sampledPathValues = () => (sampled ??= samplePathValues());

it('every GET route it lists answers 200 to the administrator, in a documented media type', async () => {
  const pathValues = await sampledPathValues();
  const queryValues: Record<string, string> = { password: ADMIN.password, username: ADMIN.login, role: 'participant' };
  const fill = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => String(pathValues[name]));
  for (const write of Object.values(PREREQUISITES)) {
    const route = ROUTES.find((candidate) => `${candidate.method} ${openApiPath(candidate.path)}` === write)!;
    const reply = await call(t.base, route.method, `/restapi${fill(openApiPath(route.path))}`, {
      headers: { ...adminAuth(), ...JSON_TYPE },
      body: sampleBody(route),
    });
    expect({ write, status: reply.status }).toEqual({ write, status: 200 });
  }
  // The sampled group's calendar tool on, its news tool kept (GET /groups/{groupKey}/calendar/events answers 404 while the tool is off).
  const tools = await call(t.base, 'POST', `/restapi/groups/${pathValues.groupKey}/configuration`, {
    headers: { ...adminAuth(), ...JSON_TYPE },
    body: { tools: ['hasNews', 'hasCalendar'] },
  });
  expect(tools.status).toBe(200);

  const gets = operations().filter(({ method }) => method === 'GET');
  expect(gets.length).toBeGreaterThan(10);
  for (const { path, operation } of gets) {
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (!(name in pathValues)) throw new Error(`no value for {${name}} in ${path}: no GET of its collection lists an element`);
      return String(pathValues[name]);
    });
    const query = operation.parameters.filter((parameter) => parameter.in === 'query' && parameter.name in queryValues);
    const search = new URLSearchParams(query.map((parameter) => [parameter.name, queryValues[parameter.name]])).toString();
    const paged = ROUTES.some((route) => route.method === 'GET' && openApiPath(route.path) === path && route.paging === 'required');
    const accept = paged
      ? { Accept: 'application/json; pagingspec=1.0' }
      : operation.responses['200'].content!['application/json']
        ? JSON_TYPE
        : { Accept: '*/*' };
    const reply = await call(t.base, 'GET', `/restapi${url}${search ? `?${search}` : ''}`, { headers: { ...adminAuth(), ...accept } });
    expect({ path, status: reply.status }).toEqual({ path, status: 200 });
    const mediaType = reply.headers.get('content-type')!.split(';')[0];
    expect(Object.keys(operation.responses['200'].content!)).toContain(mediaType);
  }
});

it('every JSON request body has an example, and each is accepted as shown', async () => {
  // The writes change a person's password and status: someone other than the administrator the test calls as.
  const person = await buildUser(t);
  const pathValues: Record<string, string | number> = { ...(await sampledPathValues()), identityKey: person.key, username: person.login };
  const withBodies = operations().filter(({ operation }) => (operation as { requestBody?: unknown }).requestBody);
  expect(withBodies.length).toBeGreaterThan(50);
  const refused: { method: string; path: string; status: number; answer: string }[] = [];
  for (const { method, path, operation } of withBodies) {
    const content = (operation as unknown as { requestBody: { content: Record<string, { example?: unknown }> } }).requestBody.content;
    if (!content['application/json']) continue;
    if (!('example' in content['application/json'])) refused.push({ method, path, status: 0, answer: 'no example' });
    // The collection PUTs sent these same examples when the objects were sampled, and got 200.
    if (method === 'PUT' && !path.includes('{')) continue;
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => String(pathValues[name]));
    const example = content['application/json'].example as Record<string, unknown> | undefined;
    const reply = await call(t.base, method, `/restapi${url}`, {
      headers: { ...adminAuth(), ...JSON_TYPE },
      // A course element's parent is named by its node id, which the example cannot know: the sampled course's root.
      body: example && 'parentNodeId' in example ? { ...example, parentNodeId: pathValues.nodeId } : example,
    });
    // Accepted: not refused for its body. A uniqueness conflict with what the sampling made (the same e-mail) is the state, not the body.
    const conflicts = reply.status === 406 && (reply.json as { code: string }[]).every((error) => /\.exists$/.test(error.code));
    if (!conflicts && ([400, 406, 415, 422].includes(reply.status) || reply.status >= 500))
      refused.push({ method, path, status: reply.status, answer: reply.text.slice(0, 300) });
  }
  expect(refused).toEqual([]);
});
