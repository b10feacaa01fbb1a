import { EntryRole } from '../../src/entities/courses';
import {
  addCourseMember,
  addTaxonomyCompetence,
  buildCourse,
  buildOwnerOfAnotherCourse,
  buildTaxonomy,
  buildTaxonomyLevel,
  buildTaxonomyLevelType,
  buildUser,
  type TestCourse,
  type TestUser,
} from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { graphqlOf, pathOf, refusals, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Every taxonomy operation: its refusals (401, 403, 404 on both transports) and a success. */

let t: TestService;
let plain: TestUser;
let member: TestUser;
let owner: TestUser;
let taxonomyKey: number;
let taxonomyLevelKey: number;
let levelTypeKey: number;
let subLevelTypeKey: number;
let competenceKey: number;
let course: TestCourse;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  member = await buildUser(t);
  owner = await buildUser(t);
  taxonomyKey = await buildTaxonomy(t, { identifier: 'operations' });
  levelTypeKey = await buildTaxonomyLevelType(t, taxonomyKey, { identifier: 'subject' });
  subLevelTypeKey = await buildTaxonomyLevelType(t, taxonomyKey, { identifier: 'topic' });
  taxonomyLevelKey = await buildTaxonomyLevel(t, taxonomyKey, { identifier: 'MATH', type: levelTypeKey as never });
  competenceKey = await addTaxonomyCompetence(t, taxonomyLevelKey, member.key, 'teach');
  course = await buildCourse(t);
  await addCourseMember(t, course.key, owner.key, EntryRole.owner);
  stranger = await buildOwnerOfAnotherCourse(t);
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
/** The refused caller is a plain user: taxonomy operations need the administrator or sysadmin role, entry levels a manager of the entry. */
const world =
  (values: Record<string, unknown> = {}) =>
  () => ({
    t,
    values: {
      taxonomyKey,
      taxonomyLevelKey,
      levelTypeKey,
      subLevelTypeKey,
      competenceKey,
      identityKey: member.key,
      entry: String(course.key),
      ...values,
    },
    forbidden: plain,
    stranger,
  });

function rest(name: string, values: Record<string, unknown>, body?: unknown, headers: Record<string, string> = asAdmin) {
  const route = routeNamed(name);
  return call(t.base, route.method, pathOf(route, values), { headers, body });
}

/** The same operation through GraphQL, as the administrator. */
async function viaGraphql(name: string, values: Record<string, unknown>) {
  const op = graphqlOf(routeNamed(name));
  const reply = await graphql(t.base, adminAuth(), op.document, op.variables(values));
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data[op.field];
}

const keysOf = (list: { key: number }[]) => list.map((item) => item.key);

describe('GET /taxonomy', () => {
  refusals('GET /taxonomy', world());
  it('answers the wrapper with every taxonomy, JSON by default', async () => {
    const reply = await call(t.base, 'GET', '/restapi/taxonomy/', { headers: adminAuth() });
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(reply.json)).toEqual(['taxonomies', 'totalCount']);
    expect(keysOf(reply.json.taxonomies)).toContain(taxonomyKey);
    expect((await viaGraphql('GET /taxonomy', {})).totalCount).toBe(reply.json.totalCount);
  });
});

describe('PUT /taxonomy', () => {
  refusals('PUT /taxonomy', world());
  it('creates a taxonomy (extension), and updates the one a body key names', async () => {
    const created = await rest('PUT /taxonomy', {}, { identifier: 'created-by-put', displayName: 'Created' });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ identifier: 'created-by-put', displayName: 'Created' });
    const renamed = await rest('PUT /taxonomy', {}, { key: created.json.key, displayName: 'Renamed' });
    expect(renamed.json).toMatchObject({ key: created.json.key, identifier: 'created-by-put', displayName: 'Renamed' });
  });
});

