import {
  addCurriculumElementMember,
  buildCourse,
  buildCurriculum,
  buildCurriculumElement,
  buildOwnerOfAnotherCurriculum,
  buildUser,
  type TestCourse,
  type TestUser,
} from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { graphqlOf, pathOf, refusals, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Every curriculum operation: its refusals (401, 403 for a plain user, 404 for unknown keys) and a success. */

let t: TestService;
let plain: TestUser;
let member: TestUser;
let curriculumKey: number;
let elementKey: number;
let childKey: number;
let typeKey: number;
let subTypeKey: number;
let course: TestCourse;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  member = await buildUser(t);
  curriculumKey = await buildCurriculum(t, { identifier: 'operations', externalId: 'CUR-OPS' });
  elementKey = await buildCurriculumElement(t, curriculumKey, undefined, { identifier: 'ops-root' });
  childKey = await buildCurriculumElement(t, curriculumKey, elementKey, { identifier: 'ops-child' });
  course = await buildCourse(t);
  stranger = await buildOwnerOfAnotherCurriculum(t);
  await addCurriculumElementMember(t, elementKey, member.key, 'participant');
  typeKey = (await call(t.base, 'PUT', '/restapi/curriculum/types', { headers: asAdmin(), body: { identifier: 'semester', displayName: 'Semester' } })).json
    .key;
  subTypeKey = (await call(t.base, 'PUT', '/restapi/curriculum/types', { headers: asAdmin(), body: { identifier: 'module', displayName: 'Module' } })).json.key;
});
afterAll(() => t.stop());

const asAdmin = () => ({ ...adminAuth(), ...JSON_TYPE });
const world =
  (values: Record<string, unknown> = {}) =>
  () => ({
    t,
    values: {
      curriculumKey,
      elementKey,
      typeKey,
      subTypeKey,
      identityKey: member.key,
      repositoryEntryKey: course.key,
      entry: String(course.key),
      role: 'participants',
      ...values,
    },
    forbidden: plain,
    stranger,
  });

function rest(name: string, values: Record<string, unknown>, body?: unknown) {
  const route = routeNamed(name);
  return call(t.base, route.method, pathOf(route, world(values)().values), { headers: asAdmin(), body });
}

async function viaGraphql(name: string, values: Record<string, unknown>) {
  const op = graphqlOf(routeNamed(name));
  const reply = await graphql(t.base, adminAuth(), op.document, op.variables(world(values)().values));
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data[op.field];
}

const keysOf = (list: { key: number }[]) => list.map((item) => item.key);

describe('GET /curriculum', () => {
  refusals('GET /curriculum', world());
  it('lists the curricula the caller manages', async () => {
    expect(keysOf((await rest('GET /curriculum', {})).json)).toContain(curriculumKey);
    expect(keysOf(await viaGraphql('GET /curriculum', {}))).toContain(curriculumKey);
  });
});

for (const method of ['PUT', 'POST'] as const) {
  describe(`${method} /curriculum`, () => {
    refusals(`${method} /curriculum`, world());
    it('creates a curriculum; the same externalId answers the same curriculum', async () => {
      const body = { identifier: `c-${method}`, displayName: `Created by ${method}`, externalId: `EXT-${method}` };
      const first = await rest(`${method} /curriculum`, {}, body);
      expect(first.status).toBe(200);
      expect(first.json).toMatchObject({ identifier: `c-${method}`, status: 'active' });
      expect((await rest(`${method} /curriculum`, {}, body)).json.key).toBe(first.json.key);
    });
  });
}

describe('GET /curriculum/elements', () => {
  refusals('GET /curriculum/elements', world());
  it('finds elements by identifier across curricula', async () => {
    const reply = await call(t.base, 'GET', '/restapi/curriculum/elements?identifier=ops-child', { headers: asAdmin() });
    expect(keysOf(reply.json)).toEqual([childKey]);
  });
});

