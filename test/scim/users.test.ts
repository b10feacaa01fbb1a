import { addOrganisationMember, buildOrganisation, buildUser, defaultOrganisationKey, uniqueLogin } from '../factories';
import { eventually } from '../support/eventually';
import { basic, graphql, type Headers } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';
import { traceStatements } from '../../scripts/trace-statements';

/** SCIM 2.0 Users as identity providers send them (Entra ID's and Okta's provisioning sequences), end to end. */

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

type Json = Record<string, any>;
const SCIM = 'application/scim+json';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

async function scim(method: string, path: string, { auth = adminAuth(), body, headers = {} }: { auth?: Headers; body?: unknown; headers?: Headers } = {}) {
  const response = await fetch(`${t.base}/scim/v2${path}`, {
    method,
    headers: { ...auth, ...headers, ...(body === undefined ? {} : { 'Content-Type': SCIM }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: (text ? JSON.parse(text) : undefined) as Json };
}

const query = (filter: string, extra = '') => `/Users?filter=${encodeURIComponent(filter)}${extra}`;

/** The body Entra ID sends to create a person (its provisioning documentation). */
const entraUser = (tag: string) => ({
  schemas: [USER, ENTERPRISE],
  externalId: `${tag}-ext`,
  userName: `${tag}@contoso.example`,
  active: true,
  displayName: 'Barbara Jensen',
  emails: [{ primary: true, type: 'work', value: `${tag}@contoso.example` }],
  meta: { resourceType: 'User' },
  name: { formatted: 'Barbara Jensen', familyName: 'Jensen', givenName: 'Barbara' },
  [ENTERPRISE]: { employeeNumber: `${tag}-7001` },
});

async function auditRows(key: string) {
  return t.service.orm.em.fork().getConnection().execute(`select transport, operation from audit_log where object_key = ? order by id`, [key]);
}

describe('discovery and credentials', () => {
  it('describes what it serves, as application/scim+json', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(config.json).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 1000 },
      etag: { supported: true },
    });
    const types = await scim('GET', '/ResourceTypes');
    expect(types.json.Resources.map((type: Json) => type.id)).toEqual(['User', 'Group']);
    const schema = await scim('GET', `/Schemas/${USER}`);
    expect(schema.json.attributes.map((attribute: Json) => attribute.name)).toEqual(expect.arrayContaining(['userName', 'name', 'emails', 'active']));
    expect((await scim('GET', '/Schemas/urn:nothing')).status).toBe(404);
  });

  it('401 with a challenge and a SCIM error without credentials; 403 for a person who manages nobody', async () => {
    const anonymous = await scim('GET', '/Users', { auth: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(anonymous.json).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401', detail: 'authentication required' });
    const wrong = await scim('GET', '/Users', { auth: basic('administrator', 'wrong') });
    expect(wrong.status).toBe(401);
    const plain = await buildUser(t);
    const refused = await scim('GET', '/Users', { auth: plain.auth });
    expect(refused).toMatchObject({ status: 403, json: { status: '403' } });
    expect((await scim('POST', '/Users', { auth: plain.auth, body: entraUser(uniqueLogin('p')) })).status).toBe(403);
  });
});

describe("Entra ID's sequence", () => {
  it('finds nobody, creates, finds by userName, externalId and e-mail, disables, re-enables, replaces and deletes', async () => {
    const tag = uniqueLogin('entra');
    // The connection test: a user name nobody has.
    expect((await scim('GET', query(`userName eq "${tag}-nobody"`))).json).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim('POST', '/Users', { body: entraUser(tag) });
    expect(created.status).toBe(201);
    const id = created.json.id;
    expect(created.headers.get('location')).toBe(`${t.base}/scim/v2/Users/${id}`);
    expect(created.headers.get('etag')).toBe(created.json.meta.version);
    expect(created.json).toMatchObject({
      schemas: [USER, ENTERPRISE],
      externalId: `${tag}-ext`,
      userName: `${tag}@contoso.example`,
      name: { familyName: 'Jensen', givenName: 'Barbara' },
      emails: [{ value: `${tag}@contoso.example`, type: 'work', primary: true }],
      active: true,
      [ENTERPRISE]: { employeeNumber: `${tag}-7001` },
      meta: { resourceType: 'User', location: `${t.base}/scim/v2/Users/${id}` },
    });
    // The same person through REST, and the write's audit row on the transport scim.
    const rest = await fetch(`${t.base}/restapi/users/${id}`, { headers: { ...adminAuth(), Accept: 'application/json' } });
    expect(await rest.json()).toMatchObject({ login: `${tag}@contoso.example`, firstName: 'Barbara', lastName: 'Jensen', externalId: `${tag}-ext` });
    expect(await auditRows(id)).toEqual([{ transport: 'scim', operation: 'createUser' }]);

    // A second creation of the user name: 409 uniqueness.
    const again = await scim('POST', '/Users', { body: { ...entraUser(tag), externalId: `${tag}-other` } });
    expect(again).toMatchObject({ status: 409, json: { scimType: 'uniqueness' } });

    for (const filter of [
      `userName eq "${tag.toUpperCase()}@CONTOSO.EXAMPLE"`,
      `externalId eq "${tag}-ext"`,
      `emails[type eq "work" and value eq "${tag}@contoso.example"]`,
      `emails.value eq "${tag}@contoso.example"`,
      `urn:ietf:params:scim:schemas:core:2.0:User:userName eq "${tag}@contoso.example"`,
    ]) {
      const found = await scim('GET', query(filter));
      expect([filter, found.json.totalResults, found.json.Resources.map((user: Json) => user.id)]).toEqual([filter, 1, [id]]);
    }

    // Disabled as Entra ID sends it (op in its case, a boolean as a string): login denied.
    const disabled = await scim('PATCH', `/Users/${id}`, { body: { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] } });
    expect(disabled).toMatchObject({ status: 200, json: { active: false } });
    const status = await fetch(`${t.base}/restapi/users/${id}/status`, { headers: { ...adminAuth(), Accept: 'application/json' } });
    expect(await status.json()).toEqual({ status: 101 });
    const enabled = await scim('PATCH', `/Users/${id}`, { body: { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] } });
    expect(enabled.json.active).toBe(true);

    // Several attributes in a path-less value, dotted names and the extension's URN included.
    const renamed = await scim('PATCH', `/Users/${id}`, {
      body: {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'replace', value: { 'name.givenName': 'Babs', 'name.familyName': 'Jensen-Smith', [`${ENTERPRISE}:employeeNumber`]: `${tag}-7002` } },
        ],
      },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: { givenName: 'Babs', familyName: 'Jensen-Smith' }, [ENTERPRISE]: { employeeNumber: `${tag}-7002` } });
    // A value-filter path: the work e-mail's value.
    const mailed = await scim('PATCH', `/Users/${id}`, {
      body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'emails[type eq "work"].value', value: `${tag}-new@contoso.example` }] },
    });
    expect(mailed.json.emails).toEqual([{ value: `${tag}-new@contoso.example`, type: 'work', primary: true }]);

    // A stale version is 412; the current one is taken.
    const stale = await scim('PUT', `/Users/${id}`, { body: entraUser(tag), headers: { 'If-Match': created.json.meta.version } });
    expect(stale).toMatchObject({ status: 412, json: { status: '412' } });
    const replaced = await scim('PUT', `/Users/${id}`, {
      body: { ...entraUser(tag), userName: `${tag}-renamed@contoso.example`, name: { givenName: 'Barbara', familyName: 'Jensen' } },
      headers: { 'If-Match': mailed.json.meta.version },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({ userName: `${tag}-renamed@contoso.example`, name: { givenName: 'Barbara', familyName: 'Jensen' } });

    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
    expect((await scim('GET', `/Users/${id}`)).status).toBe(404);
    expect((await auditRows(id)).map((row: Json) => row.transport)).toEqual(expect.arrayContaining(['scim']));
  });
});

