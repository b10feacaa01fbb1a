import { Authentication } from '../../src/entities/authentications';
import { Provider, UserStatus, type Identity } from '../../src/entities/users';
import { addOrganisationMember, buildOrganisation, buildRoleInAnotherOrganisation, buildUser, uniqueLogin, type TestUser } from '../factories';
import { JSON_TYPE, basic, call, graphql, type Headers } from '../support/http';
import { SAMPLE_BODIES, graphqlOf, pathOf, refusals, restBody, routeNamed, sampleBody } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Every user operation: its refusals and a success, on both transports for the reads. */

let t: TestService;
let plain: TestUser;
let target: TestUser;
let targetPasswordKey: number;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  target = await buildUser(t);
  targetPasswordKey = await passwordKeyOf(target);
  stranger = await buildRoleInAnotherOrganisation(t, 'usermanager');
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const as = (user: TestUser) => ({ ...user.auth, ...JSON_TYPE });
/** The refused caller is a plain user; the target is another plain user, whom they do not manage. */
const world =
  (values: Record<string, unknown> = {}) =>
  () => ({ t, values: { identityKey: target.key, authKey: targetPasswordKey, ...values }, forbidden: plain, stranger });

async function passwordKeyOf(user: TestUser): Promise<number> {
  return (await t.service.orm.em.fork().findOneOrFail(Authentication, { identity: user.key, provider: Provider.password })).id;
}

const me = (headers: Headers) => call(t.base, 'GET', '/restapi/users/me', { headers: { ...headers, ...JSON_TYPE } });

/** The route through REST, as the administrator unless told otherwise. */
function rest(name: string, values: Record<string, unknown>, options: { headers?: Headers; body?: unknown; query?: string; contentType?: string } = {}) {
  const route = routeNamed(name);
  return call(t.base, route.method, `${pathOf(route, values)}${options.query ?? ''}`, {
    headers: options.headers ?? asAdmin,
    body: options.body,
    contentType: options.contentType,
  });
}

/** The same operation through GraphQL, as the administrator unless told otherwise; `body` replaces the sample body. */
async function viaGraphql(name: string, values: Record<string, unknown>, options: { as?: Headers; body?: unknown } = {}) {
  const route = routeNamed(name);
  const op = graphqlOf(route);
  const variables = { ...op.variables(values), ...(options.body !== undefined && route.bodyArg ? { [route.bodyArg]: options.body } : {}) };
  const reply = await graphql(t.base, options.as ?? adminAuth(), op.document, variables);
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data[op.field];
}

/**
 * The 403 comes before any write: the refused caller sends the sample body (or `body`) on REST and
 * GraphQL, and `read`, as the administrator, sees the fresh target as it was.
 */
