import { sql } from '../../src/db/sql';
import { EntryRole } from '../../src/entities/courses';
import {
  addCourseMember,
  addOrganisationMember,
  buildCourse,
  buildOrganisation,
  buildUser,
  defaultOrganisationKey,
  uniqueLogin,
  type TestUser,
} from '../factories';
import { JSON_TYPE, call, graphql, type Headers } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/*
 * Who manages whom (src/domain/scope.ts): a person belongs to the organisations where they are a user, an
 * inheriting copy of another of their roles makes them belong nowhere, and nobody manages a person who holds
 * a role the caller does not hold where it is held (the privilege ladder). The tree: the default organisation D,
 * P below it, A and B below P.
 */

let t: TestService;
let D: number;
let A: number;
let B: number;
const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const as = (user: TestUser): Headers => ({ ...user.auth, ...JSON_TYPE });
type Json = Record<string, any>;

/** The user manager of A, with no role anywhere else. */
let userManagerOfA: TestUser;
/** A plain member of A: the control the user manager manages. */
let memberOfA: TestUser;
/** People of A whom the user manager may not manage, by why. */
let aboveUserManager: Record<string, TestUser>;

async function personIn(organisations: number[], roles: [number, Parameters<typeof addOrganisationMember>[3]][] = []): Promise<TestUser> {
  const person = await buildUser(t);
  for (const organisation of organisations) await addOrganisationMember(t, organisation, person.key, 'user');
  for (const [organisation, role] of roles) await addOrganisationMember(t, organisation, person.key, role);
  return person;
}

const gqlCode = (reply: { body: Json }) => reply.body.errors?.[0]?.extensions?.code;

beforeAll(async () => {
  t = await startTestService();
  D = await defaultOrganisationKey(t);
  const P = await buildOrganisation(t, {}, D);
  A = await buildOrganisation(t, {}, P);
  B = await buildOrganisation(t, {}, P);
  userManagerOfA = await personIn([], [[A, 'usermanager']]);
  memberOfA = await personIn([A]);
  const ownerOfCourseInB = await personIn([B], [[B, 'author']]);
  await addCourseMember(t, (await buildCourse(t, { organisationKey: B })).key, ownerOfCourseInB.key, EntryRole.owner);
  aboveUserManager = {
    'the institution administrator, a member of A too': await personIn(
      [A],
      [
        [D, 'administrator'],
        [D, 'sysadmin'],
      ],
    ),
    'an administrator of A': await personIn([A], [[A, 'administrator']]),
    'a role manager of A': await personIn([A], [[A, 'rolesmanager']]),
    'another user manager of A': await personIn([A], [[A, 'usermanager']]),
    'an author of the default organisation, a member of A': await personIn([A], [[D, 'author']]),
    'an author owning a course of B, of B only': ownerOfCourseInB,
  };
});

afterAll(() => t.stop());

