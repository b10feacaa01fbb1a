import type { EntityManager } from '@mikro-orm/postgresql';
import { keyArray, sql } from '../db/sql';
import type { Range } from '../domain/lists';
import { EntryRole } from '../entities/courses';
import type { AssessableResultsVO } from '../schema/assessment';

/**
 * The members of a course in these roles (OpenOLAT's RepositoryEntryRelationType.all): direct members, members of its
 * groups (coaches and participants) and of the curriculum elements it is linked to (a membership of an element above
 * counting when inherited; the element's materialised path lists its ancestors and itself). A sub-select with the
 * entry's key as its three `?`.
 */
function membersOfEntry(roles: readonly EntryRole[]): string {
  const listed = roles.map((role) => `'${role}'`).join(', ');
  return `
  select m.identity_id from repository_entry_membership m where m.entry_id = ? and m.role in (${listed})
  union
  select gm.identity_id from repository_entry_group rg join group_membership gm on gm.group_id = rg.group_id and gm.role in (${listed})
  where rg.entry_id = ?
  union
  select cm.identity_id from curriculum_element_entry ce join curriculum_element e on e.id = ce.element_id and e.status <> 'deleted'
  join curriculum_element_membership cm on cm.element_id = any (string_to_array(trim(both '/' from e.path), '/')::int[])
    and cm.role in (${listed}) and (cm.element_id = e.id or cm.inheritance in ('root', 'inherited'))
  where ce.entry_id = ?`;
}

const PARTICIPANTS = membersOfEntry([EntryRole.participant]);
const MEMBERS = membersOfEntry([EntryRole.owner, EntryRole.coach, EntryRole.participant]);

const RESULT_COLUMNS = `i.id as "identityKey", i.external_id as "identityExternalId", ?::text as "nodeIdent", a.passed, a.score,
  a.weighted_score as "weightedScore", a.max_score as "maxScore", a.weighted_max_score as "weightedMaxScore", a.user_visible as "userVisible",
  a.grade, a.performance_class_ident as "performanceClassIdent", a.completion, a.attempts, a.assessment_status as "assessmentStatus",
  a.last_modified as "lastModifiedDate", a.last_user_modified as "lastUserModified", a.last_coach_modified as "lastCoachModified",
  a.assessment_done as "assessmentDone", a.fully_assessed as "fullyAssessed", a.fully_assessed_date as "fullyAssessedDate",
  a.first_visit as "firstVisit", a.last_visit as "lastVisit"`;

const RESULTS_OF = 'left join assessment_entry a on a.entry_id = ? and a.node_ident = ? and a.identity_id = i.id';

/** The course's element with this ident (the editor tree's, where results are imported), and whether it is a course of the learning path type. */
export async function elementOf(
  em: EntityManager,
  entryKey: number,
  nodeIdent: string | null,
): Promise<{ ident: string; type: string; learningPath: boolean } | null> {
  const [row] = await sql<{ ident: string; type: string; learningPath: boolean }>(
    em,
    `select n.ident, n.type, e.node_access_type = 'learningpath' as "learningPath" from repository_entry e
     join course_element n on n.entry_id = e.id and n.ident = coalesce(?, e.editor_root_node_id) where e.id = ?`,
    [nodeIdent, entryKey],
  );
  return row ?? null;
}

/** A range of the course's participants by key, each with their results at the element (nulls where they have none). */
export function resultsOfParticipants(em: EntityManager, entryKey: number, nodeIdent: string, range: Range): Promise<AssessableResultsVO[]> {
  return sql<AssessableResultsVO>(
    em,
    `select ${RESULT_COLUMNS} from (select p.identity_id from (${PARTICIPANTS}) p where p.identity_id > ? order by 1 limit ?) p
     join identity i on i.id = p.identity_id ${RESULTS_OF} order by i.id`,
    [nodeIdent, entryKey, entryKey, entryKey, range.after, range.size, entryKey, nodeIdent],
  );
}