function refusedBeforeWriting(
  name: string,
  read: (user: TestUser) => Promise<unknown>,
  options: { fields?: Partial<Identity>; query?: string; values?: Record<string, unknown>; body?: (user: TestUser) => unknown } = {},
) {
  it('403 before any write: the target stays as it was', async () => {
    const route = routeNamed(name);
    const op = graphqlOf(route);
    const user = await buildUser(t, {}, options.fields);
    const values = { identityKey: user.key, authKey: await passwordKeyOf(user), ...options.values };
    const body = options.body ? options.body(user) : sampleBody(route);
    const before = await read(user);
    expect((await rest(name, values, { headers: as(plain), body: options.body ? body : restBody(route), query: options.query })).status).toBe(403);
    const variables = { ...op.variables(values), ...(route.bodyArg ? { [route.bodyArg]: body } : {}) };
    expect((await graphql(t.base, plain.auth, op.document, variables)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await read(user)).toEqual(before);
  });
}

const readUser = async (user: TestUser) => (await rest('GET /users/:identityKey', { identityKey: user.key })).json;
const readAuthentications = async (user: TestUser) => (await rest('GET /users/:identityKey/authentications', { identityKey: user.key })).json;
const keysOf = (list: { key: number }[]) => list.map((item) => item.key);

describe('GET /users', () => {
  refusals('GET /users', world());
  it('finds users by login for the administrator and for authors', async () => {
    const author = await buildUser(t, { author: true });
    const query = `?login=${encodeURIComponent(`"${target.login}"`)}`;
    const reply = await rest('GET /users', {}, { query });
    expect(reply.status).toBe(200);
    expect(keysOf(reply.json)).toEqual([target.key]);
    expect(keysOf((await rest('GET /users', {}, { query, headers: as(author) })).json)).toEqual([target.key]);
    expect(keysOf(await viaGraphql('GET /users', { login: `"${target.login}"` }))).toEqual([target.key]);
  });

  it('scopes a user manager of an organisation to its people; shows authors everyone, e-mail only of themselves', async () => {
    const stem = uniqueLogin('scope');
    const organisation = await buildOrganisation(t);
    const inside = await buildUser(t, {}, { login: `${stem}-in` });
    const outside = await buildUser(t, {}, { login: `${stem}-out` });
    await addOrganisationMember(t, organisation, inside.key, 'user');
    const manager = await buildUser(t, {}, { login: `${stem}-manager` });
    await addOrganisationMember(t, organisation, manager.key, 'usermanager');
    const author = await buildUser(t, { author: true }, { login: `${stem}-author` });
    const administrator = await buildUser(t, {}, { login: `${stem}-administrator` });
    await addOrganisationMember(t, organisation, administrator.key, 'user');
    await addOrganisationMember(t, organisation, administrator.key, 'administrator');
    const found = async (caller: TestUser) =>
      Object.fromEntries(
        (await rest('GET /users', {}, { query: `?login=${stem}`, headers: as(caller) })).json.map((user: { login: string; email: string | null }) => [
          user.login,
          user.email,
        ]),
      );
    // The author's role inherits into the organisation from the default one, which does not make the author a member of it;
    // the administrator is a member, but above the user manager on the ladder: found, without e-mail.
    expect(await found(manager)).toEqual({
      [inside.login]: `${inside.login}@example.org`,
      [manager.login]: `${manager.login}@example.org`,
      [administrator.login]: null,
    });
    expect(await found(author)).toEqual({
      [inside.login]: null,
      [outside.login]: null,
      [manager.login]: null,
      [administrator.login]: null,
      [author.login]: `${author.login}@example.org`,
    });
    const viaGraphqlAsManager = await graphql(t.base, manager.auth, `{ users(login: "${stem}") { login } }`);
    expect(viaGraphqlAsManager.body.data.users.map((user: { login: string }) => user.login)).not.toContain(outside.login);
    expect(viaGraphqlAsManager.body.data.users.map((user: { login: string }) => user.login)).toContain(inside.login);
  });
});

describe('PUT /users', () => {
  refusals('PUT /users', world());
  refusedBeforeWriting('PUT /users', async () => (await rest('GET /users', {}, { query: '?login=%22jdoe%22&statusVisibleLimit=all' })).json);
  it('creates a user who can log in with the given password', async () => {
    const login = uniqueLogin('created');
    const reply = await rest(
      'PUT /users',
      {},
      { body: { login, firstName: 'New', lastName: 'Person', email: `${login}@example.org`, password: 'first-password' } },
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key: expect.any(Number), login, firstName: 'New', email: `${login}@example.org` });
    expect((await me(basic(login, 'first-password'))).json.key).toBe(reply.json.key);
    const other = uniqueLogin('created');
    const created = await viaGraphql('PUT /users', {}, { body: { login: other, firstName: 'G', lastName: 'Q', email: `${other}@example.org` } });
    expect(created).toMatchObject({ key: expect.any(Number), login: other });
  });
});

describe('GET /users/me', () => {
  refusals('GET /users/me', world(), { everyCallerMay: true });
  it('answers the caller, with e-mail', async () => {
    const reply = await me(plain.auth);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key: plain.key, login: plain.login, email: `${plain.login}@example.org` });
    expect(await viaGraphql('GET /users/me', {}, { as: plain.auth })).toMatchObject({ key: plain.key, login: plain.login });
  });
});

