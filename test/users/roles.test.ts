import { buildUser, defaultOrganisationKey } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** RolesVO with every field of the catalogue, selectusManager and invitee included, through REST (JSON and XML) and GraphQL. */

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const setRoles = async (key: number, body: unknown, contentType?: string) =>
  call(t.base, 'POST', `/restapi/users/${key}/roles`, { headers: asAdmin, body, contentType });
const roles = async (key: number) => (await call(t.base, 'GET', `/restapi/users/${key}/roles`, { headers: asAdmin })).json;

const NONE = {
  systemAdmin: false,
  olatAdmin: false,
  userManager: false,
  groupManager: false,
  author: false,
  guestOnly: false,
  institutionalResourceManager: false,
  poolAdmin: false,
  curriculumManager: false,
  selectusManager: false,
  invitee: false,
};

describe('RolesVO', () => {
  it('carries every field, selectusManager before invitee as in OpenOLAT', async () => {
    const user = await buildUser(t, { selectusManager: true });
    expect(await roles(user.key)).toEqual({ ...NONE, selectusManager: true });
    const xml = await call(t.base, 'GET', `/restapi/users/${user.key}/roles`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(xml.text).toMatch(/<curriculumManager>false<\/curriculumManager><selectusManager>true<\/selectusManager><invitee>false<\/invitee><\/rolesVO>$/);
  });

  it('grants and revokes selectusManager when sent, and keeps it when a client leaves it out', async () => {
    const user = await buildUser(t);
    expect((await setRoles(user.key, { selectusManager: true, author: true })).json).toEqual({ ...NONE, selectusManager: true, author: true });
    expect((await setRoles(user.key, { groupManager: true })).json).toEqual({ ...NONE, selectusManager: true, groupManager: true });
    expect((await setRoles(user.key, '<rolesVO><selectusManager>false</selectusManager></rolesVO>', 'application/xml')).json).toEqual(NONE);
  });

  it('shows a selectusmanager membership granted in the default organisation', async () => {
    const user = await buildUser(t);
    const organisation = await defaultOrganisationKey(t);
    expect((await call(t.base, 'PUT', `/restapi/organisations/${organisation}/selectusmanagers/${user.key}`, { headers: asAdmin })).status).toBe(200);
    expect((await roles(user.key)).selectusManager).toBe(true);
  });

  it('makes guestOnly, else invitee, the only role, as OpenOLAT does', async () => {
    const user = await buildUser(t, { author: true });
    expect((await setRoles(user.key, { invitee: true, author: true, groupManager: true })).json).toEqual({ ...NONE, invitee: true });
    expect((await setRoles(user.key, { guestOnly: true, invitee: true, author: true })).json).toEqual({ ...NONE, guestOnly: true });
    expect((await setRoles(user.key, { author: true })).json).toEqual({ ...NONE, author: true });
  });

  it('reads and writes selectusManager and invitee through GraphQL', async () => {
    const user = await buildUser(t);
    const fields = Object.keys(NONE).join(' ');
    const write = await graphql(t.base, adminAuth(), `mutation($k: Long!, $r: RolesVOInput!) { updateUserRoles(identityKey: $k, roles: $r) { ${fields} } }`, {
      k: user.key,
      r: { selectusManager: true, poolAdmin: true },
    });
    expect(write.body.data.updateUserRoles).toEqual({ ...NONE, selectusManager: true, poolAdmin: true });
    await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($k: Long!) {
          updateUserRoles(identityKey: $k, roles: { invitee: true }) {
            invitee
          }
        }
      `,
      { k: user.key },
    );
    const read = await graphql(t.base, user.auth, `query($k: Long!) { userRoles(identityKey: $k) { ${fields} } }`, { k: user.key });
    expect(read.body.data.userRoles).toEqual({ ...NONE, selectusManager: true, invitee: true });
    expect(await roles(user.key)).toEqual(read.body.data.userRoles);
  });
});
