import { GroupRole } from '../../src/entities/groups';
import { addGroupMember, buildCourse, buildGroup, buildUser } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { startTestService, type TestService, adminAuth } from '../support/service';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };

describe('groups', () => {
  it('creates, reads, updates and deletes a group; externalId and managedFlags are stored as given', async () => {
    const created = await call(t.base, 'PUT', '/restapi/groups', {
      headers: asAdmin,
      body: {
        name: 'Chemistry',
        description: 'Lab',
        externalId: 'SIS-9',
        managedFlags: 'title,unknownflag',
        minParticipants: 0,
        maxParticipants: 20,
        type: 'Other',
      },
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      name: 'Chemistry',
      externalId: 'SIS-9',
      managedFlags: 'title,unknownflag',
      minParticipants: null,
      maxParticipants: 20,
      type: 'LearningGroup',
    });
    const key = created.json.key;
    const updated = await call(t.base, 'POST', `/restapi/groups/${key}`, { headers: asAdmin, body: { name: 'Chemistry II', description: null } });
    expect(updated.json).toMatchObject({ key, name: 'Chemistry II', description: null, externalId: 'SIS-9' });
    expect((await call(t.base, 'DELETE', `/restapi/groups/${key}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/groups/${key}`, { headers: asAdmin })).status).toBe(404);
  });

  it('PUT with a key updates that group, as OpenOLAT does', async () => {
    const key = await buildGroup(t, { name: 'Before' });
    const reply = await call(t.base, 'PUT', '/restapi/groups', { headers: asAdmin, body: { key, name: 'After' } });
    expect(reply.json).toMatchObject({ key, name: 'After' });
  });

  it('refuses a group without name with 406', async () => {
    expect((await call(t.base, 'PUT', '/restapi/groups', { headers: asAdmin, body: { description: 'no name' } })).status).toBe(406);
  });

  it('filters by externalId and by managed', async () => {
    const managed = await buildGroup(t, { externalId: 'EXT-M', managedFlags: 'all' });
    const unmanaged = await buildGroup(t, { externalId: 'EXT-U' });
    const byExternal = await call(t.base, 'GET', '/restapi/groups?externalId=EXT-M', { headers: asAdmin });
    expect(byExternal.json.map((g: { key: number }) => g.key)).toEqual([managed]);
    const onlyManaged = (await call(t.base, 'GET', '/restapi/groups?managed=true', { headers: asAdmin })).json.map((g: { key: number }) => g.key);
    expect(onlyManaged).toContain(managed);
    expect(onlyManaged).not.toContain(unmanaged);
    const notManaged = (await call(t.base, 'GET', '/restapi/groups?managed=false', { headers: asAdmin })).json.map((g: { key: number }) => g.key);
    expect(notManaged).toContain(unmanaged);
    expect(notManaged).not.toContain(managed);
  });

  it('shows a plain user only the groups they belong to', async () => {
    const user = await buildUser(t);
    const mine = await buildGroup(t);
    await buildGroup(t);
    await call(t.base, 'PUT', `/restapi/groups/${mine}/participants/${user.key}`, { headers: asAdmin });
    const list = await call(t.base, 'GET', '/restapi/groups', { headers: { ...user.auth, ...JSON_TYPE } });
    expect(list.json.map((g: { key: number }) => g.key)).toEqual([mine]);
    expect((await call(t.base, 'GET', `/restapi/groups/${mine}`, { headers: { ...user.auth, ...JSON_TYPE } })).status).toBe(200);
  });
});