describe('GET /users/username', () => {
  refusals('GET /users/username', world({ username: 'someone' }));
  it('answers the person with exactly that login, in any case; 404 for another, 400 without one', async () => {
    const found = await rest('GET /users/username', {}, { query: `?username=${encodeURIComponent(target.login.toUpperCase())}` });
    expect(found.json).toMatchObject({ key: target.key, login: target.login });
    expect((await rest('GET /users/username', {}, { query: `?username=${target.login.slice(0, -1)}*` })).status).toBe(404);
    expect((await rest('GET /users/username', {})).status).toBe(400);
    expect(await viaGraphql('GET /users/username', { username: target.login })).toMatchObject({ key: target.key });
    const author = await buildUser(t, { author: true });
    const asAuthor = await rest('GET /users/username', {}, { query: `?username=${target.login}`, headers: as(author) });
    expect(asAuthor.json).toMatchObject({ key: target.key, email: null, properties: [] });
  });

  it('requires the username: GraphQL refuses a document without it in GraphQL words, REST answers as before (403 before 400)', async () => {
    const missing = await graphql(t.base, adminAuth(), '{ userByLogin { key } }');
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].message).toBe('Field "userByLogin" argument "username" of type "String!" is required, but it was not provided.');
    const empty = await graphql(t.base, adminAuth(), '{ userByLogin(username: "") { key } }');
    expect(empty.body.errors[0]).toMatchObject({ message: 'username is empty', extensions: { code: 'BAD_REQUEST' } });
    for (const reply of [missing, empty]) expect(JSON.stringify(reply.body)).not.toMatch(/query parameter/);
    const rested = await rest('GET /users/username', {});
    expect([rested.status, rested.json]).toEqual([400, { code: 'BAD_REQUEST', translation: 'username is empty' }]);
    expect((await rest('GET /users/username', {}, { headers: as(plain) })).status).toBe(403);
  });
});

describe('GET /users/managed', () => {
  refusals('GET /users/managed', world());
  it('lists users with an externalId, not those without', async () => {
    const externalId = `EXT-${uniqueLogin()}`;
    const managed = await buildUser(t, {}, { externalId });
    const reply = await rest('GET /users/managed', {});
    expect(reply.status).toBe(200);
    expect(reply.json).toContainEqual({ key: managed.key, login: managed.login, externalId });
    expect(keysOf(reply.json)).not.toContain(target.key);
    expect(await viaGraphql('GET /users/managed', {})).toContainEqual({ key: managed.key, login: managed.login, externalId });
  });
});

describe('GET /users/:identityKey', () => {
  refusals('GET /users/:identityKey', world(), { everyCallerMay: true });
  it('answers the user in full to a manager, without e-mail to another user', async () => {
    const reply = await rest('GET /users/:identityKey', { identityKey: target.key });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key: target.key, login: target.login, email: `${target.login}@example.org` });
    const seen = await rest('GET /users/:identityKey', { identityKey: target.key }, { headers: as(plain) });
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({ key: target.key, login: target.login, email: null });
    expect(await viaGraphql('GET /users/:identityKey', { identityKey: target.key })).toMatchObject({ key: target.key, login: target.login });
  });
});

describe('POST /users/:identityKey', () => {
  refusals('POST /users/:identityKey', world());
  refusedBeforeWriting('POST /users/:identityKey', readUser);
  it('updates names and e-mail', async () => {
    const user = await buildUser(t);
    const email = `${user.login}@new.example.org`;
    const reply = await rest('POST /users/:identityKey', { identityKey: user.key }, { body: { firstName: 'Updated', lastName: 'Person', email } });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key: user.key, login: user.login, firstName: 'Updated', email });
    expect(await readUser(user)).toMatchObject({ firstName: 'Updated', email });
  });
});

describe('DELETE /users/:identityKey', () => {
  refusals('DELETE /users/:identityKey', world());
  refusedBeforeWriting('DELETE /users/:identityKey', async (user) => (await rest('GET /users/:identityKey', { identityKey: user.key })).status);
  it('deletes the user, who then cannot log in', async () => {
    const user = await buildUser(t);
    expect((await rest('DELETE /users/:identityKey', { identityKey: user.key })).status).toBe(200);
    expect((await rest('GET /users/:identityKey', { identityKey: user.key })).status).toBe(404);
    expect((await me(user.auth)).status).toBe(401);
    const other = await buildUser(t);
    expect(await viaGraphql('DELETE /users/:identityKey', { identityKey: other.key })).toBe(true);
  });
});

