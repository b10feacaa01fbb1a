import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { seedPeople } from '../scripts/bench/seed';
import { inlined, traceStatements, type TracedStatement } from '../scripts/trace-statements';
import { BATCH_SIZE } from '../src/domain/lists';
import { EntryRole } from '../src/entities/courses';
import { listRollCalls } from '../src/lectures/roll-calls-repository';
import { LoginThrottle, purgeLoginFailures } from '../src/auth/login-throttle';
import { RateLimiter, purgeRateLimitBuckets } from '../src/ops/rate-limit';
import {
  addCourseMember,
  addOrganisationMember,
  buildCourse,
  buildGroup,
  buildOrganisation,
  buildUser,
  defaultOrganisationKey,
  uniqueLogin,
} from './factories';
import { JSON_TYPE, basic, call, graphql } from './support/http';
import { restBody, routeNamed } from './support/operations';
import { FIXTURE_DIR } from './support/course-archives';
import { adminAuth, startTestService, testConfig, type TestService } from './support/service';
import { Receiver } from './support/receiver';

/**
 * Writes cost the same at any size: with 100,000 people (and their passwords, organisation
 * memberships and group memberships) in the database, every statement that user creation,
 * membership changes and logins send reads the tables that grow through an index. Checked with
 * EXPLAIN on the statements actually sent, not with a stopwatch.
 */

const PEOPLE = 100_000;
/** Tables that grow with the institution; a sequential scan of one of them grows with it. */
const GROWING = new Set([
  'identity',
  'authentication',
  'organisation_role',
  'group_membership',
  'business_group',
  'http_session',
  'identity_relation',
  'audit_log',
  'stored_file',
  'repository_entry',
  'repository_entry_membership',
  'course_element',
  'course_run_element',
  'repository_entry_group',
  'repository_entry_mark',
  'repository_entry_to_organisation',
  'course_config',
  'catalog_entry',
  'catalog_entry_owner',
  'taxonomy_level',
  'taxonomy_competence',
  'repository_entry_taxonomy_level',
  'curriculum',
  'curriculum_element',
  'curriculum_element_membership',
  'curriculum_role',
  'lecture_block',
  'lecture_block_teacher',
  'lecture_block_participant_group',
  'lecture_block_roll_call',
  'lecture_block_taxonomy_level',
  'calendar_event',
  'calendar_feed_token',
  'change_event',
  'sync_job',
  'sync_item',
  'sync_outcome',
]);

let t: TestService;
let db: Client;
beforeAll(async () => {
  // The webhook deliveries below go to a receiver on loopback.
  t = await startTestService({ webhooks: { ...testConfig().webhooks, allowHttp: true, allowedHosts: ['127.0.0.1'] } });
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  // This connection only seeds (and explains): its rows skip the foreign-key checks and the triggers, which would announce each seeded person's roles to the service.
  await db.query('set session_replication_role = replica');
  await withoutWal(db);
  await seedPeople(db, { people: PEOPLE, groups: 1000 });
  await seedCurricula();
}, 120_000);

/**
 * Makes every table of this file's database unlogged: the seeding writes no WAL (plans, and the indexes they use, stay
 * the same). A table another logged table references can only follow after it, so the tables go in rounds.
 */
async function withoutWal(client: Client) {
  let tables = (
    await client.query<{ name: string }>(
      `select relname as name from pg_class where relkind = 'r' and relpersistence = 'p' and relnamespace = 'public'::regnamespace`,
    )
  ).rows.map((row) => row.name);
  while (tables.length) {
    const logged: string[] = [];
    for (const table of tables) await client.query(`alter table "${table}" set unlogged`).catch(() => logged.push(table));
    if (logged.length === tables.length) throw new Error(`tables that stay logged: ${logged.join(', ')}`);
    tables = logged;
  }
}

/** 2,000 curricula of 25 elements each, a participant on every element, each curriculum with an owner (course links are not seeded: they are read by element through their unique index). */
async function seedCurricula() {
  await db.query(`insert into curriculum (identifier, display_name, organisation_id)
    select 'seed-curriculum-' || g, 'Seed ' || g, (select id from organisation where identifier = 'default-org') from generate_series(1, 2000) g`);
  await db.query(`insert into curriculum_element (identifier, display_name, curriculum_id, external_id)
    select 'seed-element-' || c.id || '-' || g, 'Element ' || g, c.id, 'SEED-' || c.id || '-' || g from curriculum c, generate_series(1, 25) g`);
  await db.query(`update curriculum_element set path = '/' || id || '/'`);
  await db.query(`insert into curriculum_element_membership (element_id, identity_id, role, inheritance)
    select e.id, i.id, 'participant', 'root' from (select id, row_number() over (order by id) as n from curriculum_element) e
    join (select id, row_number() over (order by id) as n from identity) i on i.n = e.n`);
  await db.query(`insert into curriculum_role (curriculum_id, identity_id, role)
    select c.id, i.id, 'curriculumowner' from (select id, row_number() over (order by id) as n from curriculum) c
    join (select id, row_number() over (order by id desc) as n from identity) i on i.n = c.n`);
  await db.query('analyze curriculum, curriculum_element, curriculum_element_membership, curriculum_role');
}
afterAll(async () => {
  await db.end();
  await t.stop();
});

const DML = /^\s*(select|insert|update|delete|with)\b/i;

