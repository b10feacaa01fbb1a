import { isNull, managedByKey, managedType, sameFlags, trimmedEquals, type MeansCurrent } from '../managed/elements';
import type { ManagedKind } from '../managed/flags';
import { toCurriculumElementTypeVO, toCurriculumElementVO, toCurriculumVO } from './presenter';
import * as curricula from './repository';
import { CurriculumElementType } from '../entities/curriculum';
import type { RequestContext } from '../domain/context';
import { requireCurriculumManager } from './policy';

const sameInstant =
  (field: string): MeansCurrent =>
  (given, current) =>
    given instanceof Date && current[field] instanceof Date && given.getTime() === (current[field] as Date).getTime();

/**
 * Given values that mean the stored ones: flags in another order, a name with blanks around it, a blank status or a
 * null parent that changes nothing, the same instant.
 */
const meansCurrent = (kind: ManagedKind) => () => ({
  identifier: trimmedEquals('identifier'),
  displayName: trimmedEquals('displayName'),
  managedFlagsString: sameFlags(kind, 'managedFlagsString'),
  status: (given: unknown) => given === null || (typeof given === 'string' && !given.trim()),
  parentElementKey: isNull,
  organisationKey: isNull,
  curriculumKey: isNull,
  beginDate: sameInstant('beginDate'),
  endDate: sameInstant('endDate'),
});

const curriculumKeyOf = (args: Record<string, any>): number | undefined => args.curriculumKey ?? args.curriculum?.key;

/** The policy first, so that a caller without rights hears 403 rather than 409. */
async function authorize(args: Record<string, any>, ctx: RequestContext): Promise<void> {
  const key = curriculumKeyOf(args);
  if (key != null && (await curricula.findCurriculumRow(ctx.em, key))) await requireCurriculumManager(ctx, key);
}

/** The curriculum ("product") an operation acts on: by path key, else by the key in the body. */
export const managedCurriculum = managedByKey({
  kind: 'product',
  input: 'curriculum',
  keyOf: curriculumKeyOf,
  find: (ctx, key) => curricula.findCurriculumRow(ctx.em, key),
  present: toCurriculumVO,
  rules: meansCurrent('product'),
  authorize,
});

/**
 * The element an operation acts on: by path key, else by the key in the body. An element of another
 * curriculum than the path's is none of this operation's: its service refuses it (403, 409) before
 * its flags could answer.
 */
export const managedElement = managedByKey({
  kind: 'element',
  input: 'curriculumElement',
  keyOf: (args) => args.elementKey ?? args.curriculumElement?.key,
  async find(ctx, key, args) {
    const row = await curricula.findElementRow(ctx.em, key);
    return row && (args.curriculumKey == null || row.curriculumKey === args.curriculumKey) ? row : null;
  },
  present: toCurriculumElementVO,
  rules: meansCurrent('element'),
  authorize,
});

/** The element type an operation acts on. */
export const managedElementType = managedType({
  kind: 'elementType',
  input: 'curriculumElementType',
  pathKey: 'typeKey',
  entity: CurriculumElementType,
  present: toCurriculumElementTypeVO,
  rules: meansCurrent('elementType'),
});
