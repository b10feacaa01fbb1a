import { restWording } from '../../src/rest/errors';
import { buildCourse, buildUser } from '../factories';
import { call, XML_TYPE, JSON_TYPE } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

let t: TestService;
let courseKey: number;
let adminKey: number;
beforeAll(async () => {
  t = await startTestService();
  courseKey = (await buildCourse(t)).key;
  adminKey = (await call(t.base, 'GET', '/restapi/users/me', { headers: { ...adminAuth(), ...JSON_TYPE } })).json.key as number;
});
afterAll(() => t.stop());

type Format = 'json' | 'xml';

interface Probe {
  family: string;
  method: string;
  path: () => string;
  /** The body as JSON, and the same as XML. */
  json: Record<string, unknown>;
  xml: string;
  /** The formats that refuse it: an unknown element is ignored in XML (JAXB's unmarshaller skips it), an unknown JSON property refused (Jackson's default FAIL_ON_UNKNOWN_PROPERTIES, as in OpenOLAT). */
  formats?: Format[];
  /** The message expected in both formats. */
  message: string;
}

/** Each: a body that does not fit its route (unknown field, wrong type, missing field), as JSON and as XML. */
const JSON_ONLY: Format[] = ['json'];
const PROBES: Probe[] = [
  {
    family: 'users: unknown field',
    method: 'PUT',
    path: () => '/restapi/users',
    json: { login: 'rest-errors-a', firstName: 'A', lastName: 'B', email: 'a@example.org', a: 1 },
    xml: '<user><login>rest-errors-a</login><firstName>A</firstName><lastName>B</lastName><email>a@example.org</email><a>1</a></user>',
    message: 'unknown field "a" in the body',
    formats: JSON_ONLY,
  },
  {
    family: 'users: wrong type',
    method: 'PUT',
    path: () => '/restapi/users',
    json: { key: 'abc', login: 'rest-errors-b', firstName: 'A', lastName: 'B', email: 'b@example.org' },
    xml: '<user><key>abc</key><login>rest-errors-b</login><firstName>A</firstName><lastName>B</lastName><email>b@example.org</email></user>',
    message: 'field "key" in the body must be an integer',
  },
  {
    family: 'users: missing field',
    method: 'PUT',
    path: () => '/restapi/users',
    json: { login: 'rest-errors-c', firstName: 'A', lastName: 'B', email: 'c@example.org', properties: [{ value: 'x' }] },
    xml: '<user><login>rest-errors-c</login><firstName>A</firstName><lastName>B</lastName><email>c@example.org</email><properties><property><value>x</value></property></properties></user>',
    message: 'field "properties[0].name" in the body is required',
  },
  {
    family: 'groups: wrong type',
    method: 'PUT',
    path: () => '/restapi/groups',
    json: { name: 'g', maxParticipants: 'many' },
    xml: '<group><name>g</name><maxParticipants>many</maxParticipants></group>',
    message: 'field "maxParticipants" in the body must be an integer',
  },
  {
    family: 'groups: unknown field',
    method: 'PUT',
    path: () => '/restapi/groups',
    json: { name: 'g', owner: 'me' },
    xml: '<group><name>g</name><owner>me</owner></group>',
    message: 'unknown field "owner" in the body',
    formats: JSON_ONLY,
  },
  {
    family: 'courses: wrong type',
    method: 'PUT',
    path: () => '/restapi/repo/courses',
    json: { displayName: 'c', organisationKey: true },
    xml: '<course><displayName>c</displayName><organisationKey>true</organisationKey></course>',
    message: 'field "organisationKey" in the body must be an integer',
  },
  {
    family: 'curriculum: unknown field',
    method: 'PUT',
    path: () => '/restapi/curriculum',
    json: { displayName: 'c', identifier: 'c', colour: 'red' },
    xml: '<curriculum><displayName>c</displayName><identifier>c</identifier><colour>red</colour></curriculum>',
    message: 'unknown field "colour" in the body',
    formats: JSON_ONLY,
  },
  {
    family: 'lectures: wrong type (date)',
    method: 'PUT',
    path: () => `/restapi/repo/courses/${courseKey}/lectureblocks`,
    json: { title: 'b', startDate: 'next monday', endDate: 1_700_000_000_000 },
    xml: '<lectureBlock><title>b</title><startDate>next monday</startDate><endDate>2026-01-01T10:00:00Z</endDate></lectureBlock>',
    message: 'field "startDate" in the body must be a date (epoch milliseconds or ISO-8601)',
  },
  {
    family: 'lectures: wrong type (boolean)',
    method: 'PUT',
    path: () => `/restapi/repo/courses/${courseKey}/lectureblocks`,
    json: { title: 'b', compulsory: 'yes' },
    xml: '<lectureBlock><title>b</title><compulsory>yes</compulsory></lectureBlock>',
    message: 'field "compulsory" in the body must be true or false',
  },
  {
    family: 'calendars: wrong type',
    method: 'PUT',
    path: () => `/restapi/users/${adminKey}/calendars/user_${adminKey}/event`,
    json: { subject: 's', begin: 'soon', end: 1_700_000_000_000 },
    xml: '<event><subject>s</subject><begin>soon</begin><end>2026-01-01T10:00:00Z</end></event>',
    message: 'field "begin" in the body must be a date (epoch milliseconds or ISO-8601)',
  },
  {
    family: 'calendars: unknown field',
    method: 'PUT',
    path: () => `/restapi/users/${adminKey}/calendars/user_${adminKey}/event`,
    json: { subject: 's', room: 'A1' },
    xml: '<event><subject>s</subject><room>A1</room></event>',
    message: 'unknown field "room" in the body',
    formats: JSON_ONLY,
  },
];