describe('the privilege ladder', () => {
  it('a user manager of A changes the credentials, status and profile of a plain member of A (the control)', async () => {
    const key = memberOfA.key;
    expect(
      (await call(t.base, 'PUT', `/restapi/users/${key}/authentications`, { headers: as(userManagerOfA), body: { identityKey: key, provider: 'API-Key' } }))
        .status,
    ).toBe(200);
    expect(
      (await call(t.base, 'POST', `/restapi/users/${key}/authentications/password?newPassword=a-new-secret-1`, { headers: as(userManagerOfA) })).status,
    ).toBe(200);
    const viaGraphql = await graphql(t.base, userManagerOfA.auth, 'mutation($k: Long!) { createApiKey(identityKey: $k) { clientId } }', { k: key });
    expect(viaGraphql.body.data?.createApiKey.clientId).toBeTruthy();
  });

  it('a user manager of A touches nobody holding a role she lacks, nor anyone of B: REST and GraphQL refuse, nothing changes', async () => {
    for (const [who, target] of Object.entries(aboveUserManager)) {
      const key = target.key;
      const attempts = {
        'PUT authentications (API key)': await call(t.base, 'PUT', `/restapi/users/${key}/authentications`, {
          headers: as(userManagerOfA),
          body: { identityKey: key, provider: 'API-Key' },
        }),
        'POST password': await call(t.base, 'POST', `/restapi/users/${key}/authentications/password?newPassword=taken-over-1`, { headers: as(userManagerOfA) }),
        'POST status': await call(t.base, 'POST', `/restapi/users/${key}/status`, { headers: as(userManagerOfA), body: { status: 101 } }),
        'POST user': await call(t.base, 'POST', `/restapi/users/${key}`, { headers: as(userManagerOfA), body: { key, firstName: 'Taken', lastName: 'Over' } }),
        'GET authentications': await call(t.base, 'GET', `/restapi/users/${key}/authentications`, { headers: as(userManagerOfA) }),
      };
      for (const [attempt, reply] of Object.entries(attempts)) expect(`${who}: ${attempt} ${reply.status}`).toBe(`${who}: ${attempt} 403`);
      const createApiKey = await graphql(t.base, userManagerOfA.auth, 'mutation($k: Long!) { createApiKey(identityKey: $k) { clientId } }', { k: key });
      const changePassword = await graphql(
        t.base,
        userManagerOfA.auth,
        'mutation($k: Long!) { changeUserPassword(identityKey: $k, password: { newPassword: "taken-over-1" }) }',
        { k: key },
      );
      expect(`${who}: ${gqlCode(createApiKey)} ${gqlCode(changePassword)}`).toBe(`${who}: FORBIDDEN FORBIDDEN`);
      expect((await call(t.base, 'GET', '/restapi/users/me', { headers: as(target) })).status).toBe(200);
    }
    const keys = Object.values(aboveUserManager).map((person) => person.key);
    const [{ count }] = await sql<{ count: string }>(
      t.service.orm.em.fork(),
      `select count(*) from authentication where identity_id in (${keys.map(() => '?').join(', ')}) and provider = 'API-Key'`,
      keys,
    );
    expect(Number(count)).toBe(0);
  });

  it('the sync refuses the same people to a user manager of A, and her feed names none of them', async () => {
    const tag = uniqueLogin('ladder');
    const listed = [memberOfA, aboveUserManager['an administrator of A'], aboveUserManager['the institution administrator, a member of A too']];
    const submitted = await call(t.base, 'POST', '/restapi/sync?dryRun=true', {
      headers: as(userManagerOfA),
      body: { users: listed.map((person) => ({ login: person.login, firstName: tag, lastName: person.login })) },
    });
    expect(submitted.status).toBe(200);
    const items = await call(t.base, 'GET', `/restapi/sync/${submitted.json.key}/items`, { headers: as(userManagerOfA) });
    expect(items.json.map((item: Json) => [item.ref, item.action, (item.error ?? '').split(':')[0]])).toEqual([
      [listed[0].login, 'update', ''],
      [listed[1].login, 'error', 'FORBIDDEN'],
      [listed[2].login, 'error', 'FORBIDDEN'],
    ]);

    for (const person of [memberOfA, ...Object.values(aboveUserManager)]) {
      expect(
        (await call(t.base, 'POST', `/restapi/users/${person.key}`, { headers: asAdmin, body: { key: person.key, firstName: tag, lastName: 'Changed' } }))
          .status,
      ).toBe(200);
    }
    const feed = await call(t.base, 'GET', '/restapi/changes?limit=1000', { headers: as(userManagerOfA) });
    expect(feed.status).toBe(200);
    const named = new Set(feed.json.events.filter((event: Json) => event.objectType === 'user').map((event: Json) => Number(event.objectKey)));
    expect(named.has(memberOfA.key)).toBe(true);
    for (const [who, person] of Object.entries(aboveUserManager)) expect(`${who}: ${named.has(person.key)}`).toBe(`${who}: false`);
    const viaGraphql = await graphql(t.base, userManagerOfA.auth, '{ changes(limit: 1000) { events { objectType objectKey } } }');
    const namedViaGraphql = new Set(viaGraphql.body.data.changes.events.map((event: Json) => Number(event.objectKey)));
    for (const person of Object.values(aboveUserManager)) expect(namedViaGraphql.has(person.key)).toBe(false);
  });
});

describe('granting roles', () => {
  it('nobody grants or revokes a role they do not hold there; administrators hold every role but sysadmin', async () => {
    const administratorOfA = await personIn([A], [[A, 'administrator']]);
    const target = await personIn([A]);
    const grant = (caller: TestUser, role: string) => call(t.base, 'PUT', `/restapi/organisations/${A}/${role}/${target.key}`, { headers: as(caller) });
    expect((await grant(administratorOfA, 'sysadmin')).status).toBe(403);
    expect((await grant(administratorOfA, 'learnresourcemanager')).status).toBe(200);
    expect((await grant(administratorOfA, 'administrator')).status).toBe(200);
    const viaGraphql = await graphql(
      t.base,
      administratorOfA.auth,
      'mutation($o: Long!, $k: Long!) { addOrganisationMember(organisationKey: $o, role: "sysadmin", identityKey: $k) }',
      { o: A, k: target.key },
    );
    expect(gqlCode(viaGraphql)).toBe('FORBIDDEN');
    const [{ roles }] = await sql<{ roles: string[] }>(
      t.service.orm.em.fork(),
      'select array_agg(role order by role) as roles from organisation_role where identity_id = ? and organisation_id = ?',
      [target.key, A],
    );
    expect(roles).toEqual(['administrator', 'learnresourcemanager', 'user']);

    // POST /users/{k}/roles sets roles in the default organisation: a user manager there holds no author role to give.
    const userManagerOfD = await personIn([], [[D, 'usermanager']]);
    const plain = await buildUser(t);
    const setRoles = (caller: Headers, body: Json) => call(t.base, 'POST', `/restapi/users/${plain.key}/roles`, { headers: caller, body });
    expect((await setRoles(as(userManagerOfD), { author: true })).status).toBe(403);
    expect((await setRoles(as(userManagerOfD), { userManager: true })).status).toBe(403);
    const rolesViaGraphql = await graphql(
      t.base,
      userManagerOfD.auth,
      'mutation($k: Long!) { updateUserRoles(identityKey: $k, roles: { author: true }) { author } }',
      {
        k: plain.key,
      },
    );
    expect(gqlCode(rolesViaGraphql)).toBe('FORBIDDEN');
    expect((await call(t.base, 'GET', `/restapi/users/${plain.key}/roles`, { headers: asAdmin })).json.author).toBe(false);
    expect((await setRoles(asAdmin, { author: true })).status).toBe(200);
  });
});

