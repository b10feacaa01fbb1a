import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_ORGANISATION_IDENTIFIER } from '../../src/domain/roles';
import { RESOURCE_ID_SEQUENCE, RESOURCE_KEY_SEQUENCE } from '../../src/entities/courses';
import { nextSeedNumber, seedPeople, withoutSecondaryIndexes, type Queryable } from './seed';

/**
 * A whole university written with SQL (issue 23), every count scaled by one factor (1.0: the figures
 * below; 0.01 seeds 1 % for a quick try). People are the seeded ones (`seed-<n>`, scripts/bench/seed.ts),
 * numbered 0 … people − 1 in key order; the last `teachers` of them own and coach the courses.
 *
 *   people            1,000,000   (seedPeople, up to this many `seed-` people)
 *   courses             100,000   published CourseModule entries with their root node (editor and run tree) and a
 *                                 course_config with the calendar on, as PUT /repo/courses makes them; course 0 has
 *                                 exactly 2,000 participants (member lists), every other course ~80
 *   course members   ~8,420,000   1 owner and 2 coaches a course; 8 participant courses a person, 20 for every
 *                                 hundredth person (n % 100 = 0: "my courses" of 20, no group or curriculum membership)
 *   groups               20,000   linked to every fifth course, 49 participants and 1 coach each (~1,000,000)
 *   curricula             2,000   25 elements each (50,000: a root and 24 children, each child linked to a course),
 *                                 1 owner and 13 participants an element (700,000), a curriculum owner each
 *   taxonomy              5,000   levels (a root for every 100), each course tagged with one
 *   catalog              10,000   entries below the root: categories of 99 course leaves
 *   lectures            200,000   blocks in a tenth of the courses (20 a course, weekly from Monday 2026-10-05,
 *                                 each weekday ~2,000 blocks), a teacher and 25 roll calls each (5,000,000)
 *   calendars         2,000,000   events: 15 in every course calendar, 10 in the calendar of every twentieth person
 */

export const TERM_START = '2026-10-05';

export interface InstitutionCounts {
  people: number;
  teachers: number;
  courses: number;
  bigCourseParticipants: number;
  groups: number;
  curricula: number;
  elementsPerCurriculum: number;
  levels: number;
  catalogEntries: number;
  blocksPerCourse: number;
  rollCallsPerBlock: number;
  courseEvents: number;
  personalEvents: number;
}

export function institutionCounts(scale: number): InstitutionCounts {
  const of = (count: number) => Math.max(1, Math.round(count * scale));
  const people = of(1_000_000);
  return {
    people,
    teachers: of(20_000),
    courses: Math.max(10, of(100_000)),
    bigCourseParticipants: Math.min(2000, Math.floor(people / 2)),
    groups: of(20_000),
    curricula: of(2000),
    elementsPerCurriculum: 25,
    levels: Math.max(100, of(5000)),
    catalogEntries: Math.max(100, of(10_000)),
    blocksPerCourse: 20,
    rollCallsPerBlock: 25,
    courseEvents: 15,
    personalEvents: 10,
  };
}

/** How long one part took and how many rows it wrote, for the bench's log. */
export type PartReport = (part: string, seconds: number, rows: string) => void;

async function timed(report: PartReport, part: string, work: () => Promise<string>) {
  const start = Date.now();
  const rows = await work();
  report(part, (Date.now() - start) / 1000, rows);
}

const count = (value: number) => value.toLocaleString('en-US');
const rowCount = async (db: Queryable, text: string) => Number((await db.query(text)).rows[0].count);

const SUBJECTS = ['Algebra', 'Organic Chemistry', 'Roman Law', 'Neuroanatomy', 'Thermodynamics', 'Medieval History', 'Microeconomics', 'Linguistics'];

/**
 * Seeds the institution into a database the service has migrated (the default organisation and the
 * catalog root exist) and that holds no institution yet; `report` hears each part's time. Ends with `analyze`.
 */
