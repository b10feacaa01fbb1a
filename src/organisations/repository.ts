import type { EntityManager } from '@mikro-orm/postgresql';
import { keyArray, sql, type SqlCondition } from '../db/sql';
import { pairTable } from '../db/pairs';
import { readPages, type EdgePage } from '../domain/edges';
import { notFound } from '../domain/errors';
import type { Range } from '../domain/lists';
import { DEFAULT_ORGANISATION_IDENTIFIER, type InheritanceMode, type OrganisationRole } from '../domain/roles';
import { appliesIn } from '../domain/scope';
import { Organisation, OrganisationType } from '../entities/organisations';
import type { UserRow } from '../users/presenter';
import { USER_COLUMNS } from '../users/repository';
import type { OrganisationRow } from './presenter';

/** The columns of an OrganisationRow from `organisation o`. */
const ORGANISATION_COLUMNS =
  'o.id, o.identifier, o.display_name as "displayName", o.description, o.css_class as "cssClass", o.status, o.external_id as "externalId", ' +
  'o.managed_flags as "managedFlags", o.path, o.parent_id as "parentKey", o.type_id as "typeKey"';

export async function defaultOrganisation(em: EntityManager): Promise<Organisation> {
  return em.findOneOrFail(Organisation, { identifier: DEFAULT_ORGANISATION_IDENTIFIER });
}

const defaultKeys = new WeakMap<object, number>();

/** The default organisation as a reference, for new memberships: its key is read once per database (it cannot be deleted). */
export async function defaultOrganisationReference(em: EntityManager): Promise<Organisation> {
  let key = defaultKeys.get(em.getConnection());
  if (key === undefined) defaultKeys.set(em.getConnection(), (key = (await defaultOrganisation(em)).id));
  return em.getReference(Organisation, key);
}

export async function findOrganisation(em: EntityManager, key: number): Promise<Organisation> {
  const organisation = await em.findOne(Organisation, { id: key });
  if (!organisation) throw notFound('organisation');
  return organisation;
}

export async function findOrganisationRow(em: EntityManager, key: number): Promise<OrganisationRow | null> {
  const [row] = await sql<OrganisationRow>(em, `select ${ORGANISATION_COLUMNS} from organisation o where o.id = ?`, [key]);
  return row ?? null;
}

/** These organisations (those that exist), in one statement (GraphQL edges). */
export const findOrganisationRows = (em: EntityManager, keys: readonly number[]) =>
  sql<OrganisationRow>(em, `select ${ORGANISATION_COLUMNS} from organisation o where o.id = any(?::bigint[])`, [keyArray(keys)]);

/** Without filters every organisation that is not deleted; with externalId and/or identifier the exact matches, whatever their status. */
export async function listOrganisations(
  em: EntityManager,
  filter: { externalId?: string | null; identifier?: string | null; within: SqlCondition },
  range: Range,
): Promise<OrganisationRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.externalId?.trim()) {
    where.push('o.external_id = ?');
    params.push(filter.externalId);
  }
  if (filter.identifier?.trim()) {
    where.push('o.identifier = ?');
    params.push(filter.identifier);
  }
  if (!where.length) where.push(`o.status <> 'deleted'`);
  return sql<OrganisationRow>(
    em,
    `select ${ORGANISATION_COLUMNS} from organisation o where o.id > ? and ${where.join(' and ')} and ${filter.within.text} order by o.id limit ?`,
    [range.after, ...params, ...filter.within.params, range.size],
  );
}

/** Tree changes (create below a parent, move, delete) run one at a time, so no move can race another into a cycle. */
export async function lockTree(em: EntityManager): Promise<void> {
  await sql(em, `select pg_advisory_xact_lock(hashtext('organisation_tree'))`);
}

/** Re-roots the materialised paths of a subtree in one statement. */
export async function movePaths(em: EntityManager, oldPath: string, newPath: string): Promise<void> {
  await sql(em, `update organisation set path = ?::text || substr(path, ?::int), last_modified = now() where path like ?::text || '%'`, [
    newPath,
    oldPath.length + 1,
    oldPath,
  ]);
}

export const countChildren = (em: EntityManager, key: number) => em.count(Organisation, { parent: key });

/** Whether repository entries are placed in the organisation (their own organisation, not a linked one). */
export async function holdsEntries(em: EntityManager, key: number): Promise<boolean> {
  return (await sql(em, 'select 1 from repository_entry where organisation_id = ? limit 1', [key])).length > 0;
}

