import {
  buildCurriculum,
  buildCurriculumElement,
  buildOwnerOfAnotherCurriculum,
  buildTaxonomy,
  buildTaxonomyLevel,
  buildUser,
  type TestUser,
} from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { graphqlOf, pathOf, refusals, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** The taxonomy levels of curriculum elements (catalogue 2.6): refusals on both transports, successes, and the level's usage. */

const LEVELS = 'GET /curriculum/:curriculumKey/elements/:elementKey/taxonomy/levels';
const LINK = 'PUT /curriculum/:curriculumKey/elements/:elementKey/taxonomy/levels/:taxonomyLevelKey';
const UNLINK = 'DELETE /curriculum/:curriculumKey/elements/:elementKey/taxonomy/levels/:taxonomyLevelKey';

let t: TestService;
let plain: TestUser;
let curriculumKey: number;
let elementKey: number;
let taxonomyKey: number;
let taxonomyLevelKey: number;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  curriculumKey = await buildCurriculum(t, { identifier: 'levels', externalId: 'CUR-LEVELS' });
  elementKey = await buildCurriculumElement(t, curriculumKey, undefined, { identifier: 'levels-root' });
  taxonomyKey = await buildTaxonomy(t);
  taxonomyLevelKey = await buildTaxonomyLevel(t, taxonomyKey, { identifier: 'STAT' });
  stranger = await buildOwnerOfAnotherCurriculum(t);
});
afterAll(() => t.stop());

const asAdmin = () => ({ ...adminAuth(), ...JSON_TYPE });
const world =
  (values: Record<string, unknown> = {}) =>
  () => ({ t, values: { curriculumKey, elementKey, taxonomyLevelKey, ...values }, forbidden: plain, stranger });

function rest(name: string, values: Record<string, unknown>, headers = asAdmin()) {
  const route = routeNamed(name);
  return call(t.base, route.method, pathOf(route, world(values)().values), { headers });
}

async function viaGraphql(name: string, values: Record<string, unknown>) {
  const op = graphqlOf(routeNamed(name));
  const reply = await graphql(t.base, adminAuth(), op.document, op.variables(world(values)().values));
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data[op.field];
}

const keysOf = (list: { key: number }[]) => list.map((item) => item.key);

describe(LEVELS, () => {
  refusals(LEVELS, world());
  it('lists the levels of the element, on both transports', async () => {
    const element = await buildCurriculumElement(t, curriculumKey);
    expect((await rest(LINK, { elementKey: element })).status).toBe(200);
    expect(keysOf((await rest(LEVELS, { elementKey: element })).json)).toEqual([taxonomyLevelKey]);
    expect(keysOf(await viaGraphql(LEVELS, { elementKey: element }))).toEqual([taxonomyLevelKey]);
  });
});

describe(LINK, () => {
  refusals(LINK, world());
  it('links (200, GraphQL true) then answers 304 (GraphQL false); an unknown level is 404', async () => {
    const element = await buildCurriculumElement(t, curriculumKey);
    expect((await rest(LINK, { elementKey: element })).status).toBe(200);
    expect((await rest(LINK, { elementKey: element })).status).toBe(304);
    const other = await buildCurriculumElement(t, curriculumKey);
    expect(await viaGraphql(LINK, { elementKey: other })).toBe(true);
    expect(await viaGraphql(LINK, { elementKey: other })).toBe(false);
    expect((await rest(LINK, { elementKey: element, taxonomyLevelKey: 987654321 })).status).toBe(404);
  });
});

describe(UNLINK, () => {
  refusals(UNLINK, world());
  it('unlinks (200, also when not linked), on both transports', async () => {
    const element = await buildCurriculumElement(t, curriculumKey);
    await rest(LINK, { elementKey: element });
    expect((await rest(UNLINK, { elementKey: element })).status).toBe(200);
    expect((await rest(LEVELS, { elementKey: element })).json).toEqual([]);
    expect((await rest(UNLINK, { elementKey: element })).status).toBe(200);
    expect(await viaGraphql(UNLINK, { elementKey: element })).toBe(true);
  });
});

describe('an element tagged with a level', () => {
  it('links, answers 304 when linked again, lists in JSON and XML, holds the level against deletion until unlinked', async () => {
    const element = await buildCurriculumElement(t, curriculumKey, undefined, { identifier: 'tagged' });
    const level = await buildTaxonomyLevel(t, taxonomyKey, { identifier: 'PROB', displayName: 'Probability' });
    const values = { elementKey: element, taxonomyLevelKey: level };
    expect((await rest(LINK, values)).status).toBe(200);
    expect((await rest(LINK, values)).status).toBe(304);

    const json = await rest(LEVELS, values);
    expect(json.status).toBe(200);
    expect(json.json).toEqual([
      { key: level, identifier: 'PROB', displayName: 'Probability', description: null, externalId: null, managedFlags: null, parentKey: null, typeKey: null },
    ]);
    const xml = await rest(LEVELS, values, { ...adminAuth(), ...XML_TYPE });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/xml/);
    expect(xml.text).toContain(`<key>${level}</key>`);
    expect(xml.text).toContain('<identifier>PROB</identifier>');

    const deleteLevel = () => call(t.base, 'DELETE', `/restapi/taxonomy/${taxonomyKey}/levels/${level}`, { headers: asAdmin() });
    expect((await deleteLevel()).status).toBe(304);
    expect(keysOf((await call(t.base, 'GET', `/restapi/taxonomy/${taxonomyKey}/levels`, { headers: asAdmin() })).json)).toContain(level);

    expect((await rest(UNLINK, values)).status).toBe(200);
    expect((await rest(LEVELS, values)).json).toEqual([]);
    expect((await deleteLevel()).status).toBe(200);
    expect((await rest(LINK, values)).status).toBe(404);
  });

  it('an element of another curriculum is 403', async () => {
    const otherCurriculum = await buildCurriculum(t, { identifier: 'levels-other' });
    const foreign = await buildCurriculumElement(t, otherCurriculum);
    expect((await rest(LINK, { elementKey: foreign })).status).toBe(403);
    expect((await rest(LEVELS, { elementKey: foreign })).status).toBe(403);
  });

  it('the link goes with its element: once the curriculum is deleted the level is no longer in use', async () => {
    const doomed = await buildCurriculum(t, { identifier: 'levels-doomed' });
    const element = await buildCurriculumElement(t, doomed);
    const level = await buildTaxonomyLevel(t, taxonomyKey, { identifier: 'DOOMED' });
    expect((await rest(LINK, { curriculumKey: doomed, elementKey: element, taxonomyLevelKey: level })).status).toBe(200);
    const deleteLevel = () => call(t.base, 'DELETE', `/restapi/taxonomy/${taxonomyKey}/levels/${level}`, { headers: asAdmin() });
    expect((await deleteLevel()).status).toBe(304);
    expect((await call(t.base, 'DELETE', `/restapi/curriculum/${doomed}`, { headers: asAdmin() })).status).toBe(200);
    expect((await deleteLevel()).status).toBe(200);
  });
});
