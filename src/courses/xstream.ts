import { js2xml, type Element } from 'xml-js';
import type { ElementRow } from './repository';

/**
 * A course's trees as OpenOLAT's XStream writes `runstructure.xml` (org.olat.course.Structure) and
 * `editortreemodel.xml` (CourseEditorTreeModel): the elements of each node that this gateway keeps
 * (ident, parent, children, type, titles, learning objectives, the page file or display of its
 * module configuration). Access conditions, score calculators and other module settings are left out.
 */

const NODE_CLASSES: Record<string, string> = { st: 'org.olat.course.nodes.STCourseNode', sp: 'org.olat.course.nodes.SPCourseNode' };
const EDITOR_NODE = 'org.olat.course.tree.CourseEditorTreeNode';
const STRUCTURE_VERSION = '3';

const text = (name: string, value: string): Element => ({ type: 'element', name, elements: value === '' ? [] : [{ type: 'text', text: value }] });
const element = (name: string, elements: Element[], attributes?: Record<string, string>): Element => ({ type: 'element', name, attributes, elements });
const classOf = (row: ElementRow) => NODE_CLASSES[row.type] ?? `org.olat.course.nodes.${row.type.toUpperCase()}CourseNode`;

/** The fields of a course node (CourseNode) after its ident, parent and children. */
function nodeFields(row: ElementRow): Element[] {
  const config: [string, string][] = [];
  if (row.pageFile) config.push(['file', `/${row.pageFile}`]);
  if (row.type === 'st' && row.displayType) config.push(['display', row.displayType]);
  return [
    text('type', row.type),
    ...(row.shortTitle != null ? [text('shortTitle', row.shortTitle)] : []),
    ...(row.longTitle != null ? [text('longTitle', row.longTitle)] : []),
    ...(row.objectives != null ? [text('learningObjectives', row.objectives)] : []),
    element('moduleConfiguration', [
      element(
        'config',
        config.map(([key, value]) => element('entry', [text('string', key), text('string', value)])),
      ),
    ]),
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
