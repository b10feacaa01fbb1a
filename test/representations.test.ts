import { buildGroup, buildUser } from './factories';
import { JSON_TYPE, XML_TYPE, call } from './support/http';
import { startTestService, type TestService, adminAuth } from './support/service';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ bodyLimitBytes: 64 * 1024 });
});
afterAll(() => t.stop());

const admin = () => adminAuth();

describe('content negotiation', () => {
  it('answers XML without Accept and with */*, JSON with application/json', async () => {
    const none = await call(t.base, 'GET', '/restapi/users/me', { headers: admin() });
    expect(none.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(none.text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8" standalone="yes"\?><userVO><key>\d+<\/key><login>administrator<\/login>/);
    const any = await call(t.base, 'GET', '/restapi/users/me', { headers: { ...admin(), Accept: '*/*' } });
    expect(any.headers.get('content-type')).toMatch(/^application\/xml/);
    const json = await call(t.base, 'GET', '/restapi/users/me', { headers: { ...admin(), ...JSON_TYPE } });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.json.login).toBe('administrator');
  });

  it('honours q-values and refuses media types it cannot produce with 406', async () => {
    const preferJson = await call(t.base, 'GET', '/restapi/users/me', { headers: { ...admin(), Accept: 'application/xml;q=0.5, application/json' } });
    expect(preferJson.headers.get('content-type')).toMatch(/^application\/json/);
    const html = await call(t.base, 'GET', '/restapi/users/me', { headers: { ...admin(), Accept: 'text/html' } });
    expect(html.status).toBe(406);
  });

  it('writes UserVO fields in OpenOLAT order with the properties wrapper, keys as JSON numbers', async () => {
    const user = await buildUser(t, {}, { externalId: 'HR-1', properties: { institutionalName: 'Example & Co' } });
    const xml = await call(t.base, 'GET', `/restapi/users/${user.key}`, { headers: { ...admin(), ...XML_TYPE } });
    expect(xml.text).toContain(
      `<userVO><key>${user.key}</key><login>${user.login}</login><externalId>HR-1</externalId><firstName>Test</firstName><lastName>${user.login}</lastName><email>${user.login}@example.org</email><properties><property><name>institutionalName</name><value>Example &amp; Co</value></property></properties></userVO>`,
    );
    const json = await call(t.base, 'GET', `/restapi/users/${user.key}`, { headers: { ...admin(), ...JSON_TYPE } });
    expect(Object.keys(json.json)).toEqual(['key', 'login', 'externalId', 'firstName', 'lastName', 'email', 'portrait', 'properties']);
    expect(json.json.key).toBe(user.key);
    expect(json.json.portrait).toBeNull();
  });

  it('writes GroupVO without the GraphQL-only fields, nulls omitted in XML and kept in JSON', async () => {
    const key = await buildGroup(t, {
      name: 'Tutorial <A>',
      description: '<p>Tutorial A</p>',
      maxParticipants: 25,
      managedFlags: 'members,title',
      externalId: 'SIS-17',
    });
    const xml = await call(t.base, 'GET', `/restapi/groups/${key}`, { headers: admin() });
    expect(xml.text).toContain(
      `<groupVO><key>${key}</key><description>&lt;p&gt;Tutorial A&lt;/p&gt;</description><externalId>SIS-17</externalId><managedFlags>members,title</managedFlags><name>Tutorial &lt;A&gt;</name><type>LearningGroup</type><maxParticipants>25</maxParticipants></groupVO>`,
    );
    const json = await call(t.base, 'GET', `/restapi/groups/${key}`, { headers: { ...admin(), ...JSON_TYPE } });
    expect(json.json).toEqual({
      key,
      description: '<p>Tutorial A</p>',
      externalId: 'SIS-17',
      managedFlags: 'members,title',
      name: 'Tutorial <A>',
      type: 'LearningGroup',
      minParticipants: null,
      maxParticipants: 25,
    });
  });
});

describe('bad bodies', () => {
  const put = (body: string, contentType: string, accept = 'application/json') =>
    call(t.base, 'PUT', '/restapi/groups', { headers: { ...admin(), Accept: accept }, body, contentType });

  it('rejects a DOCTYPE with 400, before parsing', async () => {
    const reply = await put('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><groupVO><name>&a;</name></groupVO>', 'application/xml');
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe('BAD_REQUEST');
  });

  it('rejects malformed JSON and malformed XML with 400 in the client format', async () => {
    const json = await put('{"name": ', 'application/json');
    expect(json.status).toBe(400);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const xml = await put('<groupVO><name>x</groupVO>', 'application/xml', 'application/xml');
    expect(xml.status).toBe(400);
    expect(xml.text).toMatch(/<errorVO><code>BAD_REQUEST<\/code><translation>[^<]+<\/translation><\/errorVO>/);
  });

  it('rejects unknown JSON properties (Jackson) and wrongly typed values with 400; ignores unknown XML elements (JAXB)', async () => {
    expect((await put('{"name":"x","colour":"red"}', 'application/json')).status).toBe(400);
    const xml = await put('<groupVO colour="red"><name>x</name><colour>red</colour></groupVO>', 'application/xml');
    expect(xml.status).toBe(200);
    expect(xml.json).toMatchObject({ name: 'x' });
    expect((await put('<groupVO><name>x</name><maxParticipants>many</maxParticipants></groupVO>', 'application/xml')).status).toBe(400);
    expect((await put('{"name":"x","maxParticipants":"many"}', 'application/json')).status).toBe(400);
  });

  it('keeps leading zeros of strings from XML ("007" stays a string)', async () => {
    const reply = await put('<groupVO><name>007</name><externalId>007</externalId></groupVO>', 'application/xml');
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ name: '007', externalId: '007' });
  });

  it('answers 413 for bodies over the limit and 415 for other media types', async () => {
    const big = await put(JSON.stringify({ name: 'x', description: 'y'.repeat(100 * 1024) }), 'application/json');
    expect(big.status).toBe(413);
    expect(big.json.code).toBe('PAYLOAD_TOO_LARGE');
    const form = await put('name=x', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
  });

  it('never leaks SQL or stack traces', async () => {
    const replies = await Promise.all([
      put('{"name":"x","maxParticipants":99999999999}', 'application/json'),
      call(t.base, 'GET', '/restapi/users/99999999999999999999', { headers: { ...admin(), ...JSON_TYPE } }),
      call(t.base, 'GET', '/restapi/groups/abc', { headers: { ...admin(), ...JSON_TYPE } }),
    ]);
    for (const reply of replies) {
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(reply.text).not.toMatch(/select |insert |at .*\.(js|ts):\d+|stack/i);
    }
  });

  it('leaves nothing half-written when a create fails validation', async () => {
    const before = await call(t.base, 'GET', '/restapi/users?login=halfway', { headers: { ...admin(), ...JSON_TYPE } });
    const reply = await call(t.base, 'PUT', '/restapi/users', {
      headers: { ...admin(), ...JSON_TYPE },
      body: { login: 'halfway', password: 'x', firstName: 'A', lastName: 'B', email: 'not-an-email' },
    });
    expect(reply.status).toBe(406);
    const after = await call(t.base, 'GET', '/restapi/users?login=halfway', { headers: { ...admin(), ...JSON_TYPE } });
    expect(after.json).toEqual(before.json);
  });
});

describe('unknown resources', () => {
  it('answers 404 in the client format for unknown keys and paths', async () => {
    const user = await call(t.base, 'GET', '/restapi/users/987654', { headers: { ...admin(), ...JSON_TYPE } });
    expect(user.status).toBe(404);
    expect(user.json.code).toBe('NOT_FOUND');
    const group = await call(t.base, 'GET', '/restapi/groups/987654', { headers: { ...admin(), ...XML_TYPE } });
    expect(group.status).toBe(404);
    expect(group.text).toContain('<errorVO><code>NOT_FOUND</code>');
    expect((await call(t.base, 'GET', '/restapi/nothing-here', { headers: admin() })).status).toBe(404);
  });
});
