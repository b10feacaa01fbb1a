import { inTransaction } from '../audit/audit-log';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { keysWithinBound, requireWithinBound, withinBound } from '../domain/bound';
import type { RequestContext } from '../domain/context';
import { DomainError, notFound, validationFailed, type ErrorDetail } from '../domain/errors';
import { answerListById } from '../domain/lists';
import { pageOf, type Edge, type EdgePage } from '../domain/edges';
import { inKeyOrder, loader } from '../domain/loaders';
import { DEFAULT_ORGANISATION_IDENTIFIER } from '../domain/roles';
import { Organisation, OrganisationType } from '../entities/organisations';
import { MAX_LENGTH } from '../domain/validation';
import { applyStyledInput } from './styled';
import type { OrganisationTypeVO, OrganisationVO, OrganisationVOInput } from '../schema/organisations';
import { requireOrganisationManager } from './policy';
import { toOrganisationTypeVO, toOrganisationVO, type OrganisationRow } from './presenter';
import * as organisations from './repository';
import { defaultOrganisation, findOrganisation, lockTree } from './repository';

/** An organisation is active, inactive or deleted (OpenOLAT's OrganisationStatus, catalogue 5.4); deleted ones are left out of the unfiltered list. */
export const ORGANISATION_STATUSES = ['active', 'inactive', 'deleted'];

/**
 * GET /organisations: without filters every organisation that is not deleted (OpenOLAT's
 * getOrganisations); with externalId and/or identifier the exact matches, whatever their status.
 */
export function listOrganisations(ctx: RequestContext, filter: { externalId?: string | null; identifier?: string | null }): Promise<OrganisationVO[]> {
  const within = withinBound(ctx, 'organisation', 'o.id');
  return answerListById(ctx, (range) => organisations.listOrganisations(ctx.em, { ...filter, within }, range), toOrganisationVO);
}

/** `OrganisationVO.children` (GraphQL): a page of the sub-organisations of every organisation of an answer, read at once. */
export function childrenOf(ctx: RequestContext, organisationKey: number, page: EdgePage): Promise<OrganisationVO[]> {
  const edge: Edge<OrganisationRow, OrganisationVO> = {
    read: (keys, page, cap) => organisations.pagesOfChildren(ctx.em, keys, page, cap),
    present: toOrganisationVO,
  };
  return pageOf(ctx, 'organisation children', edge, page, organisationKey);
}

/** An organisation another object names (GraphQL edges: an organisation's parent, a curriculum's, a course's), read for every one of an answer level at once. */
export function organisationOf(ctx: RequestContext, organisationKey: number | null): Promise<OrganisationVO | null> {
  if (organisationKey == null) return Promise.resolve(null);
  return loader<number, OrganisationVO | null>(ctx, 'organisations by key', async (keys) => {
    const within = new Set(await keysWithinBound(ctx, 'organisation', keys));
    const rows = (await organisations.findOrganisationRows(ctx.em, keys)).filter((row) => within.has(row.id));
    return inKeyOrder(keys, rows, toOrganisationVO);
  }).load(organisationKey);
}

/** `OrganisationVO.type` (GraphQL): the types of every organisation of an answer, read at once. */
export function typeOf(ctx: RequestContext, typeKey: number | null): Promise<OrganisationTypeVO | null> {
  if (typeKey == null) return Promise.resolve(null);
  const types = loader<number, OrganisationTypeVO | null>(ctx, 'organisation types', async (keys) =>
    inKeyOrder(keys, await ctx.em.find(OrganisationType, { id: { $in: [...keys] } }), toOrganisationTypeVO),
  );
  return types.load(typeKey);
}

/** The organisation as its VO, read back (inside a write, after the flush). */
async function organisationVO(em: EntityManager, key: number): Promise<OrganisationVO> {
  const row = await organisations.findOrganisationRow(em, key);
  if (!row) throw notFound('organisation');
  return toOrganisationVO(row);
}