describe('GET /users/:identityKey/roles', () => {
  refusals('GET /users/:identityKey/roles', world());
  it('answers the roles to the user themself and to a manager', async () => {
    const author = await buildUser(t, { author: true });
    const own = await rest('GET /users/:identityKey/roles', { identityKey: author.key }, { headers: as(author) });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ author: true, olatAdmin: false, userManager: false });
    expect((await rest('GET /users/:identityKey/roles', { identityKey: author.key })).json).toEqual(own.json);
    expect(await viaGraphql('GET /users/:identityKey/roles', { identityKey: author.key })).toEqual(own.json);
  });
});

describe('POST /users/:identityKey/roles', () => {
  refusals('POST /users/:identityKey/roles', world());
  refusedBeforeWriting('POST /users/:identityKey/roles', async (user) => (await rest('GET /users/:identityKey/roles', { identityKey: user.key })).json);
  it('sets the roles', async () => {
    const user = await buildUser(t);
    const reply = await rest('POST /users/:identityKey/roles', { identityKey: user.key }, { body: { author: true, groupManager: true } });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ author: true, groupManager: true, userManager: false });
    expect((await rest('GET /users/:identityKey/roles', { identityKey: user.key })).json).toMatchObject({ author: true, groupManager: true });
  });
});

describe('GET /users/:identityKey/status', () => {
  refusals('GET /users/:identityKey/status', world());
  it('answers the status', async () => {
    const reply = await rest('GET /users/:identityKey/status', { identityKey: target.key });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: UserStatus.active });
    expect(await viaGraphql('GET /users/:identityKey/status', { identityKey: target.key })).toEqual({ status: UserStatus.active });
  });
});

describe('POST /users/:identityKey/status', () => {
  refusals('POST /users/:identityKey/status', world());
  refusedBeforeWriting('POST /users/:identityKey/status', async (user) => (await rest('GET /users/:identityKey/status', { identityKey: user.key })).json, {
    fields: { status: UserStatus.inactive },
  });
  it('sets the status; an inactive user cannot log in', async () => {
    const user = await buildUser(t);
    const reply = await rest('POST /users/:identityKey/status', { identityKey: user.key }, { body: { status: UserStatus.inactive } });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: UserStatus.inactive });
    expect((await me(user.auth)).status).toBe(401);
  });
});

describe('GET /users/:identityKey/authentications', () => {
  refusals('GET /users/:identityKey/authentications', world());
  it('lists the authentications without credentials to a manager; the user themself sees only API keys', async () => {
    const reply = await rest('GET /users/:identityKey/authentications', { identityKey: target.key });
    expect(reply.status).toBe(200);
    expect(reply.json).toContainEqual(
      expect.objectContaining({ key: targetPasswordKey, identityKey: target.key, provider: 'OLAT', authUsername: target.login, credential: null }),
    );
    const own = await rest('GET /users/:identityKey/authentications', { identityKey: plain.key }, { headers: as(plain) });
    expect(own.status).toBe(200);
    expect(own.json).toEqual([]);
    const listed = await viaGraphql('GET /users/:identityKey/authentications', { identityKey: target.key });
    expect(listed).toContainEqual(expect.objectContaining({ key: targetPasswordKey, provider: 'OLAT', credential: null }));
  });
});

for (const method of ['PUT', 'POST'] as const) {
  const name = `${method} /users/:identityKey/authentications`;
  describe(name, () => {
    refusals(name, world());
    refusedBeforeWriting(name, readAuthentications, {
      body: (user) => ({ ...(SAMPLE_BODIES.authentication as object), identityKey: user.key, authUsername: uniqueLogin('olat') }),
    });
    it('creates an external authentication without keeping a secret', async () => {
      const user = await buildUser(t);
      const authUsername = uniqueLogin('ldap');
      const reply = await rest(name, { identityKey: user.key }, { body: { identityKey: user.key, provider: 'LDAP', authUsername, credential: 'ignored' } });
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({ key: expect.any(Number), identityKey: user.key, provider: 'LDAP', authUsername, credential: null });
      expect(keysOf(await readAuthentications(user))).toContain(reply.json.key);
    });
  });
}

