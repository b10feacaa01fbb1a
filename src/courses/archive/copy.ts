import { randomBytes } from 'node:crypto';
import { inTransaction } from '../../audit/audit-log';
import { sql } from '../../db/sql';
import { requireCaller, type RequestContext } from '../../domain/context';
import { DomainError, notFound } from '../../domain/errors';
import { EntryRole } from '../../entities/courses';
import { fileStorage } from '../../files/storage';
import type { CourseVO, CourseVOInput } from '../../schema/courses';
import { creationOrganisation, requireEntryManager } from '../policy';
import { toCourseVO, type EntryRow } from '../presenter';
import * as entries from '../repository';
import { COURSE_TYPE, initialOwnerOf, createdEntry, validateCourse } from '../entries';
import { courseFiles } from './files';
import { saveCourseConfig } from '../configuration';
import { entryImagePath } from '../image';

const NODE_COLUMNS = `position, type, short_title, long_title, description, objectives, instruction, instructional_design, display_type, page_file, xml_extra`;

/**
 * PUT /repo/courses?copyFrom={id}: a new course copied from the course with that id (OLAT resource
 * id), else from the course entry with that key, as CoursesWebService.copyCourse looks it up, named
 * displayName, title or shortTitle, else "Copy of" the source's name: its metadata
 * (the fields sent win), editor and run tree with every node's kept XML, its course folder and the
 * other files it keeps; not its members. The source must be a course the caller manages
 * (administrator or learning resource manager of its organisation, or owner): 404 when there is no
 * such course, 403 when the caller does not manage it. Owned as initialOwnerOf says.
 */
export async function copyCourse(ctx: RequestContext, input: CourseVOInput): Promise<CourseVO> {
  requireCaller(ctx);
  const source = await courseToCopy(ctx, input.copyFrom!);
  if (!source) throw notFound('course to copy');
  await requireEntryManager(ctx, source);
  const { status } = validateCourse({ ...input, title: input.title ?? input.displayName ?? input.shortTitle ?? source.displayname });
  const softkey = input.softKey?.trim() || randomBytes(15).toString('hex');
  return inTransaction(ctx, async (em) => {
    const organisationKey = await creationOrganisation({ ...ctx, em }, input.organisationKey, source.organisationKey);
    const owner = await initialOwnerOf(ctx, em, input);
    const entryKey = await entries.insertEntry(em, {
      softkey,
      displayname: input.displayName?.trim() || input.title?.trim() || input.shortTitle?.trim() || `Copy of ${source.displayname}`,
      description: input.description ?? source.description ?? null,
      teaser: input.teaser ?? source.teaser ?? null,
      authors: input.authors ?? source.authors ?? null,
      location: input.location ?? source.location ?? null,
      externalId: input.externalId ?? null,
      externalRef: input.externalRef ?? null,
      managedFlags: input.managedFlags ?? null,
      status,
      organisationKey,
      publicVisible: input.publicVisible ?? (input.status == null && input.access === 4),
      editorRootNodeId: source.editorRootNodeId ?? null,
      nodeAccessType: source.nodeAccessType,
    } as Parameters<typeof entries.insertEntry>[1]);
    if (entryKey === null) throw new DomainError('CONFLICT', `a repository entry has the softkey ${softkey} or the externalId ${input.externalId} already`);
    await sql(
      em,
      `update repository_entry c set resourcename = s.resourcename, published_at = s.published_at,
         objectives = coalesce(?, s.objectives), requirements = coalesce(?, s.requirements), credits = coalesce(?, s.credits),
         expenditure_of_work = coalesce(?, s.expenditure_of_work), main_language = s.main_language
       from repository_entry s where c.id = ? and s.id = ?`,
      [input.objectives ?? null, input.requirements ?? null, input.credits ?? null, input.expenditureOfWork ?? null, entryKey, source.id],
    );
    await sql(
      em,
      `insert into course_config (entry_id, calendar, chat, css_layout_ref, efficiency_statement, glossary_softkey, shared_folder_softkey)
       select ?, calendar, chat, css_layout_ref, efficiency_statement, glossary_softkey, shared_folder_softkey from course_config where entry_id = ?`,
      [entryKey, source.id],
    );
    if (input.sharedFolderSoftKey) await saveCourseConfig(em, entryKey, { sharedFolderSoftkey: input.sharedFolderSoftKey });
    // The editor tree: the nodes, then each one's parent by the ident of the source's parent.
    await sql(em, `insert into course_element (entry_id, ident, ${NODE_COLUMNS}) select ?, ident, ${NODE_COLUMNS} from course_element where entry_id = ?`, [
      entryKey,
      source.id,
    ]);
    await sql(
      em,
      `update course_element n set parent_id = np.id
       from course_element o join course_element op on op.id = o.parent_id join course_element np on np.entry_id = ? and np.ident = op.ident
       where n.entry_id = ? and o.entry_id = ? and o.ident = n.ident`,
      [entryKey, entryKey, source.id],
    );
    await sql(
      em,
      `insert into course_run_element (entry_id, ident, parent_ident, ${NODE_COLUMNS}) select ?, ident, parent_ident, ${NODE_COLUMNS} from course_run_element where entry_id = ?`,
      [entryKey, source.id],
    );
    const storage = fileStorage(em);
    const from = courseFiles(source.id);
    for (const file of await storage.list(from)) await storage.copy(file.path, `${courseFiles(entryKey)}${file.path.slice(from.length)}`);
    if (await storage.stat(entryImagePath(source.id))) await storage.copy(entryImagePath(source.id), entryImagePath(entryKey));
    if (owner !== null) await entries.insertMember(em, entryKey, owner, EntryRole.owner);
    return toCourseVO(await createdEntry(ctx, em, entryKey));
  });
}

/** The course `copyFrom` names: by its id (OLAT resource id) first, then by its entry key. */
async function courseToCopy(ctx: RequestContext, copyFrom: number): Promise<EntryRow | null> {
  const isCourse = (row: EntryRow | null) => (row?.resourceTypeName === COURSE_TYPE ? row : null);
  return isCourse(await entries.findEntry(ctx.em, { olatResourceId: copyFrom })) ?? isCourse(await entries.findEntry(ctx.em, { key: copyFrom }));
}
