import { type TestUser, buildCourse, buildUser, uniqueLogin } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql, type Headers } from '../support/http';
import { startTestService, type TestService, adminAuth } from '../support/service';
import type { OrganisationTypeVo, OrganisationVo } from '../support/graphql-types';

let t: TestService;
let defaultKey: number;
const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const asAdminXml = { ...adminAuth(), ...XML_TYPE };

const rest = (method: string, path: string, options: { headers?: Headers; body?: unknown; contentType?: string } = {}) =>
  call(t.base, method, `/restapi${path}`, { headers: asAdmin, ...options });

async function createOrganisation(body: Record<string, unknown> = {}): Promise<OrganisationVo> {
  const reply = await rest('PUT', '/organisations', { body: { identifier: uniqueLogin('org'), displayName: 'Organisation', ...body } });
  if (reply.status !== 200) throw new Error(`createOrganisation: ${reply.status} ${reply.text}`);
  return reply.json;
}

const grant = (organisationKey: number, role: string, identityKey: number, inheritanceMode?: string) =>
  rest('PUT', `/organisations/${organisationKey}/${role}/${identityKey}${inheritanceMode ? `?inheritanceMode=${inheritanceMode}` : ''}`);

const keysOf = (list: { key: number }[]) => list.map((item) => item.key);

const membershipsOf = async (role: string, identityKey: number, withInheritance?: boolean) => {
  const reply = await rest(
    'GET',
    `/organisations/membership/${role}/${identityKey}${withInheritance === undefined ? '' : `?withInheritance=${withInheritance}`}`,
  );
  expect(reply.status).toBe(200);
  return keysOf(reply.json);
};

const codeOf = (reply: { body: { errors?: { extensions?: { code?: string; flag?: string } }[] } }) => reply.body.errors?.[0]?.extensions;

beforeAll(async () => {
  t = await startTestService();
  defaultKey = (await rest('GET', '/organisations?identifier=default-org')).json[0].key;
  // The bootstrap administrator holds its roles with root inheritance, as OpenOLAT grants them
  // (OrganisationRoles.isInheritedByDefault): the tests below rely on it reaching every sub-organisation.
});
afterAll(() => t.stop());

