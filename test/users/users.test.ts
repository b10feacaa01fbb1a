import { buildUser, uniqueLogin } from '../factories';
import { JSON_TYPE, XML_TYPE, basic, call, cookieOf, graphql } from '../support/http';
import { startTestService, type TestService, adminAuth } from '../support/service';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const search = async (query: string) => {
  const reply = await call(t.base, 'GET', `/restapi/users?${query}`, { headers: asAdmin });
  expect(reply.status).toBe(200);
  return (reply.json as { login: string }[]).map((user) => user.login);
};

describe('PUT /users validation (406 with a list of ErrorVO)', () => {
  it('lists every failing field; a login that fails the syntax check is answered alone, as OpenOLAT does', async () => {
    const reply = await call(t.base, 'PUT', '/restapi/users', { headers: asAdmin, body: { login: uniqueLogin(), email: 'broken' } });
    expect(reply.status).toBe(406);
    expect(reply.json.map((e: { code: string }) => e.code)).toEqual([
      'org.olat.core:new.form.mandatory:firstName',
      'org.olat.core:new.form.mandatory:lastName',
      'org.olat.user.propertyhandlers:form.name.email.error.valid',
    ]);
    const shortLogin = await call(t.base, 'PUT', '/restapi/users', { headers: asAdmin, body: { login: 'ab', email: 'broken' } });
    expect(shortLogin.status).toBe(406);
    expect(shortLogin.json).toEqual([{ code: 'org.olat.admin.user:new.error.loginname.empty', translation: expect.any(String) }]);
    const viaGraphql = await graphql(t.base, adminAuth(), 'mutation ($u: UserVOInput!) { createUser(user: $u) { key } }', {
      u: { login: uniqueLogin(), email: 'broken' },
    });
    expect(viaGraphql.body.errors[0].extensions.errors.map((e: { code: string }) => e.code)).toEqual([
      'org.olat.core:new.form.mandatory:firstName',
      'org.olat.core:new.form.mandatory:lastName',
      'org.olat.user.propertyhandlers:form.name.email.error.valid',
    ]);
  });

  it('refuses a login that is taken, whatever its case, in XML too', async () => {
    const user = await buildUser(t);
    const reply = await call(t.base, 'PUT', '/restapi/users', {
      headers: { ...adminAuth(), ...XML_TYPE },
      contentType: 'application/xml',
      body: `<userVO><login>${user.login.toUpperCase()}</login><firstName>A</firstName><lastName>B</lastName><email>${uniqueLogin()}@example.org</email></userVO>`,
    });
    expect(reply.status).toBe(406);
    expect(reply.text).toContain('<errorVOs><errorVO><code>org.olat.admin.user:new.error.loginname.choosen</code>');
  });

  it('never returns the password', async () => {
    const user = await buildUser(t);
    const reply = await call(t.base, 'GET', `/restapi/users/${user.key}`, { headers: asAdmin });
    expect(reply.text).not.toContain(user.password);
    expect(reply.json).not.toHaveProperty('password');
  });
});

