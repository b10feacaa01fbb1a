import { inTransaction } from '../audit/audit-log';
import type { RequestContext } from '../domain/context';
import { DomainError, validationFailed, type ErrorDetail } from '../domain/errors';
import { mandatory, tooLongValues } from '../domain/validation';
import { CurriculumElementType } from '../entities/curriculum';
import { applyStyledInput } from '../organisations/styled';
import { allowedSubTypes, changeSubType } from '../organisations/sub-types';
import type { CurriculumElementTypeVO, CurriculumElementTypeVOInput } from '../schema/curriculum';
import { requireCurriculumRole } from './policy';
import { toCurriculumElementTypeVO } from './presenter';
import * as curricula from './repository';
import { SWITCHES } from './service';

/** Curriculum element types (catalogue 2.6): for administrators and curriculum managers (OpenOLAT checks no role here). */

export async function listTypes(ctx: RequestContext): Promise<CurriculumElementTypeVO[]> {
  requireCurriculumRole(ctx);
  return (await ctx.em.find(CurriculumElementType, {}, { orderBy: { id: 'asc' } })).map(toCurriculumElementTypeVO);
}

export async function getType(ctx: RequestContext, key: number): Promise<CurriculumElementTypeVO> {
  requireCurriculumRole(ctx);
  return toCurriculumElementTypeVO(await curricula.findType(ctx.em, key));
}

const invalid = (field: string, translation: string): ErrorDetail => ({ code: `org.olat.modules.curriculum.restapi:${field}.invalid`, translation });

function apply(type: CurriculumElementType, input: CurriculumElementTypeVOInput) {
  applyStyledInput(type, input, 'elementType');
  // OpenOLAT stores a blank switch of a type as disabled.
  if (input.calendars !== undefined || type.calendars == null) type.calendars = input.calendars?.trim() || 'disabled';
  if (input.lectures !== undefined || type.lectures == null) type.lectures = input.lectures?.trim() || 'disabled';
  const errors: ErrorDetail[] = [];
  if (!type.identifier?.trim()) errors.push(mandatory('identifier'));
  if (!type.displayName?.trim()) errors.push(mandatory('displayName'));
  errors.push(...tooLongValues({ identifier: type.identifier, displayName: type.displayName, cssClass: type.cssClass, externalId: type.externalId }));
  for (const field of ['calendars', 'lectures'] as const) {
    if (type[field] != null && !SWITCHES.includes(type[field]!)) errors.push(invalid(field, `${field} is enabled, disabled or inherited.`));
  }
  if (errors.length) throw validationFailed(errors);
}

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (caught) {
    if ((caught as Error).name === 'UniqueConstraintViolationException') throw new DomainError('CONFLICT', 'another element type has this externalId');
    throw caught;
  }
}

/** PUT and POST /curriculum/types: without a key a new type, with a key an update of that type. */
export async function saveType(ctx: RequestContext, input: CurriculumElementTypeVOInput): Promise<CurriculumElementTypeVO> {
  requireCurriculumRole(ctx);
  if (input.key != null) return updateType(ctx, input.key, input);
  return saving(() =>
    inTransaction(ctx, async (em) => {
      const type = em.create(CurriculumElementType, { identifier: '', displayName: '' });
      apply(type, input);
      await em.persistAndFlush(type);
      return toCurriculumElementTypeVO(type);
    }),
  );
}

export async function updateType(ctx: RequestContext, key: number, input: CurriculumElementTypeVOInput): Promise<CurriculumElementTypeVO> {
  requireCurriculumRole(ctx);
  if (input.key != null && input.key !== key) throw new DomainError('CONFLICT', `the type names key ${input.key}, not typeKey ${key}`);
  return saving(() =>
    inTransaction(ctx, async (em) => {
      const type = await curricula.findType(em, key);
      apply(type, input);
      await em.flush();
      return toCurriculumElementTypeVO(type);
    }),
  );
}

export async function listAllowedSubTypes(ctx: RequestContext, key: number): Promise<CurriculumElementTypeVO[]> {
  requireCurriculumRole(ctx);
  const type = await curricula.findType(ctx.em, key);
  return allowedSubTypes(type, toCurriculumElementTypeVO);
}

/** true: now allowed; false: it already was (REST answers 200 either way, as OpenOLAT does). */
export async function allowSubType(ctx: RequestContext, key: number, subTypeKey: number): Promise<boolean> {
  requireCurriculumRole(ctx);
  return changeSubType(ctx, key, subTypeKey, curricula.findType, curricula.allowSubType);
}

/** true: no longer allowed; false: it was not allowed (REST answers 200 either way, as OpenOLAT does). */
export async function disallowSubType(ctx: RequestContext, key: number, subTypeKey: number): Promise<boolean> {
  requireCurriculumRole(ctx);
  return changeSubType(ctx, key, subTypeKey, curricula.findType, curricula.disallowSubType);
}
