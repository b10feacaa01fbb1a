import { type TestUser, buildGroup, buildUser, uniqueLogin } from './factories';
import { JSON_TYPE, XML_TYPE, basic, call, cookieOf, type Headers } from './support/http';
import { startTestService, type TestService, adminAuth } from './support/service';

let t: TestService;
let manager: TestUser;
beforeAll(async () => {
  t = await startTestService();
  manager = await buildUser(t, { userManager: true, groupManager: true });
});
afterAll(() => t.stop());

const tokenLogin = async () => {
  const reply = await call(t.base, 'GET', `/restapi/auth/${manager.login}?password=${encodeURIComponent(manager.password)}`);
  expect(reply.status).toBe(200);
  expect(reply.text).toMatch(new RegExp(`<hello identityKey="${manager.key}">Hello ${manager.login}</hello>`));
  return reply.headers.get('x-service-token')!;
};

/** The four ways a client keeps its authentication (source document, "Authentication"), as a user and group manager. */
const authMethods: Record<string, () => Promise<Headers>> = {
  basic: async () => manager.auth,
  token: async () => ({ 'X-SERVICE-TOKEN': await tokenLogin() }),
  'session cookie': async () => {
    const reply = await call(t.base, 'GET', '/restapi/users/me', { headers: manager.auth });
    const cookie = cookieOf(reply);
    expect(cookie).toMatch(/^JSESSIONID=/);
    return { Cookie: cookie };
  },
  'link token': async () => {
    const token = await tokenLogin();
    const followed = await call(t.base, 'GET', `/restapi/users/me?X-SERVICE-TOKEN=${token}`);
    expect(followed.status).toBe(200);
    return { Cookie: cookieOf(followed) };
  },
};

describe.each(Object.keys(authMethods))('golden path with %s', (method) => {
  it('creates a user, lists groups and adds the user to a group, in JSON', async () => {
    const auth = await authMethods[method]();
    const groupKey = await buildGroup(t);
    const login = uniqueLogin();
    const created = await call(t.base, 'PUT', '/restapi/users', {
      headers: { ...auth, ...JSON_TYPE },
      body: { login, password: 'secret-1', firstName: 'Jane', lastName: 'Doe', email: `${login}@example.org` },
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ login, firstName: 'Jane', lastName: 'Doe' });
    expect(typeof created.json.key).toBe('number');
    expect(created.json).not.toHaveProperty('password');

    const groups = await call(t.base, 'GET', '/restapi/groups', { headers: { ...auth, ...JSON_TYPE } });
    expect(groups.status).toBe(200);
    expect(groups.json.map((g: { key: number }) => g.key)).toContain(groupKey);

    const added = await call(t.base, 'PUT', `/restapi/groups/${groupKey}/users/${created.json.key}`, { headers: auth });
    expect(added.status).toBe(200);
    const participants = await call(t.base, 'GET', `/restapi/groups/${groupKey}/participants`, { headers: { ...auth, ...JSON_TYPE } });
    expect(participants.json.map((u: { login: string }) => u.login)).toEqual([login]);
  });

  it('does the same in XML', async () => {
    const auth = await authMethods[method]();
    const groupKey = await buildGroup(t);
    const login = uniqueLogin();
    const created = await call(t.base, 'PUT', '/restapi/users', {
      headers: { ...auth, ...XML_TYPE },
      contentType: 'application/xml',
      body: `<?xml version="1.0" encoding="UTF-8"?><userVO><login>${login}</login><password>secret-1</password><firstName>Jane</firstName><lastName>Doe</lastName><email>${login}@example.org</email></userVO>`,
    });
    expect(created.status).toBe(200);
    expect(created.headers.get('content-type')).toMatch(/^application\/xml/);
    const key = Number(created.text.match(/<key>(\d+)<\/key>/)![1]);
    expect(created.text).toContain(`<login>${login}</login>`);
    expect(created.text).not.toContain('password');

    const groups = await call(t.base, 'GET', '/restapi/groups', { headers: { ...auth, ...XML_TYPE } });
    expect(groups.text).toMatch(/^<\?xml[^>]*\?><groupVOs><groupVO>/);
    expect(groups.text).toContain(`<key>${groupKey}</key>`);

    expect((await call(t.base, 'PUT', `/restapi/groups/${groupKey}/users/${key}`, { headers: auth })).status).toBe(200);
    const participants = await call(t.base, 'GET', `/restapi/groups/${groupKey}/participants`, { headers: { ...auth, ...XML_TYPE } });
    expect(participants.text).toContain(`<userVOs><userVO><key>${key}</key><login>${login}</login>`);
  });
});

it('the created user can log in with the password given in the body', async () => {
  const login = uniqueLogin();
  await call(t.base, 'PUT', '/restapi/users', {
    headers: { ...adminAuth(), ...JSON_TYPE },
    body: { login, password: 'first-pass', firstName: 'A', lastName: 'B', email: `${login}@example.org` },
  });
  const me = await call(t.base, 'GET', '/restapi/users/me', { headers: { ...basic(login, 'first-pass'), ...JSON_TYPE } });
  expect(me.status).toBe(200);
  expect(me.json.login).toBe(login);
  expect((await call(t.base, 'GET', '/restapi/users/me', { headers: basic(login, 'wrong') })).status).toBe(401);
});
