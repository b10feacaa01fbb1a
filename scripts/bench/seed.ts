import { DEFAULT_ORGANISATION_IDENTIFIER } from '../../src/domain/roles';

/** A pg Client or Pool. */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

const FIRST_NAMES = ['Anna', 'Lukas', 'Sophie', 'Maximilian', 'Marie', 'Alexander', 'Johanna', 'Sebastian', 'Katharina', 'Christopher', 'Valentina'];
const LAST_NAMES = ['Müller', 'Schneider', 'Fischer-Wagner', 'Weber', 'Hoffmann', 'Schäfer', 'Zimmermann', 'Bauer', 'Richter', 'Schwarzenbach', 'Neumann'];
const ORG_UNITS = ['Faculty of Science', 'Faculty of Humanities', 'Faculty of Medicine', 'Faculty of Law', 'Faculty of Engineering'];

export interface SeedOptions {
  /** How many people: logins `seed-<n>` for n = first … first + people − 1. */
  people: number;
  first?: number;
  /** Groups `Seed group 1` … `Seed group <groups>` to create; each seeded person joins one of them as participant. 0: none. */
  groups?: number;
}

/**
 * People as an institution has them, written with SQL (seconds for 100,000): an identity with
 * realistic names, e-mail, external id and two properties; an 'OLAT' password row (a bcrypt-shaped
 * value nobody can log in with); the 'user' role in the default organisation; and, with `groups`,
 * a participant membership in one of as many new groups. Run it after the service has started once
 * (the schema and the default organisation exist). Used by `npm run bench` and test/indexes.test.ts.
 */
export async function seedPeople(db: Queryable, { people, first = 1, groups = 0 }: SeedOptions): Promise<void> {
  if (groups > 0) {
    await db.query(
      `insert into business_group (name, organisation_id) select 'Seed group ' || n, (select id from organisation where identifier = $2) from generate_series(1, $1::int) n`,
      [groups, DEFAULT_ORGANISATION_IDENTIFIER],
    );
  }
  await withoutSecondaryIndexes(db, ['identity', 'authentication', 'organisation_role', 'group_membership'], () => insertPeople(db, first, people, groups));
  await db.query('analyze');
}

async function insertPeople(db: Queryable, first: number, people: number, groups: number) {
  await db.query(
    `with person as (
       select n, ($3::text[])[n % cardinality($3::text[]) + 1] as first_name, ($4::text[])[n % cardinality($4::text[]) + 1] as last_name
       from generate_series($1::int, $2::int) n
     ), people as (
       insert into identity (login, first_name, last_name, email, external_id, properties)
       select 'seed-' || n, first_name, last_name,
              lower(first_name || '.' || translate(last_name, 'äöüÄÖÜ', 'aouAOU')) || '.' || n || '@students.example-university.org',
              'EXT-' || lpad(n::text, 8, '0'),
              jsonb_build_object('institutionalUserIdentifier', 'S-' || (2015 + n % 10) || '-' || lpad(n::text, 6, '0'),
                                 'orgUnit', ($5::text[])[n % cardinality($5::text[]) + 1])
       from person
       returning id, login
     ), passwords as (
       insert into authentication (identity_id, provider, auth_username, credential) select id, 'OLAT', login, '$2b$04$' || md5(login) from people
     ), roles as (
       insert into organisation_role (identity_id, organisation_id, role) select id, (select id from organisation where identifier = $6), 'user' from people
     )
     insert into group_membership (group_id, identity_id, role)
     select g.id, p.id, 'participant' from people p join business_group g on g.name = 'Seed group ' || (p.id % nullif($7::int, 0) + 1)`,
    [first, first + people - 1, FIRST_NAMES, LAST_NAMES, ORG_UNITS, DEFAULT_ORGANISATION_IDENTIFIER, groups],
  );
}

/**
 * Runs `work` (a bulk insert into `tables`) with their non-unique indexes dropped, then builds them
 * again as they were: one sorted index build is many times faster than millions of scattered index
 * inserts (8.4M course memberships: 341 s with the indexes in place). Unique indexes stay, for `on conflict`.
 */
export async function withoutSecondaryIndexes<T>(db: Queryable, tables: string | string[], work: () => Promise<T>): Promise<T> {
  const { rows } = await db.query(
    `select i.relname as name, pg_get_indexdef(i.oid) as definition from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indrelid = any($1::regclass[]) and not x.indisunique and not x.indisprimary`,
    [[tables].flat()],
  );
  for (const { name } of rows) await db.query(`drop index "${name}"`);
  try {
    return await work();
  } finally {
    for (const { definition } of rows) await db.query(definition);
  }
}

/** The number after the highest `seed-<n>` login: where the next seedPeople starts. */
export async function nextSeedNumber(db: Queryable): Promise<number> {
  const { rows } = await db.query(`select coalesce(max(substring(login from 6)::int), 0) + 1 as next from identity where login ~ '^seed-[0-9]+$'`);
  return Number(rows[0].next);
}