/** GET /organisations/{key}: any organisation administrator reads any organisation, as OpenOLAT; a bound credential those within its organisation. */
export async function getOrganisation(ctx: RequestContext, key: number): Promise<OrganisationVO> {
  const organisation = await organisationVO(ctx.em, key);
  await requireWithinBound(ctx, 'organisation', key);
  return organisation;
}

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
  applyStyledInput(organisation, input, 'organisation');
  validate(organisation, input.status);
  if (input.status?.trim()) organisation.status = input.status;
  if (input.organisationTypeKey !== undefined) {
    organisation.type =
      input.organisationTypeKey == null ? null : await referenced(em, OrganisationType, input.organisationTypeKey, 'type', 'organisation type');
  }
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

/**
 * PUT and POST /organisations: without a key a new organisation (below the default one unless a
 * parent is given), which the caller must manage (src/organisations/policy.ts); with a key an update.
 */
export async function saveOrganisation(ctx: RequestContext, input: OrganisationVOInput): Promise<OrganisationVO> {
  if (input.key != null) return updateOrganisation(ctx, input.key, input);
  return saving(() =>
    inTransaction(ctx, async (em) => {
      await lockTree(em);
      const parent =
        input.parentOrganisationKey != null
          ? await referenced(em, Organisation, input.parentOrganisationKey, 'parent', 'organisation')
          : await defaultOrganisation(em);
      await requireOrganisationManager({ ...ctx, em }, parent.id);
      const organisation = em.create(Organisation, { identifier: '', displayName: '', parent });
      await apply(em, organisation, input);
      await em.persistAndFlush(organisation);
      organisation.path = `${parent.path}${organisation.id}/`;
      await em.flush();
      return organisationVO(em, organisation.id);
    }),
  );
}

/**
 * POST /organisations/{key}: a body key must match the path; a changed parentOrganisationKey moves the
 * organisation with its subtree. The caller manages the organisation, and the new parent.
 */
export async function updateOrganisation(ctx: RequestContext, key: number, input: OrganisationVOInput): Promise<OrganisationVO> {
  if (input.key != null && input.key !== key) throw new DomainError('CONFLICT', 'the key in the body differs from the key in the path');
  return saving(() =>
    inTransaction(ctx, async (em) => {
      await lockTree(em);
      const organisation = await findOrganisation(em, key);
      await requireOrganisationManager({ ...ctx, em }, key);
      await apply(em, organisation, input);
      if (input.parentOrganisationKey != null && input.parentOrganisationKey !== organisation.parent?.id) {
        const parent = await referenced(em, Organisation, input.parentOrganisationKey, 'parent', 'organisation');
        await requireOrganisationManager({ ...ctx, em }, parent.id);
        await move(em, organisation, parent);
      }
      await em.flush();
      return organisationVO(em, organisation.id);
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
  await organisations.movePaths(em, oldPath, newPath);
  organisation.parent = parent;
  organisation.path = newPath;
}

/**
 * DELETE /organisations/{key}: the caller must be administrator or sysadmin in that organisation
 * (directly or through an inheriting membership of an ancestor). The default organisation and
 * organisations with sub-organisations are refused (409): OpenOLAT would delete the subtree too,
 * this gateway asks the client to delete or move the sub-organisations first. Users (role `user`)
 * become users of the default organisation; all other memberships end with the organisation. Its
 * learning groups move to its parent, whose group managers manage them already when their roles inherit.
 */
export async function deleteOrganisation(ctx: RequestContext, key: number): Promise<boolean> {
  await inTransaction(ctx, async (em) => {
    await lockTree(em);
    const organisation = await findOrganisation(em, key);
    await requireOrganisationManager({ ...ctx, em }, key);
    if (organisation.identifier === DEFAULT_ORGANISATION_IDENTIFIER) throw new DomainError('CONFLICT', 'the default organisation cannot be deleted');
    if (await organisations.countChildren(em, key)) throw new DomainError('CONFLICT', 'the organisation has sub-organisations; delete or move them first');
    if (await organisations.holdsEntries(em, key)) {
      throw new DomainError('CONFLICT', 'courses or other learning resources are placed in the organisation; move them to another organisation first');
    }
    await organisations.deleteOrganisation(em, key, (await defaultOrganisation(em)).id);
  });
  return true;
}
