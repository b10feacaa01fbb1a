import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import { Organisation } from '../entities/organisations';
import { OrganisationType } from '../entities/organisations';
import { DomainError, forbidden, notFound, validationFailed, type ErrorDetail } from '../domain/errors';
import { DEFAULT_ORGANISATION_IDENTIFIER, type OrganisationRole } from '../domain/roles';
import type { Caller, RequestContext } from '../domain/context';
import { normaliseManagedFlags } from '../managed/flags';
import type { OrganisationVO, OrganisationVOInput } from '../schema/organisation-types';
import { ORGANISATION_ROW_COLUMNS, toOrganisationVO, type OrganisationRow } from './organisation-presenter';
import { SUBTREE_INHERITANCE } from './organisation-roles';

/** Who may use the organisation operations at all (catalogue 2.5): administrator or sysadmin in some organisation. */
export const ORGANISATION_ADMIN_ROLES: OrganisationRole[] = ['administrator', 'sysadmin'];

/** OpenOLAT's OrganisationStatus (catalogue 5.4). */
export const ORGANISATION_STATUSES = ['active', 'inactive', 'deleted'];

const SUBTREE = SUBTREE_INHERITANCE.map((mode) => `'${mode}'`).join(', ');
const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

export async function defaultOrganisation(em: EntityManager): Promise<Organisation> {
  return em.findOneOrFail(Organisation, { identifier: DEFAULT_ORGANISATION_IDENTIFIER });
}

/**
 * OpenOLAT's "manager of X", on the organisation tree. A membership applies in its own
 * organisation and, when its inheritance is `root` or `inherited`, in every organisation below
 * it (OpenOLAT copies such memberships onto the descendants; here the tree paths stand for the
 * copies). The caller manages the target when one of the caller's memberships with one of `roles`
 * and one of the target's memberships (any role) apply in a common organisation: the same
 * organisation, the target's organisation below an inheriting caller membership, or the caller's
 * organisation below an inheriting target membership. The default organisation is the root of
 * the tree and every user created through PUT /users is a member of it.
 */
const MANAGES = `(co.id = tor.id
  or (cm.inheritance in (${SUBTREE}) and tor.path like co.path || '%')
  or (tm.inheritance in (${SUBTREE}) and co.path like tor.path || '%'))`;

/** The keys of the identities the caller manages with one of `roles` (the rule above), as a sub-select for list queries: `i.id in (${text})`. */
export function managedIdentityKeys(caller: Caller, roles: readonly OrganisationRole[]): { text: string; params: unknown[] } {
  return {
    text: `select tm.identity_id from organisation_role cm
      join organisation co on co.id = cm.organisation_id
      join organisation_role tm on true
      join organisation tor on tor.id = tm.organisation_id
      where cm.identity_id = ? and cm.role in (${placeholders(roles)}) and ${MANAGES}`,
    params: [caller.key, ...roles],
  };
}

/** OpenOLAT's "manager of X" by the rule above, for one target. */
export async function isManagerOf(em: EntityManager, caller: Caller, targetKey: number, roles: readonly OrganisationRole[]): Promise<boolean> {
  if (!caller.grants.some((grant) => roles.includes(grant.role))) return false;
  const managed = managedIdentityKeys(caller, roles);
  const rows = await sql(em, `select 1 from (${managed.text}) managed where managed.identity_id = ? limit 1`, [...managed.params, targetKey]);
  return rows.length > 0;
}

/** Whether the caller holds one of `roles` in the organisation itself or through an inheriting membership of an ancestor. */
export async function holdsRoleIn(em: EntityManager, caller: Caller, organisationKey: number, roles: readonly OrganisationRole[]): Promise<boolean> {
  if (!caller.grants.some((grant) => roles.includes(grant.role))) return false;
  const rows = await sql(
    em,
    `select 1 from organisation_role cm
     join organisation co on co.id = cm.organisation_id
     join organisation o on o.id = ?
     where cm.identity_id = ? and cm.role in (${placeholders(roles)})
       and (co.id = o.id or (cm.inheritance in (${SUBTREE}) and o.path like co.path || '%'))
     limit 1`,
    [organisationKey, caller.key, ...roles],
  );
  return rows.length > 0;
}

