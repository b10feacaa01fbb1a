import type { ManagedElement } from '../managed/elements';
import { normaliseManagedFlags, type ManagedKind } from '../managed/flags';
import { toCurriculumElementTypeVO, toCurriculumElementVO, toCurriculumVO } from './presenter';
import * as curricula from './repository';
import { CurriculumElementType } from '../entities/curriculum';
import type { RequestContext } from '../domain/context';
import { requireCurriculumManager } from './policy';

/**
 * The managed guard compares given and current values by content. Where a given value means the
 * same as the stored one (flags in another order, a name with surrounding blanks, a blank status or
 * a null parent that changes nothing), report the given value as the current one so unchanged fields pass.
 */
function sameAsGiven(kind: ManagedKind, given: Record<string, unknown>, current: Record<string, unknown>): Record<string, unknown> {
  const values = { ...current };
  const same: Record<string, (value: unknown) => boolean> = {
    identifier: (value) => typeof value === 'string' && value.trim() === current.identifier,
    displayName: (value) => typeof value === 'string' && value.trim() === current.displayName,
    managedFlagsString: (value) =>
      normaliseManagedFlags(kind, value as string | null) === normaliseManagedFlags(kind, current.managedFlagsString as string | null),
    status: (value) => value === null || (typeof value === 'string' && !value.trim()),
    parentElementKey: (value) => value === null,
    organisationKey: (value) => value === null,
    curriculumKey: (value) => value === null,
    beginDate: (value) => value instanceof Date && current.beginDate instanceof Date && value.getTime() === current.beginDate.getTime(),
    endDate: (value) => value instanceof Date && current.endDate instanceof Date && value.getTime() === current.endDate.getTime(),
  };
  for (const [field, check] of Object.entries(same)) if (given[field] !== undefined && check(given[field])) values[field] = given[field];
  return values;
}

/** The policy first, so that a caller without rights hears 403 rather than 409. */
async function authorize(args: Record<string, any>, ctx: RequestContext): Promise<void> {
  const key = args.curriculumKey ?? args.curriculum?.key;
  if (key != null && (await curricula.findCurriculumRow(ctx.em, key))) await requireCurriculumManager(ctx, key);
}

/** The curriculum ("product") an operation acts on: by path key, else by the key in the body. */
export const managedCurriculum: ManagedElement = {
  kind: 'product',
  authorize,
  async load(args, ctx) {
    const key = args.curriculumKey ?? args.curriculum?.key;
    const row = key == null ? null : await curricula.findCurriculumRow(ctx.em, key);
    if (!row) return null;
    const current = toCurriculumVO(row) as unknown as Record<string, unknown>;
    return { managedFlags: row.managedFlags, values: sameAsGiven('product', args.curriculum ?? {}, current) };
  },
};

/**
 * The element an operation acts on: by path key, else by the key in the body. An element of another
 * curriculum than the path's is none of this operation's: its service refuses it (403, 409) before
 * its flags could answer.
 */
export const managedElement: ManagedElement = {
  kind: 'element',
  authorize,
  async load(args, ctx) {
    const key = args.elementKey ?? args.curriculumElement?.key;
    const row = key == null ? null : await curricula.findElementRow(ctx.em, key);
    if (!row || (args.curriculumKey != null && row.curriculumKey !== args.curriculumKey)) return null;
    const current = toCurriculumElementVO(row) as unknown as Record<string, unknown>;
    return { managedFlags: row.managedFlags, values: sameAsGiven('element', args.curriculumElement ?? {}, current) };
  },
};

/** The element type an operation acts on: by path key, else by the key in the body. */
export const managedElementType: ManagedElement = {
  kind: 'elementType',
  async load(args, ctx) {
    const key = args.typeKey ?? args.curriculumElementType?.key;
    const type = key == null ? null : await ctx.em.findOne(CurriculumElementType, { id: key });
    if (!type) return null;
    const current = toCurriculumElementTypeVO(type) as unknown as Record<string, unknown>;
    return { managedFlags: type.managedFlags, values: sameAsGiven('elementType', args.curriculumElementType ?? {}, current) };
  },
};
