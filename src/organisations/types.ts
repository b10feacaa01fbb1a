import { inTransaction } from '../audit/audit-log';
import type { RequestContext } from '../domain/context';
import { DomainError, validationFailed, type ErrorDetail } from '../domain/errors';
import { OrganisationType } from '../entities/organisations';
import { MAX_LENGTH } from '../domain/validation';
import { applyStyledInput } from './styled';
import { allowedSubTypes, changeSubType } from './sub-types';
import type { OrganisationTypeVO, OrganisationTypeVOInput } from '../schema/organisations';
import { toOrganisationTypeVO } from './presenter';
import * as organisations from './repository';
import { findOrganisationType } from './repository';

export async function listOrganisationTypes(ctx: RequestContext): Promise<OrganisationTypeVO[]> {
  return (await ctx.em.find(OrganisationType, {}, { orderBy: { id: 'asc' } })).map(toOrganisationTypeVO);
}

export async function getOrganisationType(ctx: RequestContext, key: number): Promise<OrganisationTypeVO> {
  return toOrganisationTypeVO(await findOrganisationType(ctx.em, key));
}

const error = (field: string, key: string, translation: string): ErrorDetail => ({
  code: `org.olat.user.restapi:organisationType.${field}.${key}`,
  translation,
});

function validate(type: OrganisationType) {
  const errors: ErrorDetail[] = [];
  if (!type.identifier?.trim()) errors.push(error('identifier', 'mandatory', 'The identifier is mandatory.'));
  if (!type.displayName?.trim()) errors.push(error('displayName', 'mandatory', 'The display name is mandatory.'));
  for (const field of ['identifier', 'displayName', 'cssClass', 'externalId', 'managedFlags'] as const) {
    if ((type[field]?.length ?? 0) > MAX_LENGTH) errors.push(error(field, 'toolong', `${field} is longer than ${MAX_LENGTH} characters.`));
  }
  if (errors.length) throw validationFailed(errors);
}

/** Copies the given fields (absent: unchanged, null: cleared); managed flags are normalised (unknown dropped, none: null). */
function apply(type: OrganisationType, input: OrganisationTypeVOInput) {
  applyStyledInput(type, input, 'organisationType');
  validate(type);
}

/** PUT and POST /organisations/types: without a key a new type, with a key an update of that type. */
export async function saveOrganisationType(ctx: RequestContext, input: OrganisationTypeVOInput): Promise<OrganisationTypeVO> {
  if (input.key != null) return updateOrganisationType(ctx, input.key, input);
  return inTransaction(ctx, async (em) => {
    const type = em.create(OrganisationType, { identifier: '', displayName: '' });
    apply(type, input);
    await em.persistAndFlush(type);
    return toOrganisationTypeVO(type);
  });
}

export async function updateOrganisationType(ctx: RequestContext, key: number, input: OrganisationTypeVOInput): Promise<OrganisationTypeVO> {
  if (input.key != null && input.key !== key) throw new DomainError('CONFLICT', 'the key in the body differs from the key in the path');
  return inTransaction(ctx, async (em) => {
    const type = await findOrganisationType(em, key);
    apply(type, input);
    await em.flush();
    return toOrganisationTypeVO(type);
  });
}

export async function listAllowedSubTypes(ctx: RequestContext, key: number): Promise<OrganisationTypeVO[]> {
  const type = await findOrganisationType(ctx.em, key);
  return allowedSubTypes(type, toOrganisationTypeVO);
}

/** true: now allowed; false: it already was (REST answers 200 either way, as OpenOLAT does). */
export async function allowSubType(ctx: RequestContext, key: number, subTypeKey: number): Promise<boolean> {
  return changeSubType(ctx, key, subTypeKey, findOrganisationType, organisations.allowSubType);
}

/** true: no longer allowed; false: it was not allowed (REST answers 200 either way, as OpenOLAT does). */
export async function disallowSubType(ctx: RequestContext, key: number, subTypeKey: number): Promise<boolean> {
  return changeSubType(ctx, key, subTypeKey, findOrganisationType, organisations.disallowSubType);
}