describe('GET /taxonomy/module/configuration', () => {
  refusals('GET /taxonomy/module/configuration', world());
  it('answers the switches of the module', async () => {
    expect((await rest('GET /taxonomy/module/configuration', {})).json).toMatchObject({ enabled: true });
    expect(await viaGraphql('GET /taxonomy/module/configuration', {})).toMatchObject({ enabled: true });
  });
});

describe('GET /taxonomy/:taxonomyKey', () => {
  refusals('GET /taxonomy/:taxonomyKey', world());
  it('answers the taxonomy; a key of 0 is 400', async () => {
    expect((await rest('GET /taxonomy/:taxonomyKey', { taxonomyKey })).json).toMatchObject({ key: taxonomyKey, identifier: 'operations' });
    expect(await viaGraphql('GET /taxonomy/:taxonomyKey', { taxonomyKey })).toMatchObject({ key: taxonomyKey });
    expect((await rest('GET /taxonomy/:taxonomyKey', { taxonomyKey: 0 })).status).toBe(400);
  });
});

describe('DELETE /taxonomy/:taxonomyKey', () => {
  refusals('DELETE /taxonomy/:taxonomyKey', world());
  it('deletes a taxonomy without levels (extension); one with levels is 409', async () => {
    const empty = await buildTaxonomy(t);
    await buildTaxonomyLevelType(t, empty);
    expect((await rest('DELETE /taxonomy/:taxonomyKey', { taxonomyKey: empty })).status).toBe(200);
    expect((await rest('GET /taxonomy/:taxonomyKey', { taxonomyKey: empty })).status).toBe(404);
    expect((await rest('DELETE /taxonomy/:taxonomyKey', { taxonomyKey })).status).toBe(409);
  });
});

describe('GET /taxonomy/:taxonomyKey/levels', () => {
  refusals('GET /taxonomy/:taxonomyKey/levels', world());
  it('lists the levels', async () => {
    expect(keysOf((await rest('GET /taxonomy/:taxonomyKey/levels', { taxonomyKey })).json)).toContain(taxonomyLevelKey);
    expect(keysOf(await viaGraphql('GET /taxonomy/:taxonomyKey/levels', { taxonomyKey }))).toContain(taxonomyLevelKey);
  });
});

describe('PUT /taxonomy/:taxonomyKey/levels', () => {
  refusals('PUT /taxonomy/:taxonomyKey/levels', world());
  it('creates a level below a parent', async () => {
    const reply = await rest(
      'PUT /taxonomy/:taxonomyKey/levels',
      { taxonomyKey },
      { identifier: 'MATH-ALG', parentKey: taxonomyLevelKey, typeKey: subLevelTypeKey },
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ identifier: 'MATH-ALG', parentKey: taxonomyLevelKey, typeKey: subLevelTypeKey, managedFlags: null });
  });
});

describe('DELETE /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey', () => {
  refusals('DELETE /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey', world());
  it('deletes an unused level; 304 for one in use', async () => {
    const unused = await buildTaxonomyLevel(t, taxonomyKey);
    expect((await rest('DELETE /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey', { taxonomyKey, taxonomyLevelKey: unused })).status).toBe(200);
    expect((await rest('DELETE /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey', { taxonomyKey, taxonomyLevelKey })).status).toBe(304);
  });
});

describe('GET /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences', () => {
  refusals('GET /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences', world());
  it('lists the competences on the level', async () => {
    const reply = await rest('GET /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences', { taxonomyKey, taxonomyLevelKey });
    expect(reply.json).toContainEqual({ key: competenceKey, identityKey: member.key, taxonomyLevelKey, taxonomyCompetenceType: 'teach', expiration: null });
    expect(keysOf(await viaGraphql('GET /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences', { taxonomyKey, taxonomyLevelKey }))).toContain(
      competenceKey,
    );
  });
});

describe('PUT /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences', () => {
  refusals('PUT /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences', world());
  it('gives a competence', async () => {
    const person = await buildUser(t);
    const reply = await rest(
      'PUT /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences',
      { taxonomyKey, taxonomyLevelKey },
      { identityKey: person.key, taxonomyLevelKey, taxonomyCompetenceType: 'have' },
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ identityKey: person.key, taxonomyLevelKey, taxonomyCompetenceType: 'have' });
  });
});