describe('organisations', () => {
  it('creates below the default organisation, reads, lists and updates (JSON)', async () => {
    const identifier = uniqueLogin('fac');
    const created = await rest('PUT', '/organisations', {
      body: {
        identifier,
        displayName: 'Faculty of Science',
        description: 'Sciences',
        cssClass: 'o_fac',
        externalId: `EXT-${identifier}`,
        managedFlagsString: 'displayName,bogus,move',
        rootOrganisationKey: 99,
      },
    });
    expect(created.status).toBe(200);
    expect(created.json).toEqual({
      key: expect.any(Number),
      identifier,
      displayName: 'Faculty of Science',
      description: 'Sciences',
      cssClass: 'o_fac',
      status: 'active',
      externalId: `EXT-${identifier}`,
      managedFlagsString: 'displayName,move',
      rootOrganisationKey: defaultKey,
      parentOrganisationKey: defaultKey,
      organisationTypeKey: null,
    });
    const key = created.json.key;

    expect((await rest('GET', `/organisations/${key}`)).json).toEqual(created.json);
    expect(keysOf((await rest('GET', `/organisations?externalId=EXT-${identifier}`)).json)).toEqual([key]);
    expect(keysOf((await rest('GET', `/organisations?identifier=${identifier}`)).json)).toEqual([key]);
    const all = keysOf((await rest('GET', '/organisations')).json);
    expect(all).toEqual(expect.arrayContaining([defaultKey, key]));

    const updated = await rest('POST', `/organisations/${key}`, {
      body: { displayName: 'Faculty of Natural Science', description: null, managedFlagsString: '', status: 'inactive' },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      key,
      identifier,
      displayName: 'Faculty of Natural Science',
      description: null,
      managedFlagsString: null,
      status: 'inactive',
      cssClass: 'o_fac',
    });

    const viaPut = await rest('PUT', '/organisations', { body: { key, displayName: 'Renamed by PUT' } });
    expect(viaPut.json).toMatchObject({ key, displayName: 'Renamed by PUT' });
    const viaPost = await rest('POST', '/organisations', { body: { key, displayName: 'Renamed by POST' } });
    expect(viaPost.json).toMatchObject({ key, displayName: 'Renamed by POST' });

    // status deleted: gone from the plain list (OpenOLAT's getOrganisations), still found by the exact filters
    expect((await rest('POST', `/organisations/${key}`, { body: { status: 'deleted' } })).json.status).toBe('deleted');
    expect(keysOf((await rest('GET', '/organisations')).json)).not.toContain(key);
    expect(keysOf((await rest('GET', `/organisations?identifier=${identifier}`)).json)).toEqual([key]);
  });

  it('speaks XML: organisationVO in catalogue field order, organisationVOs for lists', async () => {
    const identifier = uniqueLogin('xml');
    const created = await rest('PUT', '/organisations', {
      headers: asAdminXml,
      contentType: 'application/xml',
      body: `<organisationVO><identifier>${identifier}</identifier><displayName>XML faculty</displayName><externalId>X-${identifier}</externalId><managedFlagsString>delete,identifier</managedFlagsString></organisationVO>`,
    });
    expect(created.status).toBe(200);
    const key = Number(/<key>(\d+)<\/key>/.exec(created.text)![1]);
    expect(created.text).toBe(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><organisationVO><key>${key}</key><identifier>${identifier}</identifier><displayName>XML faculty</displayName>` +
        `<status>active</status><externalId>X-${identifier}</externalId><managedFlagsString>identifier,delete</managedFlagsString>` +
        `<rootOrganisationKey>${defaultKey}</rootOrganisationKey><parentOrganisationKey>${defaultKey}</parentOrganisationKey></organisationVO>`,
    );
    const noAccept = await rest('GET', `/organisations/${key}`, { headers: adminAuth() });
    expect(noAccept.headers.get('content-type')).toMatch(/^application\/xml/);
    const list = await rest('GET', `/organisations?identifier=${identifier}`, { headers: asAdminXml });
    expect(list.text).toMatch(new RegExp(`^<\\?xml[^>]*\\?><organisationVOs><organisationVO><key>${key}</key>.*</organisationVO></organisationVOs>$`));
    const updated = await rest('POST', `/organisations/${key}`, {
      headers: asAdminXml,
      contentType: 'application/xml',
      body: `<organisationVO><key>${key}</key><description>from XML</description></organisationVO>`,
    });
    expect(updated.text).toContain('<description>from XML</description>');
  });

  it('validates: 406 with ErrorVO list for missing names and unknown status, 409 for a key mismatch or a taken identifier, 404 for unknown keys', async () => {
    const missing = await rest('PUT', '/organisations', { body: { description: 'no names' } });
    expect(missing.status).toBe(406);
    expect(missing.json.map((error: { code: string }) => error.code)).toEqual([
      'org.olat.user.restapi:organisation.identifier.mandatory',
      'org.olat.user.restapi:organisation.displayName.mandatory',
    ]);
    const organisation = await createOrganisation();
    expect((await rest('POST', `/organisations/${organisation.key}`, { body: { status: 'closed' } })).status).toBe(406);
    expect((await rest('PUT', '/organisations', { body: { identifier: uniqueLogin(), displayName: 'x', parentOrganisationKey: 999999 } })).status).toBe(406);
    expect((await rest('POST', `/organisations/${organisation.key}`, { body: { key: organisation.key + 1, displayName: 'other' } })).status).toBe(409);
    expect((await rest('PUT', '/organisations', { body: { identifier: organisation.identifier, displayName: 'Twin' } })).status).toBe(409);
    expect((await rest('GET', '/organisations/999999')).status).toBe(404);
    expect((await rest('GET', '/organisations/abc')).status).toBe(404);
    expect((await rest('POST', '/organisations/999999', { body: { displayName: 'x' } })).status).toBe(404);
  });

  it('works through GraphQL with the same rules', async () => {
    const identifier = uniqueLogin('gql');
    const created = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($o: OrganisationVOInput!) {
          createOrganisation(organisation: $o) {
            key
            identifier
            parentOrganisationKey
            managedFlagsString
          }
        }
      `,
      {
        o: { identifier, displayName: 'GraphQL org', managedFlagsString: 'members,nonsense' },
      },
    );
    expect(created.body.data.createOrganisation).toMatchObject({ identifier, parentOrganisationKey: defaultKey, managedFlagsString: 'members' });
    const key = created.body.data.createOrganisation.key;
    const read = await graphql(
      t.base,
      adminAuth(),
      `
        query ($k: Long!) {
          organisation(organisationKey: $k) {
            key
            displayName
          }
        }
      `,
      { k: key },
    );
    expect(read.body.data.organisation).toEqual({ key, displayName: 'GraphQL org' });
    const mismatch = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($k: Long!) {
          updateOrganisation(organisationKey: $k, organisation: { key: 1 }) {
            key
          }
        }
      `,
      { k: key },
    );
    expect(codeOf(mismatch)?.code).toBe('CONFLICT');
    const invalid = await graphql(
      t.base,
      adminAuth(),
      `
        mutation {
          createOrganisation(organisation: { identifier: "" }) {
            key
          }
        }
      `,
    );
    expect(codeOf(invalid)?.code).toBe('VALIDATION_FAILED');
  });

  it('answers its version as text/plain (catalogue 2.5)', async () => {
    const reply = await rest('GET', '/organisations/version', { headers: adminAuth() });
    expect({ status: reply.status, text: reply.text, type: reply.headers.get('content-type') }).toEqual({
      status: 200,
      text: '1.0',
      type: expect.stringMatching(/^text\/plain/),
    });
  });

  it('answers 403 to callers without administrator or sysadmin, through both transports', async () => {
    const manager = await buildUser(t, { userManager: true });
    expect((await rest('GET', '/organisations', { headers: { ...manager.auth, ...JSON_TYPE } })).status).toBe(403);
    expect(codeOf(await graphql(t.base, manager.auth, '{ organisations { key } }'))?.code).toBe('FORBIDDEN');
  });
});

describe('the organisation tree', () => {
  it('moves an organisation with its subtree and refuses moves below itself', async () => {
    const a = await createOrganisation();
    const b = await createOrganisation();
    const a1 = await createOrganisation({ parentOrganisationKey: a.key });
    const a11 = await createOrganisation({ parentOrganisationKey: a1.key });
    expect(a11).toMatchObject({ parentOrganisationKey: a1.key, rootOrganisationKey: defaultKey });

    const user = await buildUser(t);
    expect((await grant(b.key, 'author', user.key, 'root')).status).toBe(200);
    expect(await membershipsOf('author', user.key)).toEqual([b.key]);

    const moved = await rest('POST', `/organisations/${a1.key}`, { body: { parentOrganisationKey: b.key } });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ key: a1.key, parentOrganisationKey: b.key, rootOrganisationKey: defaultKey });
    expect((await rest('GET', `/organisations/${a11.key}`)).json.parentOrganisationKey).toBe(a1.key);
    // the subtree's paths followed: B's inheriting membership now covers A1 and A11
    expect(await membershipsOf('author', user.key)).toEqual([b.key, a1.key, a11.key].sort((x, y) => x - y));

    expect((await rest('POST', `/organisations/${a1.key}`, { body: { parentOrganisationKey: a11.key } })).status).toBe(409);
    expect((await rest('POST', `/organisations/${a1.key}`, { body: { parentOrganisationKey: a1.key } })).status).toBe(409);
    expect((await rest('POST', `/organisations/${defaultKey}`, { body: { parentOrganisationKey: a.key } })).status).toBe(409);
    expect((await rest('GET', `/organisations/${a1.key}`)).json.parentOrganisationKey).toBe(b.key);

    const back = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($k: Long!, $p: Long!) {
          updateOrganisation(organisationKey: $k, organisation: { parentOrganisationKey: $p }) {
            parentOrganisationKey
          }
        }
      `,
      { k: a1.key, p: a.key },
    );
    expect(back.body.data.updateOrganisation.parentOrganisationKey).toBe(a.key);
    expect(await membershipsOf('author', user.key)).toEqual([b.key]);
  });

  it('keeps the default organisation and organisations with sub-organisations (409)', async () => {
    expect((await rest('DELETE', `/organisations/${defaultKey}`)).status).toBe(409);
    const parent = await createOrganisation();
    const child = await createOrganisation({ parentOrganisationKey: parent.key });
    expect((await rest('DELETE', `/organisations/${parent.key}`)).status).toBe(409);
    expect((await rest('DELETE', `/organisations/${child.key}`)).status).toBe(200);
    expect((await rest('GET', `/organisations/${child.key}`)).status).toBe(404);
    expect((await rest('DELETE', `/organisations/${child.key}`)).status).toBe(404);
    const viaGraphql = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($k: Long!) {
          deleteOrganisation(organisationKey: $k)
        }
      `,
      { k: parent.key },
    );
    expect(viaGraphql.body.data.deleteOrganisation).toBe(true);
  });

  it('keeps an organisation in which courses are placed (409 in the client format, on GraphQL too) until they are moved', async () => {
    const organisation = await createOrganisation();
    const course = await buildCourse(t, { organisationKey: organisation.key });
    const message = 'courses or other learning resources are placed in the organisation; move them to another organisation first';
    const json = await rest('DELETE', `/organisations/${organisation.key}`);
    expect({ status: json.status, body: json.json }).toEqual({ status: 409, body: { code: 'CONFLICT', translation: message } });
    const xml = await call(t.base, 'DELETE', `/restapi/organisations/${organisation.key}`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(xml.status).toBe(409);
    expect(xml.text).toContain(`<translation>${message}</translation>`);
    const viaGraphql = await graphql(t.base, adminAuth(), 'mutation ($k: Long!) { deleteOrganisation(organisationKey: $k) }', { k: organisation.key });
    expect(viaGraphql.body.errors[0]).toMatchObject({ message, extensions: { code: 'CONFLICT' } });
    expect((await rest('GET', `/organisations/${organisation.key}`)).status).toBe(200);
    await t.service.orm.em.fork().getConnection().execute('update repository_entry set organisation_id = ? where id = ?', [defaultKey, course.key]);
    expect((await rest('DELETE', `/organisations/${organisation.key}`)).status).toBe(200);
  });

  it('moves the users of a deleted organisation to the default organisation', async () => {
    const organisation = await createOrganisation();
    const user = await buildUser(t);
    expect((await grant(organisation.key, 'users', user.key)).status).toBe(200);
    expect((await rest('DELETE', `/organisations/${defaultKey}/users/${user.key}`)).status).toBe(200);
    expect(await membershipsOf('user', user.key)).toEqual([organisation.key]);
    expect((await rest('DELETE', `/organisations/${organisation.key}`)).status).toBe(200);
    expect(await membershipsOf('user', user.key, false)).toEqual([defaultKey]);
  });

  it('lets only administrators of that organisation or of an inheriting ancestor delete it', async () => {
    const realm = await createOrganisation();
    const inside = await createOrganisation({ parentOrganisationKey: realm.key });
    const outside = await createOrganisation();
    const admin = await buildUser(t);
    expect((await grant(realm.key, 'administrator', admin.key)).status).toBe(200);
    const asRealmAdmin = { ...admin.auth, ...JSON_TYPE };
    expect((await rest('DELETE', `/organisations/${outside.key}`, { headers: asRealmAdmin })).status).toBe(403);
    expect(
      codeOf(
        await graphql(
          t.base,
          admin.auth,
          `
            mutation ($k: Long!) {
              deleteOrganisation(organisationKey: $k)
            }
          `,
          { k: outside.key },
        ),
      )?.code,
    ).toBe('FORBIDDEN');
    expect((await rest('DELETE', `/organisations/${inside.key}`, { headers: asRealmAdmin })).status).toBe(200);

    const narrow = await buildUser(t);
    const below = await createOrganisation({ parentOrganisationKey: realm.key });
    expect((await grant(realm.key, 'administrator', narrow.key, 'none')).status).toBe(200);
    expect((await rest('DELETE', `/organisations/${below.key}`, { headers: { ...narrow.auth, ...JSON_TYPE } })).status).toBe(403);
  });
});

describe('the administrator of one organisation', () => {
  it('changes, reads the members of and grants roles in their organisation only, and takes in only people of their organisations', async () => {
    const realm = await createOrganisation();
    const outside = await createOrganisation();
    const admin = await buildUser(t);
    expect((await grant(realm.key, 'administrator', admin.key)).status).toBe(200);
    const stranger = await buildUser(t);
    const asRealmAdmin = { ...admin.auth, ...JSON_TYPE };
    const asRealm = (method: string, path: string, body?: unknown) => rest(method, path, { headers: asRealmAdmin, body });

    expect((await asRealm('POST', `/organisations/${outside.key}`, { displayName: 'Taken' })).status).toBe(403);
    expect((await asRealm('PUT', '/organisations', { key: outside.key, identifier: outside.identifier, displayName: 'Taken' })).status).toBe(403);
    expect((await asRealm('PUT', '/organisations', { identifier: uniqueLogin('org'), displayName: 'Below', parentOrganisationKey: outside.key })).status).toBe(
      403,
    );
    expect((await asRealm('POST', `/organisations/${realm.key}`, { parentOrganisationKey: outside.key })).status).toBe(403);
    expect((await rest('GET', `/organisations/${outside.key}`)).json).toMatchObject({ displayName: 'Organisation', parentOrganisationKey: defaultKey });
    expect((await asRealm('GET', `/organisations/${outside.key}/users`)).status).toBe(403);
    expect((await asRealm('GET', `/organisations/${outside.key}/entries`)).status).toBe(403);
    expect((await asRealm('PUT', `/organisations/${defaultKey}/administrator/${admin.key}`)).status).toBe(403);
    expect((await asRealm('PUT', `/organisations/${realm.key}/users/${stranger.key}`)).status).toBe(403);
    expect((await asRealm('PUT', `/organisations/${realm.key}/users`, [{ key: stranger.key }])).status).toBe(403);
    expect((await asRealm('GET', `/organisations/membership/user/${stranger.key}`)).status).toBe(403);
    const viaGraphql = await graphql(
      t.base,
      admin.auth,
      'mutation ($o: Long!, $i: Long!) { addOrganisationMember(organisationKey: $o, role: "administrator", identityKey: $i) }',
      {
        o: defaultKey,
        i: admin.key,
      },
    );
    expect(codeOf(viaGraphql)?.code).toBe('FORBIDDEN');
    const members = await graphql(t.base, admin.auth, 'query ($o: Long!) { organisation(organisationKey: $o) { key members { key } } }', { o: outside.key });
    expect(members.body.errors[0]).toMatchObject({ path: ['organisation', 'members'], extensions: { code: 'FORBIDDEN' } });
    const organisations = await graphql(t.base, admin.auth, 'query ($i: Long!) { user(identityKey: $i) { key organisations { key } } }', { i: stranger.key });
    expect(organisations.body.errors[0]).toMatchObject({ path: ['user', 'organisations'], extensions: { code: 'FORBIDDEN' } });
    expect(await membershipsOf('administrator', admin.key, false)).toEqual([realm.key]);
    expect(await membershipsOf('user', stranger.key, false)).toEqual([defaultKey]);

    const member = await buildUser(t);
    expect((await grant(realm.key, 'users', member.key)).status).toBe(200);
    expect((await asRealm('PUT', `/organisations/${realm.key}/authors/${member.key}`)).status).toBe(200);
    expect(keysOf((await asRealm('GET', `/organisations/${realm.key}/authors`)).json)).toEqual([member.key]);
    expect((await asRealm('POST', `/organisations/${realm.key}`, { displayName: 'Renamed' })).json).toMatchObject({ displayName: 'Renamed' });
  });
});

describe('members by role', () => {
  it('adds, lists and removes members; singular and plural role names; 409 for unknown roles', async () => {
    const organisation = await createOrganisation();
    const author = await buildUser(t);
    expect((await grant(organisation.key, 'authors', author.key)).status).toBe(200);
    expect((await grant(organisation.key, 'author', author.key)).status).toBe(200);
    expect(keysOf((await rest('GET', `/organisations/${organisation.key}/authors`)).json)).toEqual([author.key]);
    expect(keysOf((await rest('GET', `/organisations/${organisation.key}/author`)).json)).toEqual([author.key]);
    const xml = await rest('GET', `/organisations/${organisation.key}/authors`, { headers: asAdminXml });
    expect(xml.text).toMatch(new RegExp(`<userVOs><userVO><key>${author.key}</key><login>${author.login}</login>`));

    expect((await rest('GET', `/organisations/${organisation.key}/wizards`)).status).toBe(409);
    expect((await grant(organisation.key, 'wizards', author.key)).status).toBe(409);
    expect((await rest('DELETE', `/organisations/${organisation.key}/wizards/${author.key}`)).status).toBe(409);
    expect((await grant(organisation.key, 'authors', 999999)).status).toBe(404);
    expect((await grant(999999, 'authors', author.key)).status).toBe(404);

    expect((await rest('DELETE', `/organisations/${organisation.key}/authors/${author.key}`)).status).toBe(200);
    expect((await rest('GET', `/organisations/${organisation.key}/authors`)).json).toEqual([]);
  });

  it('adds a list of users from JSON and XML bodies, skipping unknown keys', async () => {
    const organisation = await createOrganisation();
    const [first, second, third] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const json = await rest('PUT', `/organisations/${organisation.key}/coaches`, { body: [{ key: first.key }, { key: 999999 }] });
    expect(json.status).toBe(409); // "coache" is no role: only a trailing s is dropped
    expect(
      (
        await rest('PUT', `/organisations/${organisation.key}/learnresourcemanagers`, {
          body: [{ key: first.key }, { key: 999999 }, { key: second.key, login: second.login }],
        })
      ).status,
    ).toBe(200);
    const xml = await rest('PUT', `/organisations/${organisation.key}/learnresourcemanagers`, {
      headers: asAdminXml,
      contentType: 'application/xml',
      body: `<userVOs><userVO><key>${third.key}</key></userVO></userVOs>`,
    });
    expect(xml.status).toBe(200);
    expect(keysOf((await rest('GET', `/organisations/${organisation.key}/learnresourcemanagers`)).json)).toEqual([first.key, second.key, third.key]);
  });

  it('applies root memberships in the sub-organisations, none only where granted', async () => {
    const top = await createOrganisation();
    const sub = await createOrganisation({ parentOrganisationKey: top.key });
    const subsub = await createOrganisation({ parentOrganisationKey: sub.key });
    const inheriting = await buildUser(t);
    const local = await buildUser(t);
    const byDefault = await buildUser(t);
    expect((await grant(top.key, 'curriculummanagers', inheriting.key, 'root')).status).toBe(200);
    expect((await grant(top.key, 'curriculummanagers', local.key, 'none')).status).toBe(200);
    expect((await grant(top.key, 'curriculummanagers', byDefault.key)).status).toBe(200);

    expect(keysOf((await rest('GET', `/organisations/${subsub.key}/curriculummanagers`)).json)).toEqual([inheriting.key, byDefault.key]);
    expect(keysOf((await rest('GET', `/organisations/${top.key}/curriculummanagers`)).json)).toEqual([inheriting.key, local.key, byDefault.key]);

    expect(await membershipsOf('curriculummanager', inheriting.key)).toEqual([top.key, sub.key, subsub.key]);
    expect(await membershipsOf('curriculummanager', inheriting.key, true)).toEqual([top.key, sub.key, subsub.key]);
    expect(await membershipsOf('curriculummanager', inheriting.key, false)).toEqual([top.key]);
    expect(await membershipsOf('curriculummanager', local.key)).toEqual([top.key]);

    // granting again changes the inheritance of the membership
    expect((await grant(top.key, 'curriculummanager', inheriting.key, 'none')).status).toBe(200);
    expect(await membershipsOf('curriculummanager', inheriting.key)).toEqual([top.key]);

    const listed = await graphql(
      t.base,
      adminAuth(),
      `
        query ($i: Long!) {
          organisationMemberships(role: "curriculummanager", identityKey: $i) {
            key
          }
        }
      `,
      { i: byDefault.key },
    );
    expect(keysOf(listed.body.data.organisationMemberships)).toEqual([top.key, sub.key, subsub.key]);
  });

  it('answers the membership listing with 406 for an unknown role and 404 for an unknown user, in XML as organisationVOs', async () => {
    const user = await buildUser(t);
    expect((await rest('GET', `/organisations/membership/wizard/${user.key}`)).status).toBe(406);
    expect((await rest('GET', '/organisations/membership/user/999999')).status).toBe(404);
    const xml = await rest('GET', `/organisations/membership/user/${user.key}`, { headers: asAdminXml });
    expect(xml.text).toContain(`<organisationVOs><organisationVO><key>${defaultKey}</key><identifier>default-org</identifier>`);
  });

  it('changes members through GraphQL', async () => {
    const organisation = await createOrganisation();
    const user = await buildUser(t);
    const add = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($o: Long!, $i: Long!) {
          addOrganisationMember(organisationKey: $o, role: "authors", identityKey: $i)
        }
      `,
      { o: organisation.key, i: user.key },
    );
    expect(add.body.data.addOrganisationMember).toBe(true);
    const list = await graphql(
      t.base,
      adminAuth(),
      `
        query ($o: Long!) {
          organisationMembers(organisationKey: $o, role: "author") {
            key
          }
        }
      `,
      { o: organisation.key },
    );
    expect(keysOf(list.body.data.organisationMembers)).toEqual([user.key]);
    const unknown = await graphql(
      t.base,
      adminAuth(),
      `
        query ($o: Long!) {
          organisationMembers(organisationKey: $o, role: "wizard") {
            key
          }
        }
      `,
      { o: organisation.key },
    );
    expect(codeOf(unknown)?.code).toBe('CONFLICT');
    const remove = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($o: Long!, $i: Long!) {
          removeOrganisationMember(organisationKey: $o, role: "author", identityKey: $i)
        }
      `,
      { o: organisation.key, i: user.key },
    );
    expect(remove.body.data.removeOrganisationMember).toBe(true);
  });
});

describe('organisation types', () => {
  const createType = async (body: Record<string, unknown> = {}): Promise<OrganisationTypeVo> => {
    const reply = await rest('PUT', '/organisations/types', { body: { identifier: uniqueLogin('type'), displayName: 'Type', ...body } });
    if (reply.status !== 200) throw new Error(`createType: ${reply.status} ${reply.text}`);
    return reply.json;
  };

  it('creates, reads, lists and updates types in JSON and XML', async () => {
    const identifier = uniqueLogin('faculty');
    const created = await rest('PUT', '/organisations/types', {
      body: { identifier, displayName: 'Faculty', cssClass: 'o_icon_faculty', managedFlagsString: 'subTypes,cssClass,nope' },
    });
    expect(created.json).toEqual({
      key: expect.any(Number),
      identifier,
      displayName: 'Faculty',
      description: null,
      cssClass: 'o_icon_faculty',
      externalId: null,
      managedFlagsString: 'cssClass,subTypes',
    });
    const key = created.json.key;
    expect((await rest('GET', `/organisations/types/${key}`)).json).toEqual(created.json);
    expect(keysOf((await rest('GET', '/organisations/types')).json)).toContain(key);

    const xml = await rest('GET', `/organisations/types/${key}`, { headers: adminAuth() });
    expect(xml.text).toBe(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><organisationTypeVO><key>${key}</key><identifier>${identifier}</identifier><displayName>Faculty</displayName>` +
        `<cssClass>o_icon_faculty</cssClass><managedFlagsString>cssClass,subTypes</managedFlagsString></organisationTypeVO>`,
    );
    const xmlCreated = await rest('POST', '/organisations/types', {
      headers: asAdminXml,
      contentType: 'application/xml',
      body: `<organisationTypeVO><identifier>${identifier}-x</identifier><displayName>Institute</displayName></organisationTypeVO>`,
    });
    expect(xmlCreated.text).toContain(`<identifier>${identifier}-x</identifier>`);
    expect((await rest('GET', '/organisations/types', { headers: asAdminXml })).text).toMatch(/^<\?xml[^>]*\?><organisationTypeVOs><organisationTypeVO>/);

    const updated = await rest('POST', `/organisations/types/${key}`, { body: { displayName: 'Faculties', managedFlagsString: null } });
    expect(updated.json).toMatchObject({ key, displayName: 'Faculties', managedFlagsString: null, cssClass: 'o_icon_faculty' });
    expect((await rest('POST', `/organisations/types/${key}`, { body: { key: key + 1, displayName: 'x' } })).status).toBe(409);
    expect((await rest('POST', '/organisations/types/999999', { body: { displayName: 'x' } })).status).toBe(404);
    expect((await rest('GET', '/organisations/types/999999')).status).toBe(404);
    expect((await rest('PUT', '/organisations/types', { body: { identifier: 'no-name' } })).status).toBe(406);
  });

  it('allows and disallows sub-types, 200 also when nothing changes (as in OpenOLAT); the list is JSON by default', async () => {
    const faculty = await createType();
    const institute = await createType();
    const path = `/organisations/types/${faculty.key}/allowedSubTypes`;
    expect((await rest('PUT', `${path}/${institute.key}`)).status).toBe(200);
    expect((await rest('PUT', `${path}/${institute.key}`)).status).toBe(200);
    const list = await rest('GET', path, { headers: adminAuth() });
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(keysOf(list.json)).toEqual([institute.key]);
    expect((await rest('GET', path, { headers: asAdminXml })).text).toContain(`<organisationTypeVOs><organisationTypeVO><key>${institute.key}</key>`);
    expect((await rest('DELETE', `${path}/${institute.key}`)).status).toBe(200);
    expect((await rest('DELETE', `${path}/${institute.key}`)).status).toBe(200);
    expect((await rest('GET', path)).json).toEqual([]);
    expect((await rest('PUT', `${path}/999999`)).status).toBe(404);
    expect((await rest('GET', '/organisations/types/999999/allowedSubTypes')).status).toBe(404);
  });

  it('gives organisations a type; an unknown type is refused with 406', async () => {
    const type = await createType();
    const organisation = await createOrganisation({ organisationTypeKey: type.key });
    expect(organisation.organisationTypeKey).toBe(type.key);
    expect((await rest('POST', `/organisations/${organisation.key}`, { body: { organisationTypeKey: null } })).json.organisationTypeKey).toBeNull();
    expect((await rest('POST', `/organisations/${organisation.key}`, { body: { organisationTypeKey: 999999 } })).status).toBe(406);
  });
});