describe('creating courses in an organisation', () => {
  it('needs author, learning resource manager or administrator there; without one named, the author’s own organisation', async () => {
    const authorOfA = await personIn([A], [[A, 'author']]);
    const organisationOf = async (courseKey: number) =>
      (await sql<{ id: number }>(t.service.orm.em.fork(), 'select organisation_id as id from repository_entry where olat_resource_id = ?', [courseKey]))[0].id;
    const entriesBefore = await sql<{ count: string }>(t.service.orm.em.fork(), 'select count(*) from repository_entry');

    expect((await call(t.base, 'PUT', `/restapi/repo/courses?title=Planted&organisationKey=${B}`, { headers: as(authorOfA) })).status).toBe(403);
    const planted = await graphql(t.base, authorOfA.auth, 'mutation($o: Long!) { createCourse(course: { title: "Planted", organisationKey: $o }) { key } }', {
      o: B,
    });
    expect(gqlCode(planted)).toBe('FORBIDDEN');
    expect((await call(t.base, 'PUT', `/restapi/repo/courses?title=Planted&organisationKey=${D}`, { headers: as(authorOfA) })).status).toBe(403);
    expect(await sql(t.service.orm.em.fork(), 'select count(*) from repository_entry')).toEqual(entriesBefore);

    const inA = await call(t.base, 'PUT', `/restapi/repo/courses?title=Mine&organisationKey=${A}`, { headers: as(authorOfA) });
    expect(inA.status).toBe(200);
    expect(await organisationOf(inA.json.key)).toBe(A);
    const unnamed = await call(t.base, 'PUT', '/restapi/repo/courses?title=Unnamed', { headers: as(authorOfA) });
    expect(unnamed.status).toBe(200);
    expect(await organisationOf(unnamed.json.key)).toBe(A);

    const copied = await call(t.base, 'PUT', `/restapi/repo/courses?title=Copy&copyFrom=${inA.json.key}&organisationKey=${B}`, { headers: as(authorOfA) });
    expect(copied.status).toBe(403);
    const copyViaGraphql = await graphql(
      t.base,
      authorOfA.auth,
      'mutation($c: Long!, $o: Long!) { createCourse(course: { title: "Copy", copyFrom: $c, organisationKey: $o }) { key } }',
      { c: inA.json.key, o: B },
    );
    expect(gqlCode(copyViaGraphql)).toBe('FORBIDDEN');
    const copiedInA = await call(t.base, 'PUT', `/restapi/repo/courses?title=Copy&copyFrom=${inA.json.key}`, { headers: as(authorOfA) });
    expect(copiedInA.status).toBe(200);
    expect(await organisationOf(copiedInA.json.key)).toBe(A);

    // The administrator creates where she likes; making someone an owner makes them an author of the course's organisation only.
    const inB = await call(t.base, 'PUT', `/restapi/repo/courses?title=OfB&organisationKey=${B}`, { headers: asAdmin });
    expect(inB.status).toBe(200);
    const owner = await personIn([B]);
    expect((await call(t.base, 'PUT', `/restapi/repo/courses/${inB.json.key}/authors/${owner.key}`, { headers: asAdmin })).status).toBe(200);
    const authorships = await sql<{ organisation: number }>(
      t.service.orm.em.fork(),
      `select organisation_id as organisation from organisation_role where identity_id = ? and role = 'author'`,
      [owner.key],
    );
    expect(authorships).toEqual([{ organisation: B }]);
    expect((await call(t.base, 'PUT', `/restapi/repo/courses?title=Elsewhere&organisationKey=${A}`, { headers: as(owner) })).status).toBe(403);
  });
});