/** What a person's REST twin holds: user properties and organisation memberships. */
async function restUser(id: string) {
  const reply = await fetch(`${t.base}/restapi/users/${id}`, { headers: { ...adminAuth(), Accept: 'application/json' } });
  const user = (await reply.json()) as { properties: { name: string; value: string }[] };
  return Object.fromEntries(user.properties.map(({ name, value }) => [name, value]));
}

async function userMemberships(id: string): Promise<number[]> {
  const rows = await t.service.orm.em
    .fork()
    .getConnection()
    .execute(`select organisation_id from organisation_role where identity_id = ? and role = 'user' order by organisation_id`, [id]);
  return rows.map((row: Json) => Number(row.organisation_id));
}

describe('creation', () => {
  it("answers the person it made from the creation itself, as a GET then reads them (meta's dates and version)", async () => {
    const tag = uniqueLogin('made');
    let created: Awaited<ReturnType<typeof scim>> | undefined;
    const statements = await traceStatements(async () => {
      created = await scim('POST', '/Users', { body: entraUser(tag) });
    });
    expect(created!.status).toBe(201);
    // The insert answers the row: no read of the person after it.
    const insert = statements.findIndex((statement) => /^insert into identity\b/.test(statement.text.trim()));
    expect(insert).toBeGreaterThanOrEqual(0);
    expect(statements.slice(insert + 1).filter((statement) => /^select\b.*\bfrom identity i where i\.id = /s.test(statement.text.trim()))).toEqual([]);
    const read = await scim('GET', `/Users/${created!.json.id}`);
    expect(created!.json).toEqual(read.json);
    expect(created!.headers.get('etag')).toBe(read.headers.get('etag'));
  });
});