describe('GET /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences/:identityKey', () => {
  refusals('GET /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences/:identityKey', world());
  it("lists the person's competences on the level", async () => {
    const values = { taxonomyKey, taxonomyLevelKey, identityKey: member.key };
    expect(keysOf((await rest('GET /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences/:identityKey', values)).json)).toEqual([competenceKey]);
    expect(keysOf(await viaGraphql('GET /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences/:identityKey', values))).toEqual([competenceKey]);
  });
});

describe('DELETE /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences/:competenceKey', () => {
  refusals('DELETE /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences/:competenceKey', world());
  it('removes a competence', async () => {
    const person = await buildUser(t);
    const key = await addTaxonomyCompetence(t, taxonomyLevelKey, person.key, 'target');
    const values = { taxonomyKey, taxonomyLevelKey, competenceKey: key };
    expect((await rest('DELETE /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences/:competenceKey', values)).status).toBe(200);
    expect((await rest('DELETE /taxonomy/:taxonomyKey/levels/:taxonomyLevelKey/competences/:competenceKey', values)).status).toBe(404);
  });
});

describe('GET /taxonomy/:taxonomyKey/competences/:identityKey', () => {
  refusals('GET /taxonomy/:taxonomyKey/competences/:identityKey', world());
  it("lists the person's competences in the taxonomy", async () => {
    const values = { taxonomyKey, identityKey: member.key };
    expect(keysOf((await rest('GET /taxonomy/:taxonomyKey/competences/:identityKey', values)).json)).toEqual([competenceKey]);
    expect(keysOf(await viaGraphql('GET /taxonomy/:taxonomyKey/competences/:identityKey', values))).toEqual([competenceKey]);
  });
});

describe('GET /taxonomy/:taxonomyKey/types', () => {
  refusals('GET /taxonomy/:taxonomyKey/types', world());
  it('lists the level types', async () => {
    expect(keysOf((await rest('GET /taxonomy/:taxonomyKey/types', { taxonomyKey })).json)).toEqual(expect.arrayContaining([levelTypeKey, subLevelTypeKey]));
    expect(keysOf(await viaGraphql('GET /taxonomy/:taxonomyKey/types', { taxonomyKey }))).toContain(levelTypeKey);
  });
});

describe('PUT /taxonomy/:taxonomyKey/types', () => {
  refusals('PUT /taxonomy/:taxonomyKey/types', world());
  it('creates a level type', async () => {
    const reply = await rest(
      'PUT /taxonomy/:taxonomyKey/types',
      { taxonomyKey },
      { identifier: 'chapter', displayName: 'Chapter', documentsLibraryEnabled: true },
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ identifier: 'chapter', displayName: 'Chapter', visible: true, documentsLibraryEnabled: true, cssClass: null });
  });
});

describe('GET /taxonomy/:taxonomyKey/types/:levelTypeKey', () => {
  refusals('GET /taxonomy/:taxonomyKey/types/:levelTypeKey', world());
  it('answers the level type', async () => {
    expect((await rest('GET /taxonomy/:taxonomyKey/types/:levelTypeKey', { taxonomyKey, levelTypeKey })).json).toMatchObject({
      key: levelTypeKey,
      identifier: 'subject',
    });
    expect(await viaGraphql('GET /taxonomy/:taxonomyKey/types/:levelTypeKey', { taxonomyKey, levelTypeKey })).toMatchObject({ key: levelTypeKey });
  });
});

describe('GET /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes', () => {
  refusals('GET /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes', world());
  it('lists the allowed sub-types', async () => {
    expect((await rest('GET /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes', { taxonomyKey, levelTypeKey: subLevelTypeKey })).json).toEqual([]);
    expect(await viaGraphql('GET /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes', { taxonomyKey, levelTypeKey: subLevelTypeKey })).toEqual([]);
  });
});

