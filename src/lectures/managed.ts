import type { RequestContext } from '../domain/context';
import { elementOf } from '../curriculum/service';
import type { ManagedElement } from '../managed/elements';
import { normaliseManagedFlags } from '../managed/flags';
import { toLectureBlockVO } from './presenter';
import * as lectures from './repository';
import type { BlockRow } from './repository';
import { lectureCourse } from './service';

/** The course each operation's arguments named, as `authorize` found it (the guard calls it before `load`, with the same arguments). */
const authorizedCourse = new WeakMap<object, number>();

/** The policy first, so that a caller without rights hears 403 (or 404) rather than 409. */
async function authorize(args: Record<string, any>, ctx: RequestContext): Promise<void> {
  if (args.curriculumKey != null && args.elementKey != null) await elementOf(ctx, args.curriculumKey, args.elementKey);
  else authorizedCourse.set(args, (await lectureCourse(ctx, { entry: args.entry, courseKey: args.courseKey })).id);
}

/** Whether the block is one of the element or course the operation names. */
function addressesBlock(args: Record<string, any>, row: BlockRow): boolean {
  if (args.curriculumKey != null && args.elementKey != null) return row.elementKey === args.elementKey;
  return row.entryKey === authorizedCourse.get(args);
}

/**
 * The lecture block an operation acts on (managed flags of catalogue 4.7, legacy names accepted):
 * by path key, else by the key in the body. A null in the input leaves a field as it is, so it is
 * reported as the current value; flags compare by meaning.
 */
export const managedLectureBlock: ManagedElement = {
  kind: 'event',
  authorize,
  async load(args, ctx) {
    const key = args.lectureBlockKey ?? args.lectureBlock?.key;
    const row = key == null || key <= 0 ? null : await lectures.findBlock(ctx.em, key);
    // A block of another course or element is not this operation's (the service answers 404): its flags stay unsaid.
    if (!row || !addressesBlock(args, row)) return null;
    const current = toLectureBlockVO(row) as unknown as Record<string, unknown>;
    const given = (args.lectureBlock ?? {}) as Record<string, unknown>;
    // plannedLectures is always written (absent: 0): the guard compares what will be written.
    if (args.lectureBlock && args.lectureBlock.plannedLectures == null) args.lectureBlock.plannedLectures = 0;
    const values = { ...current };
    for (const [field, value] of Object.entries(given)) {
      if (value === null) values[field] = null;
      else if (value instanceof Date && current[field] instanceof Date && value.getTime() === (current[field] as Date).getTime()) values[field] = value;
    }
    if (
      typeof given.managedFlagsString === 'string' &&
      normaliseManagedFlags('event', given.managedFlagsString) === normaliseManagedFlags('event', row.managedFlags)
    ) {
      values.managedFlagsString = given.managedFlagsString;
    }
    // Only autoclosed changes anything.
    if (given.rollCallStatus !== undefined && given.rollCallStatus !== 'autoclosed') values.rollCallStatus = given.rollCallStatus;
    return { managedFlags: row.managedFlags, values };
  },
};
