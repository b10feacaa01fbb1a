import type { EntityManager } from '@mikro-orm/postgresql';
import { keyArray, placeholders, sql } from '../db/sql';
import { pairTable } from '../db/pairs';
import { readPages, type EdgePage } from '../domain/edges';
import type { Range } from '../domain/lists';
import type { LevelRow } from '../taxonomy/presenter';
import type { UserRow } from '../users/presenter';
import { USER_COLUMNS } from '../users/repository';

const BLOCK_COLUMNS =
  'b.id::float8 as id, b.external_id as "externalId", b.external_ref as "externalRef", b.managed_flags as "managedFlags", b.title, b.description, ' +
  'b.preparation, b.location, b.comment, b.start_date as "startDate", b.end_date as "endDate", b.compulsory, b.planned_lectures as "plannedLectures", ' +
  'b.status, b.roll_call_status as "rollCallStatus", b.auto_closed_date as "autoClosedDate", b.meeting_title as "meetingTitle", ' +
  'b.meeting_url as "meetingUrl", b.recording_url as "recordingUrl", b.entry_id as "entryKey", b.curriculum_element_id as "elementKey"';

/** The columns of a LevelRow from `taxonomy_level l` (as src/taxonomy/repository.ts reads them). */
const LEVEL_COLUMNS =
  'l.id, l.taxonomy_id as "taxonomyKey", l.identifier, l.display_name as "displayName", l.description, l.external_id as "externalId", ' +
  'l.managed_flags as "managedFlags", l.parent_id as "parentKey", l.type_id as "typeKey", l.path';

const limitOf = (range: Range) => (range.size == null ? '' : ` limit ${Number(range.size)}`);

/** The writable columns of a block, as the service fills them. */
export interface BlockFields {
  externalId: string | null;
  externalRef: string | null;
  managedFlags: string | null;
  title: string | null;
  description: string | null;
  preparation: string | null;
  location: string | null;
  comment: string | null;
  startDate: Date | null;
  endDate: Date | null;
  compulsory: boolean;
  plannedLectures: number;
  status: string;
  rollCallStatus: string;
  autoClosedDate: Date | null;
  meetingTitle: string | null;
  meetingUrl: string | null;
  recordingUrl: string | null;
}

/** A row of BLOCK_COLUMNS. */
export interface BlockRow extends BlockFields {
  id: number;
  entryKey: number;
  elementKey: number | null;
}

const FIELD_COLUMNS: Record<keyof BlockFields, string> = {
  externalId: 'external_id',
  externalRef: 'external_ref',
  managedFlags: 'managed_flags',
  title: 'title',
  description: 'description',
  preparation: 'preparation',
  location: 'location',
  comment: 'comment',
  startDate: 'start_date',
  endDate: 'end_date',
  compulsory: 'compulsory',
  plannedLectures: 'planned_lectures',
  status: 'status',
  rollCallStatus: 'roll_call_status',
  autoClosedDate: 'auto_closed_date',
  meetingTitle: 'meeting_title',
  meetingUrl: 'meeting_url',
  recordingUrl: 'recording_url',
};

/** `lock`: the row is locked until the transaction ends (an update reads what it overwrites). */
export async function findBlock(em: EntityManager, key: number, lock = false): Promise<BlockRow | null> {
  const [row] = await sql<BlockRow>(em, `select ${BLOCK_COLUMNS} from lecture_block b where b.id = ?${lock ? ' for update' : ''}`, [key]);
  return row ?? null;
}

/** These blocks (those that exist) with the organisation of their course, for the rule of the course's managers (GraphQL edges). */
export const findBlocksWithCourse = (em: EntityManager, keys: readonly number[]) =>
  sql<BlockRow & { organisationKey: number }>(
    em,
    `select ${BLOCK_COLUMNS}, e.organisation_id as "organisationKey" from lecture_block b join repository_entry e on e.id = b.entry_id where b.id = any(?::bigint[])`,
    [keyArray(keys)],
  );

/** The blocks of a course, by key. */
export function blocksOfEntry(em: EntityManager, entryKey: number, range: Range): Promise<BlockRow[]> {
  return sql<BlockRow>(em, `select ${BLOCK_COLUMNS} from lecture_block b where b.entry_id = ? and b.id > ? order by b.id${limitOf(range)}`, [
    entryKey,
    range.after,
  ]);
}

/** The blocks planned for a curriculum element, by key. */
export function blocksOfElement(em: EntityManager, elementKey: number, range: Range): Promise<BlockRow[]> {
  return sql<BlockRow>(em, `select ${BLOCK_COLUMNS} from lecture_block b where b.curriculum_element_id = ? and b.id > ? order by b.id${limitOf(range)}`, [
    elementKey,
    range.after,
  ]);
}