/** The organisations below each of these parents that are not deleted (GraphQL OrganisationVO.children). */
/** A page of the sub-organisations (not deleted) of each of these organisations, by key. */
export const pagesOfChildren = (em: EntityManager, parentKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<OrganisationRow>(
    em,
    (organisation) => `select ${ORGANISATION_COLUMNS} from organisation o where o.parent_id = ${organisation} and o.status <> 'deleted' order by o.id`,
    [],
    parentKeys,
    page,
    cap,
  );

/** Deletes the organisation with its memberships; its users (role `user`) become users of the fallback organisation first, its groups groups of its parent. */
export async function deleteOrganisation(em: EntityManager, key: number, fallbackKey: number): Promise<void> {
  await sql(
    em,
    `insert into organisation_role (identity_id, organisation_id, role, inheritance)
     select identity_id, ?, 'user', 'none' from organisation_role where organisation_id = ? and role = 'user'
     on conflict do nothing`,
    [fallbackKey, key],
  );
  await sql(em, 'update business_group set organisation_id = (select parent_id from organisation where id = ?) where organisation_id = ?', [key, key]);
  await sql(em, 'delete from organisation where id = ?', [key]);
}

/** The keys of the people with the role `?` in organisation `organisation`: their own memberships there and inheriting memberships of an ancestor. */
const membersIn = (organisation: string) => `select m.identity_id from organisation_role m
  join organisation mo on mo.id = m.organisation_id
  join organisation o on o.id = ${organisation}
  where m.role = ? and ${appliesIn('m', 'mo', 'o')}`;

/** People with the role in the organisation: their own memberships there and inheriting memberships of an ancestor. */
export async function listMembers(em: EntityManager, organisationKey: number, role: OrganisationRole, range: Range): Promise<UserRow[]> {
  return sql<UserRow>(em, `select ${USER_COLUMNS} from identity i where i.id > ? and i.id in (${membersIn('?')}) order by i.id limit ?`, [
    range.after,
    organisationKey,
    role,
    range.size,
  ]);
}

/** A page of listMembers of each of these organisations (GraphQL OrganisationVO.members). */
export const pagesOfMembers = (em: EntityManager, organisationKeys: readonly number[], role: OrganisationRole, page: EdgePage, cap: number | null) =>
  readPages<UserRow>(
    em,
    (organisation) => `select ${USER_COLUMNS} from identity i where i.id in (${membersIn(organisation)}) order by i.id`,
    [role],
    organisationKeys,
    page,
    cap,
  );

/** Whether person `identity` holds the role `?` in organisation `o`: it was granted there or, with inheritance, above it. */
const holdsRoleIn = (identity: string, withInheritance: boolean) => `exists (
  select 1 from organisation_role m join organisation mo on mo.id = m.organisation_id
  where m.identity_id = ${identity} and m.role = ? and ${withInheritance ? appliesIn('m', 'mo', 'o') : 'mo.id = o.id'})`;

/** The organisations where the person holds the role: where it was granted and, with inheritance, the subtrees it covers. */
export async function listMemberships(
  em: EntityManager,
  identityKey: number,
  role: OrganisationRole,
  withInheritance: boolean,
  range: Range,
): Promise<OrganisationRow[]> {
  return sql<OrganisationRow>(
    em,
    `select ${ORGANISATION_COLUMNS} from organisation o where o.id > ? and ${holdsRoleIn('?', withInheritance)} order by o.id limit ?`,
    [range.after, identityKey, role, range.size],
  );
}

/** A page of listMemberships with inheritance of each of these people (GraphQL UserVO.organisations). */
export const pagesOfMemberships = (em: EntityManager, identityKeys: readonly number[], role: OrganisationRole, page: EdgePage, cap: number | null) =>
  readPages<OrganisationRow>(
    em,
    (person) => `select ${ORGANISATION_COLUMNS} from organisation o where ${holdsRoleIn(person, true)} order by o.id`,
    [role],
    identityKeys,
    page,
    cap,
  );

/** Grants the role, or changes the inheritance of the existing membership. */
export async function upsertMembership(em: EntityManager, organisationKey: number, identityKey: number, role: OrganisationRole, inheritance: InheritanceMode) {
  await sql(
    em,
    `insert into organisation_role (identity_id, organisation_id, role, inheritance) values (?, ?, ?, ?)
     on conflict (identity_id, organisation_id, role) do update set inheritance = excluded.inheritance`,
    [identityKey, organisationKey, role, inheritance],
  );
}

export async function deleteMembership(em: EntityManager, organisationKey: number, identityKey: number, role: OrganisationRole) {
  await sql(em, 'delete from organisation_role where organisation_id = ? and identity_id = ? and role = ?', [organisationKey, identityKey, role]);
}

export async function findOrganisationType(em: EntityManager, key: number): Promise<OrganisationType> {
  const type = await em.findOne(OrganisationType, { id: key });
  if (!type) throw notFound('organisation type');
  return type;
}

const SUB_TYPES = pairTable('organisation_type_sub_type', 'type_id', 'sub_type_id');

/** true: now allowed; false: it already was. */
export const allowSubType = SUB_TYPES.add;

/** true: no longer allowed; false: it was not allowed. */
export const disallowSubType = SUB_TYPES.remove;

/** Of these organisations, those where one of the person's memberships with one of `roles` applies (the tree rule of src/domain/scope.ts). */
export async function managedOrganisationKeys(
  em: EntityManager,
  identityKey: number,
  organisationKeys: readonly number[],
  roles: readonly OrganisationRole[],
): Promise<number[]> {
  const rows = await sql<{ id: number }>(
    em,
    `select o.id from organisation o where o.id = any(?::bigint[]) and exists (
       select 1 from organisation_role cm join organisation co on co.id = cm.organisation_id
       where cm.identity_id = ? and cm.role = any(?::text[]) and ${appliesIn('cm', 'co', 'o')})`,
    [keyArray(organisationKeys), identityKey, `{${roles.join(',')}}`],
  );
  return rows.map((row) => row.id);
}