/** The growing tables a statement reads with a sequential scan, from its plan for the values it was sent with. */
async function sequentialScans(statement: TracedStatement): Promise<string[]> {
  const { rows } = await db.query(`explain (format json) ${statement.text}`, statement.values);
  const scans: string[] = [];
  const walk = (node: Record<string, any>) => {
    if (node['Node Type'] === 'Seq Scan' && GROWING.has(node['Relation Name'])) scans.push(node['Relation Name']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(rows[0]['QUERY PLAN'][0].Plan);
  return scans;
}

async function expectIndexedStatements(work: () => Promise<unknown>) {
  const statements = (await traceStatements(work)).filter((statement) => DML.test(statement.text));
  expect(statements.length).toBeGreaterThan(0);
  const scanning = [];
  for (const statement of statements) {
    const scans = await sequentialScans(statement);
    if (scans.length) scanning.push({ statement: inlined(statement).slice(0, 300), scans });
  }
  expect(scanning).toEqual([]);
}

/** How many rows of growing tables a read statement visits (kept or filtered away), from EXPLAIN ANALYZE: what an index that does not narrow the read hides from sequentialScans. */
async function rowsVisited(statement: TracedStatement): Promise<number> {
  const { rows } = await db.query(`explain (analyze, format json) ${statement.text}`, statement.values);
  let visited = 0;
  const walk = (node: Record<string, any>) => {
    if (GROWING.has(node['Relation Name']))
      visited += (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops'];
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(rows[0]['QUERY PLAN'][0].Plan);
  return visited;
}

it('searching people for part of a login, a name or an e-mail reads the matching people, not every person', async () => {
  const statements = await traceStatements(async () => {
    const searches = [
      'login=seed-123*',
      'login=seed-45*67',
      'firstName=anna',
      'lastName=%22M%C3%BCller%22',
      'email=.7777@',
      'email=%22anna.muller.7777@students.example-university.org%22',
    ];
    for (const search of searches) {
      const found = await call(t.base, 'GET', `/restapi/users?${search}`, { headers: { ...adminAuth(), ...JSON_TYPE } });
      expect({ search, status: found.status }).toEqual({ search, status: 200 });
    }
    const byGraphql = await graphql(t.base, adminAuth(), '{ users(login: "seed-123*") { login } }');
    expect(byGraphql.body.data.users).toContainEqual({ login: 'seed-12345' });
  });
  const reads = statements.filter((statement) => /^\s*select\b/i.test(statement.text) && / from identity i\b/.test(statement.text));
  expect(reads.length).toBeGreaterThanOrEqual(7);
  const wide = [];
  // The widest search above matches 1 in 10 of 1,000 seeded first names; the key order alone would visit all 100,000 people.
  for (const statement of reads) {
    const visited = await rowsVisited(statement);
    if (visited > PEOPLE / 10) wide.push({ statement: inlined(statement).slice(0, 300), visited });
  }
  expect(wide).toEqual([]);
});

it("the change feed is read from its cursor through the index, whatever it holds, and a user manager's events are picked in one statement", async () => {
  await db.query(
    `insert into change_event (type, object_type, object_key, keys) select 'user.updated', 'user', n::text, '{}' from generate_series(1, ${PEOPLE}) n`,
  );
  await db.query('analyze change_event');
  const { rows } = await db.query(`select xid::text || '-' || id as cursor from change_event order by xid, id offset ${PEOPLE / 2} limit 1`);
  await expectIndexedStatements(async () => {
    const page = await call(t.base, 'GET', `/restapi/changes?after=${rows[0].cursor as string}&types=user.updated&limit=50`, {
      headers: { ...adminAuth(), ...JSON_TYPE },
    });
    expect(page.json.events).toHaveLength(50);
  });
  const manager = await buildUser(t);
  await addOrganisationMember(t, await defaultOrganisationKey(t), manager.key, 'usermanager');
  await expectIndexedStatements(async () => {
    const page = await call(t.base, 'GET', `/restapi/changes?after=${rows[0].cursor as string}&types=user.updated&limit=50`, {
      headers: { ...manager.auth, ...JSON_TYPE },
    });
    expect(page.status).toBe(200);
  });
});

it("a webhook limited to an organisation reads the feed from its cursor, and the organisations of the events' people, through indexes", async () => {
  const receiver = await new Receiver().start();
  try {
    const organisation = await buildOrganisation(t);
    const people = await Promise.all(Array.from({ length: 20 }, () => buildUser(t)));
    for (const person of people) await addOrganisationMember(t, organisation, person.key, 'user');
    const created = await call(t.base, 'PUT', '/restapi/webhooks', {
      headers: { ...adminAuth(), ...JSON_TYPE },
      body: { url: receiver.url(), types: ['user.updated'], organisationKey: organisation },
    });
    expect(created.status).toBe(200);
    await expectIndexedStatements(async () => {
      for (const person of people)
        expect(
          (
            await call(t.base, 'POST', `/restapi/users/${person.key}`, {
              headers: { ...adminAuth(), ...JSON_TYPE },
              body: { login: person.login, firstName: 'Indexed', lastName: 'Hook', email: `${person.login}@example.org` },
            })
          ).status,
        ).toBe(200);
      await receiver.received(people.length, 20_000);
    });
    await call(t.base, 'DELETE', `/restapi/webhooks/${created.json.key as number}`, { headers: { ...adminAuth(), ...JSON_TYPE } });
  } finally {
    await receiver.stop();
  }
});

it('a mirror sync of people, a group and its members reads the growing tables through indexes, beside a job of 100,000 objects', async () => {
  // Another job's 100,000 staged people, and 2,000 finished jobs: what a sync reads of its own is found through the index.
  await db.query(
    `insert into sync_job (owner_key, transport, mode, state, finished_at) select 1, 'rest', 'merge', 'done', now() from generate_series(1, 2000)`,
  );
  await db.query(`insert into sync_item (job_id, seq, section, ref, container, role, member_key, payload)
    select (select min(id) from sync_job), n, 'memberships', 'seed-' || n, 'group:SEED', 'participant', n, '{}' from generate_series(1, ${PEOPLE}) n`);
  await db.query(`insert into sync_outcome (job_id, seq, action) select (select min(id) from sync_job), n, 'unchanged' from generate_series(1, ${PEOPLE}) n`);
  await db.query('analyze sync_job, sync_item, sync_outcome');
  const tag = uniqueLogin('sync');
  const group = await buildGroup(t, { externalId: `${tag}-G` });
  await db.query(
    `insert into group_membership (group_id, identity_id, role) select $1, id, 'participant' from identity where login in (select 'seed-' || n from generate_series(1, 30) n)`,
    [group],
  );
  const document = {
    users: [
      ...Array.from({ length: 20 }, (_, index) => ({ login: `seed-${index + 1}`, firstName: 'Synced' })),
      ...Array.from({ length: 10 }, (_, index) => ({
        externalId: `${tag}-${index}`,
        login: `${tag}-${index}`,
        firstName: 'New',
        lastName: 'Person',
        email: `${tag}-${index}@example.org`,
      })),
    ],
    groups: [{ externalId: `${tag}-G`, name: 'Synced group' }],
    memberships: [
      {
        type: 'group',
        externalId: `${tag}-G`,
        role: 'participant',
        members: [...Array.from({ length: 20 }, (_, index) => `seed-${index + 1}`), ...Array.from({ length: 10 }, (_, index) => `${tag}-${index}`)],
      },
    ],
  };
  await expectIndexedStatements(async () => {
    for (const query of ['?mode=mirror&dryRun=true', '?mode=mirror']) {
      const submitted = await call(t.base, 'POST', `/restapi/sync${query}`, { headers: { ...adminAuth(), ...JSON_TYPE }, body: document });
      let job = submitted.json;
      while (['queued', 'running'].includes(job.state)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        job = (await call(t.base, 'GET', `/restapi/sync/${job.key as number}`, { headers: { ...adminAuth(), ...JSON_TYPE } })).json;
      }
      const progress = Object.fromEntries(
        job.sections.map((section: { section: string; done: number; failed: number }) => [section.section, [section.done, section.failed]]),
      );
      expect(progress).toMatchObject({ users: [30, 0], groups: [1, 0], memberships: [40, 0] });
      expect(
        (await call(t.base, 'GET', `/restapi/sync/${job.key as number}/items?action=remove`, { headers: { ...adminAuth(), ...JSON_TYPE } })).json,
      ).toHaveLength(10);
      expect((await call(t.base, 'GET', '/restapi/sync?limit=5', { headers: { ...adminAuth(), ...JSON_TYPE } })).status).toBe(200);
    }
  });
});

it('creating a user reads every growing table through an index', async () => {
  await expectIndexedStatements(async () => {
    const login = uniqueLogin();
    const reply = await call(t.base, 'PUT', '/restapi/users', {
      headers: { ...adminAuth(), ...JSON_TYPE },
      body: { login, password: 'secret-password', firstName: 'New', lastName: 'Person', email: `${login}@example.org` },
    });
    expect(reply.status).toBe(200);
  });
});

it('a first login with a password, and the requests after it, read through indexes', async () => {
  const login = uniqueLogin();
  const created = await call(t.base, 'PUT', '/restapi/users', {
    headers: { ...adminAuth(), ...JSON_TYPE },
    body: { login, password: 'secret-password', firstName: 'New', lastName: 'Person', email: `${login}@example.org` },
  });
  expect(created.status).toBe(200);
  await expectIndexedStatements(async () => {
    const first = await call(t.base, 'GET', '/restapi/users/me', { headers: { ...basic(login, 'secret-password'), ...JSON_TYPE } });
    expect(first.status).toBe(200);
    const token = first.headers.get('x-service-token')!;
    expect((await call(t.base, 'GET', `/restapi/users/${created.json.key}`, { headers: { 'X-SERVICE-TOKEN': token, ...JSON_TYPE } })).status).toBe(200);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: { ...basic(login, 'secret-password'), ...JSON_TYPE } })).status).toBe(200);
  });
});

it('changing group and organisation memberships reads through indexes', async () => {
  const groupKey = await buildGroup(t, { maxParticipants: 50 });
  const { rows } = await db.query(`select id from identity where login = 'seed-4242'`);
  const identityKey = rows[0].id as number;
  const organisationKey = await defaultOrganisationKey(t);
  await expectIndexedStatements(async () => {
    for (const [method, path] of [
      ['PUT', `/groups/${groupKey}/participants/${identityKey}`],
      ['PUT', `/groups/${groupKey}/owners/${identityKey}`],
      ['DELETE', `/groups/${groupKey}/participants/${identityKey}`],
      ['PUT', `/organisations/${organisationKey}/authors/${identityKey}`],
      ['DELETE', `/organisations/${organisationKey}/authors/${identityKey}`],
    ]) {
      expect({ path, status: (await call(t.base, method, `/restapi${path}`, { headers: adminAuth() })).status }).toEqual({ path, status: 200 });
    }
  });
});

it("reading a person, searching people and listing the managed people as a sub-organisation's user manager read through indexes", async () => {
  const { rows } = await db.query(`select id from identity where login = 'seed-777'`);
  const identityKey = rows[0].id as number;
  const organisation = await buildOrganisation(t);
  await addOrganisationMember(t, organisation, identityKey, 'user');
  const manager = await buildUser(t);
  await addOrganisationMember(t, organisation, manager.key, 'usermanager');
  await expectIndexedStatements(async () => {
    expect((await call(t.base, 'GET', `/restapi/users/${identityKey}`, { headers: { ...adminAuth(), ...JSON_TYPE } })).status).toBe(200);
    const found = await call(t.base, 'GET', `/restapi/users/${identityKey}`, { headers: { ...manager.auth, ...JSON_TYPE } });
    expect(found.json.email).toMatch(/\.777@/);
    const search = await call(t.base, 'GET', '/restapi/users?login=%22seed-777%22', { headers: { ...manager.auth, ...JSON_TYPE } });
    expect(search.json.map((user: { key: number }) => user.key)).toEqual([identityKey]);
    const managed = await call(t.base, 'GET', '/restapi/users/managed', { headers: { ...manager.auth, ...JSON_TYPE } });
    expect(managed.status).toBe(200);
  });
});