export async function seedInstitution(db: Queryable, scale: number, report: PartReport): Promise<InstitutionCounts> {
  const n = institutionCounts(scale);
  const organisation = (await db.query('select id from organisation where identifier = $1', [DEFAULT_ORGANISATION_IDENTIFIER])).rows[0].id as number;

  await timed(report, 'people', async () => {
    const present = await rowCount(db, `select count(*) from identity where login like 'seed-%'`);
    if (present < n.people) await seedPeople(db, { first: await nextSeedNumber(db), people: n.people - present });
    await db.query(`drop table if exists institution_person`);
    await db.query(
      `create temporary table institution_person as
       select (row_number() over (order by id) - 1)::int as n, id from identity where login like 'seed-%' order by id limit $1`,
      [n.people],
    );
    await db.query('alter table institution_person add primary key (n)');
    await db.query('analyze institution_person');
    return `${count(n.people)} people`;
  });
  // The indexes dropped for the bulk inserts are built again in memory rather than in sorted runs on disk.
  await db.query(`set maintenance_work_mem = '1GB'`);
  // Every row below refers to rows written just before: without the foreign-key triggers (when the role may) the inserts take ~40 % less time.
  const withoutTriggers = await db.query('set session_replication_role = replica').then(
    () => true,
    () => false,
  );
  try {
    await seedTheRest(db, n, organisation, report);
  } finally {
    if (withoutTriggers) await db.query('reset session_replication_role');
    await db.query('reset maintenance_work_mem');
  }
  await timed(report, 'analyze', async () => {
    await db.query('analyze');
    return '';
  });
  return n;
}