describe('authentications v1, by login (deprecated)', () => {
  const v1 = () => () => ({ ...world()(), values: { ...world()().values, username: target.login } });
  describe('GET /users/:username/auth', () => {
    refusals('GET /users/:username/auth', v1());
    it('lists the authentications of the person with that login; 404 for an unknown login', async () => {
      const reply = await rest('GET /users/:username/auth', { username: target.login.toUpperCase() });
      expect(reply.json).toContainEqual(expect.objectContaining({ key: targetPasswordKey, provider: 'OLAT', credential: null }));
      expect((await rest('GET /users/:username/auth', { username: uniqueLogin('nobody') })).status).toBe(404);
      expect(await viaGraphql('GET /users/:username/auth', { username: target.login })).toContainEqual(expect.objectContaining({ key: targetPasswordKey }));
    });
  });
  describe('PUT /users/:username/auth', () => {
    refusals('PUT /users/:username/auth', v1());
    it('creates an authentication for the person with that login', async () => {
      const user = await buildUser(t);
      const authUsername = uniqueLogin('ldap');
      const reply = await rest('PUT /users/:username/auth', { username: user.login }, { body: { identityKey: user.key, provider: 'LDAP', authUsername } });
      expect(reply.json).toMatchObject({ identityKey: user.key, provider: 'LDAP', authUsername });
    });
  });
  describe('DELETE /users/:username/auth/:authKey', () => {
    refusals('DELETE /users/:username/auth/:authKey', v1());
    it('deletes the authentication: the password no longer logs in', async () => {
      const user = await buildUser(t);
      expect((await rest('DELETE /users/:username/auth/:authKey', { username: user.login, authKey: await passwordKeyOf(user) })).status).toBe(200);
      expect((await me(user.auth)).status).toBe(401);
    });
  });
  describe('POST /users/:username/auth/password', () => {
    refusals('POST /users/:username/auth/password', v1());
    it('sets the password from a form', async () => {
      const user = await buildUser(t);
      const reply = await rest(
        'POST /users/:username/auth/password',
        { username: user.login },
        { headers: adminAuth(), contentType: 'application/x-www-form-urlencoded', body: 'newPassword=changed-by-login' },
      );
      expect(reply.status).toBe(200);
      expect((await me(basic(user.login, 'changed-by-login'))).status).toBe(200);
      expect(await viaGraphql('POST /users/:username/auth/password', { username: (await buildUser(t)).login })).toBe(true);
    });
  });
});

describe('POST /users/:identityKey/authentications/password', () => {
  refusals('POST /users/:identityKey/authentications/password', world());
  refusedBeforeWriting('POST /users/:identityKey/authentications/password', async (user) => [
    (await me(user.auth)).status,
    (await me(basic(user.login, 'a-new-password'))).status,
  ]);
  it('sets the password from a form: the new one works, the old one not', async () => {
    const user = await buildUser(t);
    const reply = await rest(
      'POST /users/:identityKey/authentications/password',
      { identityKey: user.key },
      { headers: adminAuth(), contentType: 'application/x-www-form-urlencoded', body: 'newPassword=changed-password' },
    );
    expect(reply.status).toBe(200);
    expect((await me(basic(user.login, 'changed-password'))).status).toBe(200);
    expect((await me(user.auth)).status).toBe(401);
    const other = await buildUser(t);
    expect(await viaGraphql('POST /users/:identityKey/authentications/password', { identityKey: other.key })).toBe(true);
    expect((await me(basic(other.login, 'a-new-password'))).status).toBe(200);
  });
});

