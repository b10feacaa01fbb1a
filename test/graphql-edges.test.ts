import { getNamedType, getNullableType, isCompositeType, isListType, isObjectType } from 'graphql';
import { traceStatements } from '../scripts/trace-statements';
import { EntryRole } from '../src/entities/courses';
import { GroupRole } from '../src/entities/groups';
import { EDGE_MAX_PAGE_SIZE, EDGE_PAGE_SIZE } from '../src/schema/paging';
import { buildGatewaySchema } from '../src/schema/build';
import { addCatalogOwner, buildCatalogEntry } from './catalog/support';
import {
  addCourseMember,
  addCurriculumElementMember,
  addGroupMember,
  addOrganisationMember,
  addTaxonomyCompetence,
  buildCourse,
  buildCurriculum,
  buildCurriculumElement,
  buildGroup,
  buildOrganisation,
  buildRelation,
  buildRelationRole,
  buildTaxonomy,
  buildTaxonomyLevel,
  buildTaxonomyLevelType,
  buildUser,
  defaultOrganisationKey,
  type TestCourse,
  type TestUser,
} from './factories';
import { addTeacher, buildBlock, buildRollCall } from './lectures/roll-call-fixtures';
import { JSON_TYPE, call, graphql } from './support/http';
import { adminAuth, startTestService, type TestService } from './support/service';

/**
 * The edges of the GraphQL graph (lists and objects below the root, GraphQL only): every list takes
 * `limit` (default EDGE_PAGE_SIZE, at most EDGE_MAX_PAGE_SIZE) and `offset` and answers that page of
 * each parent; the object edges answer the object by the rule of its REST twin. Each world below has
 * at least three items in every list.
 */

let t: TestService;
let people: TestUser[];
let group: number;
let organisation: number;
let course: TestCourse;
let curriculum: number;
let element: number;
let taxonomy: number;
let level: number;
let catalogNode: number;
let block: number;
let rollCall: number;

const asAdmin = () => ({ ...adminAuth(), ...JSON_TYPE });

