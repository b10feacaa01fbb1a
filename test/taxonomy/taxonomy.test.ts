import { traceStatements } from '../../scripts/trace-statements';
import { TaxonomyLevel } from '../../src/entities/taxonomy';
import { addTaxonomyCompetence, buildCourse, buildTaxonomy, buildTaxonomyLevel, buildTaxonomyLevelType, buildUser, type TestUser } from '../factories';
import { cli } from '../support/cli';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Taxonomies, their level trees, level types and competences, through REST (JSON and XML), GraphQL and the command line. */

let t: TestService;
let plain: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
});
afterAll(() => t.stop());

const rest = (method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; contentType?: string } = {}) =>
  call(t.base, method, `/restapi${path}`, { ...options, headers: { ...adminAuth(), ...JSON_TYPE, ...options.headers } });
const xml = (method: string, path: string, body?: string) =>
  call(t.base, method, `/restapi${path}`, { headers: { ...adminAuth(), ...XML_TYPE }, body, contentType: 'application/xml' });
const errorOf = (reply: { body: { errors?: { extensions: Record<string, unknown> }[] } }) => reply.body.errors?.[0]?.extensions;

describe('taxonomies', () => {
  it('a fresh installation has none: the wrapper with an empty list, in JSON and XML', async () => {
    expect((await rest('GET', '/taxonomy')).json).toEqual({ totalCount: 0, taxonomies: [] });
    const reply = await xml('GET', '/taxonomy');
    expect(reply.text).toContain('<taxonomyVoes totalCount="0"><taxonomies/></taxonomyVoes>');
  });

  it('an administrator creates, renames and deletes a taxonomy through GraphQL; others are refused', async () => {
    const create = `mutation($t: TaxonomyVOInput!) { createTaxonomy(taxonomy: $t) { key identifier displayName managedFlags } }`;
    const created = await graphql(t.base, adminAuth(), create, { t: { identifier: 'subjects', displayName: 'Subjects', managedFlags: 'displayName,bogus' } });
    expect(created.body.data.createTaxonomy).toMatchObject({ identifier: 'subjects', displayName: 'Subjects', managedFlags: 'displayName' });
    const key = created.body.data.createTaxonomy.key;
    expect(errorOf(await graphql(t.base, plain.auth, create, { t: { identifier: 'mine' } }))?.code).toBe('FORBIDDEN');

    const rename = `mutation($k: Long!, $t: TaxonomyVOInput!) { updateTaxonomy(taxonomyKey: $k, taxonomy: $t) { key displayName } }`;
    // displayName is managed: GraphQL may not change it, the REST channel (the managing system) may.
    expect(errorOf(await graphql(t.base, adminAuth(), rename, { k: key, t: { displayName: 'Fields' } }))).toMatchObject({
      code: 'MANAGED',
      flag: 'displayName',
    });
    expect((await rest('PUT', '/taxonomy', { body: { key, displayName: 'Fields', managedFlags: null } })).json).toMatchObject({ key, displayName: 'Fields' });
    expect((await graphql(t.base, adminAuth(), rename, { k: key, t: { displayName: 'Fields of study' } })).body.data.updateTaxonomy.displayName).toBe(
      'Fields of study',
    );

    const listed = await graphql(t.base, adminAuth(), '{ taxonomies { totalCount taxonomies { key } } }');
    expect(listed.body.data.taxonomies.taxonomies).toContainEqual({ key });
    expect((await graphql(t.base, adminAuth(), 'mutation($k: Long!) { deleteTaxonomy(taxonomyKey: $k) }', { k: key })).body.data.deleteTaxonomy).toBe(true);
    expect((await rest('GET', `/taxonomy/${key}`)).status).toBe(404);
  });

  it('PUT /taxonomy takes XML; a taxonomy answers XML when asked, JSON by default', async () => {
    const reply = await xml(
      'PUT',
      '/taxonomy',
      '<taxonomyVO><identifier>xml-taxonomy</identifier><displayName>XML</displayName><externalId>TX-1</externalId></taxonomyVO>',
    );
    expect(reply.status).toBe(200);
    expect(reply.text).toMatch(
      /<taxonomyVO><key>\d+<\/key><identifier>xml-taxonomy<\/identifier><displayName>XML<\/displayName><externalId>TX-1<\/externalId><\/taxonomyVO>/,
    );
    const key = /<key>(\d+)<\/key>/.exec(reply.text)![1];
    const byDefault = await call(t.base, 'GET', `/restapi/taxonomy/${key}`, { headers: adminAuth() });
    expect(byDefault.json).toEqual({
      key: Number(key),
      identifier: 'xml-taxonomy',
      displayName: 'XML',
      description: null,
      externalId: 'TX-1',
      managedFlags: null,
    });
    // An element the VO lacks is skipped, as JAXB skips it.
    const bogus = await xml('PUT', '/taxonomy', '<taxonomyVO><identifier>x</identifier><bogus/></taxonomyVO>');
    expect(bogus.status).toBe(200);
    expect(bogus.text).toContain('<identifier>x</identifier>');
  });

  it('concurrent creates with the same identifier give one taxonomy', async () => {
    const replies = await Promise.all([1, 2, 3, 4, 5].map(() => rest('PUT', '/taxonomy', { body: { identifier: 'raced', displayName: 'Raced' } })));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await rest('GET', '/taxonomy')).json.taxonomies.filter((taxonomy: { identifier: string }) => taxonomy.identifier === 'raced')).toHaveLength(1);
  });

  it('the command line creates, renames, lists and deletes taxonomies, audited', async () => {
    const created = await cli(t, 'taxonomy', 'create', 'cli-taxonomy', 'From the shell');
    expect(created.code).toBe(0);
    const key = Number(/created taxonomy (\d+)/.exec(created.out[0])![1]);
    expect((await cli(t, 'taxonomy', 'rename', String(key), 'Renamed in the shell')).code).toBe(0);
    expect((await rest('GET', `/taxonomy/${key}`)).json).toMatchObject({ identifier: 'cli-taxonomy', displayName: 'Renamed in the shell' });
    expect((await cli(t, 'taxonomy', 'list')).out).toContain(`${key}\tcli-taxonomy\tRenamed in the shell`);
    expect((await cli(t, 'taxonomy', 'delete', String(key))).out).toEqual([`deleted taxonomy ${key}`]);
    expect((await rest('GET', `/taxonomy/${key}`)).status).toBe(404);
    const usage = await cli(t, 'taxonomy', 'rename', 'x');
    expect(usage.code).toBe(2);
    expect(usage.err.join('\n')).toContain("missing required argument 'displayName'");
    expect(await cli(t, 'taxonomy', 'delete', 'x')).toMatchObject({ code: 1, err: [expect.stringContaining('database: '), 'key: a whole number, not "x"'] });
    const em = t.service.orm.em.fork();
    const audit = await em.getConnection().execute(`select operation from audit_log where transport = 'cli' and object_type = 'taxonomy' order by id`);
    expect((audit as { operation: string }[]).map((row) => row.operation)).toEqual(['createTaxonomy', 'updateTaxonomy', 'deleteTaxonomy']);
  });
});