describe('managed organisations', () => {
  const UPDATE = `mutation($k: Long!, $o: OrganisationVOInput!) { updateOrganisation(organisationKey: $k, organisation: $o) { key identifier displayName } }`;

  it('refuses GraphQL changes of managed fields with code MANAGED; the REST channel may change them', async () => {
    const organisation = await createOrganisation({ managedFlagsString: 'identifier,move,members,delete', externalId: 'SIS-ORG' });
    const other = await createOrganisation();
    const user = await buildUser(t);
    expect(codeOf(await graphql(t.base, adminAuth(), UPDATE, { k: organisation.key, o: { identifier: 'edited' } }))).toMatchObject({
      code: 'MANAGED',
      flag: 'identifier',
    });
    expect(codeOf(await graphql(t.base, adminAuth(), UPDATE, { k: organisation.key, o: { parentOrganisationKey: other.key } }))).toMatchObject({
      code: 'MANAGED',
      flag: 'move',
    });
    expect(codeOf(await graphql(t.base, adminAuth(), UPDATE, { k: organisation.key, o: { externalId: 'other' } }))).toMatchObject({
      code: 'MANAGED',
      flag: 'any',
    });
    expect(codeOf(await graphql(t.base, adminAuth(), UPDATE, { k: organisation.key, o: { managedFlagsString: '' } }))).toMatchObject({
      code: 'MANAGED',
      flag: 'any',
    });
    expect(
      codeOf(
        await graphql(
          t.base,
          adminAuth(),
          `
            mutation ($k: Long!, $i: Long!) {
              addOrganisationMember(organisationKey: $k, role: "users", identityKey: $i)
            }
          `,
          { k: organisation.key, i: user.key },
        ),
      ),
    ).toMatchObject({ code: 'MANAGED', flag: 'members' });
    expect(
      codeOf(
        await graphql(
          t.base,
          adminAuth(),
          `
            mutation ($k: Long!) {
              deleteOrganisation(organisationKey: $k)
            }
          `,
          { k: organisation.key },
        ),
      ),
    ).toMatchObject({ code: 'MANAGED', flag: 'delete' });

    const free = await graphql(t.base, adminAuth(), UPDATE, {
      k: organisation.key,
      o: { displayName: 'Free to edit', identifier: ` ${organisation.identifier} `, managedFlagsString: 'delete,members,move,identifier' },
    });
    expect(free.body.errors).toBeUndefined();
    expect(free.body.data.updateOrganisation).toMatchObject({ identifier: organisation.identifier, displayName: 'Free to edit' });

    expect(
      (await rest('POST', `/organisations/${organisation.key}`, { body: { identifier: `${organisation.identifier}-sis`, parentOrganisationKey: other.key } }))
        .status,
    ).toBe(200);
    expect((await grant(organisation.key, 'users', user.key)).status).toBe(200);
    expect((await rest('DELETE', `/organisations/${organisation.key}`)).status).toBe(200);
  });

  it('guards managed organisation types too', async () => {
    const type = (
      await rest('PUT', '/organisations/types', { body: { identifier: uniqueLogin('mt'), displayName: 'Managed type', managedFlagsString: 'all' } })
    ).json;
    const sub = (await rest('PUT', '/organisations/types', { body: { identifier: uniqueLogin('st'), displayName: 'Sub type' } })).json;
    const allow = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($k: Long!, $s: Long!) {
          allowOrganisationSubType(typeKey: $k, subTypeKey: $s)
        }
      `,
      { k: type.key, s: sub.key },
    );
    expect(codeOf(allow)).toMatchObject({ code: 'MANAGED', flag: 'subTypes' });
    const rename = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($k: Long!) {
          updateOrganisationType(typeKey: $k, organisationType: { displayName: "x" }) {
            key
          }
        }
      `,
      { k: type.key },
    );
    expect(codeOf(rename)).toMatchObject({ code: 'MANAGED', flag: 'displayName' });
    expect((await rest('PUT', `/organisations/types/${type.key}/allowedSubTypes/${sub.key}`)).status).toBe(200);
  });
});