describe('GET /curriculum/:curriculumKey', () => {
  refusals('GET /curriculum/:curriculumKey', world());
  it('answers the curriculum', async () => {
    expect((await rest('GET /curriculum/:curriculumKey', {})).json).toMatchObject({ key: curriculumKey, externalId: 'CUR-OPS' });
    expect(await viaGraphql('GET /curriculum/:curriculumKey', {})).toMatchObject({ key: curriculumKey });
  });
});

describe('POST /curriculum/:curriculumKey', () => {
  refusals('POST /curriculum/:curriculumKey', world());
  it('updates the curriculum; another key in the body is 409', async () => {
    const key = await buildCurriculum(t);
    expect((await rest('POST /curriculum/:curriculumKey', { curriculumKey: key }, { displayName: 'Renamed', degree: 'MSc' })).json).toMatchObject({
      key,
      displayName: 'Renamed',
      degree: 'MSc',
    });
    expect((await rest('POST /curriculum/:curriculumKey', { curriculumKey: key }, { key: curriculumKey })).status).toBe(409);
  });
});

describe('DELETE /curriculum/:curriculumKey', () => {
  refusals('DELETE /curriculum/:curriculumKey', world());
  it('deletes the curriculum', async () => {
    const key = await buildCurriculum(t);
    expect((await rest('DELETE /curriculum/:curriculumKey', { curriculumKey: key })).status).toBe(200);
    expect((await rest('GET /curriculum/:curriculumKey', { curriculumKey: key })).status).toBe(404);
  });
});

describe('curriculum owners', () => {
  refusals('GET /curriculum/:curriculumKey/curriculumowners', world());
  refusals('PUT /curriculum/:curriculumKey/curriculumowners/:identityKey', world());
  refusals('DELETE /curriculum/:curriculumKey/curriculumowners/:identityKey', world());
  it('adds (200, and 200 again as in OpenOLAT), lists and removes an owner (200, and 200 again), who then manages the curriculum', async () => {
    const owner = await buildUser(t);
    const key = await buildCurriculum(t);
    expect((await rest('PUT /curriculum/:curriculumKey/curriculumowners/:identityKey', { curriculumKey: key, identityKey: owner.key })).status).toBe(200);
    expect((await rest('PUT /curriculum/:curriculumKey/curriculumowners/:identityKey', { curriculumKey: key, identityKey: owner.key })).status).toBe(200);
    expect(keysOf((await rest('GET /curriculum/:curriculumKey/curriculumowners', { curriculumKey: key })).json)).toEqual([owner.key]);
    expect((await call(t.base, 'GET', `/restapi/curriculum/${key}`, { headers: { ...owner.auth, ...JSON_TYPE } })).status).toBe(200);
    expect((await rest('DELETE /curriculum/:curriculumKey/curriculumowners/:identityKey', { curriculumKey: key, identityKey: owner.key })).status).toBe(200);
    expect((await rest('DELETE /curriculum/:curriculumKey/curriculumowners/:identityKey', { curriculumKey: key, identityKey: owner.key })).status).toBe(200);
    expect((await rest('GET /curriculum/:curriculumKey/curriculumowners', { curriculumKey: key })).json).toEqual([]);
    expect((await call(t.base, 'GET', `/restapi/curriculum/${key}`, { headers: { ...owner.auth, ...JSON_TYPE } })).status).toBe(403);
  });
});

describe('GET /curriculum/:curriculumKey/elements', () => {
  refusals('GET /curriculum/:curriculumKey/elements', world());
  it('lists the elements flat', async () => {
    expect(keysOf((await rest('GET /curriculum/:curriculumKey/elements', {})).json)).toEqual(expect.arrayContaining([elementKey, childKey]));
    expect(keysOf(await viaGraphql('GET /curriculum/:curriculumKey/elements', {}))).toEqual(expect.arrayContaining([elementKey, childKey]));
  });
});

