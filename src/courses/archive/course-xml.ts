import { xml2js, type Element } from 'xml-js';
import { badRequest } from '../../domain/errors';
import type { NodeXmlExtra } from '../../entities/courses';
import type { ElementFields } from '../presenter';
import { MAX_TREE_LEVELS } from '../repository';

/** A node of an imported tree, in depth-first order (parents before their children). */
export interface ImportedNode extends ElementFields {
  ident: string;
  parentIdent: string | null;
  position: number;
  type: string;
  xmlExtra: NodeXmlExtra;
}

/**
 * The deepest nesting of elements an XML file of a course archive may have. OpenOLAT's exports nest
 * about 15 levels (two per level of the course tree, MAX_TREE_LEVELS of them, fit); what is read is
 * walked and written out again recursively, and a few thousand levels exhaust the stack.
 */
export const MAX_XML_DEPTH = 512;

/** The deepest nesting of elements below `root` (the root alone: 1), counted without recursion. */
function nestingOf(root: Element): number {
  let deepest = 0;
  const pending: [Element, number][] = [[root, 1]];
  while (pending.length) {
    const [element, depth] = pending.pop()!;
    deepest = Math.max(deepest, depth);
    for (const inner of element.elements ?? []) if (inner.type === 'element') pending.push([inner, depth + 1]);
  }
  return deepest;
}