/** Tree changes (create below a parent, move, delete) run one at a time, so no move can race another into a cycle. */
export async function lockTree(em: EntityManager): Promise<void> {
  await sql(em, `select pg_advisory_xact_lock(hashtext('organisation_tree'))`);
}

export async function findOrganisation(em: EntityManager, key: number): Promise<Organisation> {
  const organisation = await em.findOne(Organisation, { id: key });
  if (!organisation) throw notFound('organisation');
  return organisation;
}

/**
 * GET /organisations: without filters every organisation that is not deleted (OpenOLAT's
 * getOrganisations); with externalId and/or identifier the exact matches, whatever their status.
 */
export async function listOrganisations(ctx: RequestContext, filter: { externalId?: string | null; identifier?: string | null }): Promise<OrganisationVO[]> {
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
  const rows = await sql<OrganisationRow>(ctx.em, `select ${ORGANISATION_ROW_COLUMNS} from organisation o where ${where.join(' and ')} order by o.id`, params);
  return rows.map(toOrganisationVO);
}

export async function getOrganisation(ctx: RequestContext, key: number): Promise<OrganisationVO> {
  const [row] = await sql<OrganisationRow>(ctx.em, `select ${ORGANISATION_ROW_COLUMNS} from organisation o where o.id = ?`, [key]);
  if (!row) throw notFound('organisation');
  return toOrganisationVO(row);
}

const MAX_LENGTH = 255;
const error = (field: string, key: string, translation: string): ErrorDetail => ({ code: `org.olat.user.restapi:organisation.${field}.${key}`, translation });

function validate(organisation: Organisation, status: string | null | undefined) {
  const errors: ErrorDetail[] = [];
  if (!organisation.identifier?.trim()) errors.push(error('identifier', 'mandatory', 'The identifier is mandatory.'));
  if (!organisation.displayName?.trim()) errors.push(error('displayName', 'mandatory', 'The display name is mandatory.'));
  for (const field of ['identifier', 'displayName', 'cssClass', 'externalId', 'managedFlags'] as const) {
    if ((organisation[field]?.length ?? 0) > MAX_LENGTH) errors.push(error(field, 'toolong', `${field} is longer than ${MAX_LENGTH} characters.`));
  }
  if (status?.trim() && !ORGANISATION_STATUSES.includes(status)) {
    errors.push(error('status', 'unknown', `Unknown status "${status}"; use one of ${ORGANISATION_STATUSES.join(', ')}.`));
  }
  if (errors.length) throw validationFailed(errors);
}

async function referenced<T extends object>(em: EntityManager, entity: new () => T, key: number, field: string, what: string): Promise<T> {
  const found = await em.findOne(entity, { id: key } as never);
  if (!found) throw validationFailed([error(field, 'unknown', `No ${what} with key ${key}.`)]);
  return found;
}

/** Copies the given fields (absent: unchanged, null: cleared); managed flags are normalised like OpenOLAT's OrganisationManagedFlag.toEnum. */
async function apply(em: EntityManager, organisation: Organisation, input: OrganisationVOInput) {
  if (input.identifier !== undefined) organisation.identifier = input.identifier?.trim() ?? '';
  if (input.displayName !== undefined) organisation.displayName = input.displayName?.trim() ?? '';
  if (input.description !== undefined) organisation.description = input.description;
  if (input.cssClass !== undefined) organisation.cssClass = input.cssClass;
  if (input.externalId !== undefined) organisation.externalId = input.externalId;
  if (input.managedFlagsString !== undefined) organisation.managedFlags = normaliseManagedFlags('organisation', input.managedFlagsString) || null;
  validate(organisation, input.status);
  if (input.status?.trim()) organisation.status = input.status;
  if (input.organisationTypeKey !== undefined) {
    organisation.type =
      input.organisationTypeKey == null ? null : await referenced(em, OrganisationType, input.organisationTypeKey, 'type', 'organisation type');
  }
  organisation.lastModified = new Date();
}

const identifierTaken = () => new DomainError('CONFLICT', 'another organisation has this identifier');

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (caught) {
    if (caught instanceof UniqueConstraintViolationException) throw identifierTaken();
    throw caught;
  }
}