it('SCIM finds people by userName, externalId and e-mail, and groups by displayName and externalId, through indexes', async () => {
  const { rows } = await db.query(`select id, email from identity where login = 'seed-778'`);
  const tag = uniqueLogin('scimidx');
  await buildGroup(t, { name: `${tag} Group`, externalId: `${tag}-G` });
  const scim = async (path: string) => {
    const answer = await fetch(`${t.base}/scim/v2${path}`, { headers: adminAuth() });
    expect(answer.status).toBe(200);
    return (await answer.json()) as { totalResults: number };
  };
  const filtered = (resource: string, filter: string, extra = '') => scim(`/${resource}?filter=${encodeURIComponent(filter)}${extra}`);
  await expectIndexedStatements(async () => {
    expect((await filtered('Users', 'userName eq "SEED-778"')).totalResults).toBe(1);
    expect((await filtered('Users', `emails[type eq "work" and value eq "${rows[0].email}"]`)).totalResults).toBe(1);
    expect((await filtered('Users', 'externalId eq "nobody-has-this"')).totalResults).toBe(0);
    expect((await scim(`/Users/${rows[0].id}`)).totalResults).toBeUndefined();
    expect((await filtered('Groups', `displayName eq "${tag.toUpperCase()} GROUP"`, '&excludedAttributes=members')).totalResults).toBe(1);
    expect((await filtered('Groups', `externalId eq "${tag}-G"`)).totalResults).toBe(1);
  });
});

it("a group's configuration, news and information, and a person's groups with their information, read through indexes", async () => {
  const { rows } = await db.query(
    `select m.identity_id as "identityKey", m.group_id as "groupKey" from group_membership m join identity i on i.id = m.identity_id where i.login = 'seed-4343'`,
  );
  const { identityKey, groupKey } = rows[0] as { identityKey: number; groupKey: number };
  await expectIndexedStatements(async () => {
    const configured = await call(t.base, 'POST', `/restapi/groups/${groupKey}/configuration`, {
      headers: { ...adminAuth(), ...JSON_TYPE },
      body: { tools: ['hasNews', 'hasFolder'], toolsAccess: { hasFolder: 0 }, ownersVisible: true },
    });
    expect(configured.status).toBe(200);
    const form = { headers: adminAuth(), body: 'news=Indexed', contentType: 'application/x-www-form-urlencoded' };
    expect((await call(t.base, 'POST', `/restapi/groups/${groupKey}/news`, form)).status).toBe(200);
    for (const path of [`/groups/${groupKey}/configuration`, `/groups/${groupKey}/news`, `/groups/${groupKey}/infos`]) {
      expect({ path, status: (await call(t.base, 'GET', `/restapi${path}`, { headers: adminAuth() })).status }).toEqual({ path, status: 200 });
    }
    const infos = await call(t.base, 'GET', `/restapi/users/${identityKey}/groups/infos`, {
      headers: { ...adminAuth(), Accept: 'application/json; pagingspec=1.0' },
    });
    expect(infos.json).toMatchObject({ totalCount: 1, groups: [{ key: groupKey, news: 'Indexed', folderWrite: false }] });
    expect((await call(t.base, 'DELETE', `/restapi/groups/${groupKey}/news`, { headers: adminAuth() })).status).toBe(200);
  });
});

it("a person's portrait is stored, read and removed through indexes", async () => {
  // Portraits of 100,000 people: three files each.
  await db.query(`insert into stored_file (path, content_type, size, content)
    select 'users/' || (1000000 + person) || '/portrait/' || size, 'image/jpeg', 3, '\\x010203'::bytea
    from generate_series(1, ${PEOPLE}) person, unnest(array['master', 'big', 'small']) size`);
  await db.query('analyze stored_file');
  const { rows } = await db.query(`select id from identity where login = 'seed-31337'`);
  const path = `/restapi/users/${rows[0].id as number}`;
  await expectIndexedStatements(async () => {
    const upload = routeNamed('POST /users/:identityKey/portrait');
    expect((await call(t.base, 'POST', `${path}/portrait`, { headers: adminAuth(), body: restBody(upload) })).status).toBe(200);
    expect((await call(t.base, 'GET', `${path}/portrait`, { headers: adminAuth() })).status).toBe(200);
    expect((await call(t.base, 'HEAD', `${path}/portrait/small`, { headers: adminAuth() })).status).toBe(200);
    expect((await call(t.base, 'GET', `${path}?withPortrait=true`, { headers: { ...adminAuth(), ...JSON_TYPE } })).json.portrait).toEqual(expect.any(String));
    expect((await call(t.base, 'DELETE', `${path}/portrait`, { headers: adminAuth() })).status).toBe(200);
  });
});

/** The seeded courses (below); one in twenty is published and public, seen by everyone. */
const COURSES = 20_000;
const COURSES_SEEN_BY_ANYONE = COURSES / 20;

/**
 * A page of every entry a person sees counts every public course (totalCount). With one seeded course in twenty
 * public, such rows lie on every page of repository_entry: PostgreSQL may read that table whole (rightly, the
 * count is the answer's), and every other growing table through an index.
 */
async function expectEveryPublicEntryCounted(work: () => Promise<unknown>) {
  const statements = (await traceStatements(work)).filter((statement) => DML.test(statement.text));
  const scanning = [];
  for (const statement of statements) {
    const scans = (await sequentialScans(statement)).filter((table) => table !== 'repository_entry');
    if (scans.length) scanning.push({ statement: inlined(statement).slice(0, 300), scans });
  }
  expect(scanning).toEqual([]);
}

