import type { AddressInfo } from 'node:net';
import express from 'express';
import { Client } from 'pg';
import { graphqlExplorer } from '../../src/graphql/explorer';
import { call } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';
import { sql } from '../../src/db/sql';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

const HTML = { Accept: 'text/html' };

async function identitiesLike(pattern: string): Promise<number> {
  const client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    return (await client.query('select count(*)::int as n from identity where login like $1', [pattern])).rows[0].n as number;
  } finally {
    await client.end();
  }
}

/** `prefix` + the byte 0xFF + `suffix`: not UTF-8. */
const invalid = (prefix: string, suffix: string) => Buffer.concat([Buffer.from(prefix), Buffer.from([0xff]), Buffer.from(suffix)]);

const send = async (path: string, method: string, headers: Record<string, string>, body: Buffer) => {
  const response = await fetch(`${t.base}${path}`, { method, headers: { ...adminAuth(), ...headers }, body: new Uint8Array(body) });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
};

describe('security headers', () => {
  it('the HTML pages carry a content security policy and helmet headers', async () => {
    for (const [path, headers] of [
      ['/restapi/api-docs/', {}],
      ['/graphql', HTML],
      ['/restapi/api/doc', HTML],
    ] as const) {
      const reply = await call(t.base, 'GET', path, { headers });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      const policy = reply.headers.get('content-security-policy') ?? '';
      expect(policy).toMatch(/default-src '(self|none)'/);
      expect(policy).not.toContain('unsafe-eval');
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
    }
    const explorer = await call(t.base, 'GET', '/graphql', { headers: HTML });
    expect(explorer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(explorer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('the explorer is 404 in production (introspection is off there)', async () => {
    const app = express().use('/graphql', graphqlExplorer({ production: true }), (_req, res) => void res.status(401).end());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await call(base, 'GET', '/graphql', { headers: HTML })).status).toBe(404);
      expect((await call(base, 'GET', '/graphql/explorer/graphiql.js')).status).toBe(404);
      expect((await call(base, 'GET', '/graphql/explorer/init.js')).status).toBe(404);
      // Operations go on as before.
      expect((await call(base, 'GET', '/graphql', { headers: { Accept: 'application/json' } })).status).toBe(401);
    } finally {
      server.close();
    }
  });

  it('the try-it page serves the files it loads and no other file of its package', async () => {
    for (const file of [
      'swagger-ui.css',
      'swagger-ui-bundle.js',
      'swagger-ui-standalone-preset.js',
      'index.css',
      'favicon-32x32.png',
      'swagger-initializer.js',
    ]) {
      expect({ file, status: (await call(t.base, 'GET', `/restapi/api-docs/${file}`)).status }).toEqual({ file, status: 200 });
    }
    for (const file of ['package.json', 'README.md', 'swagger-ui-bundle.js.map', 'swagger-ui.js', 'oauth2-redirect.html', 'absolute-path.js']) {
      expect({ file, status: (await call(t.base, 'GET', `/restapi/api-docs/${file}`)).status }).toEqual({ file, status: 404 });
    }
  });

  it('/metrics is 404 unless METRICS_TOKEN is set', async () => {
    expect((await call(t.base, 'GET', '/metrics', { headers: adminAuth() })).status).toBe(404);
  });
});

describe('invalid UTF-8 in a body', () => {
  it('is a 400 in the client format and writes nothing: REST JSON and XML, GraphQL', async () => {
    const json = await send(
      '/restapi/users',
      'PUT',
      { 'Content-Type': 'application/json', Accept: 'application/json' },
      Buffer.concat([
        Buffer.from('{"login":"'),
        invalid('utf8-json', ''),
        Buffer.from('","password":"pw-12345678","firstName":"A","lastName":"B","email":"u1@example.org"}'),
      ]),
    );
    expect(json.status).toBe(400);
    expect(json.type).toMatch(/json/);
    expect(json.text).toContain('UTF-8');
    const xml = await send(
      '/restapi/users',
      'PUT',
      { 'Content-Type': 'application/xml', Accept: 'application/xml' },
      Buffer.concat([
        Buffer.from('<user><login>'),
        invalid('utf8-xml', ''),
        Buffer.from('</login><password>pw-12345678</password><firstName>A</firstName><lastName>B</lastName><email>u2@example.org</email></user>'),
      ]),
    );
    expect(xml.status).toBe(400);
    expect(xml.type).toMatch(/xml/);
    const gql = await send(
      '/graphql',
      'POST',
      { 'Content-Type': 'application/json' },
      Buffer.concat([
        Buffer.from('{"query":"mutation { createUser(user: {login: \\"'),
        invalid('utf8-gql', ''),
        Buffer.from('\\", password: \\"pw-12345678\\", firstName: \\"A\\", lastName: \\"B\\", email: \\"u3@example.org\\"}) { key } }"}'),
      ]),
    );
    expect(gql.status).toBe(400);
    expect(await identitiesLike('utf8-%')).toBe(0);
    // The same bodies in valid UTF-8 create the user: the refusal is the encoding's.
    const valid = await send(
      '/restapi/users',
      'PUT',
      { 'Content-Type': 'application/json', Accept: 'application/json' },
      Buffer.from('{"login":"utf8-valid-ÿ","password":"pw-12345678","firstName":"A","lastName":"B","email":"u4@example.org"}'),
    );
    expect(valid.status).toBe(200);
    expect(await identitiesLike('utf8-%')).toBe(1);
  });
});

describe('control characters in text fields', () => {
  const user = (login: string, firstName: string) => ({ login, password: 'pw-12345678', firstName, lastName: 'B', email: `${login}@example.org` });

  it('are a 400 and write nothing, raw or escaped: REST JSON and XML, GraphQL literals and variables', async () => {
    const json = await call(t.base, 'PUT', '/restapi/users', { headers: { ...adminAuth(), Accept: 'application/json' }, body: user('ctl-json', 'A\u0001') });
    expect(json.status).toBe(400);
    expect(json.json.message ?? json.text).toContain('control character');
    const del = await call(t.base, 'PUT', '/restapi/users', { headers: { ...adminAuth(), Accept: 'application/json' }, body: user('ctl-del', 'A\u007f') });
    expect(del.status).toBe(400);
    for (const firstName of ['A&#x1;', 'A&#7;', 'A\u0008']) {
      const xml = await call(t.base, 'PUT', '/restapi/users', {
        headers: { ...adminAuth(), Accept: 'application/xml' },
        contentType: 'application/xml',
        body: `<user><login>ctl-xml</login><password>pw-12345678</password><firstName>${firstName}</firstName><lastName>B</lastName><email>x@example.org</email></user>`,
      });
      expect(xml.status).toBe(400);
      expect(xml.headers.get('content-type')).toMatch(/xml/);
    }
    const literal = await call(t.base, 'POST', '/graphql', {
      headers: adminAuth(),
      body: {
        query:
          'mutation { createUser(user: {login: "ctl-gql", password: "pw-12345678", firstName: "A\\u0007", lastName: "B", email: "g@example.org"}) { key } }',
      },
    });
    expect(literal.status).toBe(400);
    const variable = await call(t.base, 'POST', '/graphql', {
      headers: adminAuth(),
      body: { query: 'mutation M($user: UserVOInput!) { createUser(user: $user) { key } }', variables: { user: user('ctl-var', 'A\u0000') } },
    });
    expect(variable.status).toBe(400);
    expect(await identitiesLike('ctl-%')).toBe(0);
    // An escaped backslash before `u0007` is text, not an escape.
    const text = await call(t.base, 'POST', '/graphql', {
      headers: adminAuth(),
      body: {
        query:
          'mutation { createUser(user: {login: "ctl-ok", password: "pw-12345678", firstName: "A\\\\u0007", lastName: "B", email: "ok@example.org"}) { key } }',
      },
    });
    expect(text.status).toBe(200);
    expect(await identitiesLike('ctl-%')).toBe(1);
  });
});

describe('control characters and invalid UTF-8 outside a JSON or XML body', () => {
  const courses = async () =>
    Number((await sql<{ n: string }>(t.service.orm.em.fork(), "select count(*) as n from repository_entry where displayname like 'qs-%'"))[0].n);

  it('are a 400 and write nothing in query parameters that fill the body, in a form, in a multipart field and in a path', async () => {
    const before = await courses();
    const asked = { ...adminAuth(), Accept: 'application/json' };
    const query = await call(t.base, 'PUT', '/restapi/repo/courses?shortTitle=qs-a&title=qs-%01', { headers: asked });
    expect(query.status).toBe(400);
    expect(query.text).toContain('control character');
    const invalidUtf8 = await call(t.base, 'PUT', '/restapi/repo/courses?shortTitle=qs-b&title=qs-%FF%FE', { headers: asked });
    expect(invalidUtf8.status).toBe(400);
    expect(invalidUtf8.text).toContain('UTF-8');
    const form = new FormData();
    form.append('shortTitle', 'qs-c');
    form.append('longTitle', 'qs-\u0002');
    form.append('file', new Blob(['<html></html>']), 'page.html');
    const course = await call(t.base, 'PUT', '/restapi/repo/courses?shortTitle=qs-ok&title=qs-ok', { headers: asked });
    expect(course.status).toBe(200);
    const multipart = await call(t.base, 'PUT', `/restapi/repo/courses/${course.json.key}/elements/singlepage`, { headers: asked, body: form });
    expect(multipart.status).toBe(400);
    expect(multipart.text).toContain('control character');
    expect((await call(t.base, 'GET', '/restapi/repo/entries/a%01b', { headers: asked })).status).toBe(400);
    expect(await courses()).toBe(before + 1);
  });
});

describe('connections', () => {
  it('an idle keep-alive connection stays open 65 s, beyond the 60 s after which a load balancer in front closes its own', async () => {
    const response = await fetch(`${t.base}/restapi/ping`);
    await response.text();
    expect(response.headers.get('keep-alive')).toBe('timeout=65');
  });
});
