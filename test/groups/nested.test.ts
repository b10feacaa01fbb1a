import { GroupRole } from '../../src/entities/groups';
import { traceStatements } from '../../scripts/trace-statements';
import { addGroupMember, buildGroup, buildUser, type TestUser } from '../factories';
import { graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** GraphQL only: a group list with its owners and participants, read in a number of statements that does not grow with the list. */

let t: TestService;
let groupManager: TestUser;
let member: TestUser;
const groupKeys: number[] = [];
beforeAll(async () => {
  t = await startTestService();
  groupManager = await buildUser(t, { groupManager: true });
  member = await buildUser(t);
  for (let i = 0; i < 30; i++) {
    const key = await buildGroup(t, { name: `Nested ${i}` });
    groupKeys.push(key);
    await addGroupMember(t, key, member.key, i % 2 ? GroupRole.coach : GroupRole.participant);
  }
}, 60_000);
afterAll(() => t.stop());

const QUERY = '{ groups { key owners { key login } participants { key login } } }';

it('answers each group with its own owners and participants', async () => {
  const reply = await graphql(t.base, groupManager.auth, QUERY);
  expect(reply.body.errors).toBeUndefined();
  const byKey = new Map(reply.body.data.groups.map((group: { key: number }) => [group.key, group]));
  groupKeys.forEach((key, i) => {
    const someone = [{ key: member.key, login: member.login }];
    expect(byKey.get(key)).toEqual({ key, owners: i % 2 ? someone : [], participants: i % 2 ? [] : someone });
  });
});

it('reads 30 and 60 groups with their members in the same number of statements', async () => {
  const statements = async () => {
    expect((await graphql(t.base, groupManager.auth, QUERY)).body.errors).toBeUndefined();
    let reply: Awaited<ReturnType<typeof graphql>> | undefined;
    const traced = await traceStatements(async () => (reply = await graphql(t.base, groupManager.auth, QUERY)));
    expect(reply!.body.data.groups.length).toBeGreaterThanOrEqual(30);
    return traced.length;
  };
  const for30 = await statements();
  for (let i = 0; i < 30; i++) {
    const key = await buildGroup(t, { name: `More ${i}` });
    await addGroupMember(t, key, member.key, GroupRole.participant);
    await addGroupMember(t, key, groupManager.key, GroupRole.coach);
  }
  // the login throttle's read for the basic credentials, groups (one range), owners of all, participants of all (the administrator of
  // the default organisation manages every group: the caller's roles say so, no statement asks)
  expect(for30).toBe(4);
  expect(await statements()).toBe(for30);
});

it('refuses the members to a caller who is no group manager, and to nobody', async () => {
  const reply = await graphql(t.base, member.auth, '{ groups { key owners { key } } }');
  expect(reply.body.errors[0].extensions.code).toBe('FORBIDDEN');
  expect((await graphql(t.base, {}, '{ groups { key owners { key } } }')).status).toBe(401);
});

it('is not part of the REST representation', async () => {
  const reply = await fetch(`${t.base}/restapi/groups/${groupKeys[0]}`, { headers: { ...adminAuth(), Accept: 'application/json' } });
  expect(Object.keys(await reply.json())).not.toContain('owners');
});