describe('GET /users search', () => {
  it('searches logins with implicit contains, * wildcards and "quoted" exact values', async () => {
    const stem = uniqueLogin('srch');
    const logins: string[] = [];
    for (const suffix of ['alpha', 'alphabet', 'beta']) {
      const login = `${stem}-${suffix}`;
      logins.push(login);
      await call(t.base, 'PUT', '/restapi/users', { headers: asAdmin, body: { login, firstName: 'S', lastName: suffix, email: `${login}@example.org` } });
    }
    expect(await search(`login=${stem}-alpha`)).toEqual([`${stem}-alpha`, `${stem}-alphabet`]);
    expect(await search(`login=${encodeURIComponent(`"${stem}-alpha"`)}`)).toEqual([`${stem}-alpha`]);
    expect(await search(`login=${stem}*bet`)).toEqual([`${stem}-alphabet`, `${stem}-beta`]);
  });

  it('finds by externalId exactly, by authentication, by status and by user properties', async () => {
    const user = await buildUser(t, {}, { externalId: `EXT-${uniqueLogin()}`, properties: { institutionalName: 'Uni Zurich' } });
    const ext = (await call(t.base, 'GET', `/restapi/users/${user.key}`, { headers: asAdmin })).json.externalId;
    expect(await search(`externalId=${ext}`)).toEqual([user.login]);
    expect(await search(`externalId=${ext.slice(0, -1)}`)).toEqual([]);
    expect(await search(`authProvider=OLAT&authUsername=${user.login}`)).toEqual([user.login]);
    // authProvider alone keeps the people with an authentication of that provider.
    expect(await search(`authProvider=OLAT&login=${user.login}`)).toEqual([user.login]);
    expect(await search(`authProvider=LDAP&login=${user.login}`)).toEqual([]);
    expect(await search(`institutionalName=Zuri&login=${user.login}`)).toEqual([user.login]);
    expect(await search(`institutionalName=Basel&login=${user.login}`)).toEqual([]);
    expect(await search(`email=${encodeURIComponent(`"${user.login}@example.org"`)}`)).toEqual([user.login]);

    await call(t.base, 'POST', `/restapi/users/${user.key}/status`, { headers: asAdmin, body: { status: 103 } });
    expect(await search(`login=${user.login}`)).toEqual([]);
    expect(await search(`login=${user.login}&statusVisibleLimit=all`)).toEqual([user.login]);
    expect(await search(`login=${user.login}&status=103`)).toEqual([user.login]);
  });

  it('ignores parameters that name no user property of the REST context (a cache buster), on GraphQL too, as OpenOLAT does', async () => {
    const user = await buildUser(t, {}, { properties: { institutionalName: 'Uni Bern', favouriteColour: 'green' } });
    expect(await search(`login=${user.login}&_=12345`)).toEqual([user.login]);
    expect(await search(`login=${user.login}&favouriteColour=blue`)).toEqual([user.login]);
    expect(await search(`login=${user.login}&institutionalName=Basel&_=1`)).toEqual([]);
    expect(await search(`nickName=${encodeURIComponent(`"${user.login}"`)}&_=1`)).toEqual([user.login]);
    const xml = await call(t.base, 'GET', `/restapi/users?login=${user.login}&_=12345`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(xml.status).toBe(200);
    expect(xml.text).toContain(`<login>${user.login}</login>`);
    const query = 'query ($login: String, $p: [UserPropertyInput!]) { users(login: $login, properties: $p) { login } }';
    const ignored = await graphql(t.base, adminAuth(), query, { login: user.login, p: [{ name: '_', value: '12345' }] });
    expect(ignored.body.data.users).toEqual([{ login: user.login }]);
    const filtered = await graphql(t.base, adminAuth(), query, { login: user.login, p: [{ name: 'institutionalName', value: 'Basel' }] });
    expect(filtered.body.data.users).toEqual([]);
  });

  it('admits statusVisibleLimit=all and statuses past the visible limit for user managers only, as OpenOLAT does', async () => {
    const inactive = await buildUser(t);
    await call(t.base, 'POST', `/restapi/users/${inactive.key}/status`, { headers: asAdmin, body: { status: 103 } });
    const author = await buildUser(t, { author: true });
    const asAuthor = async (query: string) =>
      (
        (await call(t.base, 'GET', `/restapi/users?login=${inactive.login}&${query}`, { headers: { ...author.auth, ...JSON_TYPE } })).json as {
          login: string;
        }[]
      ).map((user) => user.login);
    expect(await asAuthor('statusVisibleLimit=all')).toEqual([]);
    expect(await asAuthor('status=103')).toEqual([]);
    expect(await search(`login=${inactive.login}&status=103`)).toEqual([inactive.login]);
    expect(await search(`login=${inactive.login}&statusVisibleLimit=ALL`)).toEqual([inactive.login]);
    // authProvider with authUsername finds that authentication's person alone, whatever else is sent.
    expect(await search(`authProvider=OLAT&authUsername=${inactive.login}&login=someone-else&city=Nowhere`)).toEqual([inactive.login]);
    const viaGraphql = await graphql(t.base, author.auth, 'query ($l: String) { users(login: $l, status: 103) { login } }', { l: inactive.login });
    expect(viaGraphql.body.data.users).toEqual([]);
  });

  it('treats % and _ in search values literally', async () => {
    expect(await search('login=%25')).toEqual([]);
  });

  it('refuses search values longer than 255 characters (400 in the client format, on GraphQL too) and takes 255', async () => {
    const long = 'a'.repeat(256);
    expect(await search(`login=${'a'.repeat(255)}`)).toEqual([]);
    const json = await call(t.base, 'GET', `/restapi/users?login=${long}`, { headers: asAdmin });
    expect(json.status).toBe(400);
    expect(json.json).toEqual({ code: 'BAD_REQUEST', translation: 'the search value login is longer than 255 characters' });
    const xml = await call(t.base, 'GET', `/restapi/users?firstName=${long}`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(xml.status).toBe(400);
    expect(xml.text).toContain('the search value firstName is longer than 255 characters');
    const entries = await call(t.base, 'GET', `/restapi/repo/entries/search?name=${long}`, { headers: asAdmin });
    expect(entries.status).toBe(400);
    expect(entries.json.translation).toBe('the search value name is longer than 255 characters');
    const reply = await graphql(t.base, adminAuth(), 'query ($login: String) { users(login: $login) { key } }', { login: long });
    expect(reply.body.errors[0]).toMatchObject({ message: 'the search value login is longer than 255 characters', extensions: { code: 'BAD_REQUEST' } });
  });
});

describe('reading and changing one user', () => {
  it('shows other users without e-mail and properties to a plain user, in full to the user themself', async () => {
    const me = await buildUser(t, {}, { properties: { telOffice: '123' } });
    const other = await buildUser(t);
    const ofOther = await call(t.base, 'GET', `/restapi/users/${other.key}`, { headers: { ...me.auth, ...JSON_TYPE } });
    expect(ofOther.json).toMatchObject({ login: other.login, email: null, properties: [] });
    const ofMe = await call(t.base, 'GET', `/restapi/users/${me.key}`, { headers: { ...me.auth, ...JSON_TYPE } });
    expect(ofMe.json).toMatchObject({ email: `${me.login}@example.org`, properties: [{ name: 'telOffice', value: '123' }] });
  });

  it('updates names, e-mail and properties but not the login; externalId only when given', async () => {
    const user = await buildUser(t, {}, { externalId: 'KEEP' });
    const reply = await call(t.base, 'POST', `/restapi/users/${user.key}`, {
      headers: asAdmin,
      body: {
        login: 'renamed',
        firstName: 'New',
        lastName: 'Name',
        email: `${user.login}@new.example.org`,
        externalId: '',
        properties: [{ name: 'city', value: 'Bern' }],
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      login: user.login,
      firstName: 'New',
      lastName: 'Name',
      externalId: 'KEEP',
      properties: [{ name: 'city', value: 'Bern' }],
    });
  });

  it('answers an update without body with 204, as OpenOLAT does, and changes nothing', async () => {
    const user = await buildUser(t, {}, { externalId: 'KEPT' });
    const read = async () => (await call(t.base, 'GET', `/restapi/users/${user.key}`, { headers: asAdmin })).json;
    const before = await read();
    expect(before).toMatchObject({ key: user.key, login: user.login, firstName: 'Test', lastName: user.login, externalId: 'KEPT' });
    const reply = await call(t.base, 'POST', `/restapi/users/${user.key}`, { headers: asAdmin });
    expect([reply.status, reply.text]).toEqual([204, '']);
    expect(await read()).toEqual(before);
  });

  it('deletes a user, who then cannot authenticate', async () => {
    const user = await buildUser(t);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: user.auth })).status).toBe(200);
    expect((await call(t.base, 'DELETE', `/restapi/users/${user.key}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/users/${user.key}`, { headers: asAdmin })).status).toBe(404);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: user.auth })).status).toBe(401);
    expect((await call(t.base, 'DELETE', `/restapi/users/${user.key}`, { headers: asAdmin })).status).toBe(404);
  });
});

