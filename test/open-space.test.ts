import { renderApiDoc } from '../src/rest/api-doc-page';
import type { OpenApiDocument } from '../src/rest/openapi';
import { call } from './support/http';
import { startTestService, type TestService, adminAuth } from './support/service';

type Document = { paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, { content?: Record<string, unknown> }> }>> };

let t: TestService;
let doc: Document;
beforeAll(async () => {
  t = await startTestService();
  doc = (await call(t.base, 'GET', '/restapi/openapi.json', { headers: adminAuth() })).json;
});
afterAll(() => t.stop());

const HTML = { Accept: 'text/html' };
const typeOf = (reply: { headers: globalThis.Headers }) => reply.headers.get('content-type')?.split(';')[0];

describe('GET /api/doc', () => {
  it('is an HTML page without credentials that names every path of openapi.json', async () => {
    const page = await call(t.base, 'GET', '/restapi/api/doc');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toMatch(/^<!DOCTYPE html>/);
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(expect.arrayContaining(['/users', '/groups/{groupKey}/users/{identityKey}', '/api/doc', '/openapi.json']));
    expect(paths.filter((path) => !page.text.includes(`<code>${path}</code>`))).toEqual([]);
    expect(page.text).toContain('X-SERVICE-TOKEN');
    expect(page.text).toContain('id="schema-UserVO"');
  });

  it('serves the files it refers to under /api/doc/{filename} and /api/{filename}; other names are 404', async () => {
    const page = await call(t.base, 'GET', '/restapi/api/doc');
    const sources = [...page.text.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toEqual(['/restapi/api/doc/logo.svg']);
    for (const path of [...sources, '/restapi/api/logo.svg']) {
      const file = await call(t.base, 'GET', path);
      expect({ path, status: file.status, type: typeOf(file) }).toEqual({ path, status: 200, type: 'image/svg+xml' });
      expect(file.text).toContain('<svg');
    }
    for (const path of ['/restapi/api/doc/nothing.jpg', '/restapi/api/nothing.jpg', '/restapi/api/doc/..%2Fpackage.json']) {
      expect({ path, status: (await call(t.base, 'GET', path)).status }).toEqual({ path, status: 404 });
    }
  });
});

it('the page escapes what the document says', () => {
  const page = renderApiDoc({
    openapi: '3.0.0',
    info: { title: 'T<i>', version: '1"' },
    servers: [{ url: '/restapi' }],
    security: [{ basicAuth: [] }],
    tags: [{ name: 'a&b', description: 'what `a` <i>does</i>' }],
    paths: {
      '/a/{x}': {
        get: {
          operationId: 'a',
          tags: ['a&b'],
          summary: '<script>alert(1)</script>',
          parameters: [{ name: 'x', in: 'path', required: true, schema: { type: 'string' }, description: 'the `x` <b>' }],
          responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/V' } } } } },
        },
      },
    },
    components: {
      schemas: { V: { type: 'object', properties: { f: { type: 'string', description: '"q"' } } } },
      securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' } },
    },
  } as OpenApiDocument);
  expect(page).not.toMatch(/<script|<i>|<b>/);
  expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(page).toContain('the <code>x</code> &lt;b&gt;');
  expect(page).toContain('<a href="#schema-V">V</a>');
  expect(page).toContain('id="tag-a_b">a&amp;b</h2>\n<p>what <code>a</code> &lt;i&gt;does&lt;/i&gt;</p>');
});

describe('GET /api/copyright', () => {
  it('answers text without an Accept, and for one that names neither text nor HTML', async () => {
    for (const headers of [{}, { Accept: '*/*' }, { Accept: 'text/plain' }, { Accept: 'application/json' }] as Record<string, string>[]) {
      const reply = await call(t.base, 'GET', '/restapi/api/copyright', { headers });
      expect(reply.status).toBe(200);
      expect(typeOf(reply)).toBe('text/plain');
      expect(reply.text).toContain("compatible with OpenOLAT's REST API");
      expect(reply.text).not.toContain('<');
    }
  });

  it('answers HTML when Accept prefers text/html or application/xhtml+xml', async () => {
    const browser = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const [headers, type] of [
      [HTML, 'text/html'],
      [browser, 'text/html'],
      [{ Accept: 'application/xhtml+xml' }, 'application/xhtml+xml'],
      [{ Accept: 'text/plain;q=0.5, text/html' }, 'text/html'],
    ] as const) {
      const reply = await call(t.base, 'GET', '/restapi/api/copyright', { headers });
      expect({ accept: headers.Accept, type: typeOf(reply) }).toEqual({ accept: headers.Accept, type });
      expect(reply.text).toMatch(/^<!DOCTYPE html>/);
      expect(reply.text).toContain("compatible with OpenOLAT's REST API");
      expect(reply.headers.get('vary')).toMatch(/Accept/);
    }
  });
});

describe('openapi.json and the try-it page', () => {
  it('openapi.json needs authentication', async () => {
    expect((await call(t.base, 'GET', '/restapi/openapi.json')).status).toBe(401);
    const reply = await call(t.base, 'GET', '/restapi/openapi.json', { headers: adminAuth() });
    expect(reply.status).toBe(200);
    expect(typeOf(reply)).toBe('application/json');
  });

  it('the try-it page answers without credentials', async () => {
    const page = await call(t.base, 'GET', '/restapi/api-docs/');
    expect(page.status).toBe(200);
    expect(typeOf(page)).toBe('text/html');
    expect(page.text).toContain('swagger-ui');
  });

  it('describes the open space as it answers: open pages in their media types, openapi.json behind authentication', () => {
    const media = (path: string) => Object.keys(doc.paths[path].get.responses['200'].content!);
    expect(media('/api/doc')).toEqual(['text/html']);
    expect(media('/api/copyright')).toEqual(['text/plain', 'text/html', 'application/xhtml+xml']);
    expect(media('/api/doc/{filename}')).toEqual(['image/svg+xml']);
    expect(media('/api/{filename}')).toEqual(['image/svg+xml']);
    expect(media('/api-docs/')).toEqual(['text/html']);
    expect(media('/openapi.json')).toEqual(['application/json']);
    for (const path of ['/api/doc', '/api/copyright', '/api/doc/{filename}', '/api/{filename}', '/api-docs/']) expect(doc.paths[path].get.security).toEqual([]);
    expect(doc.paths['/openapi.json'].get.security).toBeUndefined();
    expect(doc.paths['/openapi.json'].get.responses).toHaveProperty('401');
  });
});

describe('with the REST interface switched off', () => {
  let off: TestService;
  beforeAll(async () => {
    off = await startTestService({ restEnabled: false });
  });
  afterAll(() => off.stop());

  it('the open space still answers; other paths are 403', async () => {
    expect((await call(off.base, 'GET', '/restapi/users/me', { headers: adminAuth() })).status).toBe(403);
    expect((await call(off.base, 'GET', '/restapi/openapi.json', { headers: adminAuth() })).status).toBe(403);
    for (const [path, type] of [
      ['/restapi/api/doc', 'text/html'],
      ['/restapi/api/doc/logo.svg', 'image/svg+xml'],
      ['/restapi/api/logo.svg', 'image/svg+xml'],
      ['/restapi/api/copyright', 'text/plain'],
      ['/restapi/api/version', 'text/plain'],
      ['/restapi/api-docs/', 'text/html'],
    ]) {
      const reply = await call(off.base, 'GET', path);
      expect({ path, status: reply.status, type: typeOf(reply) }).toEqual({ path, status: 200, type });
    }
  });
});
