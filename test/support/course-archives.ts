import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { xml2js, type Element } from 'xml-js';

/** The course export fixtures: real OpenOLAT exports (test/fixtures/courses/SOURCES.md), or those in COURSE_FIXTURES. */
export const FIXTURE_DIR = process.env.COURSE_FIXTURES ?? path.resolve(__dirname, '../fixtures/courses');
export const FIXTURES = fs
  .readdirSync(FIXTURE_DIR)
  .filter((name) => name.endsWith('.zip'))
  .sort();
export const fixture = (name: string) => fs.readFileSync(path.join(FIXTURE_DIR, name));

/** The entries of a ZIP by name (the content of each), read with yauzl. */
export function unzip(content: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(content, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          out.set(entry.fileName, Buffer.alloc(0));
          return zip.readEntry();
        }
        zip.openReadStream(entry, (failed, stream) => {
          if (failed) return reject(failed);
          const parts: Buffer[] = [];
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('end', () => (out.set(entry.fileName, Buffer.concat(parts)), zip.readEntry()));
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    }),
  );
}

/** A tree node as the GraphQL trees give it. */
export interface TreeNode {
  id: string;
  parentId: string | null;
  position: number | null;
  shortName: string;
  shortTitle: string | null;
  longTitle: string | null;
}

const elementsOf = (element: Element | undefined) => (element?.elements ?? []).filter((inner) => inner.type === 'element');
const named = (element: Element | undefined, name: string) => elementsOf(element).find((inner) => inner.name === name);
const textOf = (element: Element | undefined) => (element ? (element.elements ?? []).map((part) => String(part.text ?? part.cdata ?? '')).join('') : null);

/** The tree of runstructure.xml or editortreemodel.xml (the course node in `cn`), depth first, as the GraphQL trees answer it. */
export function treeOfXml(xml: string, editor: boolean): TreeNode[] {
  const root = elementsOf(xml2js(xml, { compact: false, addParent: true }) as Element)[0];
  // XStream's references: a path from the referencing element (`..`, `name`, `name[n]`).
  const deref = (element: Element | undefined): Element | undefined => {
    const reference = element?.attributes?.reference;
    if (reference == null) return element;
    let at = element as (Element & { parent?: Element }) | undefined;
    for (const step of String(reference).split('/')) {
      if (step === '..') at = at?.parent;
      else {
        const [, name, index] = /^([^[]+)(?:\[(\d+)\])?$/.exec(step)!;
        at = elementsOf(at).filter((inner) => inner.name === name)[index ? Number(index) - 1 : 0];
      }
    }
    return at;
  };
  const out: TreeNode[] = [];
  const visit = (node: Element, parentId: string | null, position: number | null) => {
    const course = editor ? deref(named(node, 'cn')) : node;
    const id = textOf(named(node, 'ident'))!;
    out.push({
      id,
      parentId,
      position,
      shortName: textOf(named(course, 'type'))!,
      shortTitle: textOf(named(course, 'shortTitle')),
      longTitle: textOf(named(course, 'longTitle')),
    });
    elementsOf(named(node, 'children')).forEach((child, index) => visit(child, id, index));
  };
  visit(named(root, 'rootNode')!, null, null);
  return out;
}

/** A multipart form with the archive in the part `file`. */
export function archiveForm(content: Buffer, filename: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(content)], { type: 'application/zip' }), filename);
  return form;
}
