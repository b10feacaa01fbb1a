import {
  addOrganisationMember,
  buildOrganisation,
  buildOrganisationType,
  buildRoleInAnotherOrganisation,
  buildUser,
  defaultOrganisationKey,
  type TestUser,
} from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { graphqlOf, pathOf, refusals, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Every organisation operation: its refusals and a success, on both transports for the reads. */

let t: TestService;
let plain: TestUser;
let member: TestUser;
let organisationKey: number;
let typeKey: number;
let subTypeKey: number;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  member = await buildUser(t);
  organisationKey = await buildOrganisation(t, { identifier: 'operations', externalId: 'OPS' });
  typeKey = await buildOrganisationType(t, { identifier: 'faculty' });
  subTypeKey = await buildOrganisationType(t, { identifier: 'institute' });
  await addOrganisationMember(t, organisationKey, member.key, 'author');
  stranger = await buildRoleInAnotherOrganisation(t, 'administrator');
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
/** The refused caller is a plain user: organisation operations need the administrator or sysadmin role. */
const world =
  (values: Record<string, unknown> = {}) =>
  () => ({ t, values: { organisationKey, typeKey, subTypeKey, identityKey: member.key, role: 'authors', ...values }, forbidden: plain, stranger });

function rest(name: string, values: Record<string, unknown>, body?: unknown) {
  const route = routeNamed(name);
  return call(t.base, route.method, pathOf(route, values), { headers: asAdmin, body });
}

/** The same operation through GraphQL, as the administrator. */
async function viaGraphql(name: string, values: Record<string, unknown>) {
  const op = graphqlOf(routeNamed(name));
  const reply = await graphql(t.base, adminAuth(), op.document, op.variables(values));
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data[op.field];
}

const keysOf = (list: { key: number }[]) => list.map((item) => item.key);

describe('GET /organisations', () => {
  refusals('GET /organisations', world());
  it('lists the organisations, or the exact matches of externalId', async () => {
    expect(keysOf((await rest('GET /organisations', {})).json)).toContain(organisationKey);
    expect(keysOf((await call(t.base, 'GET', '/restapi/organisations?externalId=OPS', { headers: asAdmin })).json)).toEqual([organisationKey]);
    expect(keysOf(await viaGraphql('GET /organisations', {}))).toContain(organisationKey);
  });
});

for (const method of ['PUT', 'POST'] as const) {
  const name = `${method} /organisations`;
  describe(name, () => {
    refusals(name, world());
    it('creates an organisation below the default one', async () => {
      const reply = await rest(name, {}, { identifier: `created-${method}`, displayName: `Created by ${method}` });
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({ identifier: `created-${method}`, parentOrganisationKey: await defaultOrganisationKey(t) });
    });
  });
}

describe('GET /organisations/:organisationKey', () => {
  refusals('GET /organisations/:organisationKey', world());
  it('answers the organisation', async () => {
    expect((await rest('GET /organisations/:organisationKey', { organisationKey })).json).toMatchObject({ key: organisationKey, identifier: 'operations' });
    expect(await viaGraphql('GET /organisations/:organisationKey', { organisationKey })).toMatchObject({ key: organisationKey });
  });
});

describe('POST /organisations/:organisationKey', () => {
  refusals('POST /organisations/:organisationKey', world());
  it('updates the organisation', async () => {
    const key = await buildOrganisation(t);
    const reply = await rest('POST /organisations/:organisationKey', { organisationKey: key }, { displayName: 'Renamed' });
    expect(reply.json).toMatchObject({ key, displayName: 'Renamed' });
  });
});

describe('DELETE /organisations/:organisationKey', () => {
  refusals('DELETE /organisations/:organisationKey', world());
  it('deletes the organisation', async () => {
    const key = await buildOrganisation(t);
    expect((await rest('DELETE /organisations/:organisationKey', { organisationKey: key })).status).toBe(200);
    expect((await rest('GET /organisations/:organisationKey', { organisationKey: key })).status).toBe(404);
  });
});

describe('GET /organisations/:organisationKey/:role', () => {
  refusals('GET /organisations/:organisationKey/:role', world());
  it('lists the members with the role', async () => {
    expect(keysOf((await rest('GET /organisations/:organisationKey/:role', { organisationKey, role: 'authors' })).json)).toEqual([member.key]);
    expect(keysOf(await viaGraphql('GET /organisations/:organisationKey/:role', { organisationKey, role: 'authors' }))).toEqual([member.key]);
  });
});

describe('PUT /organisations/:organisationKey/:role', () => {
  refusals('PUT /organisations/:organisationKey/:role', world());
  it('grants the role to a list of users', async () => {
    const key = await buildOrganisation(t);
    expect((await rest('PUT /organisations/:organisationKey/:role', { organisationKey: key, role: 'authors' }, [{ key: member.key }])).status).toBe(200);
    expect(keysOf((await rest('GET /organisations/:organisationKey/:role', { organisationKey: key, role: 'authors' })).json)).toEqual([member.key]);
  });
});

describe('PUT /organisations/:organisationKey/:role/:identityKey', () => {
  refusals('PUT /organisations/:organisationKey/:role/:identityKey', world());
  it('grants the role to the user', async () => {
    const key = await buildOrganisation(t);
    expect(
      (await rest('PUT /organisations/:organisationKey/:role/:identityKey', { organisationKey: key, role: 'author', identityKey: member.key })).status,
    ).toBe(200);
    expect(keysOf((await rest('GET /organisations/:organisationKey/:role', { organisationKey: key, role: 'authors' })).json)).toEqual([member.key]);
  });
});

describe('DELETE /organisations/:organisationKey/:role/:identityKey', () => {
  refusals('DELETE /organisations/:organisationKey/:role/:identityKey', world());
  it('ends the membership', async () => {
    const key = await buildOrganisation(t);
    await addOrganisationMember(t, key, member.key, 'author');
    expect(
      (await rest('DELETE /organisations/:organisationKey/:role/:identityKey', { organisationKey: key, role: 'author', identityKey: member.key })).status,
    ).toBe(200);
    expect((await rest('GET /organisations/:organisationKey/:role', { organisationKey: key, role: 'authors' })).json).toEqual([]);
  });
});

describe('GET /organisations/membership/:role/:identityKey', () => {
  refusals('GET /organisations/membership/:role/:identityKey', world());
  it('lists the organisations where the user has the role', async () => {
    const author = await buildUser(t);
    await addOrganisationMember(t, organisationKey, author.key, 'author');
    const values = { role: 'author', identityKey: author.key };
    expect(keysOf((await rest('GET /organisations/membership/:role/:identityKey', values)).json)).toEqual([organisationKey]);
    expect(keysOf(await viaGraphql('GET /organisations/membership/:role/:identityKey', values))).toEqual([organisationKey]);
  });
});

describe('GET /organisations/types', () => {
  refusals('GET /organisations/types', world());
  it('lists the organisation types', async () => {
    expect(keysOf((await rest('GET /organisations/types', {})).json)).toEqual(expect.arrayContaining([typeKey, subTypeKey]));
    expect(keysOf(await viaGraphql('GET /organisations/types', {}))).toEqual(expect.arrayContaining([typeKey, subTypeKey]));
  });
});

for (const method of ['PUT', 'POST'] as const) {
  const name = `${method} /organisations/types`;
  describe(name, () => {
    refusals(name, world());
    it('creates an organisation type', async () => {
      const reply = await rest(name, {}, { identifier: `type-${method}`, displayName: `Type by ${method}` });
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({ key: expect.any(Number), identifier: `type-${method}` });
    });
  });
}

describe('GET /organisations/types/:typeKey', () => {
  refusals('GET /organisations/types/:typeKey', world());
  it('answers the type', async () => {
    expect((await rest('GET /organisations/types/:typeKey', { typeKey })).json).toMatchObject({ key: typeKey, identifier: 'faculty' });
    expect(await viaGraphql('GET /organisations/types/:typeKey', { typeKey })).toMatchObject({ key: typeKey });
  });
});

describe('POST /organisations/types/:typeKey', () => {
  refusals('POST /organisations/types/:typeKey', world());
  it('updates the type', async () => {
    const key = await buildOrganisationType(t);
    expect((await rest('POST /organisations/types/:typeKey', { typeKey: key }, { displayName: 'Renamed type' })).json).toMatchObject({
      key,
      displayName: 'Renamed type',
    });
  });
});

describe('GET /organisations/types/:typeKey/allowedSubTypes', () => {
  refusals('GET /organisations/types/:typeKey/allowedSubTypes', world());
  it('lists the allowed sub-types', async () => {
    const key = await buildOrganisationType(t);
    await rest('PUT /organisations/types/:typeKey/allowedSubTypes/:subTypeKey', { typeKey: key, subTypeKey });
    expect(keysOf((await rest('GET /organisations/types/:typeKey/allowedSubTypes', { typeKey: key })).json)).toEqual([subTypeKey]);
    expect(keysOf(await viaGraphql('GET /organisations/types/:typeKey/allowedSubTypes', { typeKey: key }))).toEqual([subTypeKey]);
  });
});

describe('PUT /organisations/types/:typeKey/allowedSubTypes/:subTypeKey', () => {
  refusals('PUT /organisations/types/:typeKey/allowedSubTypes/:subTypeKey', world());
  it('allows the sub-type, 200 the second time too, as in OpenOLAT', async () => {
    const key = await buildOrganisationType(t);
    expect((await rest('PUT /organisations/types/:typeKey/allowedSubTypes/:subTypeKey', { typeKey: key, subTypeKey })).status).toBe(200);
    expect((await rest('PUT /organisations/types/:typeKey/allowedSubTypes/:subTypeKey', { typeKey: key, subTypeKey })).status).toBe(200);
    expect(keysOf((await rest('GET /organisations/types/:typeKey/allowedSubTypes', { typeKey: key })).json)).toEqual([subTypeKey]);
  });
});

describe('DELETE /organisations/types/:typeKey/allowedSubTypes/:subTypeKey', () => {
  refusals('DELETE /organisations/types/:typeKey/allowedSubTypes/:subTypeKey', world());
  it('disallows the sub-type, 200 also when it was not allowed, as in OpenOLAT', async () => {
    const key = await buildOrganisationType(t);
    await rest('PUT /organisations/types/:typeKey/allowedSubTypes/:subTypeKey', { typeKey: key, subTypeKey });
    expect((await rest('DELETE /organisations/types/:typeKey/allowedSubTypes/:subTypeKey', { typeKey: key, subTypeKey })).status).toBe(200);
    expect((await rest('DELETE /organisations/types/:typeKey/allowedSubTypes/:subTypeKey', { typeKey: key, subTypeKey })).status).toBe(200);
    expect((await rest('GET /organisations/types/:typeKey/allowedSubTypes', { typeKey: key })).json).toEqual([]);
  });
});