beforeAll(async () => {
  t = await startTestService();
  people = [];
  for (let i = 0; i < 4; i++) people.push(await buildUser(t));
  const [first] = people;
  group = await buildGroup(t, { name: 'Edges' });
  for (const person of people.slice(0, 3)) await addGroupMember(t, group, person.key, GroupRole.coach);
  for (const person of people.slice(1)) await addGroupMember(t, group, person.key, GroupRole.participant);
  for (let i = 0; i < 2; i++) await addGroupMember(t, await buildGroup(t), first.key, GroupRole.participant);
  organisation = await buildOrganisation(t);
  for (let i = 0; i < 3; i++) {
    await buildOrganisation(t, {}, organisation);
    await addOrganisationMember(t, organisation, people[i].key, 'user');
    await addOrganisationMember(t, await buildOrganisation(t), first.key, 'user');
  }
  const relationRole = await buildRelationRole(t);
  for (const person of people.slice(1)) await buildRelation(t, first.key, person.key, relationRole);

  course = await buildCourse(t, { title: 'Edges' });
  for (const role of [EntryRole.owner, EntryRole.coach, EntryRole.participant])
    for (const person of people.slice(0, 3)) await addCourseMember(t, course.key, person.key, role);
  for (let i = 0; i < 3; i++) {
    expect((await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/groups/${await buildGroup(t)}`, { headers: asAdmin() })).status).toBe(200);
    const node = new URLSearchParams({ parentNodeId: course.editorRootNodeId, shortTitle: `Node ${i}` });
    expect((await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/elements/structure?${node}`, { headers: asAdmin() })).status).toBe(200);
  }
  expect((await call(t.base, 'POST', `/restapi/repo/courses/${course.courseKey}/publish`, { headers: asAdmin() })).status).toBe(200);
  const [{ olat_resource_key: resourceKey }] = await t.service.orm.em
    .fork()
    .getConnection()
    .execute('select olat_resource_key from repository_entry where id = ?', [course.key]);
  for (let i = 0; i < 3; i++) {
    const statement = (identityKey: number, key: number) =>
      call(t.base, 'PUT', `/restapi/repo/courses/${key}/statements/${identityKey}`, { headers: asAdmin(), body: { score: i, courseTitle: `Statement ${i}` } });
    expect((await statement(people[i].key, Number(resourceKey))).status).toBe(200);
    if (i > 0) expect((await statement(people[0].key, 4_000_000_000 + i)).status).toBe(200);
  }

  curriculum = await buildCurriculum(t);
  element = await buildCurriculumElement(t, curriculum);
  for (let i = 0; i < 3; i++) {
    await buildCurriculumElement(t, curriculum, element);
    await addCurriculumElementMember(t, element, people[i].key, 'participant');
    const linked = await buildCourse(t);
    expect((await call(t.base, 'PUT', `/restapi/curriculum/${curriculum}/elements/${element}/entries/${linked.key}`, { headers: asAdmin() })).status).toBe(200);
  }

  taxonomy = await buildTaxonomy(t);
  const roots = [];
  for (let i = 0; i < 3; i++) {
    roots.push(await buildTaxonomyLevel(t, taxonomy));
    await buildTaxonomyLevelType(t, taxonomy);
  }
  level = roots[0];
  for (let i = 0; i < 3; i++) {
    await buildTaxonomyLevel(t, taxonomy, {}, level);
    await addTaxonomyCompetence(t, level, people[i].key);
  }

  catalogNode = await buildCatalogEntry(t, { name: 'Edges' });
  for (let i = 0; i < 3; i++) {
    await buildCatalogEntry(t, { parentKey: catalogNode });
    await addCatalogOwner(t, catalogNode, people[i].key);
  }

  block = await buildBlock(t, course.key);
  for (let i = 0; i < 3; i++) {
    await addTeacher(t, block, people[i].key);
    const added = await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/lectureblocks/${block}/taxonomy/levels/${roots[i]}`, {
      headers: asAdmin(),
    });
    expect(added.status).toBe(200);
    const key = await buildRollCall(t, block, people[i].key);
    rollCall ??= key;
  }
}, 120_000);
afterAll(() => t.stop());

async function data(document: string, auth = adminAuth()) {
  const reply = await graphql(t.base, auth, document);
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data;
}

/** Every list edge: a document with the edge's arguments filled in, and where its list is in the answer. */
const EDGES: [string, (args: string) => string, (data: any) => unknown[]][] = [
  ['GroupVO.owners', (a) => `{ group(groupKey: ${group}) { owners${a} { key } } }`, (d) => d.group.owners],
  ['GroupVO.participants', (a) => `{ group(groupKey: ${group}) { participants${a} { key } } }`, (d) => d.group.participants],
  ['UserVO.groups', (a) => `{ user(identityKey: ${people[0].key}) { groups${a} { key } } }`, (d) => d.user.groups],
  ['UserVO.organisations', (a) => `{ user(identityKey: ${people[0].key}) { organisations${a} { key } } }`, (d) => d.user.organisations],
  ['UserVO.relations', (a) => `{ user(identityKey: ${people[0].key}) { relations${a} { key } } }`, (d) => d.user.relations],
  [
    'UserVO.efficiencyStatements',
    (a) => `{ user(identityKey: ${people[0].key}) { efficiencyStatements${a} { score courseTitle } } }`,
    (d) => d.user.efficiencyStatements,
  ],
  ['OrganisationVO.children', (a) => `{ organisation(organisationKey: ${organisation}) { children${a} { key } } }`, (d) => d.organisation.children],
  ['OrganisationVO.members', (a) => `{ organisation(organisationKey: ${organisation}) { members${a} { key } } }`, (d) => d.organisation.members],
  ['CourseVO.owners', (a) => `{ course(courseKey: ${course.courseKey}) { owners${a} { key } } }`, (d) => d.course.owners],
  ['CourseVO.coaches', (a) => `{ course(courseKey: ${course.courseKey}) { coaches${a} { key } } }`, (d) => d.course.coaches],
  ['CourseVO.participants', (a) => `{ course(courseKey: ${course.courseKey}) { participants${a} { key } } }`, (d) => d.course.participants],
  ['CourseVO.groups', (a) => `{ course(courseKey: ${course.courseKey}) { groups${a} { key } } }`, (d) => d.course.groups],
  [
    'CourseVO.efficiencyStatements',
    (a) => `{ course(courseKey: ${course.courseKey}) { efficiencyStatements${a} { identityKey } } }`,
    (d) => d.course.efficiencyStatements,
  ],
  ['CourseVO.editorTree', (a) => `{ course(courseKey: ${course.courseKey}) { editorTree${a} { id } } }`, (d) => d.course.editorTree],
  ['CourseVO.runTree', (a) => `{ course(courseKey: ${course.courseKey}) { runTree${a} { id } } }`, (d) => d.course.runTree],
  ['RepositoryEntryVO.owners', (a) => `{ repositoryEntry(entry: "${course.key}") { owners${a} { key } } }`, (d) => d.repositoryEntry.owners],
  ['RepositoryEntryVO.coaches', (a) => `{ repositoryEntry(entry: "${course.key}") { coaches${a} { key } } }`, (d) => d.repositoryEntry.coaches],
  ['RepositoryEntryVO.participants', (a) => `{ repositoryEntry(entry: "${course.key}") { participants${a} { key } } }`, (d) => d.repositoryEntry.participants],
  ['CurriculumVO.elements', (a) => `{ curriculum(curriculumKey: ${curriculum}) { elements${a} { key } } }`, (d) => d.curriculum.elements],
  [
    'CurriculumElementVO.children',
    (a) => `{ curriculumElement(curriculumKey: ${curriculum}, elementKey: ${element}) { children${a} { key } } }`,
    (d) => d.curriculumElement.children,
  ],
  [
    'CurriculumElementVO.members',
    (a) => `{ curriculumElement(curriculumKey: ${curriculum}, elementKey: ${element}) { members${a} { identityKey role } } }`,
    (d) => d.curriculumElement.members,
  ],
  [
    'CurriculumElementVO.entries',
    (a) => `{ curriculumElement(curriculumKey: ${curriculum}, elementKey: ${element}) { entries${a} { key } } }`,
    (d) => d.curriculumElement.entries,
  ],
  ['TaxonomyVO.levels', (a) => `{ taxonomy(taxonomyKey: ${taxonomy}) { levels${a} { key } } }`, (d) => d.taxonomy.levels],
  ['TaxonomyVO.rootLevels', (a) => `{ taxonomy(taxonomyKey: ${taxonomy}) { rootLevels${a} { key } } }`, (d) => d.taxonomy.rootLevels],
  ['TaxonomyVO.types', (a) => `{ taxonomy(taxonomyKey: ${taxonomy}) { types${a} { key } } }`, (d) => d.taxonomy.types],
  [
    'TaxonomyLevelVO.children',
    (a) => `{ taxonomy(taxonomyKey: ${taxonomy}) { rootLevels(limit: 1) { children${a} { key } } } }`,
    (d) => d.taxonomy.rootLevels[0].children,
  ],
  [
    'TaxonomyLevelVO.competences',
    (a) => `{ taxonomy(taxonomyKey: ${taxonomy}) { rootLevels(limit: 1) { competences${a} { key } } } }`,
    (d) => d.taxonomy.rootLevels[0].competences,
  ],
  ['CatalogEntryVO.owners', (a) => `{ catalogEntry(path: "${catalogNode}") { owners${a} { key } } }`, (d) => d.catalogEntry.owners],
  ['CatalogEntryVO.children', (a) => `{ catalogEntry(path: "${catalogNode}") { children${a} { key } } }`, (d) => d.catalogEntry.children],
  [
    'LectureBlockVO.teachers',
    (a) => `{ lectureBlock(courseKey: ${course.courseKey}, lectureBlockKey: ${block}) { teachers${a} { key } } }`,
    (d) => d.lectureBlock.teachers,
  ],
  [
    'LectureBlockVO.taxonomyLevels',
    (a) => `{ lectureBlock(courseKey: ${course.courseKey}, lectureBlockKey: ${block}) { taxonomyLevels${a} { key } } }`,
    (d) => d.lectureBlock.taxonomyLevels,
  ],
  [
    'LectureBlockVO.rollCalls',
    (a) => `{ lectureBlock(courseKey: ${course.courseKey}, lectureBlockKey: ${block}) { rollCalls${a} { key } } }`,
    (d) => d.lectureBlock.rollCalls,
  ],
];

describe('list edges', () => {
  it('every GraphQL-only list of objects takes limit (with the default page and the largest) and offset', () => {
    const schema = buildGatewaySchema();
    const edges: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__') || type === schema.getQueryType() || type === schema.getMutationType()) continue;
      for (const field of Object.values(type.getFields())) {
        if (field.extensions?.rest !== false || !isListType(getNullableType(field.type)) || !isCompositeType(getNamedType(field.type))) continue;
        edges.push(`${type.name}.${field.name}`);
        const limit = field.args.find((arg) => arg.name === 'limit');
        const offset = field.args.find((arg) => arg.name === 'offset');
        expect({ edge: `${type.name}.${field.name}`, limit: limit?.defaultValue, maximum: limit?.extensions.maximum, offset: offset?.defaultValue }).toEqual({
          edge: `${type.name}.${field.name}`,
          limit: EDGE_PAGE_SIZE,
          maximum: EDGE_MAX_PAGE_SIZE,
          offset: 0,
        });
      }
    }
    // The edges tested below, and GroupInfoVO's, which it inherits from GroupVO.
    expect(edges.sort()).toEqual([...EDGES.map(([name]) => name), 'GroupInfoVO.owners', 'GroupInfoVO.participants'].sort());
  });

  for (const [name, document, list] of EDGES) {
    it(`${name}: the default page, limit and offset`, async () => {
      const all = list(await data(document(`(limit: ${EDGE_MAX_PAGE_SIZE})`)));
      expect(all.length).toBeGreaterThanOrEqual(3);
      expect(list(await data(document('')))).toEqual(all.slice(0, EDGE_PAGE_SIZE));
      expect(list(await data(document('(limit: 2)')))).toEqual(all.slice(0, 2));
      expect(list(await data(document('(limit: 2, offset: 2)')))).toEqual(all.slice(2, 4));
      expect(list(await data(document(`(offset: ${all.length})`)))).toEqual([]);
      expect(list(await data(document('(limit: 0)')))).toEqual([]);
    });
  }

  it(`answers the default page of ${EDGE_PAGE_SIZE} when a parent has more`, async () => {
    const crowded = await buildGroup(t);
    for (let i = 0; i < EDGE_PAGE_SIZE + 5; i++) await addGroupMember(t, crowded, (await buildUser(t)).key, GroupRole.participant);
    const { group: answer } = await data(`{ group(groupKey: ${crowded}) { participants { key } rest: participants(offset: ${EDGE_PAGE_SIZE}) { key } } }`);
    expect([answer.participants.length, answer.rest.length]).toEqual([EDGE_PAGE_SIZE, 5]);
  });

  it('refuses a page larger than the largest, and negative values, before anything runs', async () => {
    const larger = await graphql(t.base, adminAuth(), `{ group(groupKey: ${group}) { participants(limit: ${EDGE_MAX_PAGE_SIZE + 1}) { key } } }`);
    expect(larger.status).toBe(400);
    expect(larger.body.data).toBeUndefined();
    expect(larger.body.errors).toEqual([
      {
        message: `argument "limit" of GroupVO.participants must be at most 1,000, not 1,001`,
        extensions: { code: 'BAD_REQUEST', argument: 'limit', field: 'GroupVO.participants', value: 1001, minimum: 0, maximum: EDGE_MAX_PAGE_SIZE },
      },
    ]);
    const negative = await graphql(t.base, adminAuth(), 'query($o: Int!) { me { groups(offset: $o) { key } } }', { o: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.errors[0].message).toBe('argument "offset" of UserVO.groups must be at least 0, not -1');
  });

  it('pages every parent of a level on its own, in one statement for all of them', async () => {
    const document = `{ groups { key participants(limit: 1, offset: 1) { key } } }`;
    let reply: Awaited<ReturnType<typeof graphql>> | undefined;
    const traced = await traceStatements(async () => (reply = await graphql(t.base, adminAuth(), document)));
    expect(reply!.body.errors).toBeUndefined();
    const ours = reply!.body.data.groups.find((answer: { key: number }) => answer.key === group);
    const all = (await data(`{ group(groupKey: ${group}) { participants { key } } }`)).group.participants;
    expect(ours.participants).toEqual(all.slice(1, 2));
    expect(traced.filter((statement) => /from group_membership m join identity/.test(statement.text))).toHaveLength(1);
  });
});

describe('object edges', () => {
  it('answers the person of a membership, relation, competence and roll call as GET /users/{k} does (e-mail for their managers only)', async () => {
    const answer = await data(`{
      curriculumElement(curriculumKey: ${curriculum}, elementKey: ${element}) { members(limit: 1) { identityKey identity { key email } } }
      identityRelationsAsSource(identityKey: ${people[0].key}) { identitySourceKey identityTargetKey source { key } target { key } }
      taxonomyLevelCompetences(taxonomyKey: ${taxonomy}, taxonomyLevelKey: ${level}) { identityKey identity { key } taxonomyLevel { key } }
      lectureRollCall(rollCallKey: ${rollCall}) { identityKey identity { key } lectureBlock { key } }
    }`);
    const [member] = answer.curriculumElement.members;
    expect(member.identity).toEqual({ key: member.identityKey, email: expect.stringContaining('@') });
    for (const relation of answer.identityRelationsAsSource)
      expect([relation.source.key, relation.target.key]).toEqual([relation.identitySourceKey, relation.identityTargetKey]);
    for (const competence of answer.taxonomyLevelCompetences)
      expect([competence.identity.key, competence.taxonomyLevel.key]).toEqual([competence.identityKey, level]);
    expect(answer.lectureRollCall).toMatchObject({ identity: { key: answer.lectureRollCall.identityKey }, lectureBlock: { key: block } });
    // A curriculum manager who manages no person: the members without their e-mail, as GET /users/{k} answers them.
    const manager = await buildUser(t, { curriculumManager: true });
    const asManager = await data(
      `{ curriculumElement(curriculumKey: ${curriculum}, elementKey: ${element}) { members(limit: 1) { identity { key email } } } }`,
      manager.auth,
    );
    expect(asManager.curriculumElement.members[0].identity).toEqual({ key: member.identityKey, email: null });
    expect((await call(t.base, 'GET', `/restapi/users/${member.identityKey}`, { headers: { ...manager.auth, ...JSON_TYPE } })).json).toMatchObject({
      key: member.identityKey,
      email: null,
    });
  });

  it("answers an entry's course and the curriculum and parent of an element, the organisation of a curriculum and the parents of levels, organisations and catalog entries", async () => {
    const answer = await data(`{
      curriculumElement(curriculumKey: ${curriculum}, elementKey: ${element}) {
        key curriculum { key } parent { key } children(limit: 1) { parent { key } curriculum { key } }
        entries(limit: 1) { key course { repoEntryKey } participants(limit: 1) { key } }
      }
      curriculum(curriculumKey: ${curriculum}) { organisationKey organisation { key } }
      organisation(organisationKey: ${organisation}) { children(limit: 1) { parent { key } } }
      taxonomy(taxonomyKey: ${taxonomy}) { rootLevels(limit: 1) { parent { key } children(limit: 1) { parent { key } } } }
      catalogEntry(path: "${catalogNode}") { parent { key } children(limit: 1) { parent { key } } }
      course(courseKey: ${course.courseKey}) { organisationKey organisation { key } }
      lectureBlock(courseKey: ${course.courseKey}, lectureBlockKey: ${block}) { course { key } curriculumElement { key } }
    }`);
    const { curriculumElement: root } = answer;
    expect(root).toMatchObject({ curriculum: { key: curriculum }, parent: null, children: [{ parent: { key: element }, curriculum: { key: curriculum } }] });
    expect(root.entries[0].course).toEqual({ repoEntryKey: root.entries[0].key });
    expect(root.entries[0].participants).toEqual([]);
    expect(answer.curriculum.organisation).toEqual({ key: answer.curriculum.organisationKey });
    expect(answer.organisation.children[0].parent).toEqual({ key: organisation });
    expect(answer.taxonomy.rootLevels[0]).toEqual({ parent: null, children: [{ parent: { key: level } }] });
    expect(answer.catalogEntry).toEqual({ parent: { key: 1 }, children: [{ parent: { key: catalogNode } }] });
    expect(answer.course.organisation).toEqual({ key: answer.course.organisationKey });
    expect(answer.lectureBlock).toEqual({ course: { key: course.courseKey }, curriculumElement: null });
  });

  it('refuses an object the caller may not read, field by field, as its REST twin does', async () => {
    // A plain user finds a published public course (everyone sees it) but may not read its members, nor a hidden course.
    const owner = people[0];
    const published = await buildCourse(t, { title: 'Public edges', status: 'published', publicVisible: true });
    await addCourseMember(t, published.key, owner.key, EntryRole.owner);
    const hidden = await buildCourse(t, { title: 'Hidden edges' });
    const plain = await buildUser(t);
    const reply = await graphql(t.base, plain.auth, `{ a: repositoryEntry(entry: "${published.key}") { key course { key } owners { key } } }`);
    expect(reply.body.data.a).toEqual({ key: published.key, course: { key: published.courseKey }, owners: null });
    expect(reply.body.errors.map((error: { path: string[]; extensions: { code: string } }) => [error.path.join('.'), error.extensions.code])).toEqual([
      ['a.owners', 'FORBIDDEN'],
    ]);
    // A curriculum manager reads the entries linked to an element, not the courses they do not see.
    const manager = await buildUser(t, { curriculumManager: true });
    expect((await call(t.base, 'PUT', `/restapi/curriculum/${curriculum}/elements/${element}/entries/${hidden.key}`, { headers: asAdmin() })).status).toBe(200);
    const linked = await graphql(
      t.base,
      manager.auth,
      `{ curriculumElement(curriculumKey: ${curriculum}, elementKey: ${element}) { entries(limit: 100) { key course { key } } } }`,
    );
    const hiddenEntry = linked.body.data.curriculumElement.entries.find((entry: { key: number }) => entry.key === hidden.key);
    expect(hiddenEntry).toEqual({ key: hidden.key, course: null });
    expect(linked.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code)).toContain('FORBIDDEN');
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${hidden.courseKey}`, { headers: { ...manager.auth, ...JSON_TYPE } })).status).toBe(403);
    // A lecture manager of the course's organisation reads its blocks and their roll calls, not the course (it is no member, the course unpublished).
    const lectures = await buildUser(t);
    await addOrganisationMember(t, await defaultOrganisationKey(t), lectures.key, 'lecturemanager');
    const blocks = await graphql(
      t.base,
      lectures.auth,
      `{ lectureBlock(courseKey: ${course.courseKey}, lectureBlockKey: ${block}) { key rollCalls(limit: 1) { lectureBlock { key } } course { key } } }`,
    );
    expect(blocks.body.data.lectureBlock).toEqual({ key: block, rollCalls: [{ lectureBlock: { key: block } }], course: null });
    expect(blocks.body.errors.map((error: { path: string[]; extensions: { code: string } }) => [error.path.join('.'), error.extensions.code])).toEqual([
      ['lectureBlock.course', 'FORBIDDEN'],
    ]);
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}`, { headers: { ...lectures.auth, ...JSON_TYPE } })).status).toBe(403);
  });
});

describe('statements', () => {
  it('asks for the edges of one level in one statement also when that level is completed over several turns of the event loop', async () => {
    // 2,500 people in one list: graphql-js completes 1,000 list items a turn (src/domain/turns.ts).
    await t.service.orm.em
      .fork()
      .getConnection()
      .execute(`insert into identity (login, first_name, last_name) select 'turns-' || n, 'Turn', 'Person' || n from generate_series(1, 2500) n`);
    let reply: Awaited<ReturnType<typeof graphql>> | undefined;
    const traced = await traceStatements(
      async () => (reply = await graphql(t.base, adminAuth(), '{ users(login: "turns-") { key groups(limit: 1) { key } } }')),
    );
    expect(reply!.body.errors).toBeUndefined();
    expect(reply!.body.data.users).toHaveLength(2500);
    expect(traced.filter((statement) => /from business_group g where g.id in/.test(statement.text))).toHaveLength(1);
  });

  it('reads the object edges of 5 and of 25 parents in the same number of statements', async () => {
    const document = `{ lectureRollCalls(lectureBlockKey: ${block}) { identity { key } lectureBlock { key course { key } } }
      identityRelationsAsSource(identityKey: ${people[0].key}) { source { key } target { key } }
      catalogEntry(path: "${catalogNode}") { children(limit: 100) { parent { key } owners { key } children { key } } } }`;
    const statements = async () => {
      let reply: Awaited<ReturnType<typeof graphql>> | undefined;
      const traced = await traceStatements(async () => (reply = await graphql(t.base, adminAuth(), document)));
      expect(reply!.body.errors).toBeUndefined();
      return { count: traced.length, rollCalls: reply!.body.data.lectureRollCalls.length, children: reply!.body.data.catalogEntry.children.length };
    };
    const grow = async (to: number) => {
      while ((await data(`{ lectureRollCalls(lectureBlockKey: ${block}) { key } }`)).lectureRollCalls.length < to) {
        const person = await buildUser(t);
        await buildRollCall(t, block, person.key);
        await buildRelation(t, people[0].key, person.key, await buildRelationRole(t));
        await buildCatalogEntry(t, { parentKey: catalogNode });
      }
    };
    await grow(5);
    const few = await statements();
    await grow(25);
    const many = await statements();
    expect([few.rollCalls, many.rollCalls]).toEqual([5, 25]);
    expect(many.children).toBeGreaterThan(few.children);
    expect(many.count).toBe(few.count);
  });
});
