import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';

/**
 * The object a write acts on, as its change event and audit row name it: a kind of src/changes/policy.ts and the
 * object's key in that kind's key space (a course by its course id, the OLAT resource id, however the mutation
 * addressed it). A write addresses its object by an argument, the first of NAMING_ARGUMENTS it has (the container
 * before the person added to it); a creation (`create…`) names what it created, its result.
 */
export interface WriteObject {
  type: string | null;
  key: string | null;
}

type KeyOf = (em: EntityManager, value: unknown) => Promise<string | null>;

const plain: KeyOf = async (_em, value) => (value == null || typeof value === 'object' ? null : String(value));

/** The value of a key or softkey parameter (`/repo/entries/{entry}`) as the course id of its entry. */
const courseOfEntry: KeyOf = async (em, value) => {
  const [row] = await sql<{ key: string }>(
    em,
    `select olat_resource_id::text as key from repository_entry where softkey = ? or (? ~ '^[0-9]{1,18}$' and id = ?::text::bigint) limit 1`,
    [String(value), String(value), /^\d{1,18}$/.test(String(value)) ? String(value) : '0'],
  );
  return row?.key ?? null;
};

/** The write names the key itself, with the row it locks (nameWrittenObject): no statement before it. */
const keyFromTheWrite: KeyOf = async () => null;

const identityOfLogin: KeyOf = async (em, value) => {
  const [row] = await sql<{ key: string }>(em, 'select id::text as key from identity where lower(login) = lower(?)', [String(value)]);
  return row?.key ?? null;
};

/** `1/12/34`: the catalog entry is the last segment. */
const lastSegment: KeyOf = async (_em, value) => String(value).split('/').filter(Boolean).at(-1) ?? null;

/** The arguments that name a write's object, most specific first, with the kind each names. */
const NAMING_ARGUMENTS: [argument: string, kind: string | ((operation: string) => string), key: KeyOf][] = [
  ['webhookKey', 'webhook', plain],
  ['relationRoleKey', 'relationRole', plain],
  ['typeKey', (operation) => (operation.includes('CurriculumElement') ? 'curriculumElementType' : 'organisationType'), plain],
  ['taxonomyKey', 'taxonomy', plain],
  ['elementKey', 'element', plain],
  ['curriculumKey', 'curriculum', plain],
  ['groupKey', 'group', plain],
  ['courseKey', 'course', plain],
  ['entry', 'course', courseOfEntry],
  ['rollCall', 'course', keyFromTheWrite],
  ['organisationKey', 'organisation', plain],
  ['path', 'catalogEntry', lastSegment],
  ['identityKey', 'user', plain],
  ['username', 'user', identityOfLogin],
];

/** The kind of object a mutation's result is, and its key there. */
const RESULT_KINDS: Record<string, [kind: string, key: string]> = {
  CourseVO: ['course', 'key'],
  RepositoryEntryVO: ['course', 'resourceableId'],
  GroupVO: ['group', 'key'],
  CurriculumVO: ['curriculum', 'key'],
  CurriculumElementVO: ['element', 'key'],
  CurriculumElementTypeVO: ['curriculumElementType', 'key'],
  OrganisationVO: ['organisation', 'key'],
  OrganisationTypeVO: ['organisationType', 'key'],
  RelationRoleVO: ['relationRole', 'key'],
  TaxonomyVO: ['taxonomy', 'key'],
  UserVO: ['user', 'key'],
  CatalogEntryVO: ['catalogEntry', 'key'],
  WebhookVO: ['webhook', 'key'],
  SyncJobVO: ['syncJob', 'key'],
  SettingsVO: ['settings', 'key'],
};

const NO_OBJECT: WriteObject = { type: null, key: null };

/** Whether the mutation's object is its result: a creation whose result is an object of a kind, or a write that names none by its arguments. */
const namedByResult = (operation: string, argumentNames: readonly string[], resultTypeName: string | undefined) =>
  !!resultTypeName &&
  RESULT_KINDS[resultTypeName] !== undefined &&
  (operation.startsWith('create') || !NAMING_ARGUMENTS.some(([name]) => argumentNames.includes(name)));