describe("Okta's sequence", () => {
  it('finds nobody, creates with a locale and a password, replaces with PUT (what it leaves out is cleared), deactivates and reactivates', async () => {
    const tag = uniqueLogin('okta');
    const userName = `${tag}@okta.example`;
    expect((await scim('GET', query(`userName eq "${userName}"`, '&startIndex=1&count=100'))).json).toMatchObject({ totalResults: 0, startIndex: 1 });
    const oktaUser = (extra: Json) => ({
      schemas: [USER],
      userName,
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      displayName: 'Ada Lovelace',
      locale: 'en-US',
      externalId: `${tag}-00u1`,
      groups: [],
      active: true,
      ...extra,
    });
    const created = await scim('POST', '/Users', { body: oktaUser({ password: 't1meMa$heen' }) });
    expect(created.status).toBe(201);
    const id = created.json.id;
    expect(created.json.preferredLanguage).toBe('en-US');
    const preferences = await fetch(`${t.base}/restapi/users/${id}/preferences`, { headers: { ...adminAuth(), Accept: 'application/json' } });
    expect(await preferences.json()).toEqual({ language: 'en_US' });
    expect((await scim('GET', `/Users/${id}`)).json).toMatchObject({ userName, preferredLanguage: 'en-US' });

    // Okta updates a profile with PUT, the whole User.
    const updated = await scim('PUT', `/Users/${id}`, {
      body: oktaUser({
        locale: 'de-CH',
        name: { givenName: 'Augusta Ada', familyName: 'Lovelace' },
        phoneNumbers: [{ value: '+41 44 000 00 00', type: 'mobile' }],
      }),
    });
    expect(updated.json).toMatchObject({
      preferredLanguage: 'de-CH',
      name: { givenName: 'Augusta Ada' },
      phoneNumbers: [{ value: '+41 44 000 00 00', type: 'mobile' }],
    });
    expect(await restUser(id)).toMatchObject({ telMobile: '+41 44 000 00 00' });
    // The next PUT leaves the phone number and the locale out: both are cleared.
    const cleared = await scim('PUT', `/Users/${id}`, { body: oktaUser({ locale: undefined, name: { givenName: 'Augusta Ada', familyName: 'Lovelace' } }) });
    expect(cleared.status).toBe(200);
    expect(cleared.json.phoneNumbers).toBeUndefined();
    expect(cleared.json.preferredLanguage).toBeUndefined();
    expect(await restUser(id)).not.toHaveProperty('telMobile');

    // Deactivation and reactivation as Okta sends them: a path-less replace.
    const off = await scim('PATCH', `/Users/${id}`, { body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] } });
    expect(off.json.active).toBe(false);
    const on = await scim('PATCH', `/Users/${id}`, { body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] } });
    expect(on.json.active).toBe(true);
    expect((await auditRows(id)).map((row: Json) => `${row.transport} ${row.operation}`)).toEqual([
      'scim createUser',
      'scim updateUserPreferences',
      'scim updateUser',
      'scim updateUserPreferences',
      'scim removeUserProperties',
      'scim updateUserPreferences',
      'scim updateUserStatus',
      'scim updateUserStatus',
    ]);
  });

  it('removes a phone number by a value-filter path', async () => {
    const tag = uniqueLogin('phone');
    const created = await scim('POST', '/Users', {
      body: {
        ...entraUser(tag),
        phoneNumbers: [
          { value: '+1 555 0100', type: 'mobile' },
          { value: '+1 555 0199', type: 'work' },
        ],
      },
    });
    const removed = await scim('PATCH', `/Users/${created.json.id}`, {
      body: { schemas: [PATCH_OP], Operations: [{ op: 'Remove', path: 'phoneNumbers[type eq "mobile"]' }] },
    });
    expect(removed.json.phoneNumbers).toEqual([{ value: '+1 555 0199', type: 'work' }]);
    expect(await restUser(created.json.id)).toMatchObject({ telOffice: '+1 555 0199' });
    expect(await restUser(created.json.id)).not.toHaveProperty('telMobile');
  });
});

