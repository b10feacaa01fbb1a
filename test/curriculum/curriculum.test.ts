import { traceStatements } from '../../scripts/trace-statements';
import { sql } from '../../src/db/sql';
import { addCurriculumElementMember, buildCourse, buildCurriculum, buildCurriculumElement, buildUser, type TestUser } from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Behaviour of the curriculum family: course lists through element memberships, XML, the GraphQL tree, managed flags. */

let t: TestService;
let plain: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
});
afterAll(() => t.stop());

const asAdmin = () => ({ ...adminAuth(), ...JSON_TYPE });
const keysOf = (list: { key: number }[]) => list.map((item) => item.key);

async function myCourses(person: TestUser, list = 'my'): Promise<number[]> {
  const reply = await call(t.base, 'GET', `/restapi/users/${person.key}/courses/${list}`, { headers: { ...person.auth, ...JSON_TYPE } });
  expect(reply.status).toBe(200);
  return keysOf(reply.json);
}

describe('linking a course to an element', () => {
  it("the owner of a curriculum may not link a course they do not manage, so its members do not reach it; nor unlink another's", async () => {
    const owner = await buildUser(t);
    const curriculumKey = await buildCurriculum(t);
    await sql(t.service.orm.em.fork(), `insert into curriculum_role (curriculum_id, identity_id, role) values (?, ?, 'curriculumowner')`, [
      curriculumKey,
      owner.key,
    ]);
    const element = await buildCurriculumElement(t, curriculumKey);
    const course = await buildCourse(t, { status: 'published' });
    const headers = { ...owner.auth, ...JSON_TYPE };
    const entryPath = `/restapi/curriculum/${curriculumKey}/elements/${element}/entries/${course.key}`;
    expect((await call(t.base, 'PUT', entryPath, { headers })).status).toBe(403);
    const viaGraphql = await graphql(
      t.base,
      owner.auth,
      'mutation ($c: Long!, $e: Long!, $k: Long!) { linkCurriculumElementEntry(curriculumKey: $c, elementKey: $e, repositoryEntryKey: $k) }',
      { c: curriculumKey, e: element, k: course.key },
    );
    expect(viaGraphql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const participant = await buildUser(t);
    await addCurriculumElementMember(t, element, participant.key, 'participant');
    await addCurriculumElementMember(t, element, owner.key, 'participant');
    for (const person of [owner, participant]) {
      expect((await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}`, { headers: { ...person.auth, ...JSON_TYPE } })).status).toBe(403);
      expect(
        (await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/calendar/events`, { headers: { ...person.auth, ...JSON_TYPE } })).status,
      ).toBe(403);
    }
    expect((await call(t.base, 'PUT', entryPath, { headers: asAdmin() })).status).toBe(200);
    expect((await call(t.base, 'DELETE', entryPath, { headers })).status).toBe(403);
    expect(keysOf((await call(t.base, 'GET', `/restapi/curriculum/${curriculumKey}/elements/${element}/entries`, { headers })).json)).toEqual([course.key]);
  });
});