describe('levels', () => {
  let taxonomyKey: number;
  let otherTaxonomy: number;
  let typeKey: number;
  beforeAll(async () => {
    taxonomyKey = await buildTaxonomy(t);
    otherTaxonomy = await buildTaxonomy(t);
    typeKey = await buildTaxonomyLevelType(t, taxonomyKey, { identifier: 'subject' });
  });

  it('builds a two-level tree in JSON and XML, moves a level by parentKey and makes it a root with a null parentKey', async () => {
    const root = (await rest('PUT', `/taxonomy/${taxonomyKey}/levels`, { body: { identifier: 'MATH', displayName: 'Mathematics', typeKey } })).json;
    expect(root).toEqual({
      key: root.key,
      identifier: 'MATH',
      displayName: 'Mathematics',
      description: null,
      externalId: null,
      parentKey: null,
      typeKey,
      managedFlags: null,
    });
    const child = await xml(
      'PUT',
      `/taxonomy/${taxonomyKey}/levels`,
      `<taxonomyLevelVO><identifier>MATH-STAT</identifier><displayName>Statistics</displayName><externalId>TX-17</externalId><parentKey>${root.key}</parentKey><managedFlags>identifier,displayName,move,delete</managedFlags></taxonomyLevelVO>`,
    );
    expect(child.status).toBe(200);
    const childKey = Number(/<key>(\d+)<\/key>/.exec(child.text)![1]);
    expect(child.text).toContain(
      `<taxonomyLevelVO><key>${childKey}</key><identifier>MATH-STAT</identifier><displayName>Statistics</displayName><externalId>TX-17</externalId><parentKey>${root.key}</parentKey><managedFlags>identifier,displayName,move,delete</managedFlags></taxonomyLevelVO>`,
    );

    const other = (await rest('PUT', `/taxonomy/${taxonomyKey}/levels`, { body: { identifier: 'PHYS' } })).json;
    const moved = (await rest('PUT', `/taxonomy/${taxonomyKey}/levels`, { body: { key: root.key, parentKey: other.key } })).json;
    expect(moved).toMatchObject({ key: root.key, identifier: 'MATH', parentKey: other.key, typeKey });
    const paths = await t.service.orm.em.fork().find(TaxonomyLevel, { id: { $in: [root.key, childKey] } }, { orderBy: { id: 'asc' } });
    expect(paths.map((level) => level.path)).toEqual([`/${other.key}/${root.key}/`, `/${other.key}/${root.key}/${childKey}/`]);
    // Below itself or one of its sub-levels: 409.
    expect((await rest('PUT', `/taxonomy/${taxonomyKey}/levels`, { body: { key: other.key, parentKey: childKey } })).status).toBe(409);
    const rooted = (await rest('PUT', `/taxonomy/${taxonomyKey}/levels`, { body: { key: root.key, parentKey: null } })).json;
    expect(rooted.parentKey).toBeNull();
    expect((await t.service.orm.em.fork().findOneOrFail(TaxonomyLevel, { id: childKey })).path).toBe(`/${root.key}/${childKey}/`);
  });

  it('refuses an unknown parent or type (404), a parent of another taxonomy (409), a taken identifier (409), a missing identifier (406)', async () => {
    const foreign = await buildTaxonomyLevel(t, otherTaxonomy);
    expect((await rest('PUT', `/taxonomy/${taxonomyKey}/levels`, { body: { identifier: 'a', parentKey: 999999999 } })).status).toBe(404);
    expect((await rest('PUT', `/taxonomy/${taxonomyKey}/levels`, { body: { identifier: 'b', typeKey: 999999999 } })).status).toBe(404);
    expect((await rest('PUT', `/taxonomy/${taxonomyKey}/levels`, { body: { identifier: 'c', parentKey: foreign } })).status).toBe(409);
    expect((await rest('PUT', `/taxonomy/${taxonomyKey}/levels`, { body: { identifier: 'dup' } })).status).toBe(200);
    expect((await rest('PUT', `/taxonomy/${taxonomyKey}/levels`, { body: { identifier: 'dup' } })).status).toBe(409);
    expect((await rest('PUT', `/taxonomy/${taxonomyKey}/levels`, { body: { displayName: 'No identifier' } })).status).toBe(406);
    expect((await rest('PUT', `/taxonomy/${taxonomyKey}/levels`, { body: { identifier: 'x', unknownField: 1 } })).status).toBe(400);
  });

  it('deletes a level: 304 while it has sub-levels, competences or tagged courses; 409 for a level of another taxonomy', async () => {
    const parent = await buildTaxonomyLevel(t, taxonomyKey);
    const child = await buildTaxonomyLevel(t, taxonomyKey, {}, parent);
    expect((await rest('DELETE', `/taxonomy/${taxonomyKey}/levels/${parent}`)).status).toBe(304);
    const foreign = await buildTaxonomyLevel(t, otherTaxonomy);
    expect((await rest('DELETE', `/taxonomy/${taxonomyKey}/levels/${foreign}`)).status).toBe(409);

    const person = await buildUser(t);
    const competence = await addTaxonomyCompetence(t, child, person.key);
    expect((await rest('DELETE', `/taxonomy/${taxonomyKey}/levels/${child}`)).status).toBe(304);
    await rest('DELETE', `/taxonomy/${taxonomyKey}/levels/${child}/competences/${competence}`);
    const course = await buildCourse(t);
    expect((await rest('PUT', `/repo/entries/${course.key}/taxonomy/levels/${child}`)).status).toBe(200);
    expect((await rest('DELETE', `/taxonomy/${taxonomyKey}/levels/${child}`)).status).toBe(304);
    await rest('DELETE', `/repo/entries/${course.key}/taxonomy/levels/${child}`);
    expect((await rest('DELETE', `/taxonomy/${taxonomyKey}/levels/${child}`)).status).toBe(200);
    expect((await rest('DELETE', `/taxonomy/${taxonomyKey}/levels/${parent}`)).status).toBe(200);
  });

  it('GraphQL refuses changes of managed level fields; the REST channel may make them', async () => {
    const level = (await rest('PUT', `/taxonomy/${taxonomyKey}/levels`, { body: { identifier: 'MANAGED', managedFlags: 'identifier,delete,competences' } }))
      .json;
    const save = `mutation($k: Long!, $l: TaxonomyLevelVOInput!) { saveTaxonomyLevel(taxonomyKey: $k, taxonomyLevel: $l) { key identifier displayName } }`;
    expect(errorOf(await graphql(t.base, adminAuth(), save, { k: taxonomyKey, l: { key: level.key, identifier: 'changed' } }))).toMatchObject({
      code: 'MANAGED',
      flag: 'identifier',
    });
    // An unmanaged field passes, as does the unchanged identifier.
    const renamed = await graphql(t.base, adminAuth(), save, { k: taxonomyKey, l: { key: level.key, identifier: 'MANAGED', displayName: 'Managed level' } });
    expect(renamed.body.data.saveTaxonomyLevel).toMatchObject({ identifier: 'MANAGED', displayName: 'Managed level' });
    const remove = `mutation($k: Long!, $l: Long!) { deleteTaxonomyLevel(taxonomyKey: $k, taxonomyLevelKey: $l) }`;
    expect(errorOf(await graphql(t.base, adminAuth(), remove, { k: taxonomyKey, l: level.key }))).toMatchObject({ code: 'MANAGED', flag: 'delete' });
    const person = await buildUser(t);
    const give = `mutation($k: Long!, $l: Long!, $c: TaxonomyCompetenceVOInput!) { saveTaxonomyCompetence(taxonomyKey: $k, taxonomyLevelKey: $l, competence: $c) { key } }`;
    expect(
      errorOf(await graphql(t.base, adminAuth(), give, { k: taxonomyKey, l: level.key, c: { identityKey: person.key, taxonomyCompetenceType: 'teach' } })),
    ).toMatchObject({ code: 'MANAGED', flag: 'competences' });
    expect((await rest('PUT', `/taxonomy/${taxonomyKey}/levels`, { body: { key: level.key, identifier: 'CHANGED-BY-REST' } })).json.identifier).toBe(
      'CHANGED-BY-REST',
    );
    expect((await rest('DELETE', `/taxonomy/${taxonomyKey}/levels/${level.key}`)).status).toBe(200);
  });
});