/** PUT and POST /organisations: without a key a new organisation (below the default one unless a parent is given), with a key an update. */
export async function saveOrganisation(ctx: RequestContext, input: OrganisationVOInput): Promise<OrganisationVO> {
  if (input.key != null) return updateOrganisation(ctx, input.key, input);
  return saving(() =>
    ctx.em.transactional(async (em) => {
      await lockTree(em);
      const parent =
        input.parentOrganisationKey != null
          ? await referenced(em, Organisation, input.parentOrganisationKey, 'parent', 'organisation')
          : await defaultOrganisation(em);
      const organisation = em.create(Organisation, { identifier: '', displayName: '', parent });
      await apply(em, organisation, input);
      await em.persistAndFlush(organisation);
      organisation.path = `${parent.path}${organisation.id}/`;
      await em.flush();
      return toOrganisationVO(organisation);
    }),
  );
}

/** POST /organisations/{key}: a body key must match the path; a changed parentOrganisationKey moves the organisation with its subtree. */
export async function updateOrganisation(ctx: RequestContext, key: number, input: OrganisationVOInput): Promise<OrganisationVO> {
  if (input.key != null && input.key !== key) throw new DomainError('CONFLICT', 'the key in the body differs from the key in the path');
  return saving(() =>
    ctx.em.transactional(async (em) => {
      await lockTree(em);
      const organisation = await findOrganisation(em, key);
      await apply(em, organisation, input);
      if (input.parentOrganisationKey != null && input.parentOrganisationKey !== organisation.parent?.id) {
        await move(em, organisation, await referenced(em, Organisation, input.parentOrganisationKey, 'parent', 'organisation'));
      }
      await em.flush();
      return toOrganisationVO(organisation);
    }),
  );
}

/** Re-roots the subtree's materialised paths in one statement; refuses a parent inside the subtree (the default organisation is the root, so it never moves). */
async function move(em: EntityManager, organisation: Organisation, parent: Organisation) {
  if (parent.path.startsWith(organisation.path)) {
    throw new DomainError('CONFLICT', 'an organisation cannot move below itself or one of its sub-organisations');
  }
  const oldPath = organisation.path;
  const newPath = `${parent.path}${organisation.id}/`;
  await sql(em, `update organisation set path = ?::text || substr(path, ?::int), last_modified = now() where path like ?::text || '%'`, [
    newPath,
    oldPath.length + 1,
    oldPath,
  ]);
  organisation.parent = parent;
  organisation.path = newPath;
}

/**
 * DELETE /organisations/{key}: the caller must be administrator or sysadmin in that organisation
 * (directly or through an inheriting membership of an ancestor). The default organisation and
 * organisations with sub-organisations are refused (409): OpenOLAT would delete the subtree too,
 * this gateway asks the client to delete or move the sub-organisations first. Users (role `user`)
 * become users of the default organisation; all other memberships end with the organisation.
 */
export async function deleteOrganisation(ctx: RequestContext, key: number): Promise<boolean> {
  await ctx.em.transactional(async (em) => {
    await lockTree(em);
    const organisation = await findOrganisation(em, key);
    if (!(await holdsRoleIn(em, ctx.caller!, key, ORGANISATION_ADMIN_ROLES))) {
      throw forbidden('deleting an organisation needs the administrator or sysadmin role in it');
    }
    if (organisation.identifier === DEFAULT_ORGANISATION_IDENTIFIER) throw new DomainError('CONFLICT', 'the default organisation cannot be deleted');
    if (await em.count(Organisation, { parent: key })) throw new DomainError('CONFLICT', 'the organisation has sub-organisations; delete or move them first');
    const fallback = await defaultOrganisation(em);
    await sql(
      em,
      `insert into organisation_role (identity_id, organisation_id, role, inheritance)
       select identity_id, ?, 'user', 'none' from organisation_role where organisation_id = ? and role = 'user'
       on conflict do nothing`,
      [fallback.id, key],
    );
    await sql(em, 'delete from organisation where id = ?', [key]);
  });
  return true;
}