describe('roles and status', () => {
  it('reads and sets roles in the default organisation; the user may read their own', async () => {
    const user = await buildUser(t);
    const set = await call(t.base, 'POST', `/restapi/users/${user.key}/roles`, {
      headers: asAdmin,
      body: { author: true, groupManager: true, systemAdmin: true },
    });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ author: true, groupManager: true, systemAdmin: false, olatAdmin: false, userManager: false });
    const own = await call(t.base, 'GET', `/restapi/users/${user.key}/roles`, { headers: { ...user.auth, ...XML_TYPE } });
    expect(own.text).toContain(
      '<rolesVO><systemAdmin>false</systemAdmin><olatAdmin>false</olatAdmin><userManager>false</userManager><groupManager>true</groupManager><author>true</author>',
    );
  });

  it('lets only administrators grant the administrator role; a user manager grants only a role she holds', async () => {
    const manager = await buildUser(t, { userManager: true });
    const user = await buildUser(t);
    const reply = await call(t.base, 'POST', `/restapi/users/${user.key}/roles`, { headers: { ...manager.auth, ...JSON_TYPE }, body: { olatAdmin: true } });
    expect(reply.status).toBe(403);
    const notHeld = await call(t.base, 'POST', `/restapi/users/${user.key}/roles`, { headers: { ...manager.auth, ...JSON_TYPE }, body: { author: true } });
    expect(notHeld.status).toBe(403);
    const authoringManager = await buildUser(t, { userManager: true, author: true });
    const allowed = await call(t.base, 'POST', `/restapi/users/${user.key}/roles`, {
      headers: { ...authoringManager.auth, ...JSON_TYPE },
      body: { author: true },
    });
    expect(allowed.status).toBe(200);
  });

  it('a deactivated user cannot authenticate and loses sessions and token; reactivated they can again', async () => {
    const user = await buildUser(t);
    const first = await call(t.base, 'GET', '/restapi/users/me', { headers: user.auth });
    const cookie = cookieOf(first);
    const token = first.headers.get('x-service-token')!;
    const status = await call(t.base, 'POST', `/restapi/users/${user.key}/status`, { headers: asAdmin, body: { status: 103 } });
    expect(status.json).toEqual({ status: 103 });
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: user.auth })).status).toBe(401);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: { 'X-SERVICE-TOKEN': token } })).status).toBe(401);
    await call(t.base, 'POST', `/restapi/users/${user.key}/status`, { headers: asAdmin, body: { status: 2 } });
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: basic(user.login, user.password) })).status).toBe(200);
  });

  it('refuses unknown status values', async () => {
    const user = await buildUser(t);
    expect((await call(t.base, 'POST', `/restapi/users/${user.key}/status`, { headers: asAdmin, body: { status: 7 } })).status).toBe(406);
  });
});