describe('competences and level types', () => {
  let taxonomyKey: number;
  let levelKey: number;
  let person: TestUser;
  beforeAll(async () => {
    taxonomyKey = await buildTaxonomy(t);
    levelKey = await buildTaxonomyLevel(t, taxonomyKey);
    person = await buildUser(t);
  });

  it('PUT updates the competence of the same type; another type is another competence', async () => {
    const path = `/taxonomy/${taxonomyKey}/levels/${levelKey}/competences`;
    const first = (await rest('PUT', path, { body: { identityKey: person.key, taxonomyCompetenceType: 'teach' } })).json;
    const again = (
      await rest('PUT', path, { body: { identityKey: person.key, taxonomyLevelKey: levelKey, taxonomyCompetenceType: 'teach', expiration: 4102444800000 } })
    ).json;
    expect(again).toEqual({ key: first.key, identityKey: person.key, taxonomyLevelKey: levelKey, taxonomyCompetenceType: 'teach', expiration: 4102444800000 });
    const xmlReply = await xml(
      'PUT',
      path,
      `<taxonomyCompetenceVO><identityKey>${person.key}</identityKey><taxonomyLevelKey>${levelKey}</taxonomyLevelKey><taxonomyCompetenceType>have</taxonomyCompetenceType></taxonomyCompetenceVO>`,
    );
    expect(xmlReply.text).toMatch(
      new RegExp(
        `<taxonomyCompetenceVO><key>\\d+</key><identityKey>${person.key}</identityKey><taxonomyLevelKey>${levelKey}</taxonomyLevelKey><taxonomyCompetenceType>have</taxonomyCompetenceType></taxonomyCompetenceVO>`,
      ),
    );
    expect(
      (await rest('GET', `/taxonomy/${taxonomyKey}/competences/${person.key}`)).json.map((c: { taxonomyCompetenceType: string }) => c.taxonomyCompetenceType),
    ).toEqual(['teach', 'have']);
    expect((await rest('PUT', path, { body: { identityKey: person.key, taxonomyLevelKey: levelKey + 1, taxonomyCompetenceType: 'teach' } })).status).toBe(409);
    expect((await rest('PUT', path, { body: { identityKey: 999999999, taxonomyCompetenceType: 'teach' } })).status).toBe(404);
    expect((await rest('PUT', path, { body: { identityKey: person.key, taxonomyCompetenceType: 'master' } })).status).toBe(400);
  });

  it('level types with allowed sub-types, in JSON and XML', async () => {
    const type = (
      await rest('PUT', `/taxonomy/${taxonomyKey}/types`, {
        body: { identifier: 'faculty', displayName: 'Faculty', visible: false, documentsLibraryTeachCompetenceReadParentLevels: 2 },
      })
    ).json;
    expect(type).toMatchObject({ identifier: 'faculty', visible: false, documentsLibraryTeachCompetenceReadParentLevels: 2, documentsLibraryEnabled: null });
    const sub = await xml(
      'PUT',
      `/taxonomy/${taxonomyKey}/types`,
      '<taxonomyLevelTypeVO><identifier>chair</identifier><cssClass>o_icon_chair</cssClass></taxonomyLevelTypeVO>',
    );
    const subKey = Number(/<key>(\d+)<\/key>/.exec(sub.text)![1]);
    expect(sub.text).toContain(
      `<taxonomyLevelTypeVO><key>${subKey}</key><identifier>chair</identifier><cssClass>o_icon_chair</cssClass><visible>true</visible></taxonomyLevelTypeVO>`,
    );
    expect((await rest('PUT', `/taxonomy/${taxonomyKey}/types/${type.key}/allowedSubTypes/${subKey}`)).status).toBe(200);
    expect((await xml('GET', `/taxonomy/${taxonomyKey}/types/${type.key}/allowedSubTypes`)).text).toContain(
      `<taxonomyLevelTypeVOs><taxonomyLevelTypeVO><key>${subKey}</key>`,
    );
    const updated = (await rest('PUT', `/taxonomy/${taxonomyKey}/types`, { body: { key: type.key, displayName: 'Faculties' } })).json;
    expect(updated).toMatchObject({ key: type.key, identifier: 'faculty', displayName: 'Faculties', documentsLibraryTeachCompetenceReadParentLevels: 2 });
    // A type of another taxonomy is not found here.
    const elsewhere = await buildTaxonomy(t);
    expect((await rest('GET', `/taxonomy/${elsewhere}/types/${type.key}`)).status).toBe(404);
  });
});

