import { js2xml, type Element } from 'xml-js';
import type { ElementRow } from './presenter';

/**
 * A course's trees as OpenOLAT's XStream writes `runstructure.xml` (org.olat.course.Structure) and
 * `editortreemodel.xml` (CourseEditorTreeModel): the elements of each node that this gateway keeps
 * (ident, parent, children, type, titles, learning objectives, the page file or display of its
 * module configuration), and what an import kept or expert rules set (conditions, other module settings).
 */

const NODE_CLASSES: Record<string, string> = { st: 'org.olat.course.nodes.STCourseNode', sp: 'org.olat.course.nodes.SPCourseNode' };
const EDITOR_NODE = 'org.olat.course.tree.CourseEditorTreeNode';
const STRUCTURE_VERSION = '3';

const text = (name: string, value: string): Element => ({ type: 'element', name, elements: value === '' ? [] : [{ type: 'text', text: value }] });
const element = (name: string, elements: Element[], attributes?: Element['attributes']): Element => ({ type: 'element', name, attributes, elements });
const classOf = (row: ElementRow) => row.xmlExtra?.nodeClass ?? NODE_CLASSES[row.type] ?? `org.olat.course.nodes.${row.type.toUpperCase()}CourseNode`;

const entryKey = (entry: Element) => entry.elements?.find((part) => part.type === 'element')?.elements?.find((part) => part.type === 'text')?.text;

/** The module configuration kept from an import (or a new one) with the page file and display as the row has them now. */
function moduleConfiguration(row: ElementRow, kept: Element | undefined): Element {
  const modelled: [string, string | null][] = [['file', row.pageFile ? `/${row.pageFile}` : null]];
  if (row.type === 'st') modelled.push(['display', row.displayType]);
  const keptConfig = kept?.elements?.find((part) => part.type === 'element' && part.name === 'config');
  const entries = (keptConfig?.elements ?? []).filter((part) => part.type === 'element');
  const out = entries.filter((entry) => !modelled.some(([key]) => key === entryKey(entry)));
  for (const [key, value] of modelled) if (value) out.push(element('entry', [text('string', key), text('string', value)]));
  const config = element('config', out, keptConfig?.attributes);
  const rest = (kept?.elements ?? []).filter((part) => part !== keptConfig);
  return element('moduleConfiguration', [config, ...rest], kept?.attributes);
}

/** The fields of a course node (CourseNode) after its ident, parent and children: the modelled ones, then those an import kept. */
function nodeFields(row: ElementRow): Element[] {
  const kept = (row.xmlExtra?.elements ?? []) as Element[];
  const keptConfig = kept.find((part) => part.name === 'moduleConfiguration');
  const optional = (name: string, value: string | null) => (value != null ? [text(name, value)] : []);
  return [
    text('type', row.type),
    ...optional('shortTitle', row.shortTitle),
    ...optional('longTitle', row.longTitle),
    ...optional('learningObjectives', row.objectives),
    ...(row.xmlExtra
      ? [...optional('description', row.description), ...optional('instruction', row.instruction), ...optional('instructionalDesign', row.instructionalDesign)]
      : []),
    ...kept.map((part) => (part === keptConfig ? moduleConfiguration(row, part) : part)),
    ...(keptConfig ? [] : [moduleConfiguration(row, undefined)]),
  ];
}

function childrenOf(rows: ElementRow[]): Map<string | null, ElementRow[]> {
  const children = new Map<string | null, ElementRow[]>();
  for (const row of rows) children.set(row.parentIdent, [...(children.get(row.parentIdent) ?? []), row]);
  for (const list of children.values()) list.sort((a, b) => a.position - b.position);
  return children;
}

/** A node of either tree: ident, the reference to its parent (XStream's relative path from `parent` to the parent node), its children, then `fields`. */
function treeNode(
  name: string,
  row: ElementRow,
  children: Map<string | null, ElementRow[]>,
  nodeClass: (row: ElementRow) => string,
  fields: (row: ElementRow) => Element[],
  attributes?: Record<string, string>,
  parent?: ElementRow,
): Element {
  const kids = children.get(row.ident) ?? [];
  return element(
    name,
    [
      text('ident', row.ident),
      ...(parent ? [element('parent', [], { class: nodeClass(parent), reference: '../../..' })] : []),
      ...(kids.length
        ? [
            element(
              'children',
              kids.map((kid) => treeNode(nodeClass(kid), kid, children, nodeClass, fields, undefined, row)),
            ),
          ]
        : []),
      ...fields(row),
    ],
    attributes,
  );
}

const document = (root: Element) => js2xml({ declaration: { attributes: { version: '1.0', encoding: 'UTF-8' } }, elements: [root] }, { spaces: 2 });

/** runstructure.xml of the run tree's rows. */
export function runStructureXml(rows: ElementRow[]): string {
  const children = childrenOf(rows);
  const [root] = children.get(null) ?? [];
  return document(
    element('org.olat.course.Structure', [
      ...(root ? [treeNode('rootNode', root, children, classOf, nodeFields, { class: classOf(root) })] : []),
      text('version', STRUCTURE_VERSION),
    ]),
  );
}

/** editortreemodel.xml of the editor tree's rows; `dirty` marks a node changed since the last publish. */
export function editorTreeModelXml(rows: ElementRow[], publishedAt: Date | null): string {
  const children = childrenOf(rows);
  const [root] = children.get(null) ?? [];
  const editorFields = (row: ElementRow) => [
    element('cn', [text('ident', row.ident), ...nodeFields(row)], { class: classOf(row) }),
    text('dirty', String(!publishedAt || row.lastModified > publishedAt)),
    text('deleted', 'false'),
  ];
  return document(
    element('org.olat.course.tree.CourseEditorTreeModel', [
      ...(root ? [treeNode('rootNode', root, children, () => EDITOR_NODE, editorFields, { class: EDITOR_NODE })] : []),
      text('latestPublishTimestamp', String(publishedAt ? publishedAt.getTime() : -1)),
      text('version', STRUCTURE_VERSION),
    ]),
  );
}