/** The person's results at the element (nulls where they have none); null for an unknown person. */
export async function resultOf(em: EntityManager, entryKey: number, nodeIdent: string, identityKey: number): Promise<AssessableResultsVO | null> {
  const [row] = await sql<AssessableResultsVO>(em, `select ${RESULT_COLUMNS} from identity i ${RESULTS_OF} where i.id = ?`, [
    nodeIdent,
    entryKey,
    nodeIdent,
    identityKey,
  ]);
  return row ?? null;
}

/** Of these people, the course's members (owners, coaches, participants). */
export async function membersAmong(em: EntityManager, entryKey: number, identityKeys: readonly number[]): Promise<Set<number>> {
  const rows = await sql<{ id: number }>(em, `select p.identity_id as id from (${MEMBERS}) p where p.identity_id = any (?::int[])`, [
    entryKey,
    entryKey,
    entryKey,
    keyArray(identityKeys),
  ]);
  return new Set(rows.map((row) => Number(row.id)));
}

export interface ImportedResults {
  entryKey: number;
  nodeIdent: string;
  identityKey: number;
  /** Whether the element takes a score and passed (every element but a single page). */
  scored: boolean;
  score: number | null;
  passed: boolean | null;
  userVisible: boolean | null;
  grade: string | null;
  assessmentStatus: string | null;
  attempts: number | null;
  completion: number | null;
  fullyAssessed: boolean | null;
}

/**
 * Writes the imported results as OpenOLAT's attachAssessableResults does: the score (and its weighted score, scale 1) is
 * replaced, absent or null, on an element that takes one; passed, visibility, grade, status, attempts, completion and
 * fully assessed are replaced when given and kept otherwise. The coach's modification date is now; the status's done
 * date and the fully-assessed date are set when they become done and fully assessed.
 */
export async function writeResults(em: EntityManager, results: ImportedResults): Promise<void> {
  const score = results.scored ? results.score : null;
  const passed = results.scored ? results.passed : null;
  await sql(
    em,
    `insert into assessment_entry as a (entry_id, node_ident, identity_id, score, weighted_score, passed, user_visible, grade, assessment_status,
       attempts, completion, fully_assessed, fully_assessed_date, assessment_done, last_coach_modified)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, case when ? then now() end, case when ? = 'done' then now() end, now())
     on conflict (entry_id, node_ident, identity_id) do update set
       score = case when ? then excluded.score else a.score end,
       weighted_score = case when ? then excluded.weighted_score else a.weighted_score end,
       passed = coalesce(excluded.passed, a.passed),
       user_visible = coalesce(excluded.user_visible, a.user_visible),
       grade = coalesce(excluded.grade, a.grade),
       performance_class_ident = case when excluded.grade is null then a.performance_class_ident end,
       grade_system_ident = case when excluded.grade is null then a.grade_system_ident end,
       assessment_status = coalesce(excluded.assessment_status, a.assessment_status),
       attempts = coalesce(excluded.attempts, a.attempts),
       completion = coalesce(excluded.completion, a.completion),
       fully_assessed = coalesce(excluded.fully_assessed, a.fully_assessed),
       fully_assessed_date = case when excluded.fully_assessed and a.fully_assessed is not true then now()
         when coalesce(excluded.fully_assessed, a.fully_assessed) then a.fully_assessed_date end,
       assessment_done = case when excluded.assessment_status = 'done' and a.assessment_status is distinct from 'done' then now()
         when coalesce(excluded.assessment_status, a.assessment_status) = 'done' then a.assessment_done end,
       last_coach_modified = now(), last_modified = now()`,
    [
      results.entryKey,
      results.nodeIdent,
      results.identityKey,
      score,
      score,
      passed,
      results.userVisible,
      results.grade,
      results.assessmentStatus,
      results.attempts,
      results.completion,
      results.fullyAssessed,
      results.fullyAssessed === true,
      results.assessmentStatus,
      results.scored,
      results.scored,
    ],
  );
}
