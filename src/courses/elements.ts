import { EXPERT_RULES, EXPERT_RULE_MAX_LENGTH, withExpertRules, type ExpertRuleField } from './expert-rules';
import { inTransaction } from '../audit/audit-log';
import { requireCaller, type RequestContext } from '../domain/context';
import { DomainError, badRequest, notFound, validationFailed, type ErrorDetail } from '../domain/errors';
import { loader } from '../domain/loaders';
import { pageOf, type Edge, type EdgePage } from '../domain/edges';
import { tooLongValues } from '../domain/validation';
import { type EntryStatus } from '../entities/courses';
import { fileStorage } from '../files/storage';
import type { CourseNodeInput, CourseNodeVO, CourseTreeXmlVO, CourseVO } from '../schema/courses';
import { requireEntryManager } from './policy';
import { toCourseNodeVO, toCourseVO, type EntryRow } from './presenter';
import * as entries from './repository';
import type { ElementFields, ElementRow } from './presenter';
import { findCourse, isStatus, nodeIdent } from './entries';
import { editorTreeModelXml, runStructureXml } from './xstream';

/** Course elements (catalogue 2.4 "Course elements"): nodes of a course's editor tree, made visible to learners by publishing. */

export const STRUCTURE = 'st';
export const SINGLE_PAGE = 'sp';
export type ElementType = typeof STRUCTURE | typeof SINGLE_PAGE;

const DISPLAY_TYPES = ['toc', 'peekview', 'file', 'none'];

/** OpenOLAT's title of a new element without one. */
const UNTITLED = 'undefined';

/** Where the files of a course's folder are stored. */
const courseFolder = (entryKey: number) => `courses/${entryKey}/coursefolder`;
export const pagePath = (entryKey: number, pageFile: string) => `${courseFolder(entryKey)}/${pageFile}`;

async function managedCourse(ctx: RequestContext, courseKey: number): Promise<EntryRow> {
  const row = await findCourse(ctx, courseKey);
  await requireEntryManager(ctx, row);
  return row;
}

/** A name in the course folder: a plain file name, or for `path` a relative path without `..`; null when it is none. */
function folderName(value: string, nested: boolean): string | null {
  const name = value.replace(/^\/+/, '');
  const segments = name.split('/');
  if (!name || name.length > 1024 || name.includes('\\') || segments.some((segment) => !segment || segment === '.' || segment === '..')) return null;
  return nested || segments.length === 1 ? name : null;
}

function validate(type: ElementType, input: CourseNodeInput, creating: boolean): void {
  const errors: ErrorDetail[] = [
    ...(input.displayType != null && (type !== STRUCTURE || !DISPLAY_TYPES.includes(input.displayType))
      ? [
          {
            code: 'org.olat.course:displayType.unknown',
            translation: `displayType is for structure elements: ${DISPLAY_TYPES.join(', ')}.`,
          },
        ]
      : []),
    ...(input.filename != null && !folderName(input.filename, false)
      ? [{ code: 'org.olat.course:filename.invalid', translation: 'filename is a plain file name.' }]
      : []),
    ...(input.path != null && !folderName(input.path, true)
      ? [{ code: 'org.olat.course:path.invalid', translation: 'path is a path in the course folder, without "..".' }]
      : []),
    ...(input.file && input.path != null ? [{ code: 'org.olat.course:file.twice', translation: 'send a file or a path, not both.' }] : []),
    ...tooLongValues({ shortTitle: input.shortTitle, longTitle: input.longTitle }),
    ...(Object.keys(EXPERT_RULES) as ExpertRuleField[])
      .filter((field) => (input[field]?.length ?? 0) > EXPERT_RULE_MAX_LENGTH)
      .map((field) => ({ code: `org.olat.course:${field}.tooLong`, translation: `${field} is longer than ${EXPERT_RULE_MAX_LENGTH} characters.` })),
  ];
  if (errors.length) throw validationFailed(errors);
  // OpenOLAT refuses a single page without its page as an invalid configuration: 406.
  if (creating && type === SINGLE_PAGE && !input.file && input.path == null) {
    throw new DomainError('NOT_ACCEPTABLE', 'a single page needs its HTML page: a file, or the path of a page in the course folder');
  }
}