describe('organization and department', () => {
  const SETTINGS = `mutation($s: SettingsInput!) { updateSettings(settings: $s) { scimOrganisationMemberships } }`;
  const setMemberships = async (on: boolean) => {
    const reply = await graphql(t.base, adminAuth(), SETTINGS, { s: { scimOrganisationMemberships: on } });
    expect(reply.body.data.updateSettings.scimOrganisationMemberships).toBe(on);
    await eventually(async () => {
      const settings = await graphql(t.base, adminAuth(), '{ settings { scimOrganisationMemberships } }');
      expect(settings.body.data.settings.scimOrganisationMemberships).toBe(on);
    });
  };

  it('are kept as institutionalName and orgUnit, and make the person a member of the organisation they name (the setting switches it off)', async () => {
    const tag = uniqueLogin('dept');
    const [physics, chemistry] = [`Physics-${tag}`, `Chemistry-${tag}`];
    const physicsKey = await buildOrganisation(t, { identifier: physics });
    const chemistryKey = await buildOrganisation(t, { identifier: chemistry });
    const root = await defaultOrganisationKey(t);
    const created = await scim('POST', '/Users', { body: { ...entraUser(tag), [ENTERPRISE]: { organization: 'No such organisation', department: physics } } });
    expect(created.status).toBe(201);
    const id = created.json.id;
    expect(created.json[ENTERPRISE]).toEqual({ organization: 'No such organisation', department: physics });
    expect(await restUser(id)).toMatchObject({ institutionalName: 'No such organisation', orgUnit: physics });
    expect(await userMemberships(id)).toEqual([root, physicsKey].sort((a, b) => a - b));
    const found = await scim('GET', query(`${ENTERPRISE}:department eq "${physics}"`));
    expect(found.json.Resources.map((user: Json) => user.id)).toEqual([id]);

    // A move: the old department's membership ends, the new one's begins.
    const moved = await scim('PATCH', `/Users/${id}`, {
      body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: `${ENTERPRISE}:department`, value: chemistry }] },
    });
    expect(moved.json[ENTERPRISE].department).toBe(chemistry);
    expect(await userMemberships(id)).toEqual([root, chemistryKey].sort((a, b) => a - b));

    await setMemberships(false);
    try {
      const back = await scim('PATCH', `/Users/${id}`, {
        body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: `${ENTERPRISE}:department`, value: physics }] },
      });
      expect(back.json[ENTERPRISE].department).toBe(physics);
      expect(await userMemberships(id)).toEqual([root, chemistryKey].sort((a, b) => a - b));
    } finally {
      await setMemberships(true);
    }
  });

  it('a user manager who does not administer the organisation keeps the property without the membership', async () => {
    const tag = uniqueLogin('um');
    const physics = `Physics-${tag}`;
    await buildOrganisation(t, { identifier: physics });
    const manager = await buildUser(t, { userManager: true });
    const created = await scim('POST', '/Users', { auth: manager.auth, body: { ...entraUser(tag), [ENTERPRISE]: { department: physics } } });
    expect(created.status).toBe(201);
    expect(await userMemberships(created.json.id)).toEqual([await defaultOrganisationKey(t)]);
  });
});