for (const method of ['PUT', 'POST'] as const) {
  describe(`${method} /curriculum/:curriculumKey/elements`, () => {
    refusals(`${method} /curriculum/:curriculumKey/elements`, world());
    it('creates an element below a parent; a parent in another curriculum is 409', async () => {
      const reply = await rest(`${method} /curriculum/:curriculumKey/elements`, {}, { displayName: `By ${method}`, parentElementKey: elementKey });
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({ parentElementKey: elementKey, curriculumKey, status: 'active' });
      const other = await buildCurriculum(t);
      const foreign = await buildCurriculumElement(t, other);
      expect((await rest(`${method} /curriculum/:curriculumKey/elements`, {}, { displayName: 'x', parentElementKey: foreign })).status).toBe(409);
    });
  });
}

describe(`GET /curriculum/:curriculumKey/elements/:elementKey`, () => {
  refusals(`GET /curriculum/:curriculumKey/elements/:elementKey`, world());
  it('answers the element; 403 under another curriculum', async () => {
    expect((await rest(`GET /curriculum/:curriculumKey/elements/:elementKey`, {})).json).toMatchObject({ key: elementKey, identifier: 'ops-root' });
    expect(await viaGraphql(`GET /curriculum/:curriculumKey/elements/:elementKey`, {})).toMatchObject({ key: elementKey });
    const other = await buildCurriculum(t);
    expect((await rest(`GET /curriculum/:curriculumKey/elements/:elementKey`, { curriculumKey: other })).status).toBe(403);
  });
});

describe(`POST /curriculum/:curriculumKey/elements/:elementKey`, () => {
  refusals(`POST /curriculum/:curriculumKey/elements/:elementKey`, world());
  it('updates the element; itself as parent is 409, an unknown status 406 (validation)', async () => {
    const key = await buildCurriculumElement(t, curriculumKey);
    expect(
      (await rest(`POST /curriculum/:curriculumKey/elements/:elementKey`, { elementKey: key }, { displayName: 'Renamed', status: 'confirmed' })).json,
    ).toMatchObject({
      displayName: 'Renamed',
      status: 'confirmed',
    });
    expect((await rest(`POST /curriculum/:curriculumKey/elements/:elementKey`, { elementKey: key }, { parentElementKey: key })).status).toBe(409);
    expect((await rest(`POST /curriculum/:curriculumKey/elements/:elementKey`, { elementKey: key }, { status: 'bogus' })).status).toBe(406);
  });
});

for (const method of ['PUT', 'POST'] as const) {
  describe(`${method} /curriculum/:curriculumKey/elements/:elementKey/reorder`, () => {
    refusals(`${method} /curriculum/:curriculumKey/elements/:elementKey/reorder`, world());
    it('orders the children', async () => {
      const parent = await buildCurriculumElement(t, curriculumKey);
      const a = await buildCurriculumElement(t, curriculumKey, parent);
      const b = await buildCurriculumElement(t, curriculumKey, parent);
      expect((await rest(`${method} /curriculum/:curriculumKey/elements/:elementKey/reorder`, { elementKey: parent }, [{ key: b }, { key: a }])).status).toBe(
        200,
      );
      expect(keysOf((await rest(`GET /curriculum/:curriculumKey/elements/:elementKey/elements`, { elementKey: parent })).json)).toEqual([b, a]);
    });
  });
}

describe(`GET /curriculum/:curriculumKey/elements/:elementKey/elements`, () => {
  refusals(`GET /curriculum/:curriculumKey/elements/:elementKey/elements`, world());
  it('lists the children', async () => {
    expect(keysOf((await rest(`GET /curriculum/:curriculumKey/elements/:elementKey/elements`, {})).json)).toContain(childKey);
    expect(keysOf(await viaGraphql(`GET /curriculum/:curriculumKey/elements/:elementKey/elements`, {}))).toContain(childKey);
  });
  it('lists a child with status deleted too, as OpenOLAT does (JSON, XML, GraphQL)', async () => {
    const parent = await buildCurriculumElement(t, curriculumKey);
    const kept = await buildCurriculumElement(t, curriculumKey, parent);
    const deleted = await buildCurriculumElement(t, curriculumKey, parent);
    expect((await rest(`POST /curriculum/:curriculumKey/elements/:elementKey`, { elementKey: deleted }, { status: 'deleted' })).json).toMatchObject({
      status: 'deleted',
    });
    const children = (await rest(`GET /curriculum/:curriculumKey/elements/:elementKey/elements`, { elementKey: parent })).json;
    expect(children.map((child: { key: number; status: string }) => [child.key, child.status])).toEqual([
      [kept, 'active'],
      [deleted, 'deleted'],
    ]);
    const xml = await call(t.base, 'GET', `/restapi/curriculum/${curriculumKey}/elements/${parent}/elements`, {
      headers: { ...adminAuth(), Accept: 'application/xml' },
    });
    expect(xml.text).toContain(`<key>${deleted}</key>`);
    expect(keysOf(await viaGraphql(`GET /curriculum/:curriculumKey/elements/:elementKey/elements`, { elementKey: parent }))).toEqual([kept, deleted]);
    expect(keysOf((await rest('GET /curriculum/:curriculumKey/elements', {})).json)).not.toContain(deleted);
  });
});

