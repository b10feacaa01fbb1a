import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type SqlCondition } from '../db/sql';
import { readPages, type EdgePage, type PageRow } from '../domain/edges';
import type { EfficiencyStatementVO } from '../schema/assessment';

const COLUMNS = `s.identity_id as "identityKey", s.score, s.grade, s.grade_system_ident as "gradeSystemIdent",
  s.performance_class_ident as "performanceClassIdent", s.passed, s.creation_date as "creationDate", s.course_title as "courseTitle"`;

/** The person's statement of the resource (the unique index on identity and resource key). */
export async function statementOf(em: EntityManager, resourceKey: number, identityKey: number): Promise<EfficiencyStatementVO | null> {
  const [row] = await sql<EfficiencyStatementVO>(em, `select ${COLUMNS} from efficiency_statement s where s.identity_id = ? and s.resource_key = ?`, [
    identityKey,
    resourceKey,
  ]);
  return row ?? null;
}

/** The title of the course whose OLAT resource key this is; undefined when it names no course (a stand-alone statement). */
export async function courseTitleOf(em: EntityManager, resourceKey: number): Promise<string | undefined> {
  const [row] = await sql<{ title: string }>(em, 'select displayname as title from repository_entry where olat_resource_key = ?', [resourceKey]);
  return row?.title;
}

export interface NewStatement {
  identityKey: number;
  resourceKey: number;
  score: number | null;
  grade: string | null;
  gradeSystemIdent: string | null;
  performanceClassIdent: string | null;
  passed: boolean | null;
  creationDate: Date | null;
  courseTitle: string | null;
}

/** Writes the statement; false when the person has one of that resource already. */
export async function insertStatement(em: EntityManager, statement: NewStatement): Promise<boolean> {
  const rows = await sql(
    em,
    `insert into efficiency_statement (identity_id, resource_key, score, grade, grade_system_ident, performance_class_ident, passed, course_title, creation_date)
     values (?, ?, ?, ?, ?, ?, ?, ?, coalesce(?::timestamptz, now()))
     on conflict (identity_id, resource_key) do nothing returning id`,
    [
      statement.identityKey,
      statement.resourceKey,
      statement.score,
      statement.grade,
      statement.gradeSystemIdent,
      statement.performanceClassIdent,
      statement.passed,
      statement.courseTitle,
      statement.creationDate,
    ],
  );
  return rows.length > 0;
}

/** A page of the statements of each person, by resource key (the unique index's order). */
export const pagesOfPeople = (em: EntityManager, identityKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<EfficiencyStatementVO>(
    em,
    (person) => `select ${COLUMNS} from efficiency_statement s where s.identity_id = ${person} order by s.resource_key`,
    [],
    identityKeys,
    page,
    cap,
  );

/** A page of the statements of each course (by repository entry key) of the people `people` keeps (a condition on `s.identity_id`), in the order they were written. */
export const pagesOfCourses = (
  em: EntityManager,
  entryKeys: readonly number[],
  people: SqlCondition,
  page: EdgePage,
  cap: number | null,
): Promise<PageRow<EfficiencyStatementVO>[]> =>
  readPages<EfficiencyStatementVO>(
    em,
    (entry) => `select ${COLUMNS} from efficiency_statement s
      where s.resource_key = (select e.olat_resource_key from repository_entry e where e.id = ${entry}) and ${people.text} order by s.id`,
    people.params,
    entryKeys,
    page,
    cap,
  );