describe('the level tree through GraphQL', () => {
  const TREE = `query($k: Long!) { taxonomy(taxonomyKey: $k) { key types { key } rootLevels { key children { key children { key type { key } competences { key } } } } levels { key parentKey } } }`;

  it('answers a taxonomy with its level tree', async () => {
    const taxonomyKey = await buildTaxonomy(t);
    const type = await buildTaxonomyLevelType(t, taxonomyKey);
    const root = await buildTaxonomyLevel(t, taxonomyKey);
    const child = await buildTaxonomyLevel(t, taxonomyKey, {}, root);
    const grandchild = await buildTaxonomyLevel(t, taxonomyKey, { type: type as never }, child);
    const person = await buildUser(t);
    const competence = await addTaxonomyCompetence(t, grandchild, person.key);
    const reply = await graphql(t.base, adminAuth(), TREE, { k: taxonomyKey });
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data.taxonomy.rootLevels).toEqual([
      { key: root, children: [{ key: child, children: [{ key: grandchild, type: { key: type }, competences: [{ key: competence }] }] }] },
    ]);
    expect(reply.body.data.taxonomy.types).toEqual([{ key: type }]);
    expect(errorOf(await graphql(t.base, plain.auth, TREE, { k: taxonomyKey }))?.code).toBe('FORBIDDEN');
  });

  it('reads a tree of 5 levels and one of 1000 in the same number of statements', async () => {
    // Both trees use every edge of the query: types, three levels deep, competences.
    const person = await buildUser(t);
    const small = await buildTaxonomy(t);
    const smallType = await buildTaxonomyLevelType(t, small);
    let parent: number | undefined;
    for (let i = 0; i < 5; i++) parent = await buildTaxonomyLevel(t, small, { type: smallType as never }, parent);
    await addTaxonomyCompetence(t, parent!, person.key);
    const large = await buildTaxonomy(t);
    const largeType = await buildTaxonomyLevelType(t, large);
    const em = t.service.orm.em.fork();
    await em
      .getConnection()
      .execute(`insert into taxonomy_level (taxonomy_id, identifier, path, type_id) select ?, 'L' || n, '/', ? from generate_series(1, 1000) n`, [
        large,
        largeType,
      ]);
    await em
      .getConnection()
      .execute(`insert into taxonomy_competence (level_id, identity_id, type) select id, ?, 'have' from taxonomy_level where taxonomy_id = ?`, [
        person.key,
        large,
      ]);
    // A deep and wide tree: each level below the one 3 keys before it (depth ~330).
    await em
      .getConnection()
      .execute(
        `with ordered as (select id, lag(id, 3) over (order by id) as parent from taxonomy_level where taxonomy_id = ?) update taxonomy_level l set parent_id = o.parent from ordered o where l.id = o.id`,
        [large],
      );
    const statements = async (key: number) => {
      let reply: Awaited<ReturnType<typeof graphql>> | undefined;
      const traced = await traceStatements(async () => (reply = await graphql(t.base, adminAuth(), TREE, { k: key })));
      expect(reply!.body.errors).toBeUndefined();
      return traced.length;
    };
    await statements(small);
    await statements(large);
    const few = await statements(small);
    const many = await statements(large);
    expect(many).toBe(few);
    // the login throttle's read for the basic credentials, the taxonomy; one statement per edge and level of the answer: types, root levels,
    // their children, theirs, their types and competences, the flat levels
    expect(few).toBeLessThanOrEqual(9);
  });
});