describe('linked courses', () => {
  refusals(`GET /curriculum/:curriculumKey/elements/:elementKey/entries`, world());
  refusals(`GET /curriculum/:curriculumKey/elements/:elementKey/entries/:repositoryEntryKey`, world());
  refusals(`PUT /curriculum/:curriculumKey/elements/:elementKey/entries/:repositoryEntryKey`, world());
  refusals(`DELETE /curriculum/:curriculumKey/elements/:elementKey/entries/:repositoryEntryKey`, world());
  refusals('GET /repo/entries/:entry/curriculum/elements', world());
  it('links (200 then 304), answers HEAD and GET, lists, and unlinks (200 then 304)', async () => {
    const linked = await buildCourse(t);
    const values = { elementKey: childKey, repositoryEntryKey: linked.key };
    expect((await rest(`PUT /curriculum/:curriculumKey/elements/:elementKey/entries/:repositoryEntryKey`, values)).status).toBe(200);
    expect((await rest(`PUT /curriculum/:curriculumKey/elements/:elementKey/entries/:repositoryEntryKey`, values)).status).toBe(304);
    const path = `/restapi/curriculum/${curriculumKey}/elements/${childKey}/entries/${linked.key}`;
    expect((await call(t.base, 'HEAD', path, { headers: asAdmin() })).status).toBe(200);
    expect((await rest(`GET /curriculum/:curriculumKey/elements/:elementKey/entries/:repositoryEntryKey`, values)).json).toMatchObject({ key: linked.key });
    expect(keysOf((await rest(`GET /curriculum/:curriculumKey/elements/:elementKey/entries`, values)).json)).toEqual([linked.key]);
    expect(keysOf((await rest('GET /repo/entries/:entry/curriculum/elements', { entry: String(linked.key) })).json)).toEqual([childKey]);
    expect((await rest(`DELETE /curriculum/:curriculumKey/elements/:elementKey/entries/:repositoryEntryKey`, values)).status).toBe(200);
    expect((await rest(`DELETE /curriculum/:curriculumKey/elements/:elementKey/entries/:repositoryEntryKey`, values)).status).toBe(304);
    expect((await call(t.base, 'HEAD', path, { headers: asAdmin() })).status).toBe(404);
  });
});