describe('membership flows down to the linked courses', () => {
  it('a participant sees the courses of their element; with inheritance root those of the sub-elements too', async () => {
    const curriculumKey = await buildCurriculum(t);
    const root = await buildCurriculumElement(t, curriculumKey);
    const child = await buildCurriculumElement(t, curriculumKey, root);
    const [rootCourse, childCourse] = [await buildCourse(t, { status: 'published' }), await buildCourse(t, { status: 'published' })];
    for (const [element, course] of [
      [root, rootCourse],
      [child, childCourse],
    ] as const) {
      expect((await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements/${element}/entries/${course.key}`, { headers: asAdmin() })).status).toBe(
        200,
      );
    }
    const participant = await buildUser(t);
    const inheriting = await buildUser(t);
    const coach = await buildUser(t);
    await addCurriculumElementMember(t, root, participant.key, 'participant');
    await addCurriculumElementMember(t, root, inheriting.key, 'participant', 'root');
    await addCurriculumElementMember(t, child, coach.key, 'coach');

    expect(await myCourses(participant)).toEqual([rootCourse.courseKey]);
    expect((await myCourses(inheriting)).sort()).toEqual([rootCourse.courseKey, childCourse.courseKey].sort());
    expect(await myCourses(coach, 'teached')).toEqual([childCourse.courseKey]);
    expect(await myCourses(participant, 'teached')).toEqual([]);
    // GET /repo/courses: the participant sees the course too, a stranger does not.
    const seen = await call(t.base, 'GET', '/restapi/repo/courses', { headers: { ...participant.auth, ...JSON_TYPE } });
    expect(keysOf(seen.json)).toContain(rootCourse.courseKey);
    const strangers = await call(t.base, 'GET', '/restapi/repo/courses', { headers: { ...plain.auth, ...JSON_TYPE } });
    expect(keysOf(strangers.json)).not.toContain(rootCourse.courseKey);
    // "Deleting" the element (a status change) ends it.
    const deleted = await call(t.base, 'POST', `/restapi/curriculum/${curriculumKey}/elements/${root}`, { headers: asAdmin(), body: { status: 'deleted' } });
    expect(deleted.json.status).toBe('deleted');
    expect(await myCourses(participant)).toEqual([]);
    expect(keysOf((await call(t.base, 'GET', `/restapi/curriculum/${curriculumKey}/elements`, { headers: asAdmin() })).json)).toEqual([child]);
  });

  it('members of an ancestor with inheritance root appear as inherited members of the child', async () => {
    const curriculumKey = await buildCurriculum(t);
    const root = await buildCurriculumElement(t, curriculumKey);
    const child = await buildCurriculumElement(t, curriculumKey, root);
    const person = await buildUser(t);
    await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements/${root}/mastercoaches/${person.key}`, { headers: asAdmin() });
    const members = await call(t.base, 'GET', `/restapi/curriculum/${curriculumKey}/elements/${child}/members`, { headers: asAdmin() });
    expect(members.json).toEqual([{ identityKey: person.key, role: 'mastercoach', inheritanceMode: 'inherited' }]);
  });
});

describe('elements', () => {
  it('moves an element with its subtree; below itself is 409; under the wrong curriculum is 409', async () => {
    const curriculumKey = await buildCurriculum(t);
    const a = await buildCurriculumElement(t, curriculumKey);
    const b = await buildCurriculumElement(t, curriculumKey, a);
    const c = await buildCurriculumElement(t, curriculumKey);
    const path = (key: number) => `/restapi/curriculum/${curriculumKey}/elements/${key}`;
    expect((await call(t.base, 'POST', path(a), { headers: asAdmin(), body: { parentElementKey: b } })).status).toBe(409);
    expect((await call(t.base, 'POST', path(a), { headers: asAdmin(), body: { parentElementKey: c } })).json.parentElementKey).toBe(c);
    expect(keysOf((await call(t.base, 'GET', `${path(c)}/elements`, { headers: asAdmin() })).json)).toEqual([a]);
    const other = await buildCurriculum(t);
    const wrong = await call(t.base, 'POST', `/restapi/curriculum/${other}/elements`, { headers: asAdmin(), body: { key: a, displayName: 'x' } });
    expect(wrong.status).toBe(409);
    const created = await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements`, {
      headers: asAdmin(),
      body: { displayName: 'x', curriculumKey: other },
    });
    expect(created.status).toBe(409);
  });

  it('speaks XML by default', async () => {
    const curriculumKey = await buildCurriculum(t, { identifier: 'xml-curriculum' });
    const xml = `<curriculumElementVO><identifier>XML-1</identifier><displayName>In XML</displayName><status>preparation</status><beginDate>2024-09-16T00:00:00+02:00</beginDate></curriculumElementVO>`;
    const reply = await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements`, {
      headers: adminAuth(),
      body: xml,
      contentType: 'application/xml',
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('<curriculumElementVO>');
    expect(reply.text).toContain('<identifier>XML-1</identifier>');
    expect(reply.text).toContain(`<curriculumKey>${curriculumKey}</curriculumKey>`);
    const curriculum = await call(t.base, 'GET', `/restapi/curriculum/${curriculumKey}`, { headers: adminAuth() });
    expect(curriculum.text).toMatch(/^(<\?xml[^>]*>)?<curriculumVO>/);
  });

  it('concurrent creates with the same externalId give one element', async () => {
    const curriculumKey = await buildCurriculum(t);
    const body = { displayName: 'Once', externalId: 'SIS-ONCE' };
    const replies = await Promise.all(
      [0, 1, 2, 3].map(() => call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements`, { headers: asAdmin(), body })),
    );
    expect(new Set(replies.map((reply) => reply.json.key)).size).toBe(1);
  });
});

describe('managed flags on GraphQL', () => {
  it('refuses a change of a managed field of an element and of a curriculum (legacy kind names accepted)', async () => {
    const curriculumKey = await buildCurriculum(t);
    const element = await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements`, {
      headers: asAdmin(),
      body: { displayName: 'Managed', managedFlagsString: 'displayName,lectures' },
    });
    expect(element.json.managedFlagsString).toBe('displayName,units');
    const mutation = `mutation($c: Long!, $e: Long!) { updateCurriculumElement(curriculumKey: $c, elementKey: $e, curriculumElement: { displayName: "Other" }) { key } }`;
    const refused = await graphql(t.base, adminAuth(), mutation, { c: curriculumKey, e: element.json.key });
    expect(refused.body.errors[0].extensions.code).toBe('MANAGED');
    const allowed = `mutation($c: Long!, $e: Long!) { updateCurriculumElement(curriculumKey: $c, elementKey: $e, curriculumElement: { description: "Fine" }) { key } }`;
    expect((await graphql(t.base, adminAuth(), allowed, { c: curriculumKey, e: element.json.key })).body.errors).toBeUndefined();
    // REST is the managing system's channel.
    expect(
      (await call(t.base, 'POST', `/restapi/curriculum/${curriculumKey}/elements/${element.json.key}`, { headers: asAdmin(), body: { displayName: 'Other' } }))
        .status,
    ).toBe(200);

    await call(t.base, 'POST', `/restapi/curriculum/${curriculumKey}`, { headers: asAdmin(), body: { managedFlagsString: 'delete' } });
    const remove = await graphql(t.base, adminAuth(), 'mutation($c: Long!) { deleteCurriculum(curriculumKey: $c) }', { c: curriculumKey });
    expect(remove.body.errors[0].extensions.code).toBe('MANAGED');
  });
});

describe('GraphQL tree', () => {
  const QUERY = `query($c: Long!) { curriculum(curriculumKey: $c) { key elements(limit: 100) { key parentElementKey members { identityKey role inheritanceMode } entries { key displayname } children { key } } } }`;

  async function grow(curriculumKey: number, count: number) {
    const roots: number[] = [];
    for (let i = 0; i < count; i++) {
      const root = await buildCurriculumElement(t, curriculumKey);
      const child = await buildCurriculumElement(t, curriculumKey, root);
      const person = await buildUser(t);
      await addCurriculumElementMember(t, child, person.key, 'participant');
      await addCurriculumElementMember(t, root, person.key, 'coach', 'root');
      const course = await buildCourse(t);
      await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements/${child}/entries/${course.key}`, { headers: asAdmin() });
      roots.push(root);
    }
    return roots;
  }

  it('reads a curriculum with its element tree, members and courses in the same number of statements at 3 and 30 branches', async () => {
    const curriculumKey = await buildCurriculum(t);
    await grow(curriculumKey, 3);
    const statements = async () => {
      let reply: Awaited<ReturnType<typeof graphql>> | undefined;
      const traced = await traceStatements(async () => (reply = await graphql(t.base, adminAuth(), QUERY, { c: curriculumKey })));
      expect(reply!.body.errors).toBeUndefined();
      return { count: traced.length, elements: reply!.body.data.curriculum.elements };
    };
    const small = await statements();
    expect(small.elements).toHaveLength(6);
    const child = small.elements.find((element: { parentElementKey: number | null }) => element.parentElementKey !== null);
    expect(child.members.map((m: { role: string }) => m.role).sort()).toEqual(['coach', 'participant']);
    expect(child.entries).toHaveLength(1);
    await grow(curriculumKey, 27);
    const large = await statements();
    expect(large.elements).toHaveLength(60);
    expect(large.count).toBe(small.count);
    // 9 at both sizes: the caller, the curriculum, its manager check, elements with the curricula managed, the managed check of the edges, children, members, entries
    expect(small.count).toBeLessThanOrEqual(10);
  }, 120_000);

  it('refuses the tree to a plain user', async () => {
    const curriculumKey = await buildCurriculum(t);
    const reply = await graphql(t.base, plain.auth, QUERY, { c: curriculumKey });
    expect(reply.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