describe('filters, pages and attributes', () => {
  let tag: string;
  beforeAll(async () => {
    tag = uniqueLogin('flt');
    for (const [index, given] of ['Ada', 'Alan', 'Grace'].entries()) {
      const made = await scim('POST', '/Users', {
        body: {
          userName: `${tag}-${index}`,
          name: { givenName: given, familyName: 'Pioneer' },
          emails: [{ value: `${tag}-${index}@example.org` }],
          active: index !== 2,
        },
      });
      expect(made.status).toBe(201);
    }
  });

  it('takes the grammar: comparisons, and/or/not, parentheses, pr, attribute names in any case', async () => {
    const names = async (filter: string) => (await scim('GET', query(filter))).json.Resources?.map((user: Json) => user.name.givenName).sort();
    expect(await names(`userName sw "${tag}" and name.givenName sw "A"`)).toEqual(['Ada', 'Alan']);
    expect(await names(`USERNAME sw "${tag}" and not (name.givenName eq "ada")`)).toEqual(['Alan', 'Grace']);
    expect(await names(`userName sw "${tag}" and (name.givenName co "ra" or name.givenName ew "an")`)).toEqual(['Alan', 'Grace']);
    expect(await names(`userName sw "${tag}" and active eq false`)).toEqual(['Grace']);
    expect(await names(`userName sw "${tag}" and emails pr and externalId pr`)).toEqual([]);
    expect(await names(`userName sw "${tag}" and meta.created gt "2000-01-01T00:00:00Z"`)).toEqual(['Ada', 'Alan', 'Grace']);
  });

  it('answers 400 invalidFilter for what does not parse or names nothing', async () => {
    for (const filter of ['userName eq', 'userName zz "x"', 'shoeSize eq "42"', 'active eq "maybe"', 'active gt true']) {
      const answer = await scim('GET', query(filter));
      expect([filter, answer.status, answer.json.scimType]).toEqual([filter, 400, 'invalidFilter']);
    }
  });

  it('pages with startIndex and count, and projects attributes', async () => {
    const filter = `userName sw "${tag}"`;
    const page = await scim('GET', query(filter, '&startIndex=2&count=1'));
    expect(page.json).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(page.json.Resources[0].userName).toBe(`${tag}-1`);
    expect((await scim('GET', query(filter, '&count=0'))).json).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });
    expect((await scim('GET', query(filter, '&startIndex=3&count=5'))).json).toMatchObject({ totalResults: 3, itemsPerPage: 1 });
    expect((await scim('GET', query(filter, '&startIndex=5&count=5'))).json).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });
    // A page shorter than asked for tells the total: the lookup of one person is one statement after the credentials.
    const statements = await traceStatements(() => scim('GET', query(`userName eq "${tag}-1"`)));
    expect(statements.filter((statement) => /\bfrom identity i\b/.test(statement.text))).toHaveLength(1);
    const only = await scim('GET', query(filter, '&attributes=userName&count=1'));
    expect(Object.keys(only.json.Resources[0]).sort()).toEqual(['id', 'schemas', 'userName']);
    const without = await scim('GET', query(filter, '&excludedAttributes=emails,name.familyName&count=1'));
    expect(without.json.Resources[0].emails).toBeUndefined();
    expect(without.json.Resources[0].name).toEqual({ formatted: 'Ada Pioneer', givenName: 'Ada' });
    expect((await scim('GET', query(filter, '&count=x'))).json).toMatchObject({ status: '400', scimType: 'invalidValue' });
  });
});

