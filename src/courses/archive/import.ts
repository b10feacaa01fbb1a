import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../../audit/audit-log';
import { sql } from '../../db/sql';
import { requireCaller, type RequestContext } from '../../domain/context';
import { DomainError, badRequest, validationFailed, type ErrorDetail } from '../../domain/errors';
import { tooLong, tooLongValues } from '../../domain/validation';
import { ENTRY_STATUSES, EntryRole, type EntryStatus } from '../../entities/courses';
import { fileStorage } from '../../files/storage';
import { creationOrganisation } from '../policy';
import type { EntryRow } from '../presenter';
import * as entries from '../repository';
import { isStatus, createdEntry, statusOfAccess } from '../entries';
import { saveCourseConfig } from '../configuration';
import { courseConfigOfXml } from './course-config-xml';
import { latestPublish, nodeAccessTypeOf, parseEditorTreeModel, parseRepoXml, parseRunStructure, type ImportedNode } from './course-xml';
import { DIRECTORY_TYPE, contentTypeOf, storagePathOf } from './files';
import { archiveLimits, removeStaged, stageBuffer, type StagedUpload } from './staging';
import { ZipArchive } from './zip-reader';

/** The fields of both import routes (POST /repo/courses, PUT /repo/entries). */
export interface ArchiveImport {
  file?: Buffer | null;
  filename?: string | null;
  resourcename?: string | null;
  displayname?: string | null;
  softkey?: string | null;
  access?: number | null;
  status?: string | null;
  membersOnly?: boolean | null;
  externalId?: string | null;
  externalRef?: string | null;
  organisationkey?: number | null;
}

/** The parts of a course export read from their own XML: everything else is kept as files. */
const READ_PARTS = new Set(['runstructure.xml', 'editortreemodel.xml']);

function validate(input: ArchiveImport): EntryStatus | null {
  const errors: ErrorDetail[] = [
    ...(input.status && !isStatus(input.status)
      ? [{ code: 'org.olat.repository:status.unknown', translation: `Unknown status "${input.status}"; the statuses are ${ENTRY_STATUSES.join(', ')}.` }]
      : []),
    ...(input.softkey && input.softkey.length > 36 ? [tooLong('softkey', 36)] : []),
    ...tooLongValues({ displayname: input.displayname, resourcename: input.resourcename, externalId: input.externalId, externalRef: input.externalRef }),
  ];
  if (errors.length) throw validationFailed(errors);
  if (input.status) return input.status as EntryStatus;
  return input.access != null ? statusOfAccess(input.access, input.membersOnly === true) : null;
}

async function insertEditorTree(em: EntityManager, entryKey: number, nodes: ImportedNode[]): Promise<void> {
  const ids = new Map<string, number>();
  for (const node of nodes) {
    const [{ id }] = await sql<{ id: number }>(
      em,
      `insert into course_element (entry_id, ident, parent_id, position, type, short_title, long_title, description, objectives, instruction,
         instructional_design, display_type, page_file, xml_extra) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb) returning id`,
      [entryKey, node.ident, node.parentIdent === null ? null : ids.get(node.parentIdent)!, node.position, ...nodeValues(node)],
    );
    ids.set(node.ident, id);
  }
}

const nodeValues = (node: ImportedNode) => [
  node.type,
  node.shortTitle,
  node.longTitle,
  node.description,
  node.objectives,
  node.instruction,
  node.instructionalDesign,
  node.displayType,
  node.pageFile,
  JSON.stringify(node.xmlExtra),
];

async function insertRunTree(em: EntityManager, entryKey: number, nodes: ImportedNode[]): Promise<void> {
  for (const node of nodes) {
    await sql(
      em,
      `insert into course_run_element (entry_id, ident, parent_ident, position, type, short_title, long_title, description, objectives, instruction,
         instructional_design, display_type, page_file, xml_extra) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)`,
      [entryKey, node.ident, node.parentIdent, node.position, ...nodeValues(node)],
    );
  }
}

/** The owner of an import: `ownerUsername` when given (400 when no one has that login), else the caller. */
async function ownerOf(ctx: RequestContext, ownerUsername: string | null | undefined): Promise<number> {
  if (ownerUsername == null) return requireCaller(ctx).key;
  const [row] = await sql<{ id: number }>(ctx.em, 'select i.id from identity i where lower(i.login) = lower(?)', [ownerUsername]);
  if (!row) throw badRequest(`no user has the login ${ownerUsername}`);
  return row.id;
}

/**
 * Imports a course export ZIP (POST /repo/courses, PUT /repo/entries) as a new course: its entry with
 * the metadata of export/repo.xml (overridden by the fields sent), the editor tree of
 * editortreemodel.xml, the run tree of runstructure.xml, the configuration of CourseConfig.xml, and every other file of the archive kept
 * (course folder, CourseConfig.xml, export/, media/ ...), all in one transaction. Answers null when
 * there is no file or it is empty (REST: 204). The owner is `ownerUsername` or the caller.
 */