describe('DELETE /users/:identityKey/authentications/:authKey', () => {
  refusals('DELETE /users/:identityKey/authentications/:authKey', world());
  refusedBeforeWriting('DELETE /users/:identityKey/authentications/:authKey', readAuthentications);
  it('deletes the password: it is gone and no longer logs in', async () => {
    const user = await buildUser(t);
    const authKey = await passwordKeyOf(user);
    expect((await rest('DELETE /users/:identityKey/authentications/:authKey', { identityKey: user.key, authKey })).status).toBe(200);
    expect(keysOf(await readAuthentications(user))).not.toContain(authKey);
    expect((await me(user.auth)).status).toBe(401);
  });
});

describe('GET /users/:identityKey/preferences', () => {
  refusals('GET /users/:identityKey/preferences', world());
  it('answers the preferences', async () => {
    const user = await buildUser(t, {}, { language: 'it' });
    const reply = await rest('GET /users/:identityKey/preferences', { identityKey: user.key });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ language: 'it' });
    expect(await viaGraphql('GET /users/:identityKey/preferences', { identityKey: user.key })).toEqual({ language: 'it' });
  });
});

describe('POST /users/:identityKey/preferences', () => {
  refusals('POST /users/:identityKey/preferences', world());
  refusedBeforeWriting(
    'POST /users/:identityKey/preferences',
    async (user) => (await rest('GET /users/:identityKey/preferences', { identityKey: user.key })).json,
  );
  it('sets the language', async () => {
    const user = await buildUser(t);
    const reply = await rest('POST /users/:identityKey/preferences', { identityKey: user.key }, { body: { language: 'fr_CH' } });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ language: 'fr_CH' });
    expect((await rest('GET /users/:identityKey/preferences', { identityKey: user.key })).json).toEqual({ language: 'fr_CH' });
  });
});

describe('GET /users/:identityKey/lifecycle', () => {
  refusals('GET /users/:identityKey/lifecycle', world());
  it('answers the dates and the status', async () => {
    const reply = await rest('GET /users/:identityKey/lifecycle', { identityKey: target.key });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key: target.key, creationDate: expect.any(Number), expirationDate: null, status: UserStatus.active });
    expect(await viaGraphql('GET /users/:identityKey/lifecycle', { identityKey: target.key })).toMatchObject({ key: target.key, status: UserStatus.active });
  });
});

for (const method of ['PUT', 'POST'] as const) {
  const name = `${method} /users/:identityKey/lifecycle`;
  describe(name, () => {
    refusals(name, world());
    refusedBeforeWriting(name, async (user) => (await rest('GET /users/:identityKey/lifecycle', { identityKey: user.key })).json);
    it('sets the expiration date', async () => {
      const user = await buildUser(t);
      const expirationDate = Date.UTC(2031, 0, 15, 8, 30);
      const reply = await rest(name, { identityKey: user.key }, { body: { expirationDate } });
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({ key: user.key, expirationDate, status: UserStatus.active });
      expect((await rest('GET /users/:identityKey/lifecycle', { identityKey: user.key })).json).toMatchObject({ expirationDate });
    });
  });
}

for (const method of ['PUT', 'POST'] as const) {
  const name = `${method} /users/:identityKey/username`;
  describe(name, () => {
    refusals(name, world());
    const renamed = uniqueLogin('renamed-by-plain');
    refusedBeforeWriting(name, readUser, { query: `?username=${renamed}`, values: { username: renamed } });
    it('changes the login; the password logs in under the new one', async () => {
      const user = await buildUser(t);
      const login = uniqueLogin('renamed');
      const reply = await rest(name, { identityKey: user.key }, { query: `?username=${login}` });
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({ key: user.key, login });
      expect((await me(basic(login, user.password))).json.key).toBe(user.key);
    });
  });
}

const ANY_TYPE = { Accept: '*/*' };
/** The headers of the person's portrait in this size, as the administrator sees them. */
const portraitOf = async (user: TestUser, size = 'big') => {
  const reply = await rest('HEAD /users/:identityKey/portrait/:size', { identityKey: user.key, size }, { headers: { ...adminAuth(), ...ANY_TYPE } });
  return { status: reply.status, type: reply.headers.get('content-type'), lastModified: reply.headers.get('last-modified') };
};
const uploadRoute = 'POST /users/:identityKey/portrait';
async function userWithPortrait(): Promise<TestUser> {
  const user = await buildUser(t);
  expect((await rest(uploadRoute, { identityKey: user.key }, { body: restBody(routeNamed(uploadRoute)) })).status).toBe(200);
  return user;
}

