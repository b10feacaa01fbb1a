import { traceStatements } from '../../scripts/trace-statements';
import { addGroupMember, addOrganisationMember, buildGroup, buildOrganisation, buildUser, uniqueLogin } from '../factories';
import { GroupRole } from '../../src/entities/groups';
import { graphql, type Headers } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** SCIM 2.0 Groups as identity providers send them: learning groups, their participants the members. */

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ managedFlagsEnforced: true });
});
afterAll(() => t.stop());

type Json = Record<string, any>;
const SCIM = 'application/scim+json';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

async function scim(method: string, path: string, { auth = adminAuth(), body, headers = {} }: { auth?: Headers; body?: unknown; headers?: Headers } = {}) {
  const response = await fetch(`${t.base}/scim/v2${path}`, {
    method,
    headers: { ...auth, ...headers, ...(body === undefined ? {} : { 'Content-Type': SCIM }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: (text ? JSON.parse(text) : undefined) as Json };
}

const patch = (...Operations: Json[]) => ({ schemas: [PATCH_OP], Operations });

async function person(tag: string, index: number): Promise<string> {
  const login = `${tag}-${index}`;
  const made = await scim('POST', '/Users', {
    body: { userName: login, name: { givenName: 'P', familyName: String(index) }, emails: [{ value: `${login}@example.org` }] },
  });
  expect(made.status).toBe(201);
  return made.json.id;
}

async function participants(groupKey: string): Promise<string[]> {
  const reply = await fetch(`${t.base}/restapi/groups/${groupKey}/participants`, { headers: { ...adminAuth(), Accept: 'application/json' } });
  return ((await reply.json()) as Json[]).map((user) => String(user.key)).sort();
}

describe("Entra ID's and Okta's group sequence", () => {
  it('creates a group with members, finds it, adds and removes members, renames, replaces and deletes it', async () => {
    const tag = uniqueLogin('grp');
    const [one, two, three] = [await person(tag, 1), await person(tag, 2), await person(tag, 3)];
    const created = await scim('POST', '/Groups', {
      body: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: `${tag} Seminar`, externalId: `${tag}-G`, members: [{ value: one }] },
    });
    expect(created.status).toBe(201);
    const id = created.json.id;
    expect(created.headers.get('location')).toBe(`${t.base}/scim/v2/Groups/${id}`);
    expect(created.json).toMatchObject({ displayName: `${tag} Seminar`, externalId: `${tag}-G`, members: [{ value: one, display: `${tag}-1` }] });
    // A learning group, managed by the provider for its name and members.
    const rest = await fetch(`${t.base}/restapi/groups/${id}`, { headers: { ...adminAuth(), Accept: 'application/json' } });
    expect(await rest.json()).toMatchObject({ name: `${tag} Seminar`, externalId: `${tag}-G`, managedFlags: 'title,members' });
    const byHand = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($g: Long!) {
          updateGroup(groupKey: $g, group: { name: "By hand" }) {
            name
          }
        }
      `,
      { g: Number(id) },
    );
    expect(byHand.body.errors?.[0]?.extensions?.code).toBe('MANAGED');

    const found = await scim('GET', `/Groups?filter=${encodeURIComponent(`displayName eq "${tag.toUpperCase()} SEMINAR"`)}`);
    expect(found.json).toMatchObject({ totalResults: 1, Resources: [{ id, members: [{ value: one }] }] });
    // Without members, a group's members are not read at all.
    const statements = await traceStatements(async () => {
      const lean = await scim('GET', `/Groups?filter=${encodeURIComponent(`externalId eq "${tag}-G"`)}&excludedAttributes=members`);
      expect(lean.json.Resources[0].members).toBeUndefined();
      expect((await scim('GET', `/Groups/${id}?excludedAttributes=members`)).json.members).toBeUndefined();
    });
    expect(statements.filter((statement) => statement.text.includes('group_membership'))).toEqual([]);

    // Entra ID: members added with its op case, removed by a value filter and by a value list.
    expect((await scim('PATCH', `/Groups/${id}`, { body: patch({ op: 'Add', path: 'members', value: [{ value: two }, { value: three }] }) })).status).toBe(200);
    expect(await participants(id)).toEqual([one, two, three].sort());
    await scim('PATCH', `/Groups/${id}`, { body: patch({ op: 'Remove', path: `members[value eq "${one}"]` }) });
    await scim('PATCH', `/Groups/${id}`, { body: patch({ op: 'Remove', path: 'members', value: [{ value: two }] }) });
    expect(await participants(id)).toEqual([three]);
    // Okta: a rename with the id, path-less.
    const renamed = await scim('PATCH', `/Groups/${id}`, { body: patch({ op: 'replace', value: { id, displayName: `${tag} Renamed` } }) });
    expect(renamed.json.displayName).toBe(`${tag} Renamed`);

    // PUT: the member list as given; a stale version is 412.
    expect((await scim('PUT', `/Groups/${id}`, { body: { displayName: 'x', members: [] }, headers: { 'If-Match': created.json.meta.version } })).status).toBe(
      412,
    );
    const replaced = await scim('PUT', `/Groups/${id}`, {
      body: { displayName: `${tag} Final`, externalId: `${tag}-G`, members: [{ value: one }, { value: two }] },
    });
    expect(replaced.json).toMatchObject({ displayName: `${tag} Final` });
    expect(await participants(id)).toEqual([one, two].sort());
    const audit = await t.service.orm.em
      .fork()
      .getConnection()
      .execute(`select distinct transport from audit_log where operation in ('addGroupParticipant', 'removeGroupParticipant') and object_key = ?`, [id]);
    expect(audit).toEqual([{ transport: 'scim' }]);

    expect((await scim('DELETE', `/Groups/${id}`)).status).toBe(204);
    expect((await scim('GET', `/Groups/${id}`)).status).toBe(404);
  });

  it('refuses members that are no User the caller manages, unknown paths and ops; nothing is written', async () => {
    const tag = uniqueLogin('bad');
    const member = await person(tag, 1);
    const created = await scim('POST', '/Groups', { body: { displayName: `${tag} Group`, members: [{ value: member }] } });
    const id = created.json.id;
    for (const [body, scimType] of [
      [patch({ op: 'add', path: 'members', value: [{ value: 'nobody' }] }), 'invalidValue'],
      [patch({ op: 'replace', path: 'shoeSize', value: 42 }), 'invalidPath'],
      [patch({ op: 'move', path: 'members' }), 'invalidSyntax'],
      [patch({ op: 'remove' }), 'noTarget'],
      [patch({ op: 'replace', path: 'displayName', value: 'New' }, { op: 'add', path: 'members', value: [{ value: '999999999' }] }), 'invalidValue'],
    ] as const) {
      const answer = await scim('PATCH', `/Groups/${id}`, { body });
      expect([JSON.stringify(body.Operations), answer.status, answer.json.scimType]).toEqual([JSON.stringify(body.Operations), 400, scimType]);
    }
    expect((await scim('GET', `/Groups/${id}`)).json).toMatchObject({ displayName: `${tag} Group`, members: [{ value: member }] });
  });
});

describe('credentials and tenancy', () => {
  it('401 without credentials, 403 without a group-managing role', async () => {
    expect((await scim('GET', '/Groups', { auth: {} })).status).toBe(401);
    const userManager = await buildUser(t, { userManager: true });
    expect((await scim('GET', '/Groups', { auth: userManager.auth })).json).toMatchObject({ status: '403' });
    expect((await scim('POST', '/Groups', { auth: userManager.auth, body: { displayName: 'No' } })).status).toBe(403);
  });

  it("a group manager of one organisation sees only its groups: another's are 404 and in no filter's answer", async () => {
    const [a, b] = [await buildOrganisation(t), await buildOrganisation(t)];
    const managerOfA = await buildUser(t);
    await addOrganisationMember(t, a, managerOfA.key, 'groupmanager');
    await addOrganisationMember(t, a, managerOfA.key, 'usermanager');
    const tag = uniqueLogin('ten');
    const groupOfA = await buildGroup(t, { organisationKey: a, name: `${tag} A`, externalId: `${tag}-A` });
    const groupOfB = await buildGroup(t, { organisationKey: b, name: `${tag} B`, externalId: `${tag}-B` });
    const member = await buildUser(t);
    await addGroupMember(t, groupOfB, member.key, GroupRole.participant);
    const as = { auth: managerOfA.auth };
    expect((await scim('GET', `/Groups/${groupOfA}`, as)).status).toBe(200);
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const body = method === 'PUT' ? { displayName: 'Taken' } : method === 'PATCH' ? patch({ op: 'remove', path: 'members' }) : undefined;
      expect([method, (await scim(method, `/Groups/${groupOfB}`, { ...as, body })).status]).toEqual([method, 404]);
    }
    // B's people are no members A's provider may add.
    const inB = await buildUser(t);
    await addOrganisationMember(t, b, inB.key, 'user');
    const stranger = await scim('PATCH', `/Groups/${groupOfA}`, { ...as, body: patch({ op: 'add', path: 'members', value: [{ value: String(inB.key) }] }) });
    expect(stranger).toMatchObject({ status: 400, json: { scimType: 'invalidValue' } });
    const filtered = await scim('GET', `/Groups?filter=${encodeURIComponent(`displayName sw "${tag}"`)}`, as);
    expect(filtered.json.Resources.map((group: Json) => group.id)).toEqual([String(groupOfA)]);
    expect(await participants(String(groupOfB))).toEqual([String(member.key)]);
  });
});