it('creating, reading, listing and deleting courses and their members read through indexes', async () => {
  // Courses with their root nodes, one in ten published and one in twenty public, three participants each.
  await db.query(`insert into repository_entry (softkey, displayname, organisation_id, editor_root_node_id, olat_resource_id, olat_resource_key, status, public_visible)
    select 'seed-course-' || n, 'Seed course ' || n, (select id from organisation where identifier = 'default-org'), (100000000000000 + n)::text,
      nextval('olat_resource_id_seq'), nextval('olat_resource_key_seq'), case when n % 10 = 0 then 'published' else 'preparation' end, n % 20 = 0
    from generate_series(1, ${COURSES}) n`);
  await db.query(
    `insert into course_element (entry_id, ident, type, short_title, long_title) select id, editor_root_node_id, 'st', displayname, displayname from repository_entry`,
  );
  await db.query(`insert into repository_entry_membership (entry_id, identity_id, role)
    select e.id, i.id, 'participant' from repository_entry e cross join generate_series(0, 2) k join identity i on lower(i.login) = 'seed-' || ((e.id * 3 + k) % ${PEOPLE})`);
  // Each linked to one of the seeded groups (whose participants take part in it) and bookmarked by one seeded person.
  await db.query(`insert into repository_entry_group (entry_id, group_id)
    select e.id, g.id from repository_entry e join business_group g on g.name = 'Seed group ' || (1 + e.id % 1000) where e.softkey like 'seed-course-%'`);
  await db.query(`insert into repository_entry_mark (identity_id, entry_id)
    select i.id, e.id from repository_entry e join identity i on lower(i.login) = 'seed-' || ((e.id * 7) % ${PEOPLE}) where e.softkey like 'seed-course-%'`);
  // Every other one in one of twenty further organisations; each with its configuration and an image.
  const further: number[] = [];
  for (let i = 0; i < 20; i++) further.push(await buildOrganisation(t));
  await db.query(
    `insert into repository_entry_to_organisation (entry_id, organisation_id) select id, ($1::int[])[1 + (id / 2) % 20] from repository_entry where id % 2 = 0`,
    [further],
  );
  await db.query(`insert into course_config (entry_id) select id from repository_entry`);
  await db.query(
    `insert into stored_file (path, content_type, size, content) select 'repository/' || id || '/image', 'image/png', 1, '\\x00' from repository_entry`,
  );
  await db.query(
    'analyze repository_entry; analyze course_element; analyze repository_entry_membership; analyze repository_entry_to_organisation; analyze repository_entry_group; analyze repository_entry_mark; analyze business_group',
  );
  await db.query('analyze course_config; analyze stored_file');
  const { rows } = await db.query(`select id from identity where login = 'seed-5151'`);
  const identityKey = rows[0].id as number;
  const member = await buildUser(t);
  // Published: its participant sees it (participants see a course when published or closed, src/courses/repository.ts MEMBER_STATUSES).
  const mine = await buildCourse(t, { status: 'published' });
  await addCourseMember(t, mine.key, member.key, EntryRole.participant);
  const asAdmin = { ...adminAuth(), ...JSON_TYPE };
  await expectIndexedStatements(async () => {
    const created = await call(t.base, 'PUT', '/restapi/repo/courses?title=Indexed&externalId=IDX-1', { headers: asAdmin });
    expect(created.status).toBe(200);
    const { key, repoEntryKey, softKey } = created.json as { key: number; repoEntryKey: number; softKey: string };
    for (const [method, path] of [
      ['PUT', `/repo/courses/${key}/participants/${identityKey}`],
      ['PUT', `/repo/entries/${softKey}/owners/${identityKey}`],
      ['GET', `/repo/courses/${key}`],
      ['GET', `/repo/entries/${softKey}`],
      ['GET', `/repo/entries/${repoEntryKey}`],
      ['GET', `/repo/courses/${key}/participants`],
      ['GET', '/repo/courses?externalId=IDX-1'],
      ['DELETE', `/repo/courses/${key}/participants/${identityKey}`],
    ]) {
      expect({ path, status: (await call(t.base, method, `/restapi${path}`, { headers: asAdmin })).status }).toEqual({ path, status: 200 });
    }
    const again = await call(t.base, 'PUT', '/restapi/repo/courses?title=Again&externalId=IDX-1', { headers: asAdmin });
    expect(again.json.key).toBe(key);
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${mine.courseKey}`, { headers: { ...member.auth, ...JSON_TYPE } })).status).toBe(200);
    expect((await call(t.base, 'DELETE', `/restapi/repo/courses/${key}`, { headers: asAdmin })).status).toBe(200);
  });
  await expectEveryPublicEntryCounted(async () => {
    const page = await call(t.base, 'GET', '/restapi/repo/entries?limit=10', { headers: { ...member.auth, Accept: 'application/json; pagingspec=1.0' } });
    expect(page.json).toMatchObject({ totalCount: COURSES_SEEN_BY_ANYONE + 1, repositoryEntries: expect.any(Array) });
  });
}, 60_000);

it('course elements, publishing and the trees read through indexes', async () => {
  // Every seeded course (see above) has its root in the run tree too, as a created course has.
  await db.query(
    `insert into course_run_element (entry_id, ident, type, short_title) select entry_id, ident, type, short_title from course_element on conflict do nothing`,
  );
  await db.query('analyze course_element; analyze course_run_element');
  const asAdmin = { ...adminAuth(), ...JSON_TYPE };
  await expectIndexedStatements(async () => {
    const created = await call(t.base, 'PUT', '/restapi/repo/courses?title=Elements', { headers: asAdmin });
    const { key, editorRootNodeId } = created.json as { key: number; editorRootNodeId: string };
    const path = `/restapi/repo/courses/${key}`;
    const chapter = await call(t.base, 'PUT', `${path}/elements/structure?parentNodeId=${editorRootNodeId}&shortTitle=Chapter`, { headers: asAdmin });
    const before = await call(t.base, 'PUT', `${path}/elements/structure?parentNodeId=${editorRootNodeId}&shortTitle=Before&position=0`, { headers: asAdmin });
    const form = new FormData();
    form.append('parentNodeId', chapter.json.id);
    form.append('path', new Blob(['<p>Indexed</p>'], { type: 'text/html' }), 'indexed.html');
    const page = await call(t.base, 'POST', `${path}/elements/singlepage`, { headers: asAdmin, body: form });
    const update = new FormData();
    update.append('longTitle', 'Changed');
    for (const [method, target, body] of [
      ['GET', `${path}/elements/${page.json.id}`],
      ['POST', `${path}/elements/structure/${before.json.id}`, update],
      ['POST', `${path}/publish?status=published`],
      ['GET', `${path}/runstructure`],
      ['GET', `${path}/editortreemodel`],
    ] as const) {
      // The trees are files: XML, whatever the Accept.
      const headers = /runstructure|editortreemodel/.test(target) ? adminAuth() : asAdmin;
      expect({ target, status: (await call(t.base, method, target, { headers, body })).status }).toEqual({ target, status: 200 });
    }
    const trees = await graphql(t.base, adminAuth(), `{ course(courseKey: ${key}) { editorTree { id } runTree { id } } }`);
    expect(trees.body.data.course.runTree).toHaveLength(4);
  });
}, 60_000);

it("course groups, a person's courses, an organisation's entries and the GraphQL course read through indexes", async () => {
  const { rows } = await db.query(
    `select m.identity_id as "identityKey" from group_membership m join identity i on i.id = m.identity_id where i.login = 'seed-6161'`,
  );
  const { identityKey } = rows[0] as { identityKey: number };
  const person = await buildUser(t);
  const asAdmin = { ...adminAuth(), ...JSON_TYPE };
  const organisationKey = await buildOrganisation(t);
  await buildCourse(t, { organisationKey });
  await expectIndexedStatements(async () => {
    const created = await call(t.base, 'PUT', '/restapi/repo/courses?title=Grouped', { headers: asAdmin });
    const { key, repoEntryKey } = created.json as { key: number; repoEntryKey: number };
    // Published: the group's participant sees it (participants see a course when published or closed).
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${repoEntryKey}/status?newStatus=published`, { headers: asAdmin })).status).toBe(200);
    const groups = `/restapi/repo/courses/${key}/groups`;
    const group = await call(t.base, 'PUT', groups, { headers: asAdmin, body: { name: 'Indexed group' } });
    expect(group.status).toBe(200);
    const groupKey = group.json.key as number;
    expect((await call(t.base, 'PUT', `/restapi/groups/${groupKey}/participants/${person.key}`, { headers: asAdmin })).status).toBe(200);
    const existing = await call(t.base, 'PUT', `${groups}/${groupKey}`, { headers: asAdmin });
    expect(existing.status).toBe(304);
    for (const [method, path, body] of [
      ['GET', groups],
      ['GET', `${groups}/${groupKey}`],
      ['POST', `${groups}/${groupKey}`, { name: 'Renamed' }],
      ['GET', `/restapi/users/${identityKey}/courses/my`],
      ['GET', `/restapi/users/${identityKey}/courses/teached`],
      ['GET', `/restapi/users/${identityKey}/courses/owned`],
      ['GET', `/restapi/users/${identityKey}/courses/favorite`],
      ['GET', `/restapi/organisations/${organisationKey}/entries`],
    ] as const) {
      expect({ path, status: (await call(t.base, method, path, { headers: asAdmin, body })).status }).toEqual({ path, status: 200 });
    }
    const paged = { ...person.auth, Accept: 'application/json; pagingspec=1.0' };
    const mine = await call(t.base, 'GET', `/restapi/users/${person.key}/courses/my?limit=5`, { headers: paged });
    expect(mine.json).toMatchObject({ totalCount: 1, courses: [{ key }] });
    const marked = await graphql(t.base, person.auth, `mutation { markCourseFavorite(courseKey: ${key}) }`);
    expect(marked.body.data.markCourseFavorite).toBe(true);
    const edges = await graphql(
      t.base,
      adminAuth(),
      `{ course(courseKey: ${key}) { owners { key } coaches { key } participants { key } groups { key owners { key } participants { key } } } }`,
    );
    expect(edges.body.data.course.groups).toEqual([{ key: groupKey, owners: [], participants: [{ key: person.key }] }]);
    expect((await call(t.base, 'DELETE', `${groups}/${groupKey}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'DELETE', `/restapi/repo/entries/${repoEntryKey}`, { headers: asAdmin })).status).toBe(200);
  });
  await expectEveryPublicEntryCounted(async () => {
    const seen = await call(t.base, 'GET', '/restapi/repo/courses?limit=5', { headers: { ...person.auth, Accept: 'application/json; pagingspec=1.0' } });
    expect(seen.json.totalCount).toBe(COURSES_SEEN_BY_ANYONE);
  });
}, 60_000);

it('the lifecycle of entries and courses (metadata, status, access, organisations, image, configuration, search) reads through indexes', async () => {
  // The courses seeded above, one in fifty in a second organisation too; one in a hundred in this one.
  const organisationKey = await buildOrganisation(t);
  await db.query(`insert into repository_entry_to_organisation (entry_id, organisation_id) select id, $1 from repository_entry where id % 100 = 1`, [
    organisationKey,
  ]);
  await db.query('analyze repository_entry_to_organisation');
  const manager = await buildUser(t);
  await addOrganisationMember(t, organisationKey, manager.key, 'learnresourcemanager');
  const owner = await buildUser(t, {}, { lastName: 'Indexowner' });
  const asAdmin = { ...adminAuth(), ...JSON_TYPE };
  const png = restBody(routeNamed('POST /repo/entries/:entry/image'));
  await expectIndexedStatements(async () => {
    const created = await call(t.base, 'PUT', '/restapi/repo/courses?title=Lifecycle&objectives=O&sharedFolderSoftKey=f', { headers: asAdmin });
    const { key, repoEntryKey } = created.json as { key: number; repoEntryKey: number };
    expect((await call(t.base, 'PUT', `/restapi/repo/courses/${key}/authors/${owner.key}`, { headers: asAdmin })).status).toBe(200);
    const entry = `/restapi/repo/entries/${repoEntryKey}`;
    const course = `/restapi/repo/courses/${key}`;
    const form = { contentType: 'application/x-www-form-urlencoded' };
    for (const [method, path, body, extra] of [
      ['GET', `${entry}/metadata`],
      ['PUT', `${course}/metadata`, { displayname: 'Changed', credits: '2' }],
      ['POST', entry, { displayname: 'Posted', externalId: 'LIFE-1', entryStatus: 'published' }],
      ['PUT', `${entry}/status?newStatus=closed`],
      ['POST', `${course}/status`, 'newStatus=unclosed', form],
      ['PUT', `${entry}/access/public?allUsers=true&guests=true`],
      ['PUT', `${entry}/organisations/${organisationKey}`],
      ['GET', `${course}/organisations`],
      ['DELETE', `${course}/organisations/${organisationKey}`],
      ['POST', `${entry}/image`, png],
      ['GET', `${course}/resource`],
      ['POST', `${course}/configuration`, 'calendar=true', form],
      ['GET', `${course}/configuration`],
      ['GET', entry],
    ] as const) {
      const reply = await call(t.base, method, path, { headers: asAdmin, body, ...(extra ?? {}) });
      expect({ path, status: reply.status }).toEqual({ path, status: 200 });
    }
    expect((await call(t.base, 'GET', `${course}/image`, { headers: adminAuth() })).status).toBe(200);
    const asOwner = { ...owner.auth, ...JSON_TYPE };
    expect((await call(t.base, 'GET', '/restapi/repo/entries/search?myentries=true', { headers: asOwner })).json).toHaveLength(1);
    expect((await call(t.base, 'GET', '/restapi/repo/entries/search?name=Posted&author=Indexowner', { headers: asOwner })).json).toHaveLength(1);
    const managed = await call(t.base, 'GET', '/restapi/repo/entries?limit=10', { headers: { ...manager.auth, Accept: 'application/json; pagingspec=1.0' } });
    expect(managed.json.totalCount).toBeGreaterThan(0);
  });
}, 60_000);

it('the catalog tree, its entries, children, moves, owners and the GraphQL subtree read through indexes', async () => {
  // 200 categories under the root with 100 entries each, a course leaf in every tenth, and an owner for each of them.
  await db.query(`insert into catalog_entry (name, type, parent_id, position) select 'Seed ' || g, 0, 1, g from generate_series(1, 200) g`);
  await db.query(
    `insert into catalog_entry (name, type, parent_id, entry_id, position)
     select 'Seed leaf ' || g, case when g % 10 = 0 then 1 else 0 end, p.id, case when g % 10 = 0 then (select min(id) from repository_entry) end, g
     from catalog_entry p cross join generate_series(1, 100) g where p.parent_id = 1`,
  );
  await db.query(
    `insert into catalog_entry_owner (catalog_entry_id, identity_id) select c.id, (select min(id) from identity) from catalog_entry c where c.name like 'Seed%'`,
  );
  await db.query('analyze catalog_entry; analyze catalog_entry_owner');
  const course = await buildCourse(t);
  const owner = await buildUser(t);
  const asAdmin = { ...adminAuth(), ...JSON_TYPE };
  await expectIndexedStatements(async () => {
    const node = await call(t.base, 'PUT', '/restapi/catalog/1?name=Indexed', { headers: asAdmin });
    const key = node.json.key as number;
    const other = await call(t.base, 'PUT', `/restapi/catalog/1/${key}`, { headers: asAdmin, body: { name: 'Sub' } });
    const leaf = await call(t.base, 'PUT', `/restapi/catalog/${other.json.key}?name=Leaf&repoEntryKey=${course.key}`, { headers: asAdmin });
    expect(leaf.json.type).toBe(1);
    const target = await call(t.base, 'PUT', '/restapi/catalog/1?name=Target', { headers: asAdmin });
    for (const [method, path] of [
      ['GET', '/restapi/catalog'],
      ['GET', `/restapi/catalog/${key}`],
      ['GET', `/restapi/catalog/${key}/children`],
      ['POST', `/restapi/catalog/${key}?newParentKey=${target.json.key}&name=Moved`],
      ['PUT', `/restapi/catalog/${key}/owners/${owner.key}`],
      ['GET', `/restapi/catalog/${key}/owners`],
      ['GET', `/restapi/catalog/${key}/owners/${owner.key}`],
      ['DELETE', `/restapi/catalog/${key}/owners/${owner.key}`],
    ] as const) {
      expect({ path, status: (await call(t.base, method, path, { headers: asAdmin })).status }).toEqual({ path, status: 200 });
    }
    const paged = await call(t.base, 'GET', `/restapi/catalog/${key}/children?limit=5`, {
      headers: { ...adminAuth(), Accept: 'application/json; pagingspec=1.0' },
    });
    expect(paged.json.totalCount).toBe(1);
    const tree = await graphql(t.base, adminAuth(), `{ catalogTree(path: "${target.json.key}") { key repositoryEntry { key } owners { key } } }`);
    expect(tree.body.data.catalogTree).toHaveLength(4);
    expect((await call(t.base, 'DELETE', `/restapi/catalog/${key}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'DELETE', `/restapi/repo/courses/${course.courseKey}`, { headers: asAdmin })).status).toBe(200);
  });
}, 60_000);