export async function importArchive<T>(
  ctx: RequestContext,
  input: ArchiveImport,
  present: (row: EntryRow) => T,
  ownerUsername?: string | null,
): Promise<T | null> {
  requireCaller(ctx);
  const ownStage = !ctx.stagedUpload && input.file ? await stageBuffer(input.file, input.filename ?? null) : undefined;
  const staged: StagedUpload | undefined = ctx.stagedUpload ?? ownStage;
  try {
    const owner = await ownerOf(ctx, ownerUsername);
    const status = validate(input);
    if (!staged || staged.size === 0) return null;
    const zip = await ZipArchive.open(staged.path, archiveLimits());
    try {
      return await importZip(ctx, zip, input, status, owner, present);
    } finally {
      zip.close();
    }
  } finally {
    // Removed before the answer leaves (the REST transport also removes it when the request ends).
    await removeStaged(staged);
    if (staged === ctx.stagedUpload) ctx.stagedUpload = undefined;
  }
}

async function importZip<T>(
  ctx: RequestContext,
  zip: ZipArchive,
  input: ArchiveImport,
  status: EntryStatus | null,
  owner: number,
  present: (row: EntryRow) => T,
): Promise<T> {
  const runXml = await zip.text('runstructure.xml');
  const editorXml = await zip.text('editortreemodel.xml');
  if (runXml === null || editorXml === null) throw badRequest('the archive is no course export: it has no runstructure.xml or no editortreemodel.xml');
  const runTree = parseRunStructure(runXml);
  const editorTree = parseEditorTreeModel(editorXml);
  const repo = parseRepoXml(await zip.text('export/repo.xml'));
  const courseConfig = await zip.text('CourseConfig.xml');
  const nodeAccessType = nodeAccessTypeOf(courseConfig);
  const configuration = courseConfigOfXml(courseConfig);
  const root = editorTree[0];
  const displayname = (input.displayname?.trim() || repo.displayName || root.longTitle?.trim() || root.shortTitle?.trim() || input.filename || 'Course').slice(
    0,
    255,
  );

  return inTransaction(ctx, async (em) => {
    const organisationKey = await creationOrganisation({ ...ctx, em }, input.organisationkey);
    const fromArchive = repo.softkey && repo.softkey.length <= 36 && !(await entries.findEntry(em, { softkey: repo.softkey })) ? repo.softkey : null;
    const insert = (softkey: string) =>
      entries.insertEntry(em, {
        softkey,
        displayname,
        description: repo.description || null,
        teaser: null,
        authors: null,
        location: null,
        externalId: input.externalId ?? null,
        externalRef: input.externalRef ?? null,
        managedFlags: null,
        status: status ?? 'preparation',
        organisationKey,
        publicVisible: input.status == null && input.access === 4,
        editorRootNodeId: root.ident,
        nodeAccessType,
      });
    const softkey = input.softkey?.trim() || fromArchive || randomBytes(15).toString('hex');
    let entryKey = await insert(softkey);
    // The archive's softkey taken meanwhile by a concurrent import of the same archive: a new one, as when it was taken before.
    if (entryKey === null && softkey === fromArchive && !input.softkey?.trim()) entryKey = await insert(randomBytes(15).toString('hex'));
    if (entryKey === null) throw new DomainError('CONFLICT', `a repository entry has the softkey ${softkey} or the externalId ${input.externalId} already`);
    const resourcename = (input.resourcename ?? repo.resourceName ?? '-').slice(0, 255) || '-';
    // A course published before is published as imported: its run tree is the one of runstructure.xml.
    const published = runTree.length > 0 && latestPublish(editorXml) !== null;
    await sql(em, `update repository_entry set resourcename = ?, published_at = ${published ? 'now()' : 'null'} where id = ?`, [resourcename, entryKey]);
    await insertEditorTree(em, entryKey, editorTree);
    await insertRunTree(em, entryKey, runTree);
    await entries.insertMember(em, entryKey, owner, EntryRole.owner);
    if (configuration) await saveCourseConfig(em, entryKey, configuration);
    const storage = fileStorage(em);
    for (const directory of zip.directories) await storage.put(storagePathOf(entryKey, directory), Buffer.alloc(0), DIRECTORY_TYPE);
    for (const name of zip.files.keys()) {
      if (READ_PARTS.has(name)) continue;
      await storage.putStream(storagePathOf(entryKey, name), zip.read(name), contentTypeOf(name));
    }
    return present(await createdEntry(ctx, em, entryKey));
  });
}
