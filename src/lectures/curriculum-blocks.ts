import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../audit/audit-log';
import { elementOf } from '../curriculum/service';
import type { RequestContext } from '../domain/context';
import { notFound } from '../domain/errors';
import { answerListById } from '../domain/lists';
import type { LectureBlockVO, LectureBlockVOInput } from '../schema/lectures';
import { toLectureBlockVO } from './presenter';
import * as lectures from './repository';
import type { BlockRow } from './repository';
import { lectureConflict, lecturesNotEnabled, writeLectureBlock } from './service';

/**
 * Lecture blocks planned for a curriculum element (catalogue 2.7, "lecture blocks of a curriculum
 * element"): for managers of the curriculum (src/curriculum/policy.ts; else 403). A block always
 * belongs to a course here, so an element without a linked course cannot have new blocks (409).
 */

async function blockOfElement(ctx: RequestContext, curriculumKey: number, elementKey: number, blockKey: number): Promise<BlockRow> {
  await elementOf(ctx, curriculumKey, elementKey);
  return elementBlock(ctx.em, elementKey, blockKey);
}

/** `lock`: see lectures.findBlock. */
async function elementBlock(em: EntityManager, elementKey: number, blockKey: number, lock = false): Promise<BlockRow> {
  const block = await lectures.findBlock(em, blockKey, lock);
  if (!block || block.elementKey !== elementKey) throw notFound('lecture block');
  return block;
}

export async function listElementBlocks(ctx: RequestContext, curriculumKey: number, elementKey: number): Promise<LectureBlockVO[]> {
  await elementOf(ctx, curriculumKey, elementKey);
  return answerListById(ctx, (range) => lectures.blocksOfElement(ctx.em, elementKey, range), toLectureBlockVO);
}

export async function getElementBlock(ctx: RequestContext, curriculumKey: number, elementKey: number, blockKey: number): Promise<LectureBlockVO> {
  return toLectureBlockVO(await blockOfElement(ctx, curriculumKey, elementKey, blockKey));
}

/**
 * PUT and POST …/lectureblocks of an element: a key updates that block of the element (404 when of
 * another element); without one a new block in the course `repoEntryKey` names (409 when it is no
 * course linked to the element, unknown ones too, as OpenOLAT), else in the only course linked to the element (409 when it has none or
 * several). The course must have lectures enabled (409). The element's participants are the new block's.
 */
export async function saveElementBlock(ctx: RequestContext, curriculumKey: number, elementKey: number, input: LectureBlockVOInput): Promise<LectureBlockVO> {
  await elementOf(ctx, curriculumKey, elementKey);
  const key = input.key;
  if (key != null && key > 0) {
    return inTransaction(ctx, async (em) => {
      const block = await elementBlock(em, elementKey, key, true);
      return writeLectureBlock(em, block.entryKey, elementKey, block, input);
    });
  }
  return inTransaction(ctx, async (em) => {
    const linked = await lectures.entriesOfElement(em, elementKey);
    let entryKey: number;
    if (input.repoEntryKey != null) {
      if (!linked.includes(input.repoEntryKey)) throw lectureConflict(`the course ${input.repoEntryKey} is not linked to the curriculum element`);
      entryKey = input.repoEntryKey;
    } else if (linked.length === 1) {
      entryKey = linked[0];
    } else if (linked.length === 0) {
      throw lectureConflict('the curriculum element has no course: link one first (a lecture block belongs to a course here)');
    } else {
      throw lectureConflict('the curriculum element has several courses: name one in repoEntryKey');
    }
    if (!(await lectures.lecturesEnabled(em, entryKey))) throw lecturesNotEnabled(entryKey);
    return writeLectureBlock(em, entryKey, elementKey, null, input);
  });
}

export async function deleteElementBlock(ctx: RequestContext, curriculumKey: number, elementKey: number, blockKey: number): Promise<boolean> {
  const block = await blockOfElement(ctx, curriculumKey, elementKey, blockKey);
  await inTransaction(ctx, (em) => lectures.deleteBlock(em, block.id));
  return true;
}