/**
 * The blocks overlapping [from, to) (a day), or all blocks without a day, by key. A block without
 * an end date overlaps when it starts within the day.
 */
/** `courses`: only the blocks of these courses (an SQL array with its parameters), null: of every course. */
export function blocksBetween(
  em: EntityManager,
  day: { from: Date; to: Date } | null,
  courses: { text: string; params: unknown[] } | null,
  range: Range,
): Promise<BlockRow[]> {
  const conditions = ['b.id > ?'];
  const params: unknown[] = [range.after];
  if (day) {
    conditions.push('b.start_date < ? and (b.end_date >= ? or (b.end_date is null and b.start_date >= ?))');
    params.push(day.to, day.from, day.from);
  }
  if (courses) {
    conditions.push(`b.entry_id = any(${courses.text})`);
    params.push(...courses.params);
  }
  return sql<BlockRow>(em, `select ${BLOCK_COLUMNS} from lecture_block b where ${conditions.join(' and ')} order by b.id${limitOf(range)}`, params);
}

export async function insertBlock(em: EntityManager, entryKey: number, elementKey: number | null, fields: BlockFields): Promise<number> {
  const names = Object.keys(FIELD_COLUMNS) as (keyof BlockFields)[];
  const [row] = await sql<{ id: string | number }>(
    em,
    `insert into lecture_block (entry_id, curriculum_element_id, ${names.map((name) => FIELD_COLUMNS[name]).join(', ')})
     values (?, ?, ${placeholders(names)}) returning id`,
    [entryKey, elementKey, ...names.map((name) => fields[name])],
  );
  return Number(row.id);
}

export async function updateBlock(em: EntityManager, key: number, fields: BlockFields): Promise<void> {
  const names = Object.keys(FIELD_COLUMNS) as (keyof BlockFields)[];
  await sql(em, `update lecture_block set ${names.map((name) => `${FIELD_COLUMNS[name]} = ?`).join(', ')}, last_modified = now() where id = ?`, [
    ...names.map((name) => fields[name]),
    key,
  ]);
}

export async function moveBlock(em: EntityManager, key: number, entryKey: number): Promise<void> {
  await sql(em, 'update lecture_block set entry_id = ?, last_modified = now() where id = ?', [entryKey, key]);
}

/** The block with its teachers, participant groups, roll calls, levels and calendar events (foreign keys cascade). */
export async function deleteBlock(em: EntityManager, key: number): Promise<void> {
  await sql(em, 'delete from lecture_block where id = ?', [key]);
}

// Configuration

export interface ConfigRow {
  lectureEnabled: boolean;
  overrideModuleDefault: boolean;
  calculateAttendanceRate: boolean | null;
  requiredAttendanceRate: number | null;
  courseCalendarSyncEnabled: boolean | null;
  teacherCalendarSyncEnabled: boolean | null;
  rollCallEnabled: boolean | null;
}

export const CONFIG_COLUMNS: Record<keyof ConfigRow, string> = {
  lectureEnabled: 'lecture_enabled',
  overrideModuleDefault: 'override_module_default',
  calculateAttendanceRate: 'calculate_attendance_rate',
  requiredAttendanceRate: 'required_attendance_rate',
  courseCalendarSyncEnabled: 'course_calendar_sync_enabled',
  teacherCalendarSyncEnabled: 'teacher_calendar_sync_enabled',
  rollCallEnabled: 'roll_call_enabled',
};

export async function findConfig(em: EntityManager, entryKey: number): Promise<ConfigRow | null> {
  const columns = Object.entries(CONFIG_COLUMNS).map(([name, column]) => `${column} as "${name}"`);
  const [row] = await sql<ConfigRow>(em, `select ${columns.join(', ')} from lecture_entry_config where entry_id = ?`, [entryKey]);
  return row ?? null;
}

/** Writes the given columns, creating the row (lectures off, module defaults) when the course has none. */
export async function writeConfig(em: EntityManager, entryKey: number, values: Partial<ConfigRow>): Promise<void> {
  const names = (Object.keys(values) as (keyof ConfigRow)[]).filter((name) => values[name] != null);
  await sql(em, 'insert into lecture_entry_config (entry_id) values (?) on conflict (entry_id) do nothing', [entryKey]);
  if (!names.length) return;
  await sql(em, `update lecture_entry_config set ${names.map((name) => `${CONFIG_COLUMNS[name]} = ?`).join(', ')}, last_modified = now() where entry_id = ?`, [
    ...names.map((name) => values[name]),
    entryKey,
  ]);
}