it('taxonomy levels, competences and the levels of courses read through indexes', async () => {
  // A taxonomy of 20,000 levels (ten below each), a competence of a seeded person on each, each seeded course tagged with a level.
  const { rows: created } = await db.query(`insert into taxonomy (identifier, display_name) values ('seed-taxonomy', 'Seed taxonomy') returning id`);
  const taxonomyKey = created[0].id as number;
  await db.query(`insert into taxonomy_level (taxonomy_id, identifier, path) select $1, 'seed-level-' || n, '/' from generate_series(1, 20000) n`, [
    taxonomyKey,
  ]);
  // Keys are consecutive from the one insert: level n (from 10 on) lies below level n / 10.
  const { rows: first } = await db.query('select min(id) as id from taxonomy_level where taxonomy_id = $1', [taxonomyKey]);
  await db.query('update taxonomy_level set parent_id = $2::int + (id - $2::int + 1) / 10 - 1 where taxonomy_id = $1 and id - $2::int + 1 >= 10', [
    taxonomyKey,
    first[0].id,
  ]);
  await db.query(`update taxonomy_level set path = '/' || id || '/' where taxonomy_id = $1`, [taxonomyKey]);
  await db.query(
    `insert into taxonomy_competence (level_id, identity_id, type) select l.id, i.id, 'teach' from taxonomy_level l join identity i on lower(i.login) = 'seed-' || (l.id % ${PEOPLE}) where l.taxonomy_id = $1`,
    [taxonomyKey],
  );
  await db.query(
    `insert into repository_entry_taxonomy_level (entry_id, level_id) select e.id, (select min(id) from taxonomy_level where taxonomy_id = $1) + e.id % 20000 from repository_entry e where e.softkey like 'seed-course-%'`,
    [taxonomyKey],
  );
  await db.query('analyze taxonomy_level; analyze taxonomy_competence; analyze repository_entry_taxonomy_level');
  const { rows: people } = await db.query(`select id from identity where login = 'seed-4711'`);
  const identityKey = people[0].id as number;
  const { rows: entries } = await db.query(`select id from repository_entry where softkey = 'seed-course-77'`);
  const entryKey = entries[0].id as number;
  const { rows: levels } = await db.query(`select id from taxonomy_level where identifier = 'seed-level-500'`);
  const busyLevel = levels[0].id as number;
  const asAdmin = { ...adminAuth(), ...JSON_TYPE };
  await expectIndexedStatements(async () => {
    const base = `/restapi/taxonomy/${taxonomyKey}`;
    const level = await call(t.base, 'PUT', `${base}/levels`, { headers: asAdmin, body: { identifier: 'indexed', parentKey: busyLevel } });
    expect(level.status).toBe(200);
    const levelKey = level.json.key as number;
    for (const [method, path, body] of [
      ['PUT', `${base}/levels`, { key: levelKey, displayName: 'Moved', parentKey: busyLevel + 1 }],
      ['PUT', `${base}/levels/${levelKey}/competences`, { identityKey, taxonomyCompetenceType: 'manage' }],
      ['GET', `${base}/levels/${levelKey}/competences`],
      ['GET', `${base}/levels/${busyLevel}/competences/${identityKey}`],
      ['GET', `${base}/competences/${identityKey}`],
      ['PUT', `/restapi/repo/entries/${entryKey}/taxonomy/levels/${levelKey}`],
      ['GET', `/restapi/repo/entries/${entryKey}/taxonomy/levels`],
      ['DELETE', `/restapi/repo/entries/${entryKey}/taxonomy/levels/${levelKey}`],
      ['GET', `${base}/types`],
    ] as const) {
      const reply = await call(t.base, method, path, { headers: asAdmin, body });
      expect({ path, status: reply.status }).toEqual({ path, status: 200 });
    }
    expect((await call(t.base, 'DELETE', `${base}/levels/${busyLevel}`, { headers: asAdmin })).status).toBe(304);
    const { rows: competences } = await db.query('select id from taxonomy_competence where level_id = $1', [levelKey]);
    expect((await call(t.base, 'DELETE', `${base}/levels/${levelKey}/competences/${competences[0].id}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'DELETE', `${base}/levels/${levelKey}`, { headers: asAdmin })).status).toBe(200);
  });
}, 60_000);

it('curricula, elements, members and linked courses read through indexes', async () => {
  const asAdmin = { ...adminAuth(), ...JSON_TYPE };
  const participant = await buildUser(t);
  const course = await buildCourse(t, { status: 'published' });
  await expectIndexedStatements(async () => {
    const curriculum = await call(t.base, 'PUT', '/restapi/curriculum', {
      headers: asAdmin,
      body: { identifier: 'indexed', displayName: 'Indexed', externalId: 'IDX' },
    });
    const curriculumKey = curriculum.json.key as number;
    const root = await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements`, { headers: asAdmin, body: { displayName: 'Root' } });
    const child = await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements`, {
      headers: asAdmin,
      body: { displayName: 'Child', parentElementKey: root.json.key, externalId: 'IDX-CHILD' },
    });
    const element = `/restapi/curriculum/${curriculumKey}/elements/${child.json.key}`;
    for (const [method, path, body] of [
      ['PUT', `${element}/entries/${course.key}`],
      ['PUT', `${element}/participants/${participant.key}`],
      ['PUT', `${element}/members`, { identityKey: participant.key, role: 'coach', inheritanceMode: 'root' }],
      ['POST', element, { displayName: 'Renamed child', parentElementKey: root.json.key }],
      ['GET', '/restapi/curriculum'],
      ['GET', `/restapi/curriculum/${curriculumKey}`],
      ['GET', `/restapi/curriculum/${curriculumKey}/elements`],
      ['GET', `/restapi/curriculum/${curriculumKey}/elements/${root.json.key}/elements`],
      ['GET', '/restapi/curriculum/elements?externalId=IDX-CHILD'],
      ['GET', `${element}/members`],
      ['GET', `${element}/participants`],
      ['GET', `${element}/users?role=coach`],
      ['GET', `${element}/entries`],
      ['GET', `/restapi/repo/entries/${course.key}/curriculum/elements`],
      ['GET', `/restapi/users/${participant.key}/courses/my`],
      ['GET', `/restapi/users/${participant.key}/courses/teached`],
    ] as const) {
      expect({ path, status: (await call(t.base, method, path, { headers: asAdmin, body })).status }).toEqual({ path, status: 200 });
    }
    const mine = await call(t.base, 'GET', `/restapi/users/${participant.key}/courses/my`, { headers: { ...participant.auth, ...JSON_TYPE } });
    expect(mine.json.map((c: { key: number }) => c.key)).toEqual([course.courseKey]);
    const tree = await graphql(
      t.base,
      adminAuth(),
      `{ curriculum(curriculumKey: ${curriculumKey}) { elements { key members { identityKey } entries { key } children { key } } } }`,
    );
    expect(tree.body.errors).toBeUndefined();
  });
}, 60_000);

it('roll calls (1,000,000 of them) and curriculum lecture statistics read through indexes', async () => {
  // Courses of their own (whatever the tests before seeded), five blocks on each, one in three closed; ten roll calls each: one in seven with absences, one in fifty notified.
  // In fifty organisations of their own (courses spread over an institution's organisations).
  const organisations: number[] = [];
  for (let i = 0; i < 50; i++) organisations.push(await buildOrganisation(t));
  await db.query(
    `insert into repository_entry (softkey, displayname, organisation_id, editor_root_node_id, olat_resource_id, olat_resource_key, status)
    select 'seed-lecture-course-' || n, 'Seed lecture course ' || n, ($1::int[])[1 + n % 50], (200000000000000 + n)::text,
      nextval('olat_resource_id_seq'), nextval('olat_resource_key_seq'), 'published'
    from generate_series(1, ${COURSES}) n`,
    [organisations],
  );
  await db.query('analyze repository_entry');
  await db.query(`insert into lecture_block (entry_id, title, start_date, end_date, planned_lectures, status, roll_call_status)
    select e.id, 'Seed block', now() - interval '2 days', now() - interval '2 days' + interval '2 hours', 2,
      case when k % 3 = 0 then 'done' else 'active' end, case when k % 3 = 0 then 'closed' else 'open' end
    from repository_entry e cross join generate_series(0, 4) k where e.softkey like 'seed-lecture-course-%'`);
  await db.query(`insert into lecture_block_roll_call (block_id, identity_id, lectures_attended_number, lectures_absent_number, absence_supervisor_notification_date)
    select b.id, i.id, case when (b.id + k) % 7 = 0 then 1 else 2 end, case when (b.id + k) % 7 = 0 then 1 else 0 end,
      case when (b.id + k) % 50 = 0 then now() end
    from lecture_block b cross join generate_series(0, 9) k join identity i on lower(i.login) = 'seed-' || ((b.id * 10 + k) % ${PEOPLE})`);
  // The seeded curriculum elements each linked to a seeded course.
  await db.query(`insert into curriculum_element_entry (element_id, entry_id)
    select x.id, e.id from (select id, row_number() over (order by id) as n from curriculum_element) x
    join (select id, row_number() over (order by id) as n from repository_entry where softkey like 'seed-lecture-course-%') e on e.n = x.n`);
  await db.query('analyze lecture_block; analyze lecture_block_roll_call; analyze curriculum_element_entry');
  for (const table of ['lecture_block', 'lecture_block_roll_call', 'curriculum_element_entry']) GROWING.add(table);
  // Each linked to a second of these organisations, and with an owner.
  await db.query(
    `insert into repository_entry_to_organisation (entry_id, organisation_id)
    select id, ($1::int[])[1 + (id + 25) % 50] from repository_entry where softkey like 'seed-lecture-course-%'`,
    [organisations],
  );
  await db.query(`insert into repository_entry_membership (entry_id, identity_id, role)
    select e.id, i.id, 'owner' from repository_entry e join identity i on lower(i.login) = 'seed-' || (e.id % ${PEOPLE}) where e.softkey like 'seed-lecture-course-%'`);
  await db.query('analyze repository_entry_membership');
  // A lecture manager of one of these organisations, whose courses a hundred more are linked to.
  const organisationKey = organisations[7];
  await db.query(
    `insert into repository_entry_to_organisation (entry_id, organisation_id) select id, $1 from repository_entry where softkey like 'seed-lecture-course-%' and id % 200 = 3`,
    [organisationKey],
  );
  await db.query('analyze repository_entry_to_organisation');
  const manager = await buildUser(t);
  await addOrganisationMember(t, organisationKey, manager.key, 'lecturemanager');
  const { rows: calls } = await db.query(
    `select r.id, r.block_id as "blockKey", r.identity_id as "identityKey" from lecture_block_roll_call r order by r.id desc limit 1`,
  );
  const { id: rollCallKey, blockKey, identityKey } = calls[0] as { id: string; blockKey: string; identityKey: number };
  // A curriculum whose courses have roll calls (seeded above), and a participant of it.
  const { rows: participants } = await db.query(
    `select x.curriculum_id as "curriculumKey", r.identity_id as "identityKey" from lecture_block_roll_call r join lecture_block b on b.id = r.block_id
     join curriculum_element_entry ce on ce.entry_id = b.entry_id join curriculum_element x on x.id = ce.element_id order by r.id limit 1`,
  );
  const { curriculumKey, identityKey: participantKey } = participants[0] as { curriculumKey: number; identityKey: number };
  const asAdmin = { ...adminAuth(), ...JSON_TYPE };
  const caller = { key: manager.key, login: manager.login, grants: [{ organisationKey, role: 'lecturemanager' as const }], provider: 'OLAT' };
  await expectIndexedStatements(async () => {
    // One batch of the streamed list per filter, as an administrator (every roll call) and as the lecture manager (their courses').
    const em = t.service.orm.em.fork();
    for (const filter of [
      {},
      { closed: true },
      { closed: false, hasAbsence: false },
      { hasAbsence: true },
      { hasSupervisorNotificationDate: true },
      { hasSupervisorNotificationDate: false },
      { lectureBlockKey: Number(blockKey) },
    ]) {
      expect((await listRollCalls(em, filter, null, { after: 0, size: BATCH_SIZE })).length).toBeGreaterThan(0);
      await listRollCalls(em, filter, { caller, roles: ['lecturemanager'] }, { after: 0, size: BATCH_SIZE });
    }
    for (const [method, path, body] of [
      ['GET', `/restapi/repo/lectures/rollcalls?lectureBlockKey=${blockKey}&closed=false`],
      ['GET', `/restapi/repo/lectures/rollcalls/${rollCallKey}`],
      ['PUT', '/restapi/repo/lectures/rollcalls', { key: Number(rollCallKey), comment: 'Indexed' }],
      ['GET', `/restapi/curriculum/${curriculumKey}/lectures`],
      ['GET', `/restapi/curriculum/${curriculumKey}/lectures/${participantKey}`],
    ] as const) {
      expect({ path, status: (await call(t.base, method, path, { headers: asAdmin, body })).status }).toEqual({ path, status: 200 });
    }
    expect((await call(t.base, 'GET', `/restapi/repo/lectures/rollcalls/${rollCallKey}`, { headers: { ...manager.auth, ...JSON_TYPE } })).status).toBe(403);
    const edges = await graphql(t.base, adminAuth(), `{ lectureRollCalls(lectureBlockKey: ${blockKey}) { key identity { key login } } }`);
    expect(edges.body.data.lectureRollCalls.map((row: { identity: { key: number } }) => row.identity.key)).toContain(identityKey);
  });
}, 180_000);
/** 100,000 lecture blocks of one seeded course over ten years, each with a teacher, its participants from that course, a roll call, a taxonomy level and its calendar event. */
async function seedLectures(entryKey: number, levelKey: number) {
  await db.query(
    `insert into lecture_block (entry_id, title, start_date, end_date, planned_lectures)
     select $1, 'Seed block ' || g, timestamptz '2020-01-01' + g * interval '1 hour', timestamptz '2020-01-01' + g * interval '1 hour' + interval '45 minutes', 1
     from generate_series(1, 100000) g`,
    [entryKey],
  );
  await db.query(
    `insert into lecture_block_teacher (block_id, identity_id)
    select b.id, i.id from (select id, row_number() over (order by id) as n from lecture_block where entry_id = $1) b
    join (select id, row_number() over (order by id) as n from identity) i on i.n = b.n`,
    [entryKey],
  );
  await db.query('insert into lecture_block_participant_group (block_id, entry_id) select id, entry_id from lecture_block where entry_id = $1', [entryKey]);
  await db.query(
    `insert into lecture_block_roll_call (block_id, identity_id)
    select b.id, i.id from (select id, row_number() over (order by id) as n from lecture_block where entry_id = $1) b
    join (select id, row_number() over (order by id desc) as n from identity) i on i.n = b.n`,
    [entryKey],
  );
  await db.query(
    `insert into calendar_event (calendar_type, owner_key, event_id, subject, begin, "end", lecture_block_id)
    select 'course', entry_id, 'seed-' || id, title, start_date, end_date, id from lecture_block where entry_id = $1`,
    [entryKey],
  );
  await db.query('insert into lecture_block_taxonomy_level (block_id, level_id) select id, $1 from lecture_block where entry_id = $2', [levelKey, entryKey]);
  await db.query(
    'analyze lecture_block, lecture_block_teacher, lecture_block_participant_group, lecture_block_roll_call, lecture_block_taxonomy_level, calendar_event',
  );
}

it('lecture blocks, their configuration, teachers, participants, levels, calendars and the blocks of a day read through indexes', async () => {
  const asAdmin = { ...adminAuth(), ...JSON_TYPE };
  const course = await buildCourse(t);
  const other = await buildCourse(t);
  const teacher = await buildUser(t);
  const participant = await buildUser(t);
  await addCourseMember(t, course.key, participant.key, EntryRole.participant);
  const levels = await call(t.base, 'PUT', '/restapi/taxonomy', { headers: asAdmin, body: { identifier: 'lecture-levels', displayName: 'Lecture levels' } });
  const level = await call(t.base, 'PUT', `/restapi/taxonomy/${levels.json.key}/levels`, { headers: asAdmin, body: { identifier: 'lecture-level' } });
  await seedLectures((await buildCourse(t)).key, level.json.key);
  const blocks = `/restapi/repo/entries/${course.key}/lectureblocks`;
  await expectIndexedStatements(async () => {
    for (const entry of [course.key, other.key]) {
      const enabled = await call(t.base, 'POST', `/restapi/repo/entries/${entry}/lectureblocks/configuration`, {
        headers: asAdmin,
        body: { lectureEnabled: true },
      });
      expect(enabled.status).toBe(200);
    }
    const created = await call(t.base, 'PUT', blocks, {
      headers: asAdmin,
      body: { title: 'Indexed', plannedLectures: 2, startDate: Date.parse('2031-02-03T08:00:00Z'), endDate: Date.parse('2031-02-03T10:00:00Z') },
    });
    const block = `${blocks}/${created.json.key}`;
    for (const [method, path, body] of [
      ['POST', blocks, { key: created.json.key, plannedLectures: 3, rollCallStatus: 'autoclosed' }],
      ['GET', blocks],
      ['GET', `/restapi/repo/courses/${course.courseKey}/lectureblocks/configuration`],
      ['GET', block],
      ['PUT', `${block}/teachers/${teacher.key}`],
      ['GET', `${block}/teachers`],
      ['PUT', `${block}/participants/repositoryentry`],
      ['PUT', `${block}/participants/curriculum`],
      ['PUT', `${block}/taxonomy/levels/${level.json.key}`],
      ['GET', `${block}/taxonomy/levels`],
      ['POST', `${block}/sync/calendar`],
      ['POST', `${blocks}/sync/calendar`],
      ['GET', `${blocks}/adaptation`],
      ['GET', '/restapi/repo/lectures?date=2031-02-03'],
      ['POST', `${block}/entry/${other.key}`],
      ['POST', `/restapi/repo/entries/${other.key}/lectureblocks/healmoved/${course.key}`],
      ['DELETE', `/restapi/repo/entries/${other.key}/lectureblocks/${created.json.key}`],
    ] as const) {
      const status = (await call(t.base, method, path, { headers: asAdmin, body })).status;
      expect({ path, status: status === 304 ? 200 : status }).toEqual({ path, status: 200 });
    }
    const tree = await graphql(t.base, adminAuth(), `{ lectureBlocks(entry: "${course.key}") { key teachers { key } taxonomyLevels { key } } }`);
    expect(tree.body.errors).toBeUndefined();
  });
}, 120_000);
it("a person's calendars, their merged events, a calendar's events, event writes and the iCalendar feed read through indexes", async () => {
  // Two events a person, twenty a group (each with the calendar tool on), five a course (one in ten with the calendar enabled).
  await db.query(`insert into calendar_event (calendar_type, owner_key, event_id, subject, begin, "end")
    select 'user', i.id, 'seed-' || i.id || '-' || k, 'Seed event', now() + make_interval(days => k), now() + make_interval(days => k, hours => 1)
    from identity i cross join generate_series(1, 2) k`);
  await db.query(`update business_group set tools = array_append(tools, 'hasCalendar') where not 'hasCalendar' = any(tools)`);
  await db.query(`insert into calendar_event (calendar_type, owner_key, event_id, subject, begin, "end")
    select 'group', g.id, 'seed-group-' || g.id || '-' || k, 'Seed group event', now() + make_interval(days => k), now() + make_interval(days => k, hours => 1)
    from business_group g cross join generate_series(1, 20) k`);
  await db.query(
    `insert into course_config (entry_id, calendar) select id, id % 10 = 0 from repository_entry on conflict (entry_id) do update set calendar = excluded.calendar`,
  );
  await db.query(`insert into calendar_event (calendar_type, owner_key, event_id, subject, begin, "end")
    select 'course', e.id, 'seed-course-' || e.id || '-' || k, 'Seed course event', now() + make_interval(days => k), now() + make_interval(days => k, hours => 1)
    from repository_entry e cross join generate_series(1, 5) k`);
  // A feed token a person.
  await db.query(`insert into calendar_feed_token (identity_id, calendar_id, token_hash) select id, 'user_' || id, md5(id::text) || md5(login) from identity`);
  await db.query('analyze calendar_event, calendar_feed_token, business_group, course_config');
  const { rows } = await db.query(
    `select i.id, i.login, min(m.group_id) as "groupKey" from identity i join group_membership m on m.identity_id = i.id where i.login = 'seed-7171' group by i.id, i.login`,
  );
  const [{ id: personKey, login, groupKey }] = rows as { id: number; login: string; groupKey: number }[];
  await db.query(`update group_membership set role = 'coach' where identity_id = $1 and group_id = $2`, [personKey, groupKey]);
  const person = { key: personKey, login };
  // The administrator acts for the seeded person: the calendars answer for the person in the path.
  const asAdmin = { ...adminAuth(), ...JSON_TYPE };
  const calendars = `/restapi/users/${person.key}/calendars`;
  const own = `${calendars}/user_${person.login}`;
  await expectIndexedStatements(async () => {
    for (const [method, path, body, accept] of [
      ['GET', calendars],
      ['GET', `${calendars}/events`],
      ['GET', `${calendars}/events?onlyFuture=true&start=2&limit=5`, undefined, 'application/json;pagingspec=1.0'],
      ['GET', own],
      ['GET', `${own}/events`],
      ['GET', `${own}/events?limit=1`, undefined, 'application/xml;pagingspec=1.0'],
      ['PUT', `${own}/event`, { id: 'indexed-1', subject: 'Indexed', begin: Date.now(), end: Date.now() + 3_600_000 }],
      ['DELETE', `${own}/events/indexed-1`],
      ['GET', `/restapi/groups/${groupKey}/calendar/events`],
      ['PUT', `/restapi/groups/${groupKey}/calendar/events`, [{ subject: 'Group', begin: Date.now(), end: Date.now() + 1 }]],
    ] as const) {
      const reply = await call(t.base, method, path, { headers: { ...asAdmin, ...(accept ? { Accept: accept } : {}) }, body });
      expect({ path, status: reply.status }).toEqual({ path, status: 200 });
    }
  });
  const courses = await db.query(
    `select e.olat_resource_id as "courseKey" from repository_entry e join course_config c on c.entry_id = e.id and c.calendar order by e.id limit 1`,
  );
  await expectIndexedStatements(async () => {
    const path = `/restapi/repo/courses/${courses.rows[0].courseKey}/calendar/events`;
    expect((await call(t.base, 'GET', path, { headers: asAdmin })).status).toBe(200);
  });
  // The feeds of the person's own calendar and of a course calendar the person sees: its own person creates them and a client reads them.
  const feedOwner = await buildUser(t);
  const feedCourse = await buildCourse(t, { status: 'published' });
  await addCourseMember(t, feedCourse.key, feedOwner.key, EntryRole.participant);
  await db.query('insert into course_config (entry_id, calendar) values ($1, true) on conflict (entry_id) do update set calendar = true', [feedCourse.key]);
  const feeds: string[] = [];
  for (const calendarId of [`user_${feedOwner.login}`, `course_${feedCourse.courseKey}`]) {
    const feed = await call(t.base, 'PUT', `/restapi/users/${feedOwner.key}/calendars/${calendarId}/feed`, { headers: { ...feedOwner.auth, ...JSON_TYPE } });
    expect({ calendarId, status: feed.status }).toEqual({ calendarId, status: 200 });
    feeds.push(feed.json.url as string);
  }
  await expectIndexedStatements(async () => {
    for (const url of feeds) expect({ url, status: (await call(t.base, 'GET', url)).status }).toEqual({ url, status: 200 });
  });
}, 60_000);

it('login throttling and request budgets (100,000 counters each) read and write through their keys; the purges through the time index', async () => {
  await db.query(
    `insert into login_failure_window (key, failures, window_end) select 'ip:seed-' || g, 1, now() + interval '5 minutes' from generate_series(1, 100000) g`,
  );
  await db.query(
    `insert into rate_limit_bucket (key, tokens, allowed, updated_at) select 'id:' || (1000000 + g), 3, true, now() from generate_series(1, 100000) g`,
  );
  await db.query('analyze login_failure_window, rate_limit_bucket');
  // Growing from here on (the tests before read them empty, where a sequential scan is the right plan).
  GROWING.add('login_failure_window');
  GROWING.add('rate_limit_bucket');
  const throttle = new LoginThrottle({ perLogin: 5, perAddress: 30, windowSeconds: 300 }, t.service.orm);
  const limits = { perIdentity: 60, perAddress: 600, burst: 0, exemptAdmins: false };
  const limiter = new RateLimiter(limits, t.service.orm);
  await expectIndexedStatements(async () => {
    expect((await throttle.attempt('seed-1', '192.0.2.1', async () => null)).retryAfter).toBe(0);
    expect((await throttle.attempt('seed-1', '192.0.2.1', async () => ({ ok: true }))).result).toEqual({ ok: true });
    const budget = await limiter.spend({ key: 1000001, login: 'seed', grants: [], provider: 'OLAT' }, '192.0.2.1');
    expect(budget?.allowed).toBe(true);
    await purgeLoginFailures(t.service.orm);
    await purgeRateLimitBuckets(t.service.orm, limits);
  });
});

it('the GraphQL edges read one page per parent, and the objects they name, through indexes', async () => {
  // A relation from every seeded person to the next.
  const { rows: roles } = await db.query(`insert into relation_role (role) values ('seed-mentor') returning id`);
  await db.query(
    `insert into identity_relation (source_id, target_id, role_id) select i.id, j.id, $1 from identity i join identity j on lower(j.login) = 'seed-' || (substr(i.login, 6)::int + 1) where i.login like 'seed-%'`,
    [roles[0].id],
  );
  await db.query('analyze identity_relation');
  // Keys from the worlds seeded above: a course of the seeds, a curriculum, the taxonomy, a lecture block with teachers, levels and roll calls.
  const key = async (text: string) => ((await db.query(text)).rows[0] as { key: number }).key;
  const courseKey = await key(`select olat_resource_id as key from repository_entry where softkey = 'seed-course-150'`);
  const curriculumKey = await key(`select min(id) as key from curriculum where identifier like 'seed-curriculum-%'`);
  const taxonomyKey = await key(`select id as key from taxonomy where identifier = 'seed-taxonomy'`);
  const blockKey = await key(
    `select max(b.id) as key from lecture_block b join lecture_block_roll_call r on r.block_id = b.id join lecture_block_teacher t on t.block_id = b.id`,
  );
  const blockCourseKey = await key(
    `select e.olat_resource_id as key from lecture_block b join repository_entry e on e.id = b.entry_id where b.id = ${blockKey}`,
  );
  const documents = [
    `{ groups { key owners(limit: 5) { key } participants(limit: 5, offset: 10) { key groups(limit: 3) { key } organisations(limit: 2) { key parent { key } } relations(limit: 2) { key source { key } } } } }`,
    `{ courses(limit: 50) { courses { owners(limit: 3) { key } participants(limit: 3, offset: 1) { key } groups(limit: 2) { key participants(limit: 2) { key } } editorTree(limit: 5) { id } runTree(limit: 5) { id } organisation { key } } } }`,
    `{ course(courseKey: ${courseKey}) { key coaches { key } } repositoryEntries(limit: 20) { repositoryEntries { key course { key } owners(limit: 2) { key } coaches { key } participants(offset: 1) { key } } } }`,
    `{ curriculum(curriculumKey: ${curriculumKey}) { organisation { key } elements(limit: 25) { key children(limit: 3) { key } members(limit: 3) { identityKey identity { key } } entries(limit: 2) { key } parent { key } curriculum { key } } } }`,
    `{ taxonomy(taxonomyKey: ${taxonomyKey}) { types { key } levels(limit: 10, offset: 100) { key } rootLevels(limit: 5) { key children(limit: 5, offset: 2) { key parent { key } competences(limit: 2) { key identity { key } taxonomyLevel { key } } } } } }`,
    `{ catalogEntry(path: "1") { children(limit: 10, offset: 5) { key owners(limit: 2) { key } parent { key } children(limit: 3, offset: 10) { key } } } }`,
    `{ organisations { key children(limit: 3) { key } members(limit: 3, offset: 100) { key } } }`,
    `{ lectureBlock(courseKey: ${blockCourseKey}, lectureBlockKey: ${blockKey}) { teachers(limit: 2) { key } taxonomyLevels { key } rollCalls(limit: 5) { key identity { key } lectureBlock { key } } course { key } curriculumElement { key } } }`,
  ];
  await expectIndexedStatements(async () => {
    for (const document of documents) {
      const reply = await graphql(t.base, adminAuth(), document);
      expect({ document, errors: reply.body.errors }).toEqual({ document, errors: undefined });
    }
  });
}, 120_000);

/** The requests of the benchmark's institution writes (scripts/bench/families/*-writes.ts), after the seeds above. */
describe('writes', () => {
  const asAdmin = () => ({ ...adminAuth(), ...JSON_TYPE });
  const seeded = async (count: number, offset: number) =>
    (await db.query(`select id from identity where login like 'seed-%' order by id offset $1 limit $2`, [offset, count])).rows.map((row) => row.id as number);

  it('a course from query parameters, a participant and 500 participants at once, and a course import read through indexes', async () => {
    const course = await buildCourse(t);
    const [person] = await seeded(1, 5000);
    const people = await seeded(500, 6000);
    const archive = new FormData();
    archive.append('file', new Blob([readFileSync(path.join(FIXTURE_DIR, 'TemplateCourse.zip'))]), 'TemplateCourse.zip');
    await expectIndexedStatements(async () => {
      const query = new URLSearchParams({ title: 'Indexed course', displayName: 'Indexed course: writes', externalId: 'IDX-WRITES', externalRef: 'REF-IDX' });
      expect((await call(t.base, 'PUT', `/restapi/repo/courses?${query}`, { headers: asAdmin() })).status).toBe(200);
      expect((await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/participants/${person}`, { headers: adminAuth() })).status).toBe(200);
      const body = people.map((key) => ({ key, login: `seed-${key}` }));
      expect((await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/participants`, { headers: asAdmin(), body })).status).toBe(200);
      expect((await call(t.base, 'POST', '/restapi/repo/courses', { headers: asAdmin(), body: archive })).status).toBe(200);
    });
    const { rows } = await db.query(`select count(*)::int as count from repository_entry_membership where entry_id = $1 and role = 'participant'`, [
      course.key,
    ]);
    expect(rows[0].count).toBe(501);
  });

  it('a participant of a curriculum element, a roll call and a course calendar event are written through indexes', async () => {
    const { rows: elements } = await db.query(
      `select id, curriculum_id as "curriculumKey" from curriculum_element where identifier like 'seed-element-%' order by id desc limit 1`,
    );
    const { id: elementKey, curriculumKey } = elements[0] as { id: number; curriculumKey: number };
    const [person] = await seeded(1, 7000);
    const { rows: rollCalls } = await db.query('select id from lecture_block_roll_call order by id limit 1 offset 1000');
    const course = await buildCourse(t);
    await db.query('insert into course_config (entry_id, calendar) values ($1, true) on conflict (entry_id) do update set calendar = true', [course.key]);
    await expectIndexedStatements(async () => {
      expect(
        (await call(t.base, 'PUT', `/restapi/curriculum/${curriculumKey}/elements/${elementKey}/participants/${person}`, { headers: adminAuth() })).status,
      ).toBe(200);
      const rollCall = await call(t.base, 'PUT', '/restapi/repo/lectures/rollcalls', {
        headers: asAdmin(),
        body: { key: rollCalls[0].id, absenceReason: 'Illness', comment: 'Arrived late' },
      });
      expect(rollCall.json).toMatchObject({ key: Number(rollCalls[0].id), absenceReason: 'Illness', comment: 'Arrived late' });
      const event = { subject: 'Tutorial', location: 'Room 7', begin: '2026-11-02T10:00:00Z', end: '2026-11-02T11:30:00Z', allDayEvent: false };
      expect((await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/calendar/event`, { headers: asAdmin(), body: event })).status).toBe(200);
    });
  });
});