const GRAPHQL_WORDS = ['Variable "$', 'VOInput', 'GraphQL', 'Input"', 'not defined by type'];

async function send(probe: Probe, format: Format) {
  return call(t.base, probe.method, probe.path(), {
    headers: { ...adminAuth(), ...(format === 'json' ? JSON_TYPE : XML_TYPE) },
    body: format === 'json' ? JSON.stringify(probe.json) : probe.xml,
    contentType: format === 'json' ? 'application/json' : 'application/xml',
  });
}

describe('REST errors speak REST', () => {
  for (const probe of PROBES) {
    for (const format of probe.formats ?? (['json', 'xml'] as const)) {
      it(`${probe.family} (${format}): 400 ErrorVO in the client's format`, async () => {
        const reply = await send(probe, format);
        expect(reply.status).toBe(400);
        for (const word of GRAPHQL_WORDS) expect(reply.text).not.toContain(word);
        if (format === 'json') {
          expect(reply.headers.get('content-type')).toMatch(/application\/json/);
          expect(reply.json).toEqual({ code: 'BAD_REQUEST', translation: probe.message });
        } else {
          expect(reply.headers.get('content-type')).toMatch(/application\/xml/);
          expect(reply.text).toContain('<errorVO><code>BAD_REQUEST</code>');
          expect(reply.text).toContain(`<translation>${probe.message}</translation>`);
        }
      });
    }
  }

  it('query and path parameters that do not fit: named as parameters', async () => {
    const headers = { ...adminAuth(), ...JSON_TYPE };
    const status = await call(t.base, 'GET', '/restapi/users?status=active', { headers });
    expect(status.status).toBe(400);
    expect(status.json).toEqual({ code: 'BAD_REQUEST', translation: 'query parameter "status" must be an integer' });
    const paged = await call(t.base, 'GET', '/restapi/repo/courses?start=x&limit=2', {
      headers: { ...adminAuth(), Accept: 'application/json; pagingspec=1.0' },
    });
    expect(paged.status).toBe(400);
    expect(paged.json.translation).toBe('query parameter "start" must be an integer');
    for (const word of GRAPHQL_WORDS) expect(status.text + paged.text).not.toContain(word);
  });

  it('a form, or query parameters that stand for the body, are named as such', async () => {
    const form = await call(t.base, 'POST', `/restapi/repo/courses/${courseKey}/lectureblocks`, {
      headers: { ...adminAuth(), ...JSON_TYPE },
      body: 'title=b&plannedLectures=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(400);
    expect(form.json).toEqual({ code: 'BAD_REQUEST', translation: 'form field "plannedLectures" must be an integer' });
    const query = await call(t.base, 'PUT', '/restapi/repo/courses?displayName=c&organisationKey=x', { headers: { ...adminAuth(), ...JSON_TYPE } });
    expect(query.status).toBe(400);
    expect(query.json).toEqual({ code: 'BAD_REQUEST', translation: 'query parameter "organisationKey" must be an integer' });
  });

  it('a Boolean parameter reads as Java reads it (Boolean.valueOf): true in any case is true, any other text false', async () => {
    const { key: entryKey, courseKey: lecturesCourse } = await buildCourse(t);
    const enabled = await call(t.base, 'POST', `/restapi/repo/entries/${entryKey}/lectureblocks/configuration`, {
      headers: { ...adminAuth(), ...JSON_TYPE },
      body: { lectureEnabled: true },
    });
    expect(enabled.status).toBe(200);
    for (const [text, read] of [
      ['TRUE', true],
      ['yes', false],
      ['', false],
    ] as const) {
      const reply = await call(t.base, 'POST', `/restapi/repo/courses/${lecturesCourse}/lectureblocks`, {
        headers: { ...adminAuth(), ...JSON_TYPE },
        body: `title=b&plannedLectures=1&startDate=2030-01-02T10:00:00Z&endDate=2030-01-02T11:00:00Z&compulsory=${text}`,
        contentType: 'application/x-www-form-urlencoded',
      });
      expect([reply.status, reply.json.compulsory]).toEqual([200, read]);
    }
  });

  it('a body that is not an object: 400 in REST words', async () => {
    const reply = await call(t.base, 'PUT', '/restapi/groups', { headers: { ...adminAuth(), ...JSON_TYPE }, body: '[1, 2]' });
    expect(reply.status).toBe(400);
    expect(reply.json.translation).toBe('the body must be an object');
  });

  it('the fields the services check keep their ErrorVO answers (406 for a user without login)', async () => {
    const reply = await call(t.base, 'PUT', '/restapi/users', {
      headers: { ...adminAuth(), ...JSON_TYPE },
      body: { firstName: 'A', lastName: 'B', email: 'x@example.org' },
    });
    expect(reply.status).toBe(406);
    expect(reply.json).toEqual([expect.objectContaining({ code: 'org.olat.admin.user:new.error.loginname.empty' })]);
  });

  it('whatever GraphQL still says never reaches a REST client as is', async () => {
    expect(restWording('Variable "$user" got invalid value { a: 1 }; Field "a" is not defined by type "UserVOInput".')).toBe(
      'the request does not fit the operation',
    );
    expect(restWording('Long cannot represent "x"')).toBe('the request does not fit the operation');
    expect(restWording('malformed JSON')).toBe('malformed JSON');
  });

  it('nothing was created by the refused bodies', async () => {
    const found = await call(t.base, 'GET', '/restapi/users?login=rest-errors-', { headers: { ...adminAuth(), ...JSON_TYPE } });
    expect(found.json).toEqual([]);
    // An admin user exists: the search itself works.
    expect((await buildUser(t)).key).toBeGreaterThan(0);
  });
});