describe('memberships', () => {
  it('adds and removes owners and participants', async () => {
    const key = await buildGroup(t);
    const owner = await buildUser(t);
    const participant = await buildUser(t);
    expect((await call(t.base, 'PUT', `/restapi/groups/${key}/owners/${owner.key}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'PUT', `/restapi/groups/${key}/participants/${participant.key}`, { headers: asAdmin })).status).toBe(200);
    const owners = await call(t.base, 'GET', `/restapi/groups/${key}/owners`, { headers: asAdmin });
    expect(owners.json.map((u: { key: number }) => u.key)).toEqual([owner.key]);
    expect((await call(t.base, 'DELETE', `/restapi/groups/${key}/participants/${participant.key}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'DELETE', `/restapi/groups/${key}/owners/${owner.key}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/participants`, { headers: asAdmin })).json).toEqual([]);
  });

  it('lets a member list the owners and participants while the group shows them to members, as OpenOLAT does', async () => {
    const key = await buildGroup(t, { ownersVisible: true, participantsVisible: false });
    const owner = await buildUser(t);
    const member = await buildUser(t);
    const stranger = await buildUser(t);
    await addGroupMember(t, key, owner.key, GroupRole.coach);
    await addGroupMember(t, key, member.key, GroupRole.participant);
    const owners = await call(t.base, 'GET', `/restapi/groups/${key}/owners`, { headers: { ...member.auth, ...JSON_TYPE } });
    expect(owners.status).toBe(200);
    expect(owners.json.map((u: { key: number }) => u.key)).toEqual([owner.key]);
    const xml = await call(t.base, 'GET', `/restapi/groups/${key}/owners`, { headers: { ...member.auth, ...XML_TYPE } });
    expect(xml.text).toContain(`<key>${owner.key}</key>`);
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/participants`, { headers: { ...member.auth, ...JSON_TYPE } })).status).toBe(403);
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/owners`, { headers: { ...stranger.auth, ...JSON_TYPE } })).status).toBe(403);

    const listed = await graphql(t.base, member.auth, 'query($g: Long!) { groupOwners(groupKey: $g) { key } }', { g: key });
    expect(listed.body.data.groupOwners).toEqual([{ key: owner.key }]);
    const edges = await graphql(t.base, member.auth, 'query($g: Long!) { group(groupKey: $g) { owners { key } participants { key } } }', { g: key });
    expect(edges.body.errors.map((e: { path: string[]; extensions: { code: string } }) => [e.path.join('.'), e.extensions.code])).toEqual([
      ['group.participants', 'FORBIDDEN'],
    ]);
    const ownersOnly = await graphql(t.base, member.auth, 'query($g: Long!) { group(groupKey: $g) { owners { key } } }', { g: key });
    expect(ownersOnly.body.data.group).toEqual({ owners: [{ key: owner.key }] });

    const shown = await call(t.base, 'POST', `/restapi/groups/${key}/configuration`, { headers: asAdmin, body: { participantsVisible: true } });
    expect(shown.status).toBe(200);
    const participants = await call(t.base, 'GET', `/restapi/groups/${key}/participants`, { headers: { ...member.auth, ...JSON_TYPE } });
    expect(participants.json.map((u: { key: number }) => u.key)).toEqual([member.key]);
  });

  it('answers a group with Last-Modified and 304 to If-Modified-Since, also through its course, in JSON and XML', async () => {
    const key = await buildGroup(t);
    const course = await buildCourse(t);
    expect((await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/groups/${key}`, { headers: asAdmin })).status).toBe(200);
    for (const path of [`/restapi/groups/${key}`, `/restapi/repo/courses/${course.courseKey}/groups/${key}`]) {
      const first = await call(t.base, 'GET', path, { headers: { ...adminAuth(), ...XML_TYPE } });
      expect(first.status).toBe(200);
      const lastModified = first.headers.get('last-modified')!;
      expect(new Date(lastModified).getTime()).not.toBeNaN();
      const again = await call(t.base, 'GET', path, { headers: { ...asAdmin, 'If-Modified-Since': lastModified, 'Cache-Control': 'max-age=0' } });
      expect(again.status).toBe(304);
    }
    const older = await call(t.base, 'GET', `/restapi/groups/${key}`, { headers: { ...asAdmin, 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' } });
    expect(older.status).toBe(200);
    expect(older.json.key).toBe(key);
  });

  it('answers 304 when the user already is a participant and changes nothing', async () => {
    const key = await buildGroup(t);
    const user = await buildUser(t);
    expect((await call(t.base, 'PUT', `/restapi/groups/${key}/users/${user.key}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'PUT', `/restapi/groups/${key}/users/${user.key}`, { headers: asAdmin })).status).toBe(304);
    expect((await call(t.base, 'PUT', `/restapi/groups/${key}/participants/${user.key}`, { headers: asAdmin })).status).toBe(304);
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/participants`, { headers: asAdmin })).json).toHaveLength(1);
  });

  it('leaves exactly one membership after concurrent identical adds', async () => {
    const key = await buildGroup(t);
    const user = await buildUser(t);
    const replies = await Promise.all(Array.from({ length: 12 }, () => call(t.base, 'PUT', `/restapi/groups/${key}/users/${user.key}`, { headers: asAdmin })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(11).fill(304)]);
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/participants`, { headers: asAdmin })).json).toHaveLength(1);
  });

  it('answers 412 when the group is full, and 404 for unknown groups or users', async () => {
    const key = await buildGroup(t, { maxParticipants: 1 });
    const first = await buildUser(t);
    const second = await buildUser(t);
    expect((await call(t.base, 'PUT', `/restapi/groups/${key}/participants/${first.key}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'PUT', `/restapi/groups/${key}/participants/${second.key}`, { headers: asAdmin })).status).toBe(412);
    expect((await call(t.base, 'PUT', `/restapi/groups/${key}/participants/999999`, { headers: asAdmin })).status).toBe(404);
    expect((await call(t.base, 'PUT', `/restapi/groups/999999/participants/${first.key}`, { headers: asAdmin })).status).toBe(404);
  });

  it('lets a group manager manage groups', async () => {
    const manager = await buildUser(t, { groupManager: true });
    const user = await buildUser(t);
    const created = await call(t.base, 'PUT', '/restapi/groups', { headers: { ...manager.auth, ...JSON_TYPE }, body: { name: 'By manager' } });
    expect(created.status).toBe(200);
    expect((await call(t.base, 'PUT', `/restapi/groups/${created.json.key}/users/${user.key}`, { headers: manager.auth })).status).toBe(200);
  });
});