async function seedTheRest(db: Queryable, n: InstitutionCounts, organisation: number, report: PartReport) {
  // Person numbers: the teachers are the last ones; participants of groups and curricula skip every hundredth person.
  const teacher = (expression: string) => `(${n.people - n.teachers} + (${expression}) % ${n.teachers})`;

  await timed(report, 'courses', async () => {
    await db.query(
      `with entry as (
         insert into repository_entry (softkey, displayname, description, external_id, external_ref, status, organisation_id, editor_root_node_id,
           olat_resource_id, olat_resource_key)
         select md5('institution-course-' || c), 'Course ' || c || ': ' || ($2::text[])[c % cardinality($2::text[]) + 1],
                'Lectures, exercises and the exam of course ' || c, 'INST-COURSE-' || c, 'REF-' || c, 'published', $3,
                (100000000000000 + c)::text, nextval('${RESOURCE_ID_SEQUENCE}'), nextval('${RESOURCE_KEY_SEQUENCE}')
         from generate_series(0, $1::int - 1) c order by c
         returning id, editor_root_node_id, displayname
       ), editor_root as (
         insert into course_element (entry_id, ident, type, short_title, long_title) select id, editor_root_node_id, 'st', displayname, displayname from entry
       ), run_root as (
         insert into course_run_element (entry_id, ident, type, short_title, long_title) select id, editor_root_node_id, 'st', displayname, displayname from entry
       )
       insert into course_config (entry_id, calendar) select id, true from entry`,
      [n.courses, SUBJECTS, organisation],
    );
    await db.query(`drop table if exists institution_course`);
    await db.query(
      `create temporary table institution_course as
       select substring(external_id from 13)::int as n, id from repository_entry where external_id like 'INST-COURSE-%'`,
    );
    await db.query('alter table institution_course add primary key (n)');
    await db.query('analyze institution_course');
    return `${count(n.courses)} courses`;
  });

  await timed(report, 'course members', () =>
    withoutSecondaryIndexes(db, 'repository_entry_membership', async () => {
      const participants = `
      select 1 + (p::bigint * 7919 + j * 12497) % ${n.courses - 1} as c, p, 'participant' as role
      from generate_series(0, ${n.people - 1}) p cross join lateral generate_series(0, case when p % 100 = 0 then 19 else 7 end) j`;
      const bigCourse = `select 0 as c, p, 'participant' as role from generate_series(1, ${n.people - 1}) p where p % 100 <> 0 limit ${n.bigCourseParticipants}`;
      await db.query(
        `insert into repository_entry_membership (entry_id, identity_id, role)
       select course.id, person.id, x.role
       from (select c, ${teacher('c')} as p, 'owner' as role from generate_series(0, ${n.courses - 1}) c
             union all select c, ${teacher('c * 2 + k + 1')}, 'coach' from generate_series(0, ${n.courses - 1}) c, generate_series(0, 1) k
             union all (${bigCourse})
             union all ${participants}) x
       join institution_course course on course.n = x.c join institution_person person on person.n = x.p
       order by course.id
       on conflict do nothing`,
      );
      return `${count(await rowCount(db, 'select count(*) from repository_entry_membership'))} memberships`;
    }),
  );

  await timed(report, 'groups', async () => {
    await db.query(
      `insert into business_group (name, description, external_id, organisation_id)
       select 'Institution group ' || g, 'Exercise group ' || g, 'INST-GROUP-' || g, $2 from generate_series(0, $1::int - 1) g`,
      [n.groups, organisation],
    );
    await db.query(`drop table if exists institution_group`);
    await db.query(
      `create temporary table institution_group as select substring(external_id from 12)::int as n, id from business_group where external_id like 'INST-GROUP-%'`,
    );
    await db.query('analyze institution_group');
    await db.query(
      `insert into repository_entry_group (entry_id, group_id)
       select c.id, g.id from institution_group g join institution_course c on c.n = (g.n * 5) % ${n.courses}`,
    );
    await db.query(
      `insert into group_membership (group_id, identity_id, role)
       select g.id, person.id, x.role
       from (select g, ${teacher('g')} as p, 'coach' as role from generate_series(0, ${n.groups - 1}) g
             union all select g, (g * 49 + i) % ${n.people - n.teachers}, 'participant' from generate_series(0, ${n.groups - 1}) g, generate_series(0, 48) i) x
       join institution_group g on g.n = x.g join institution_person person on person.n = x.p
       where x.role = 'coach' or x.p % 100 <> 0
       order by g.id`,
    );
    return `${count(n.groups)} groups, ${count(await rowCount(db, `select count(*) from group_membership m join institution_group g on g.id = m.group_id`))} members`;
  });

  await timed(report, 'curricula', async () => {
    const perCurriculum = n.elementsPerCurriculum;
    await db.query(
      `insert into curriculum (identifier, display_name, description, external_id, status, organisation_id)
       select 'INST-CUR-' || k, 'Bachelor programme ' || k, 'Six semesters', 'INST-CUR-' || k, 'active', $2 from generate_series(0, $1::int - 1) k`,
      [n.curricula, organisation],
    );
    await db.query(
      `insert into curriculum_role (curriculum_id, identity_id, role)
       select cu.id, person.id, 'curriculumowner' from curriculum cu
       join institution_person person on person.n = ${teacher(`substring(cu.external_id from 10)::int`)}
       where cu.external_id like 'INST-CUR-%'`,
    );
    // Roots first, their children below them; the materialised path is '/<root>/<child>/' as insertElement writes it.
    await db.query(
      `with root as (select cu.id as curriculum_id, substring(cu.external_id from 10)::int as k, nextval('curriculum_element_id_seq')::int as id
                     from curriculum cu where cu.external_id like 'INST-CUR-%')
       insert into curriculum_element (id, external_id, identifier, display_name, status, begin_date, end_date, curriculum_id, path, position)
       select id, 'INST-EL-' || (k * ${perCurriculum}), 'EL-' || (k * ${perCurriculum}), 'Programme ' || k, 'active',
              $1::date, $1::date + 1095, curriculum_id, '/' || id || '/', 0 from root`,
      [TERM_START],
    );
    await db.query(
      `with child as (select r.curriculum_id, r.id as parent_id, r.path as parent_path, substring(r.external_id from 9)::int + i as e, i,
                             nextval('curriculum_element_id_seq')::int as id
                      from curriculum_element r cross join generate_series(1, ${perCurriculum - 1}) i
                      where r.external_id like 'INST-EL-%' and r.parent_id is null)
       insert into curriculum_element (id, external_id, identifier, display_name, status, begin_date, end_date, curriculum_id, parent_id, path, position)
       select id, 'INST-EL-' || e, 'EL-' || e, 'Module ' || e, 'active', $1::date, $1::date + 180, curriculum_id, parent_id, parent_path || id || '/', i - 1
       from child`,
      [TERM_START],
    );
    await db.query(`drop table if exists institution_element`);
    await db.query(
      `create temporary table institution_element as
       select substring(external_id from 9)::int as n, id, parent_id from curriculum_element where external_id like 'INST-EL-%'`,
    );
    await db.query('analyze institution_element');
    await db.query(
      `insert into curriculum_element_entry (element_id, entry_id)
       select e.id, c.id from institution_element e join institution_course c on c.n = 1 + e.n % ${n.courses - 1} where e.parent_id is not null`,
    );
    await db.query(
      `insert into curriculum_element_membership (element_id, identity_id, role)
       select e.id, person.id, x.role
       from (select e.n as e, ${teacher('e.n')} as p, 'owner' as role from institution_element e
             union all select e.n, (e.n * 13 + i) % ${n.people - n.teachers}, 'participant' from institution_element e, generate_series(0, 12) i) x
       join institution_element e on e.n = x.e join institution_person person on person.n = x.p
       where x.role = 'owner' or x.p % 100 <> 0
       order by e.id
       on conflict do nothing`,
    );
    return `${count(n.curricula)} curricula, ${count(n.curricula * perCurriculum)} elements, ${count(await rowCount(db, 'select count(*) from curriculum_element_membership'))} members`;
  });

  await timed(report, 'taxonomy', async () => {
    const roots = Math.ceil(n.levels / 100);
    const taxonomy = (
      await db.query(`insert into taxonomy (identifier, display_name, external_id) values ('INST-SUBJECTS', 'Subjects', 'INST-SUBJECTS') returning id`)
    ).rows[0].id as number;
    await db.query(
      `with root as (select l, nextval('taxonomy_level_id_seq')::int as id from generate_series(0, $2::int - 1) l)
       insert into taxonomy_level (id, taxonomy_id, identifier, display_name, external_id, path)
       select id, $1, 'SUBJ-' || l, 'Subject area ' || l, 'INST-LEVEL-' || l, '/' || id || '/' from root`,
      [taxonomy, roots],
    );
    await db.query(
      `with child as (select r.id as parent_id, r.path as parent_path, s.l, nextval('taxonomy_level_id_seq')::int as id
                      from generate_series($2::int, $3::int - 1) s(l) join taxonomy_level r on r.taxonomy_id = $1 and r.identifier = 'SUBJ-' || (s.l % $2::int))
       insert into taxonomy_level (id, taxonomy_id, identifier, display_name, external_id, parent_id, path)
       select id, $1, 'SUBJ-' || l, 'Subject ' || l, 'INST-LEVEL-' || l, parent_id, parent_path || id || '/' from child`,
      [taxonomy, roots, n.levels],
    );
    await db.query(
      `insert into repository_entry_taxonomy_level (entry_id, level_id)
       select c.id, l.id from institution_course c join taxonomy_level l on l.taxonomy_id = $1 and l.identifier = 'SUBJ-' || (c.n % $2::int)`,
      [taxonomy, n.levels],
    );
    return `${count(n.levels)} levels, ${count(n.courses)} course tags`;
  });

  await timed(report, 'catalog', async () => {
    const categories = Math.ceil(n.catalogEntries / 100);
    const root = (await db.query(`select id from catalog_entry where parent_id is null order by id limit 1`)).rows[0].id as number;
    await db.query(
      `insert into catalog_entry (name, description, type, parent_id, position)
       select 'Faculty area ' || k, 'INST-CATALOG-' || k, 0, $1, k from generate_series(0, $2::int - 1) k`,
      [root, categories],
    );
    await db.query(
      `insert into catalog_entry (name, type, parent_id, entry_id, position)
       select left(e.displayname, 110), 1, category.id, c.id, i
       from catalog_entry category cross join generate_series(0, 98) i
       join institution_course c on c.n = (substring(category.description from 14)::int * 99 + i) % ${n.courses}
       join repository_entry e on e.id = c.id
       where category.parent_id = $1 and category.description like 'INST-CATALOG-%'`,
      [root],
    );
    return `${count((await rowCount(db, `select count(*) from catalog_entry`)) - 1)} entries below the root`;
  });

  await timed(report, 'lectures', async () => {
    await db.query(
      `insert into lecture_entry_config (entry_id, lecture_enabled, override_module_default, roll_call_enabled)
       select id, true, true, true from institution_course where n % 10 = 0`,
    );
    // Course c's block b: week b of the term, on weekday (c / 10) % 5, at 8 + c % 8 o'clock, 90 minutes.
    await db.query(
      `insert into lecture_block (entry_id, title, location, start_date, end_date, planned_lectures)
       select c.id, 'Lecture ' || (b + 1), 'Room ' || (c.n % 300), start, start + interval '90 minutes', 2
       from institution_course c cross join generate_series(0, ${n.blocksPerCourse - 1}) b
       cross join lateral (select ($1::date + b * 7 + (c.n / 10) % 5 + make_interval(hours => 8 + c.n % 8)) at time zone 'UTC' as start) s
       where c.n % 10 = 0 order by c.id, b`,
      [TERM_START],
    );
    await db.query(`drop table if exists institution_block`);
    await db.query(
      `create temporary table institution_block as select b.id, b.entry_id from lecture_block b join institution_course c on c.id = b.entry_id where c.n % 10 = 0`,
    );
    await db.query('analyze institution_block');
    await db.query(
      `insert into lecture_block_teacher (block_id, identity_id)
       select b.id, m.identity_id from institution_block b join repository_entry_membership m on m.entry_id = b.entry_id and m.role = 'owner'`,
    );
    await db.query(`insert into lecture_block_participant_group (block_id, entry_id) select id, entry_id from institution_block`);
    await withoutSecondaryIndexes(db, 'lecture_block_roll_call', () =>
      db.query(
        `with attendee as (select c.id as entry_id, m.identity_id from institution_course c
                         cross join lateral (select identity_id from repository_entry_membership m
                                             where m.entry_id = c.id and m.role = 'participant' order by identity_id limit ${n.rollCallsPerBlock}) m
                         where c.n % 10 = 0)
       insert into lecture_block_roll_call (block_id, identity_id, lectures_attended_number, lectures_absent_number)
       select b.id, a.identity_id, case when (b.id + a.identity_id) % 7 = 0 then 0 else 2 end, case when (b.id + a.identity_id) % 7 = 0 then 2 else 0 end
       from institution_block b join attendee a on a.entry_id = b.entry_id order by b.id`,
      ),
    );
    return `${count(await rowCount(db, 'select count(*) from institution_block'))} blocks, ${count(await rowCount(db, 'select count(*) from lecture_block_roll_call'))} roll calls`;
  });

  await timed(report, 'calendars', () =>
    withoutSecondaryIndexes(db, 'calendar_event', async () => {
      // Event i of a calendar: on day (i * 9 + owner) % 140 of the term, from 8 + i % 10 o'clock, 90 minutes.
      const events = (owner: string, calendars: string) =>
        `select ${owner}, 'inst-' || i, 'Session ' || (i + 1), 'Room ' || (${owner} % 300), start, start + interval '90 minutes'
       from ${calendars} cross join generate_series(0, $2::int - 1) i
       cross join lateral (select ($1::date + (i * 9 + ${owner}) % 140 + make_interval(hours => 8 + i % 10)) at time zone 'UTC' as start) s`;
      await db.query(
        `insert into calendar_event (calendar_type, owner_key, event_id, subject, location, begin, "end")
       select 'course', x.* from (${events('c.id', 'institution_course c')} order by c.id) x`,
        [TERM_START, n.courseEvents],
      );
      await db.query(
        `insert into calendar_event (calendar_type, owner_key, event_id, subject, location, begin, "end")
       select 'user', x.* from (${events('p.id', 'institution_person p')} where p.n % 20 = 0 order by p.id) x`,
        [TERM_START, n.personalEvents],
      );
      return `${count(await rowCount(db, 'select count(*) from calendar_event'))} events`;
    }),
  );
}

/**
 * An X-SERVICE-TOKEN for a seeded person (who has no usable password), stored as the gateway's login
 * stores one: its SHA-256 under provider REST, replacing the person's previous token.
 */
export async function personalToken(db: Queryable, identityKey: number): Promise<string> {
  const token = `bench-${identityKey}-${randomBytes(8).toString('hex')}`;
  await db.query(
    `insert into authentication (identity_id, provider, auth_username, credential)
     select id, 'REST', login || '#' || id, $2 from identity where id = $1
     on conflict (identity_id, provider) where provider in ('OLAT', 'REST') do update set credential = excluded.credential`,
    [identityKey, createHash('sha256').update(token).digest('hex')],
  );
  return token;
}

/** The key of seeded person number `n` (0 … people − 1; every hundredth one is in exactly 20 courses). */
export async function personKey(db: Queryable, n: number): Promise<number> {
  return Number((await db.query('select id from institution_person where n = $1', [n])).rows[0].id);
}

/** The key of institution course number `n` (course 0 has the 2,000 participants). */
export async function courseKey(db: Queryable, n: number): Promise<number> {
  return Number((await db.query('select id from institution_course where n = $1', [n])).rows[0].id);
}