describe('organisation-scoped user management', () => {
  const STATUS = `mutation($k: Long!) { updateUserStatus(identityKey: $k, status: { status: 2 }) { status } }`;
  let a: OrganisationVo;
  let a1: OrganisationVo;
  let b: OrganisationVo;
  let manager: TestUser;

  /** A user who is a member of the organisation only (not of the default organisation). */
  async function userOnlyIn(organisationKey: number): Promise<TestUser> {
    const user = await buildUser(t);
    expect((await grant(organisationKey, 'users', user.key)).status).toBe(200);
    expect((await rest('DELETE', `/organisations/${defaultKey}/users/${user.key}`)).status).toBe(200);
    return user;
  }

  const setStatus = (caller: TestUser, target: TestUser) =>
    call(t.base, 'POST', `/restapi/users/${target.key}/status`, { headers: { ...caller.auth, ...JSON_TYPE }, body: { status: 2 } });

  beforeAll(async () => {
    a = await createOrganisation();
    a1 = await createOrganisation({ parentOrganisationKey: a.key });
    b = await createOrganisation();
    manager = await userOnlyIn(a.key);
    expect((await grant(a.key, 'usermanagers', manager.key)).status).toBe(200);
  });

  it('a user manager of A cannot manage a user who is only in B (REST and GraphQL)', async () => {
    const inB = await userOnlyIn(b.key);
    expect((await setStatus(manager, inB)).status).toBe(403);
    expect(codeOf(await graphql(t.base, manager.auth, STATUS, { k: inB.key }))?.code).toBe('FORBIDDEN');
    expect((await call(t.base, 'GET', `/restapi/users/${inB.key}`, { headers: { ...manager.auth, ...JSON_TYPE } })).json.email).toBeNull();
  });

  it('manages users in A and in the sub-organisations of A (REST and GraphQL)', async () => {
    const inA = await userOnlyIn(a.key);
    const inA1 = await userOnlyIn(a1.key);
    expect((await setStatus(manager, inA)).status).toBe(200);
    expect((await setStatus(manager, inA1)).status).toBe(200);
    expect((await graphql(t.base, manager.auth, STATUS, { k: inA1.key })).body.data.updateUserStatus).toEqual({ status: 2 });
    expect((await call(t.base, 'GET', `/restapi/users/${inA1.key}`, { headers: { ...manager.auth, ...JSON_TYPE } })).json.email).toBe(
      `${inA1.login}@example.org`,
    );
  });

  it('follows the tree: once A1 moves below B its users are out of reach', async () => {
    const leaving = await createOrganisation({ parentOrganisationKey: a.key });
    const inLeaving = await userOnlyIn(leaving.key);
    expect((await setStatus(manager, inLeaving)).status).toBe(200);
    expect((await rest('POST', `/organisations/${leaving.key}`, { body: { parentOrganisationKey: b.key } })).status).toBe(200);
    expect((await setStatus(manager, inLeaving)).status).toBe(403);
  });

  it('a manager membership without inheritance covers its own organisation only', async () => {
    const local = await userOnlyIn(a.key);
    expect((await grant(a.key, 'usermanager', local.key, 'none')).status).toBe(200);
    expect((await setStatus(local, await userOnlyIn(a.key))).status).toBe(200);
    expect((await setStatus(local, await userOnlyIn(a1.key))).status).toBe(403);
  });

  it('an inheriting membership of the target applies in the sub-organisations, where their manager manages them', async () => {
    const subManager = await userOnlyIn(a1.key);
    expect((await grant(a1.key, 'usermanager', subManager.key, 'none')).status).toBe(200);
    const target = await buildUser(t);
    expect((await grant(a.key, 'users', target.key, 'root')).status).toBe(200);
    expect((await rest('DELETE', `/organisations/${defaultKey}/users/${target.key}`)).status).toBe(200);
    expect((await setStatus(subManager, target)).status).toBe(200);
  });
});