describe('PATCH and bodies', () => {
  it('refuses a malformed body, an unknown op and a bad password with RFC 7644 errors; nothing is written', async () => {
    const login = uniqueLogin('bad');
    const made = await scim('POST', '/Users', {
      body: { userName: login, name: { givenName: 'Kept', familyName: 'Name' }, emails: [{ value: `${login}@example.org` }] },
    });
    expect(made.status).toBe(201);
    const id = made.json.id;
    expect((await scim('PATCH', `/Users/${id}`, { body: '{"Operations": [' })).json).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
    expect((await scim('PATCH', `/Users/${id}`, { body: { Operations: [{ op: 'move', path: 'active' }] } })).json).toMatchObject({ scimType: 'invalidSyntax' });
    const short = await scim('PATCH', `/Users/${id}`, {
      body: {
        Operations: [
          { op: 'replace', path: 'name.givenName', value: 'Changed' },
          { op: 'add', path: 'password', value: 'ab' },
        ],
      },
    });
    expect(short.json).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await scim('GET', `/Users/${id}`)).json.name.givenName).toBe('Kept');
    const text = await fetch(`${t.base}/scim/v2/Users/${id}`, { method: 'PUT', headers: { ...adminAuth(), 'Content-Type': 'text/plain' }, body: '{}' });
    expect(text.status).toBe(415);
    expect((await scim('DELETE', '/Users')).status).toBe(405);
    expect((await scim('GET', '/Users/not-a-key')).status).toBe(404);
  });
});

describe('tenancy', () => {
  it("a user manager of one organisation sees and touches only its people: another's are 404, and absent from every filter", async () => {
    const [a, b] = [await buildOrganisation(t), await buildOrganisation(t)];
    const managerOfA = await buildUser(t);
    await addOrganisationMember(t, a, managerOfA.key, 'usermanager');
    const inA = await buildUser(t, {}, { externalId: uniqueLogin('a') });
    const inB = await buildUser(t, {}, { externalId: uniqueLogin('b') });
    await addOrganisationMember(t, a, inA.key, 'user');
    await addOrganisationMember(t, b, inB.key, 'user');
    const as = { auth: managerOfA.auth };
    expect((await scim('GET', `/Users/${inA.key}`, as)).status).toBe(200);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { userName: inB.login }],
      ['PATCH', { Operations: [{ op: 'replace', path: 'active', value: false }] }],
      ['DELETE', undefined],
    ] as const) {
      expect([method, (await scim(method, `/Users/${inB.key}`, { ...as, body })).status]).toEqual([method, 404]);
    }
    expect((await scim('GET', query(`userName eq "${inB.login}"`), as)).json.totalResults).toBe(0);
    expect((await scim('GET', query(`userName eq "${inA.login}"`), as)).json.totalResults).toBe(1);
    const status = await fetch(`${t.base}/restapi/users/${inB.key}/status`, { headers: { ...adminAuth(), Accept: 'application/json' } });
    expect(await status.json()).toEqual({ status: 2 });
  });
});