describe('members', () => {
  refusals(`GET /curriculum/:curriculumKey/elements/:elementKey/members`, world());
  refusals(`PUT /curriculum/:curriculumKey/elements/:elementKey/members`, world());
  refusals(`DELETE /curriculum/:curriculumKey/elements/:elementKey/members/:identityKey`, world());
  refusals(`GET /curriculum/:curriculumKey/elements/:elementKey/users`, world());
  it('grants a role with its inheritance, lists it, and removes every role; an unknown role is 409', async () => {
    const person = await buildUser(t);
    const key = await buildCurriculumElement(t, curriculumKey);
    const body = { identityKey: person.key, role: 'coach', inheritanceMode: 'root' };
    expect((await rest(`PUT /curriculum/:curriculumKey/elements/:elementKey/members`, { elementKey: key }, body)).status).toBe(200);
    expect((await rest(`GET /curriculum/:curriculumKey/elements/:elementKey/members`, { elementKey: key })).json).toEqual([body]);
    expect((await rest(`PUT /curriculum/:curriculumKey/elements/:elementKey/members`, { elementKey: key }, { ...body, role: 'dean' })).status).toBe(409);
    expect(keysOf((await call(t.base, 'GET', `/restapi/curriculum/${curriculumKey}/elements/${key}/users?role=coach`, { headers: asAdmin() })).json)).toEqual([
      person.key,
    ]);
    expect(
      (await rest(`DELETE /curriculum/:curriculumKey/elements/:elementKey/members/:identityKey`, { elementKey: key, identityKey: person.key })).status,
    ).toBe(200);
    expect((await rest(`GET /curriculum/:curriculumKey/elements/:elementKey/members`, { elementKey: key })).json).toEqual([]);
  });
  it('GET users without role is 400, with an unknown role 409; unknown elements and other callers are refused first, as before role was required', async () => {
    const base = `/restapi/curriculum/${curriculumKey}/elements/${elementKey}/users`;
    const missing = await call(t.base, 'GET', base, { headers: asAdmin() });
    expect([missing.status, missing.json]).toEqual([
      400,
      { code: 'BAD_REQUEST', translation: 'role is empty: it is one of curriculumelementowner, owner, mastercoach, coach, participant' },
    ]);
    expect((await call(t.base, 'GET', `${base}?role=dean`, { headers: asAdmin() })).status).toBe(409);
    expect((await call(t.base, 'GET', `/restapi/curriculum/${curriculumKey}/elements/2000000000/users`, { headers: asAdmin() })).status).toBe(404);
    expect((await call(t.base, 'GET', base, { headers: { ...plain.auth, ...JSON_TYPE } })).status).toBe(403);
    // GraphQL requires the argument in its own words, and refuses an empty one without naming query parameters.
    const document = (role: string) => `{ curriculumElementUsers(curriculumKey: ${curriculumKey}, elementKey: ${elementKey}${role}) { key } }`;
    const withoutRole = await graphql(t.base, adminAuth(), document(''));
    expect(withoutRole.body.errors[0].message).toBe('Field "curriculumElementUsers" argument "role" of type "String!" is required, but it was not provided.');
    const emptyRole = await graphql(t.base, adminAuth(), document(', role: ""'));
    expect(emptyRole.body.errors[0]).toMatchObject({ message: expect.stringMatching(/^role is empty/), extensions: { code: 'BAD_REQUEST' } });
    expect(JSON.stringify([withoutRole.body, emptyRole.body])).not.toMatch(/query parameter/);
  });
});

describe('members by role', () => {
  refusals(`GET /curriculum/:curriculumKey/elements/:elementKey/:role`, world());
  refusals(`PUT /curriculum/:curriculumKey/elements/:elementKey/:role`, world());
  refusals(`PUT /curriculum/:curriculumKey/elements/:elementKey/:role/:identityKey`, world());
  refusals(`DELETE /curriculum/:curriculumKey/elements/:elementKey/:role/:identityKey`, world());
  for (const role of ['participants', 'coaches', 'owners', 'mastercoaches', 'curriculumelementowners']) {
    it(`adds, lists and removes ${role}`, async () => {
      const [a, b] = [await buildUser(t), await buildUser(t)];
      const key = await buildCurriculumElement(t, curriculumKey);
      expect((await rest(`PUT /curriculum/:curriculumKey/elements/:elementKey/:role/:identityKey`, { elementKey: key, role, identityKey: a.key })).status).toBe(
        200,
      );
      expect((await rest(`PUT /curriculum/:curriculumKey/elements/:elementKey/:role/:identityKey`, { elementKey: key, role, identityKey: a.key })).status).toBe(
        200,
      );
      expect(
        (await rest(`PUT /curriculum/:curriculumKey/elements/:elementKey/:role`, { elementKey: key, role }, [{ key: b.key }, { key: 2_000_000_000 }])).status,
      ).toBe(200);
      expect(keysOf((await rest(`GET /curriculum/:curriculumKey/elements/:elementKey/:role`, { elementKey: key, role })).json)).toEqual([a.key, b.key]);
      expect(
        (await rest(`DELETE /curriculum/:curriculumKey/elements/:elementKey/:role/:identityKey`, { elementKey: key, role, identityKey: a.key })).status,
      ).toBe(200);
      expect(keysOf(await viaGraphql(`GET /curriculum/:curriculumKey/elements/:elementKey/:role`, { elementKey: key, role }))).toEqual([b.key]);
    });
  }
});