/** A title or text field of an update: OpenOLAT changes it only when it has more than whitespace. */
const given = (value: string | null | undefined) => (value?.trim() ? value : undefined);

const contentTypeOf = (name: string) => (/\.x?html?$/i.test(name) ? 'text/html' : 'application/octet-stream');

/** The page file the element shows after this input: an upload stored in the course folder, an existing file there, or (undefined) unchanged. */
async function pageFileOf(ctx: RequestContext, entryKey: number, ident: string, input: CourseNodeInput): Promise<string | undefined> {
  const storage = fileStorage(ctx.em);
  if (input.file) {
    const name = folderName(input.filename ?? '', false) ?? `${ident}.html`;
    await storage.put(pagePath(entryKey, name), input.file, contentTypeOf(name));
    return name;
  }
  if (input.path != null) {
    const name = folderName(input.path, true)!;
    if (!(await storage.stat(pagePath(entryKey, name)))) throw notFound(`file ${name} in the course folder`);
    return name;
  }
  return undefined;
}

async function presentElement(ctx: RequestContext, entryKey: number, ident: string): Promise<CourseNodeVO> {
  const row = await entries.findElement(ctx.em, entryKey, ident);
  if (!row) throw notFound('course element');
  return toCourseNodeVO(row);
}

export async function getElement(ctx: RequestContext, courseKey: number, nodeId: string): Promise<CourseNodeVO> {
  const course = await managedCourse(ctx, courseKey);
  return presentElement(ctx, course.id, nodeId);
}

/**
 * A new structure or single-page element under `parentNodeId` of the editor tree (none: its root, as in OpenOLAT), at
 * `position` among its siblings or (none or negative) last.
 */
export async function createElement(ctx: RequestContext, courseKey: number, type: ElementType, input: CourseNodeInput): Promise<CourseNodeVO> {
  const course = await managedCourse(ctx, courseKey);
  validate(type, input, true);
  const ident = nodeIdent();
  await inTransaction(ctx, async (em) => {
    await entries.lockEntry(em, course.id);
    const parentNodeId = input.parentNodeId ?? course.editorRootNodeId;
    const parent = parentNodeId == null ? null : await entries.findElement(em, course.id, parentNodeId);
    if (!parent) throw notFound('parent course element');
    if ((await entries.levelOfElement(em, parent.id)) >= entries.MAX_TREE_LEVELS) {
      throw badRequest(`course trees hold at most ${entries.MAX_TREE_LEVELS} levels: the parent element is on the last`);
    }
    const pageFile = (await pageFileOf({ ...ctx, em }, course.id, ident, input)) ?? null;
    const fields: ElementFields = {
      shortTitle: input.shortTitle ?? UNTITLED,
      longTitle: input.longTitle ?? UNTITLED,
      description: input.description ?? null,
      objectives: input.objectives ?? null,
      instruction: input.instruction ?? null,
      instructionalDesign: input.instructionalDesign ?? null,
      displayType: type === STRUCTURE ? (input.displayType ?? (pageFile ? 'file' : 'toc')) : null,
      pageFile,
    };
    const position = input.position != null && input.position >= 0 ? input.position : null;
    await entries.insertElement(em, course.id, parent.id, position, ident, type, fields, withExpertRules(null, input));
  });
  return presentElement(ctx, course.id, ident);
}

/**
 * Changes the fields sent with more than whitespace (the others stay); a new file replaces the page.
 * As in OpenOLAT, the node may be of any type: `type` only decides which fields apply.
 */