const kindOf = (naming: (typeof NAMING_ARGUMENTS)[number], operation: string) => (typeof naming[1] === 'string' ? naming[1] : naming[1](operation));

/** The kind of object a mutation with these arguments and this result type names (null: none), as objectOfArguments and objectOfResult name it. */
export function kindOfMutation(operation: string, argumentNames: readonly string[], resultTypeName: string | undefined): string | null {
  if (namedByResult(operation, argumentNames, resultTypeName)) return RESULT_KINDS[resultTypeName!][0];
  const naming = NAMING_ARGUMENTS.find(([name]) => argumentNames.includes(name));
  return naming ? kindOf(naming, operation) : null;
}

/** The object a mutation names by its arguments (read before the write, so a deleted object is still there); null when its result names it. */
export async function objectOfArguments(
  em: EntityManager,
  operation: string,
  args: Record<string, unknown>,
  resultTypeName: string | undefined,
): Promise<WriteObject | null> {
  const given = Object.keys(args).filter((name) => args[name] != null);
  if (namedByResult(operation, given, resultTypeName)) return null;
  const naming = NAMING_ARGUMENTS.find(([name]) => given.includes(name));
  if (!naming) return NO_OBJECT;
  return { type: kindOf(naming, operation), key: await naming[2](em, args[naming[0]]) };
}

/** The object a creation's result is. */
export function objectOfResult(resultTypeName: string | undefined, result: unknown): WriteObject {
  const [kind, field] = (resultTypeName && RESULT_KINDS[resultTypeName]) || [];
  const key = kind && (result as Record<string, unknown> | null)?.[field!];
  return kind ? { type: kind, key: key == null || typeof key === 'object' ? null : String(key) } : NO_OBJECT;
}

/** The organisations of the object `key` of a kind, from a statement whose every `?` is that key. */
const organisationsBy =
  (statement: string) =>
  async (em: EntityManager, key: string): Promise<string[]> => {
    const rows = await sql<{ key: string }>(
      em,
      `select distinct organisation_id::text as key from (${statement}) o`,
      statement.match(/\?/g)!.map(() => key),
    );
    return rows.map((row) => row.key);
  };

/**
 * Where an object of a kind belongs, read when its deletion is written: a person where they are a member (the user
 * role), a course in its organisations, a group in its organisation, a curriculum and its elements in the
 * curriculum's, an organisation in its parent (whose managers managed it). Kinds that belong to no organisation have
 * no entry.
 */
const ORGANISATIONS_OF: Record<string, (em: EntityManager, key: string) => Promise<string[]>> = {
  user: organisationsBy(`select organisation_id from organisation_role where identity_id = ?::bigint and role = 'user'`),
  course: organisationsBy(`select e.organisation_id from repository_entry e where e.olat_resource_id = ?::bigint
    union select eo.organisation_id from repository_entry e join repository_entry_to_organisation eo on eo.entry_id = e.id where e.olat_resource_id = ?::bigint`),
  group: organisationsBy(`select organisation_id from business_group where id = ?::bigint`),
  curriculum: organisationsBy(`select organisation_id from curriculum where id = ?::bigint and organisation_id is not null`),
  element: organisationsBy(
    `select c.organisation_id from curriculum_element ce join curriculum c on c.id = ce.curriculum_id where ce.id = ?::bigint and c.organisation_id is not null`,
  ),
  organisation: organisationsBy(`select parent_id as organisation_id from organisation where id = ?::bigint and parent_id is not null`),
};

/** The organisations `object` belongs to now; null for a kind that belongs to none. */
export async function organisationsOf(em: EntityManager, object: WriteObject): Promise<string[] | null> {
  const organisations = object.type ? ORGANISATIONS_OF[object.type] : undefined;
  return organisations && object.key != null ? organisations(em, object.key) : null;
}