describe('GET /users/:identityKey/portrait', () => {
  refusals('GET /users/:identityKey/portrait', world(), { everyCallerMay: true });
  it('answers the big portrait as JPEG to any caller', async () => {
    const user = await userWithPortrait();
    const reply = await rest('GET /users/:identityKey/portrait', { identityKey: user.key }, { headers: { ...plain.auth, ...ANY_TYPE } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('image/jpeg');
    expect(reply.headers.get('last-modified')).toBe((await portraitOf(user)).lastModified);
    const portrait = await viaGraphql('GET /users/:identityKey/portrait', { identityKey: user.key }, { as: plain.auth });
    expect(portrait).toMatchObject({ identityKey: user.key, size: 'big', contentType: 'image/jpeg', length: Number(reply.headers.get('content-length')) });
  });
});

describe('HEAD /users/:identityKey/portrait', () => {
  refusals('HEAD /users/:identityKey/portrait', world(), { everyCallerMay: true });
  it('answers 200 with Last-Modified to any caller', async () => {
    const user = await userWithPortrait();
    const reply = await rest('HEAD /users/:identityKey/portrait', { identityKey: user.key }, { headers: { ...plain.auth, ...ANY_TYPE } });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('');
    expect(reply.headers.get('last-modified')).toBe((await portraitOf(user)).lastModified);
  });
});

describe('HEAD /users/:identityKey/portrait/:size', () => {
  refusals('HEAD /users/:identityKey/portrait/:size', world({ size: 'small' }), { everyCallerMay: true });
  it('answers 200 for master, big and small; the master keeps the PNG that was sent', async () => {
    const user = await userWithPortrait();
    expect(await portraitOf(user, 'master')).toMatchObject({ status: 200, type: 'image/png' });
    expect(await portraitOf(user, 'small')).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect(await viaGraphql('HEAD /users/:identityKey/portrait/:size', { identityKey: user.key, size: 'master' }, { as: plain.auth })).toMatchObject({
      contentType: 'image/png',
    });
  });
});

describe('POST /users/:identityKey/portrait', () => {
  refusals(uploadRoute, world());
  refusedBeforeWriting(uploadRoute, async (user) => (await portraitOf(user)).status);
  it('stores the portrait, sent by the person themself on REST and through GraphQL', async () => {
    const user = await buildUser(t);
    const reply = await rest(uploadRoute, { identityKey: user.key }, { headers: as(user), body: restBody(routeNamed(uploadRoute)) });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('');
    expect(await portraitOf(user, 'master')).toMatchObject({ status: 200, type: 'image/png' });
    const other = await buildUser(t);
    expect(await viaGraphql(uploadRoute, { identityKey: other.key }, { as: other.auth })).toBe(true);
    expect((await portraitOf(other)).status).toBe(200);
  });
});

describe('DELETE /users/:identityKey/portrait', () => {
  refusals('DELETE /users/:identityKey/portrait', world());
  it('403 before any write: the portrait stays', async () => {
    const user = await userWithPortrait();
    const before = await portraitOf(user);
    expect((await rest('DELETE /users/:identityKey/portrait', { identityKey: user.key }, { headers: as(plain) })).status).toBe(403);
    const op = graphqlOf(routeNamed('DELETE /users/:identityKey/portrait'));
    expect((await graphql(t.base, plain.auth, op.document, op.variables({ identityKey: user.key }))).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await portraitOf(user)).toEqual(before);
  });
  it('removes the portrait', async () => {
    const user = await userWithPortrait();
    expect((await rest('DELETE /users/:identityKey/portrait', { identityKey: user.key })).status).toBe(200);
    expect((await portraitOf(user)).status).toBe(404);
    const other = await userWithPortrait();
    expect(await viaGraphql('DELETE /users/:identityKey/portrait', { identityKey: other.key })).toBe(true);
    expect((await portraitOf(other)).status).toBe(404);
  });
});