describe('element types', () => {
  refusals('GET /curriculum/types', world());
  refusals('PUT /curriculum/types', world());
  refusals('POST /curriculum/types', world());
  refusals('GET /curriculum/types/:typeKey', world());
  refusals('POST /curriculum/types/:typeKey', world());
  refusals('GET /curriculum/types/:typeKey/allowedSubTypes', world());
  refusals('PUT /curriculum/types/:typeKey/allowedSubTypes/:subTypeKey', world());
  refusals('DELETE /curriculum/types/:typeKey/allowedSubTypes/:subTypeKey', world());
  it('stores blank calendars and lectures switches of a type as disabled, as OpenOLAT does (JSON, XML, GraphQL)', async () => {
    const created = await rest('PUT /curriculum/types', {}, { identifier: 'plain', displayName: 'Plain' });
    expect(created.json).toMatchObject({ calendars: 'disabled', lectures: 'disabled' });
    const updated = await rest('POST /curriculum/types/:typeKey', { typeKey: created.json.key }, { calendars: 'enabled', lectures: ' ' });
    expect(updated.json).toMatchObject({ calendars: 'enabled', lectures: 'disabled' });
    const xml = await call(t.base, 'GET', `/restapi/curriculum/types/${created.json.key}`, { headers: { ...adminAuth(), Accept: 'application/xml' } });
    expect(xml.text).toContain('calendars="enabled" lectures="disabled"');
    const viaGraph = await graphql(
      t.base,
      adminAuth(),
      'mutation { createCurriculumElementType(curriculumElementType: { identifier: "g", displayName: "G" }) { calendars lectures } }',
    );
    expect(viaGraph.body.data.createCurriculumElementType).toEqual({ calendars: 'disabled', lectures: 'disabled' });
  });
  it('creates, reads and updates a type; allows and disallows a sub-type (200, and 200 again as in OpenOLAT)', async () => {
    const created = await rest('POST /curriculum/types', {}, { identifier: 'run', displayName: 'Run', calendars: 'enabled', lectures: 'inherited' });
    expect(created.json).toMatchObject({ identifier: 'run', calendars: 'enabled', lectures: 'inherited' });
    const key = created.json.key;
    expect((await rest('GET /curriculum/types/:typeKey', { typeKey: key })).json).toMatchObject({ key });
    expect((await rest('POST /curriculum/types/:typeKey', { typeKey: key }, { displayName: 'Course run' })).json).toMatchObject({ displayName: 'Course run' });
    expect(keysOf((await rest('GET /curriculum/types', {})).json)).toContain(key);
    const values = { typeKey: key, subTypeKey };
    expect((await rest('PUT /curriculum/types/:typeKey/allowedSubTypes/:subTypeKey', values)).status).toBe(200);
    expect((await rest('PUT /curriculum/types/:typeKey/allowedSubTypes/:subTypeKey', values)).status).toBe(200);
    expect(keysOf((await rest('GET /curriculum/types/:typeKey/allowedSubTypes', values)).json)).toEqual([subTypeKey]);
    expect((await rest('DELETE /curriculum/types/:typeKey/allowedSubTypes/:subTypeKey', values)).status).toBe(200);
    expect((await rest('DELETE /curriculum/types/:typeKey/allowedSubTypes/:subTypeKey', values)).status).toBe(200);
    expect((await rest('GET /curriculum/types/:typeKey/allowedSubTypes', values)).json).toEqual([]);
  });
});