export async function updateElement(ctx: RequestContext, courseKey: number, type: ElementType, nodeId: string, input: CourseNodeInput): Promise<CourseNodeVO> {
  const course = await managedCourse(ctx, courseKey);
  validate(type, input, false);
  await inTransaction(ctx, async (em) => {
    const element = await entries.findElement(em, course.id, nodeId);
    if (!element) throw notFound('course element');
    const pageFile = await pageFileOf({ ...ctx, em }, course.id, nodeId, input);
    await entries.updateElement(
      em,
      element.id,
      {
        shortTitle: given(input.shortTitle),
        longTitle: given(input.longTitle),
        description: given(input.description),
        objectives: given(input.objectives),
        instruction: given(input.instruction),
        instructionalDesign: given(input.instructionalDesign),
        displayType: element.type === STRUCTURE ? (input.displayType ?? undefined) : undefined,
        pageFile,
      },
      input.visibilityExpertRules?.trim() || input.accessExpertRules?.trim() ? withExpertRules(element.xmlExtra, input) : undefined,
    );
  });
  return presentElement(ctx, course.id, nodeId);
}

/**
 * POST /repo/courses/{id}/publish: the run tree becomes a copy of the editor tree and the entry takes `status`; as in
 * OpenOLAT, a status that is absent or no status name publishes in preparation.
 */
export async function publishCourse(ctx: RequestContext, courseKey: number, status: string | null | undefined): Promise<CourseVO> {
  const course = await managedCourse(ctx, courseKey);
  const statusAfter: EntryStatus = status != null && isStatus(status) ? status : 'preparation';
  await inTransaction(ctx, async (em) => {
    await entries.lockEntry(em, course.id);
    await entries.publishTree(em, course.id, statusAfter);
  });
  return toCourseVO((await entries.findEntry(ctx.em, { key: course.id }))!);
}

function xmlFile(courseKey: number, xml: string, rows: ElementRow[]): CourseTreeXmlVO {
  const content = Buffer.from(xml, 'utf8');
  const lastModified = new Date(Math.max(0, ...rows.map((row) => new Date(row.lastModified).getTime())));
  // HTTP dates have whole seconds: a conditional GET compares them.
  lastModified.setMilliseconds(0);
  return { courseKey, contentType: 'application/xml', length: content.length, lastModified, content };
}

export async function runStructure(ctx: RequestContext, courseKey: number): Promise<CourseTreeXmlVO> {
  const course = await managedCourse(ctx, courseKey);
  const rows = await entries.runTrees(ctx.em, [course.id]);
  return xmlFile(courseKey, runStructureXml(rows), rows);
}

export async function editorTreeModel(ctx: RequestContext, courseKey: number): Promise<CourseTreeXmlVO> {
  const course = await managedCourse(ctx, courseKey);
  const rows = await entries.editorTrees(ctx.em, [course.id]);
  return xmlFile(courseKey, editorTreeModelXml(rows, course.publishedAt ?? null), rows);
}

/**
 * A page of the editor or run tree of each course (by entry key) in depth-first order, for the
 * courses the caller manages (the rule of GET …/editortreemodel and …/runstructure): one statement
 * for the rule and one for the nodes, however many courses.
 */
export function courseTree(ctx: RequestContext, entryKey: number, tree: 'editor' | 'run', page: EdgePage): Promise<CourseNodeVO[]> {
  const edge: Edge<ElementRow, CourseNodeVO> = {
    readable: async (keys) => new Set(await entries.managedEntryKeys(ctx.em, requireCaller(ctx), keys)),
    read: (keys, page, cap) => (tree === 'editor' ? entries.pagesOfEditorTrees : entries.pagesOfRunTrees)(ctx.em, keys, page, cap),
    present: toCourseNodeVO,
  };
  return pageOf(ctx, `course ${tree} trees`, edge, page, entryKey);
}

/** The text of the element's HTML page, if it has one; the pages of all the nodes of an answer are read in one statement. */
export async function pageText(ctx: RequestContext, node: CourseNodeVO): Promise<string | null> {
  if (!node.pageFile) return null;
  const pages = loader<string, string | null>(ctx, 'course pages', async (paths) => {
    const files = new Map((await fileStorage(ctx.em).getMany(paths)).map((file) => [file.path, file.content.toString('utf8')]));
    return paths.map((path) => files.get(path) ?? null);
  });
  return pages.load(pagePath(node.entryKey, node.pageFile));
}