export function parseXml(xml: string, name: string): Element {
  let document: Element;
  try {
    document = xml2js(xml, { compact: false, captureSpacesBetweenElements: false }) as Element;
  } catch (error) {
    throw badRequest(`${name} is not well-formed XML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (nestingOf(document) - 1 > MAX_XML_DEPTH) throw badRequest(`${name} nests elements deeper than ${MAX_XML_DEPTH} levels`);
  const root = document.elements?.find((element) => element.type === 'element');
  if (!root) throw badRequest(`${name} has no root element`);
  return root;
}

/**
 * XStream writes an object met before as a `reference` to its first serialisation, an XPath-like
 * path relative to the referencing element (`../../..`, `../children/x[2]/cn/parent`). The parents
 * of a document's elements, to follow those paths.
 */
export class XStreamDocument {
  private readonly parents = new WeakMap<Element, Element>();
  private budget = 200_000;

  constructor(readonly root: Element) {
    const index = (element: Element) => {
      for (const inner of childElements(element)) {
        this.parents.set(inner, element);
        index(inner);
      }
    };
    index(root);
  }

  /** The element a `reference` points at (the element itself when it has none). */
  deref(element: Element, name: string): Element {
    const reference = element.attributes?.reference;
    if (reference == null) return element;
    let at: Element | undefined = element;
    for (const step of String(reference).split('/')) {
      if (!at) break;
      if (step === '..') at = this.parents.get(at);
      else if (step !== '.' && step !== '') {
        const match = /^([^[\]]+)(?:\[(\d+)\])?$/.exec(step);
        const candidates: Element[] = match ? childElements(at).filter((inner) => inner.name === match[1]) : [];
        at = candidates[match?.[2] ? Number(match[2]) - 1 : 0];
      }
    }
    if (!at || at === element) throw badRequest(`${name} has a reference that leads nowhere (${String(reference).slice(0, 200)})`);
    return at;
  }

  private isAncestor(candidate: Element, of: Element): boolean {
    for (let at = this.parents.get(of); at; at = this.parents.get(at)) if (at === candidate) return true;
    return false;
  }

  /** A copy of the element with every reference inside it replaced by a copy of what it points at (but references to its ancestors, which stay). */
  resolved(element: Element, name: string): Element {
    if (--this.budget < 0) throw badRequest(`${name} has too many references`);
    let source = element;
    if (element.attributes?.reference != null) {
      const target = this.deref(element, name);
      if (this.isAncestor(target, element)) return element;
      source = target;
    }
    const { reference: _reference, ...attributes } = (element.attributes ?? {}) as Record<string, unknown>;
    const kept = source === element ? attributes : { ...(source.attributes ?? {}), ...attributes };
    delete (kept as Record<string, unknown>).reference;
    return {
      ...source,
      name: element.name,
      ...(Object.keys(kept).length ? { attributes: kept as Element['attributes'] } : { attributes: undefined }),
      elements: source.elements?.map((inner) => (inner.type === 'element' ? this.resolved(inner, name) : inner)),
    };
  }
}

export const childElements = (element: Element | undefined): Element[] => (element?.elements ?? []).filter((child) => child.type === 'element');
export const child = (element: Element | undefined, name: string) => childElements(element).find((candidate) => candidate.name === name);

/** The text of an element (texts and CDATA), '' for an empty one, null when absent. */
export function textOf(element: Element | undefined): string | null {
  if (!element) return null;
  return (element.elements ?? []).map((part) => (part.type === 'text' ? String(part.text) : part.type === 'cdata' ? String(part.cdata) : '')).join('');
}

/** The key/value entries of a moduleConfiguration's `config` (values of any type as their text). */
export function configEntries(moduleConfiguration: Element | undefined): Map<string, string> {
  const entries = new Map<string, string>();
  for (const entry of childElements(child(moduleConfiguration, 'config'))) {
    const [key, value] = childElements(entry);
    const name = textOf(key);
    if (name != null && value) entries.set(name, textOf(value) ?? '');
  }
  return entries;
}

/** The fields a course node has in its own XML (type, titles, texts, page and display from its module configuration), and the rest kept. */
const MODELLED = new Set([
  'ident',
  'parent',
  'children',
  'type',
  'shortTitle',
  'longTitle',
  'learningObjectives',
  'objectives',
  'description',
  'instruction',
  'instructionalDesign',
]);

function nodeOf(
  doc: XStreamDocument,
  courseNode: Element,
  nodeClass: string | undefined,
  ident: string,
  parentIdent: string | null,
  position: number,
  name: string,
): ImportedNode {
  const type = textOf(child(courseNode, 'type'));
  if (!type || type.length > 16) throw badRequest(`${name}: the node ${ident} has no valid type`);
  const config = configEntries(child(courseNode, 'moduleConfiguration'));
  const file = config.get('file');
  const pageFile = (type === 'sp' || type === 'st') && file ? file.replace(/^\/+/, '') || null : null;
  const limited = (field: string, value: string | null) => {
    if (value != null && value.length > 255) throw badRequest(`${name}: the ${field} of node ${ident} is longer than 255 characters`);
    return value;
  };
  return {
    ident,
    parentIdent,
    position,
    type,
    shortTitle: limited('shortTitle', textOf(child(courseNode, 'shortTitle'))),
    longTitle: limited('longTitle', textOf(child(courseNode, 'longTitle'))),
    description: textOf(child(courseNode, 'description')),
    objectives: textOf(child(courseNode, 'learningObjectives')) ?? textOf(child(courseNode, 'objectives')),
    instruction: textOf(child(courseNode, 'instruction')),
    instructionalDesign: textOf(child(courseNode, 'instructionalDesign')),
    displayType: type === 'st' ? (config.get('display')?.slice(0, 16) ?? null) : null,
    pageFile: pageFile && pageFile.length <= 1024 ? pageFile : null,
    xmlExtra: {
      nodeClass,
      elements: childElements(courseNode)
        .filter((element) => !MODELLED.has(element.name!))
        .map((element) => doc.resolved(element, name)),
    },
  };
}

function identOf(element: Element, name: string): string {
  const ident = textOf(child(element, 'ident'))?.trim();
  if (!ident || ident.length > 32) throw badRequest(`${name} has a node without a valid ident`);
  return ident;
}

/** Walks a tree of nodes (`rootNode` and the nodes in each one's `children`), parents first. */
function walk(
  doc: XStreamDocument,
  rootNode: Element,
  name: string,
  visit: (element: Element, ident: string, parentIdent: string | null, position: number, elementName: string) => ImportedNode,
): ImportedNode[] {
  const out: ImportedNode[] = [];
  const seen = new Set<string>();
  const go = (referencing: Element, parentIdent: string | null, position: number, depth: number) => {
    const element = doc.deref(referencing, name);
    if (depth >= MAX_TREE_LEVELS) throw badRequest(`${name} has a course tree of more than ${MAX_TREE_LEVELS} levels`);
    const ident = identOf(element, name);
    if (seen.has(ident)) throw badRequest(`${name} has the node ${ident} twice`);
    seen.add(ident);
    out.push(visit(element, ident, parentIdent, position, referencing.name!));
    childElements(child(element, 'children')).forEach((kid, index) => go(kid, ident, index, depth + 1));
  };
  go(rootNode, null, 0, 0);
  return out;
}

/** runstructure.xml (org.olat.course.Structure): the run tree. */
export function parseRunStructure(xml: string): ImportedNode[] {
  const name = 'runstructure.xml';
  const root = parseXml(xml, name);
  const rootNode = child(root, 'rootNode');
  // A course never published has an empty run structure.
  if (!rootNode) return [];
  const doc = new XStreamDocument(root);
  return walk(doc, rootNode, name, (element, ident, parentIdent, position, elementName) =>
    nodeOf(doc, element, element.attributes?.class ? String(element.attributes.class) : elementName, ident, parentIdent, position, name),
  );
}

/** When the editor tree was last published (`latestPublishTimestamp`), null when never. */
export function latestPublish(xml: string): Date | null {
  const value = Number(textOf(child(parseXml(xml, 'editortreemodel.xml'), 'latestPublishTimestamp')));
  return Number.isFinite(value) && value > 0 ? new Date(value) : null;
}

/** editortreemodel.xml (CourseEditorTreeModel): the editor tree, each node's course node in `cn`. */
export function parseEditorTreeModel(xml: string): ImportedNode[] {
  const name = 'editortreemodel.xml';
  const root = parseXml(xml, name);
  const rootNode = child(root, 'rootNode');
  if (!rootNode) throw badRequest(`${name} has no rootNode`);
  const doc = new XStreamDocument(root);
  return walk(doc, rootNode, name, (element, ident, parentIdent, position) => {
    const referencing = child(element, 'cn');
    if (!referencing) throw badRequest(`${name}: the node ${ident} has no course node (cn)`);
    const cn = doc.deref(referencing, name);
    const nodeClass = referencing.attributes?.class ?? cn.attributes?.class;
    return nodeOf(doc, cn, nodeClass ? String(nodeClass) : undefined, ident, parentIdent, position, name);
  });
}

/** What export/repo.xml (RepositoryEntryProperties) says of the entry. */
export interface RepoProperties {
  softkey: string | null;
  resourceName: string | null;
  displayName: string | null;
  description: string | null;
  initialAuthor: string | null;
}

export function parseRepoXml(xml: string | null): RepoProperties {
  const root = xml ? parseXml(xml, 'export/repo.xml') : undefined;
  const field = (name: string) => textOf(child(root, name));
  return {
    softkey: field('Softkey')?.trim() || null,
    resourceName: field('ResourceName'),
    displayName: field('DisplayName')?.trim() || null,
    description: field('Description'),
    initialAuthor: field('InitialAuthor'),
  };
}

/** The NODE_ACCESS_TYPE of CourseConfig.xml (`condition` unless it says otherwise). */
export function nodeAccessTypeOf(courseConfig: string | null): string {
  if (!courseConfig) return 'condition';
  const root = parseXml(courseConfig, 'CourseConfig.xml');
  for (const entry of childElements(child(root, 'configuration'))) {
    const [key, value] = childElements(entry);
    if (textOf(key) === 'NODE_ACCESS_TYPE' && (textOf(value) === 'learningpath' || textOf(value) === 'condition')) return textOf(value)!;
  }
  return 'condition';
}
