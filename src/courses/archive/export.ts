import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { js2xml, type Element } from 'xml-js';
import yazl from 'yazl';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireCaller, type RequestContext } from '../../domain/context';
import { fileStorage } from '../../files/storage';
import type { CourseExportVO } from '../../schema/course-archives';
import { requireEntryManager } from '../policy';
import type { EntryRow } from '../presenter';
import * as entries from '../repository';
import { findCourse } from '../entries';
import { editorTreeModelXml, runStructureXml } from '../xstream';
import { courseConfigRow } from '../configuration';
import { courseConfigXml } from './course-config-xml';
import { child, childElements, parseXml } from './course-xml';
import { DIRECTORY_TYPE, archiveNameOf, courseFiles, storagePathOf } from './files';

const ZIP = 'application/zip';
const COURSE_CONFIG = 'CourseConfig.xml';

const text = (name: string, value: string | null): Element => ({ type: 'element', name, elements: value ? [{ type: 'text', text: value }] : [] });

/** export/repo.xml from the entry's current metadata; what an imported repo.xml had besides (InitialAuthor, licence ...) stays. */
async function repoXml(em: EntityManager, row: EntryRow, fallbackAuthor: string): Promise<string> {
  const kept = await fileStorage(em).get(storagePathOf(row.id, 'export/repo.xml'));
  let root: Element = { type: 'element', name: 'RepositoryEntryProperties', elements: [] };
  if (kept) {
    try {
      root = parseXml(kept.content.toString('utf8'), 'export/repo.xml');
    } catch {
      // A kept file that does not parse is replaced.
    }
  }
  const current: [string, string | null][] = [
    ['Softkey', row.softkey],
    ['ResourceName', row.resourcename],
    ['DisplayName', row.displayname],
    ['Description', row.description ?? ''],
  ];
  const elements = childElements(root);
  for (const [name, value] of current) {
    const index = elements.findIndex((element) => element.name === name);
    if (index >= 0) elements[index] = text(name, value);
    else elements.push(text(name, value));
  }
  if (!child(root, 'InitialAuthor')) elements.push(text('InitialAuthor', fallbackAuthor));
  root.elements = elements;
  return js2xml({ elements: [root] }, { spaces: 2 });
}

/** Writes the export ZIP of the course to `out` as it is made: the trees and repo.xml generated, every kept file streamed from the storage. */
async function writeArchive(ctx: RequestContext, row: EntryRow, out: NodeJS.WritableStream): Promise<void> {
  const em = ctx.em;
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, out as NodeJS.WritableStream & Parameters<typeof pipeline>[1]);
  try {
    const [editor, run] = [await entries.editorTrees(em, [row.id]), await entries.runTrees(em, [row.id])];
    zip.addBuffer(Buffer.from(runStructureXml(run), 'utf8'), 'runstructure.xml');
    zip.addBuffer(Buffer.from(editorTreeModelXml(editor, row.publishedAt ?? null), 'utf8'), 'editortreemodel.xml');
    zip.addBuffer(Buffer.from(await repoXml(em, row, requireCaller(ctx).login), 'utf8'), 'export/repo.xml');
    // CourseConfig.xml: the kept one (or OpenOLAT's defaults) with the course's current configuration.
    const keptConfig = await fileStorage(em).get(storagePathOf(row.id, COURSE_CONFIG));
    const config = courseConfigXml(keptConfig ? keptConfig.content.toString('utf8') : null, await courseConfigRow(em, row.id));
    zip.addBuffer(Buffer.from(config, 'utf8'), COURSE_CONFIG);
    const storage = fileStorage(em);
    const files = await storage.list(courseFiles(row.id));
    const names = new Set<string>();
    for (const file of files) {
      const name = archiveNameOf(row.id, file.path);
      if (!name || name === 'export/repo.xml' || name === COURSE_CONFIG || names.has(name)) continue;
      names.add(name);
      if (file.contentType === DIRECTORY_TYPE) {
        zip.addEmptyDirectory(name.replace(/\/$/, ''), { mtime: file.lastModified });
        continue;
      }
      const path = file.path;
      // Read when yazl gets to the entry: one file's chunks at a time.
      const lazy = Readable.from(
        (async function* () {
          const content = await storage.readStream(path);
          if (content) yield* content;
        })(),
      );
      zip.addReadStream(lazy, name, { mtime: file.lastModified, size: file.size });
    }
  } finally {
    zip.end();
  }
  await written;
}

const safeName = (name: string) => name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 100) || 'course';

/**
 * GET /repo/courses/{id}/file, /repo/entries/{k}/file: the course's export ZIP (administrators,
 * learning resource managers and owners). REST streams the ZIP as it is made (`ctx.fileStream`);
 * GraphQL answers where to download it.
 */
export async function exportArchive(ctx: RequestContext, address: { courseKey: number } | { entry: EntryRow }): Promise<CourseExportVO> {
  const row = 'entry' in address ? address.entry : await findCourse(ctx, address.courseKey);
  await requireEntryManager(ctx, row);
  const filename = `${safeName(row.displayname)}.zip`;
  ctx.fileStream = { filename, write: (out) => writeArchive(ctx, row, out) };
  return {
    courseKey: row.olatResourceId,
    repoEntryKey: row.id,
    path: `/restapi/repo/courses/${row.olatResourceId}/file`,
    filename,
    contentType: ZIP,
  };
}