describe('PUT /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes/:subLevelTypeKey', () => {
  refusals('PUT /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes/:subLevelTypeKey', world());
  it('allows a sub-type; 200 the second time too, as in OpenOLAT', async () => {
    const values = { taxonomyKey, levelTypeKey, subLevelTypeKey };
    await rest('DELETE /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes/:subLevelTypeKey', values);
    expect((await rest('PUT /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes/:subLevelTypeKey', values)).status).toBe(200);
    expect((await rest('PUT /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes/:subLevelTypeKey', values)).status).toBe(200);
    expect(keysOf((await rest('GET /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes', values)).json)).toEqual([subLevelTypeKey]);
  });
});

describe('DELETE /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes/:subLevelTypeKey', () => {
  refusals('DELETE /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes/:subLevelTypeKey', world());
  it('disallows a sub-type; 200 also when it was not allowed, as in OpenOLAT', async () => {
    const values = { taxonomyKey, levelTypeKey, subLevelTypeKey };
    await rest('PUT /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes/:subLevelTypeKey', values);
    expect((await rest('DELETE /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes/:subLevelTypeKey', values)).status).toBe(200);
    expect((await rest('DELETE /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes/:subLevelTypeKey', values)).status).toBe(200);
    expect((await rest('GET /taxonomy/:taxonomyKey/types/:levelTypeKey/allowedSubTypes', values)).json).toEqual([]);
  });
});

describe('GET /repo/entries/:entry/taxonomy/levels', () => {
  refusals('GET /repo/entries/:entry/taxonomy/levels', world());
  it('lists the levels of the entry, to its owner too', async () => {
    const entry = await buildCourse(t);
    await addCourseMember(t, entry.key, owner.key, EntryRole.owner);
    expect((await rest('PUT /repo/entries/:entry/taxonomy/levels/:taxonomyLevelKey', { entry: entry.key, taxonomyLevelKey })).status).toBe(200);
    expect(keysOf((await rest('GET /repo/entries/:entry/taxonomy/levels', { entry: entry.softkey }, undefined, { ...owner.auth, ...JSON_TYPE })).json)).toEqual(
      [taxonomyLevelKey],
    );
    expect(keysOf(await viaGraphql('GET /repo/entries/:entry/taxonomy/levels', { entry: String(entry.key) }))).toEqual([taxonomyLevelKey]);
  });
});

describe('PUT /repo/entries/:entry/taxonomy/levels/:taxonomyLevelKey', () => {
  refusals('PUT /repo/entries/:entry/taxonomy/levels/:taxonomyLevelKey', world());
  it('tags the entry with the level; 304 the second time', async () => {
    const entry = await buildCourse(t);
    await addCourseMember(t, entry.key, owner.key, EntryRole.owner);
    const headers = { ...owner.auth, ...JSON_TYPE };
    expect((await rest('PUT /repo/entries/:entry/taxonomy/levels/:taxonomyLevelKey', { entry: entry.key, taxonomyLevelKey }, undefined, headers)).status).toBe(
      200,
    );
    expect((await rest('PUT /repo/entries/:entry/taxonomy/levels/:taxonomyLevelKey', { entry: entry.key, taxonomyLevelKey }, undefined, headers)).status).toBe(
      304,
    );
  });
});

describe('DELETE /repo/entries/:entry/taxonomy/levels/:taxonomyLevelKey', () => {
  refusals('DELETE /repo/entries/:entry/taxonomy/levels/:taxonomyLevelKey', world());
  it('removes the level from the entry', async () => {
    const entry = await buildCourse(t);
    await rest('PUT /repo/entries/:entry/taxonomy/levels/:taxonomyLevelKey', { entry: entry.key, taxonomyLevelKey });
    expect((await rest('DELETE /repo/entries/:entry/taxonomy/levels/:taxonomyLevelKey', { entry: entry.key, taxonomyLevelKey })).status).toBe(200);
    expect((await rest('GET /repo/entries/:entry/taxonomy/levels', { entry: entry.key })).json).toEqual([]);
  });
});