export async function lecturesEnabled(em: EntityManager, entryKey: number): Promise<boolean> {
  const [row] = await sql<{ enabled: boolean }>(em, 'select lecture_enabled as enabled from lecture_entry_config where entry_id = ?', [entryKey]);
  return row?.enabled === true;
}

// Teachers

/** The teachers of block `block`, by person key. */
const teachersOfBlock = (block: string) =>
  `select ${USER_COLUMNS} from lecture_block_teacher t join identity i on i.id = t.identity_id where t.block_id = ${block} order by t.identity_id`;

export const listTeachers = (em: EntityManager, blockKey: number) => sql<UserRow>(em, teachersOfBlock('?'), [blockKey]);

/** A page of the teachers of each of these blocks. */
export const pagesOfTeachers = (em: EntityManager, blockKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<UserRow>(em, teachersOfBlock, [], blockKeys, page, cap);

const TEACHERS = pairTable('lecture_block_teacher', 'block_id', 'identity_id');

export const addTeacher = TEACHERS.add;

export const removeTeacher = TEACHERS.remove;

// Taxonomy levels

/** The taxonomy levels of block `block`, by level key. */
const levelsOfBlock = (block: string) =>
  `select ${LEVEL_COLUMNS} from lecture_block_taxonomy_level x join taxonomy_level l on l.id = x.level_id where x.block_id = ${block} order by x.level_id`;

export const listLevels = (em: EntityManager, blockKey: number) => sql<LevelRow>(em, levelsOfBlock('?'), [blockKey]);

/** A page of the taxonomy levels of each of these blocks. */
export const pagesOfLevels = (em: EntityManager, blockKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<LevelRow>(em, levelsOfBlock, [], blockKeys, page, cap);

export async function levelExists(em: EntityManager, levelKey: number): Promise<boolean> {
  return (await sql(em, 'select 1 from taxonomy_level where id = ?', [levelKey])).length > 0;
}

const LEVELS = pairTable('lecture_block_taxonomy_level', 'block_id', 'level_id');

export const linkLevel = LEVELS.add;

export const unlinkLevel = LEVELS.remove;

// Participants

/** The participants of a course as a source of the block's participants (OpenOLAT's default group of the entry). */
export const addEntryGroup = (em: EntityManager, blockKey: number, entryKey: number) => addParticipantGroup(em, blockKey, 'entry_id', entryKey);

/** Adds a source of the block's participants (a course or a curriculum element); false when it is one already. */
async function addParticipantGroup(em: EntityManager, blockKey: number, source: 'entry_id' | 'element_id', key: number): Promise<boolean> {
  const rows = await sql(
    em,
    `insert into lecture_block_participant_group (block_id, ${source}) values (?, ?)
     on conflict (block_id, ${source}) where ${source} is not null do nothing returning id`,
    [blockKey, key],
  );
  return rows.length > 0;
}

export async function removeEntryGroup(em: EntityManager, blockKey: number, entryKey: number): Promise<boolean> {
  const rows = await sql(em, 'delete from lecture_block_participant_group where block_id = ? and entry_id = ? returning id', [blockKey, entryKey]);
  return rows.length > 0;
}

/** Adds the element as a source of the block's participants. */
export const addElementGroup = (em: EntityManager, blockKey: number, elementKey: number) => addParticipantGroup(em, blockKey, 'element_id', elementKey);

/**
 * The participants of the elements linked to the course (not deleted) become participants of the
 * block; elements of the block no longer linked to the course stop being a source. The number of rows changed.
 */
export async function syncCurriculumGroups(em: EntityManager, blockKey: number, entryKey: number): Promise<number> {
  const added = await sql(
    em,
    `insert into lecture_block_participant_group (block_id, element_id)
     select ?, ce.element_id from curriculum_element_entry ce join curriculum_element e on e.id = ce.element_id
     where ce.entry_id = ? and e.status <> 'deleted'
     on conflict (block_id, element_id) where element_id is not null do nothing returning id`,
    [blockKey, entryKey],
  );
  const removed = await sql(
    em,
    `delete from lecture_block_participant_group g
     where g.block_id = ? and g.element_id is not null and not exists (
       select 1 from curriculum_element_entry ce join curriculum_element e on e.id = ce.element_id
       where ce.element_id = g.element_id and ce.entry_id = ? and e.status <> 'deleted')
     returning g.id`,
    [blockKey, entryKey],
  );
  return added.length + removed.length;
}

/** Every curriculum element stops being a source of the block's participants. */
export async function removeCurriculumGroups(em: EntityManager, blockKey: number): Promise<number> {
  return (await sql(em, 'delete from lecture_block_participant_group where block_id = ? and element_id is not null returning id', [blockKey])).length;
}

/**
 * The participants of a block, as a sub-select with the block's key as its two `?`: the participants
 * of the courses it takes them from, and the participants of its curriculum elements, a membership
 * of an element above counting when it is inherited (root or inherited; the element's materialised
 * path lists the keys of its ancestors and itself, see src/curriculum/entries-through.ts).
 */
const PARTICIPANTS_OF_BLOCK = `
  select m.identity_id from lecture_block_participant_group g
  join repository_entry_membership m on m.entry_id = g.entry_id and m.role = 'participant'
  where g.block_id = ? and g.entry_id is not null
  union
  select cm.identity_id from lecture_block_participant_group g
  join curriculum_element e on e.id = g.element_id
  join curriculum_element_membership cm on cm.element_id = any (string_to_array(trim(both '/' from e.path), '/')::int[])
    and cm.role = 'participant' and (cm.element_id = e.id or cm.inheritance in ('root', 'inherited'))
  where g.block_id = ? and g.element_id is not null`;

/** A roll call without attendance for every participant of the block who has none; one statement. */
export async function createMissingRollCalls(em: EntityManager, blockKey: number): Promise<number> {
  const rows = await sql(
    em,
    `insert into lecture_block_roll_call (block_id, identity_id)
     select ?, p.identity_id from (${PARTICIPANTS_OF_BLOCK}) p
     on conflict (block_id, identity_id) do nothing returning id`,
    [blockKey, blockKey, blockKey],
  );
  return rows.length;
}

/**
 * The roll calls of an auto-closed block: every participant without one gets one with all planned
 * lectures attended; a roll call without attendance is filled the same way (OpenOLAT's
 * syncParticipantSummariesAndRollCalls with an empty absence list).
 */
export async function fillRollCalls(em: EntityManager, blockKey: number, lectures: number): Promise<void> {
  await sql(
    em,
    `insert into lecture_block_roll_call (block_id, identity_id, lectures_attended_number, lectures_absent_number)
     select ?, p.identity_id, ?, null from (${PARTICIPANTS_OF_BLOCK}) p
     on conflict (block_id, identity_id) do update set lectures_attended_number = excluded.lectures_attended_number, last_modified = now()
     where lecture_block_roll_call.lectures_attended_number is null and lecture_block_roll_call.lectures_absent_number is null`,
    [blockKey, lectures, blockKey, blockKey],
  );
}

/**
 * Roll calls with attendance adapted to the planned lectures of their block, for the blocks of a
 * course or one block: absences capped at the planned number, the rest attended. The number of roll calls changed.
 */
export async function adaptRollCalls(em: EntityManager, scope: { entryKey: number } | { blockKey: number }): Promise<number> {
  const [column, key] = 'entryKey' in scope ? ['b.entry_id', scope.entryKey] : ['b.id', scope.blockKey];
  const rows = await sql(
    em,
    `update lecture_block_roll_call r
     set lectures_absent_number = case when r.lectures_absent_number is null then null else least(r.lectures_absent_number, b.planned_lectures) end,
         lectures_attended_number = b.planned_lectures - least(coalesce(r.lectures_absent_number, 0), b.planned_lectures),
         last_modified = now()
     from lecture_block b
     where ${column} = ? and r.block_id = b.id
       and (r.lectures_attended_number is not null or r.lectures_absent_number is not null)
       and (coalesce(r.lectures_attended_number, 0) + coalesce(r.lectures_absent_number, 0) <> b.planned_lectures
            or coalesce(r.lectures_absent_number, 0) > b.planned_lectures)
     returning r.id`,
    [key],
  );
  return rows.length;
}

/**
 * Blocks of this course that still take their participants from the origin course (they were
 * moved here) take them from this course instead. The number of blocks changed.
 */
export async function healMovedBlocks(em: EntityManager, entryKey: number, originKey: number): Promise<number> {
  await sql(
    em,
    `insert into lecture_block_participant_group (block_id, entry_id)
     select g.block_id, ? from lecture_block_participant_group g join lecture_block b on b.id = g.block_id
     where g.entry_id = ? and b.entry_id = ?
     on conflict (block_id, entry_id) where entry_id is not null do nothing`,
    [entryKey, originKey, entryKey],
  );
  const rows = await sql(
    em,
    `delete from lecture_block_participant_group g using lecture_block b
     where b.id = g.block_id and g.entry_id = ? and b.entry_id = ? returning g.id`,
    [originKey, entryKey],
  );
  return rows.length;
}

/** The keys of the courses linked to a curriculum element (to pick the course of a new block). */
export async function entriesOfElement(em: EntityManager, elementKey: number): Promise<number[]> {
  const rows = await sql<{ id: number }>(em, 'select entry_id as id from curriculum_element_entry where element_id = ? order by entry_id', [elementKey]);
  return rows.map((row) => row.id);
}
