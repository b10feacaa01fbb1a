import { traceStatements } from '../../scripts/trace-statements';
import { addOrganisationMember, buildOrganisation, buildOrganisationType, buildUser, defaultOrganisationKey, type TestUser } from '../factories';
import { graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** GraphQL edges of an organisation (children, type, members): for organisation administrators, in statements that do not grow with the organisations. */

let t: TestService;
let plain: TestUser;
let member: TestUser;
let typeKey: number;
let parent: number;
const children: number[] = [];
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  typeKey = await buildOrganisationType(t, { displayName: 'Faculty' });
  parent = await buildOrganisation(t, { type: typeKey as never });
  for (let i = 0; i < 3; i++) children.push(await buildOrganisation(t, {}, parent));
  member = await buildUser(t);
  await addOrganisationMember(t, parent, member.key, 'user');
});
afterAll(() => t.stop());

const QUERY = '{ organisations { key children { key } type { key displayName } members { key } } }';

it('answers each organisation with its children and its type', async () => {
  const reply = await graphql(t.base, adminAuth(), QUERY);
  expect(reply.body.errors).toBeUndefined();
  const byKey = new Map(reply.body.data.organisations.map((organisation: { key: number }) => [organisation.key, organisation]));
  expect(byKey.get(parent)).toEqual({
    key: parent,
    children: children.map((key) => ({ key })),
    type: { key: typeKey, displayName: 'Faculty' },
    members: [{ key: member.key }],
  });
  expect((byKey.get(await defaultOrganisationKey(t)) as { children: { key: number }[] }).children).toContainEqual({ key: parent });
  expect(byKey.get(children[0])).toEqual({ key: children[0], children: [], type: null, members: [] });
});

it('reads 5 and 35 organisations with their edges in the same number of statements', async () => {
  const statements = async () => (await traceStatements(() => graphql(t.base, adminAuth(), QUERY))).length;
  await graphql(t.base, adminAuth(), QUERY);
  const few = await statements();
  for (let i = 0; i < 30; i++) await buildOrganisation(t, { type: typeKey as never }, children[i % 3]);
  expect(await statements()).toBe(few);
});

it('refuses organisations and their edges to a caller who is no organisation administrator, and to nobody', async () => {
  const reply = await graphql(t.base, plain.auth, `{ organisation(organisationKey: ${parent}) { key } }`);
  expect(reply.body.errors[0].extensions.code).toBe('FORBIDDEN');
  expect((await graphql(t.base, {}, QUERY)).status).toBe(401);
});
