import { buildGroup, buildUser } from './factories';
import { JSON_TYPE, call, graphql } from './support/http';
import { startTestService, type TestService, adminAuth } from './support/service';
import type { GroupVo } from './support/graphql-types';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };

const UPDATE = `mutation($groupKey: Long!, $group: GroupVOInput!) { updateGroup(groupKey: $groupKey, group: $group) { key name description managedFlags managedFlagsInEffect } }`;
const ADD = `mutation($groupKey: Long!, $identityKey: Long!) { addGroupParticipant(groupKey: $groupKey, identityKey: $identityKey) }`;
const DELETE = `mutation($groupKey: Long!) { deleteGroup(groupKey: $groupKey) }`;

const codeOf = (reply: { body: { errors?: { extensions?: { code?: string; flag?: string } }[] } }) => reply.body.errors?.[0]?.extensions;

describe('managed groups', () => {
  it('GraphQL exposes which flags are in effect, parents implying their children', async () => {
    const key = await buildGroup(t, { managedFlags: 'details,bookings' });
    const reply = await graphql(
      t.base,
      adminAuth(),
      `
        query ($k: Long!) {
          group(groupKey: $k) {
            managedFlags
            managedFlagsInEffect
          }
        }
      `,
      { k: key },
    );
    const group = reply.body.data.group as Pick<GroupVo, 'managedFlags' | 'managedFlagsInEffect'>;
    expect(group).toEqual({ managedFlags: 'details,bookings', managedFlagsInEffect: ['details', 'title', 'description', 'settings', 'bookings'] });
  });

  it('refuses a GraphQL change of a managed field with code MANAGED, and the REST channel may change it', async () => {
    const key = await buildGroup(t, { name: 'Managed title', managedFlags: 'title' });
    const refused = await graphql(t.base, adminAuth(), UPDATE, { groupKey: key, group: { name: 'Edited in a tool' } });
    expect(codeOf(refused)).toMatchObject({ code: 'MANAGED', flag: 'title' });
    expect(refused.body.data).toBeNull();

    const unmanagedField = await graphql(t.base, adminAuth(), UPDATE, { groupKey: key, group: { description: 'free to edit', name: 'Managed title' } });
    expect(unmanagedField.body.errors).toBeUndefined();
    expect(unmanagedField.body.data.updateGroup).toMatchObject({ name: 'Managed title', description: 'free to edit' });

    const rest = await call(t.base, 'POST', `/restapi/groups/${key}`, { headers: asAdmin, body: { name: 'Renamed by the SIS' } });
    expect(rest.status).toBe(200);
    expect(rest.json.name).toBe('Renamed by the SIS');
  });

  it('a parent flag locks its children, and all locks everything including delete and members', async () => {
    const details = await buildGroup(t, { managedFlags: 'details' });
    expect(codeOf(await graphql(t.base, adminAuth(), UPDATE, { groupKey: details, group: { maxParticipants: 3 } }))).toMatchObject({
      code: 'MANAGED',
      flag: 'settings',
    });

    const all = await buildGroup(t, { managedFlags: 'all' });
    const user = await buildUser(t);
    expect(codeOf(await graphql(t.base, adminAuth(), ADD, { groupKey: all, identityKey: user.key }))).toMatchObject({
      code: 'MANAGED',
      flag: 'membersmanagement',
    });
    expect(codeOf(await graphql(t.base, adminAuth(), DELETE, { groupKey: all }))).toMatchObject({ code: 'MANAGED', flag: 'delete' });
    expect((await call(t.base, 'PUT', `/restapi/groups/${all}/participants/${user.key}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'DELETE', `/restapi/groups/${all}`, { headers: asAdmin })).status).toBe(200);
  });

  it("a child flag does not lock its parent's other children", async () => {
    const key = await buildGroup(t, { managedFlags: 'display' });
    const user = await buildUser(t);
    const reply = await graphql(t.base, adminAuth(), ADD, { groupKey: key, identityKey: user.key });
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data.addGroupParticipant).toBe(true);
  });

  it('GraphQL callers cannot remove the managed flags or the externalId of a managed group', async () => {
    const key = await buildGroup(t, { managedFlags: 'bookings', externalId: 'SIS-1' });
    expect(codeOf(await graphql(t.base, adminAuth(), UPDATE, { groupKey: key, group: { managedFlags: '' } }))).toMatchObject({ code: 'MANAGED' });
    expect(codeOf(await graphql(t.base, adminAuth(), UPDATE, { groupKey: key, group: { externalId: 'other' } }))).toMatchObject({ code: 'MANAGED' });
    const rest = await call(t.base, 'POST', `/restapi/groups/${key}`, { headers: asAdmin, body: { managedFlags: '' } });
    expect(rest.json.managedFlags).toBe('');
  });

  it('decides authorisation before the managed check', async () => {
    const plain = await buildUser(t);
    const key = await buildGroup(t, { managedFlags: 'all' });
    expect(codeOf(await graphql(t.base, plain.auth, UPDATE, { groupKey: key, group: { name: 'x' } }))).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('with enforcement switched off', () => {
  let off: TestService;
  beforeAll(async () => {
    off = await startTestService({ managedFlagsEnforced: false });
  });
  afterAll(() => off.stop());

  it('lets GraphQL callers change managed fields', async () => {
    const key = await buildGroup(off, { managedFlags: 'all' });
    const reply = await graphql(off.base, adminAuth(), UPDATE, { groupKey: key, group: { name: 'Edited anyway' } });
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data.updateGroup.name).toBe('Edited anyway');
  });
});
