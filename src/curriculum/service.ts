import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { organisationForNew } from '../domain/bound';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../audit/audit-log';
import { requireCaller, type RequestContext } from '../domain/context';
import { DomainError, forbidden, notFound, validationFailed, type ErrorDetail } from '../domain/errors';
import { answerList, answerListById } from '../domain/lists';
import { pageOf, type Edge, type EdgePage } from '../domain/edges';
import { inKeyOrder, loader } from '../domain/loaders';
import { mandatory, tooLongValues } from '../domain/validation';
import { normaliseManagedFlags } from '../managed/flags';
import { requireEntryManager, requireEntryReader } from '../courses/policy';
import { toRepositoryEntryVO, type EntryRow } from '../courses/presenter';
import { findEntry } from '../courses/repository';
import { locateEntry } from '../courses/entries';
import { defaultOrganisation } from '../organisations/repository';
import { Organisation } from '../entities/organisations';
import type { RepositoryEntryVO } from '../schema/courses';
import type { CurriculumElementVO, CurriculumElementVOInput, CurriculumVO, CurriculumVOInput } from '../schema/curriculum';
import type { UserVO } from '../schema/users';
import { toUserVO } from '../users/presenter';
import { requireIdentity } from '../users/repository';
import { canManageCurriculum, requireCurriculumManager, requireCurriculumRole, requireSomeCurriculumRole } from './policy';
import { toCurriculumElementVO, toCurriculumVO, type ElementFields, type ElementRow } from './presenter';
import * as curricula from './repository';
import { CurriculumElementType } from '../entities/curriculum';
import { holdsRoleIn } from '../domain/scope';
import type { TaxonomyLevelVO } from '../schema/taxonomy';
import { toLevelVO } from '../taxonomy/presenter';
import * as taxonomies from '../taxonomy/repository';
import { CURRICULUM_MANAGERS } from '../access/roles';

/** Catalogue 5.2; `inactive` is kept for older clients. */
export const ELEMENT_STATUSES = ['preparation', 'provisional', 'confirmed', 'active', 'cancelled', 'finished', 'inactive', 'deleted'];
/** Calendars and lectures switches (catalogue 5.8). */
export const SWITCHES = ['enabled', 'disabled', 'inherited'];

const conflict = (message: string) => new DomainError('CONFLICT', message);

async function saving<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (caught) {
    if (caught instanceof UniqueConstraintViolationException) throw conflict(`another ${what} has this externalId`);
    throw caught;
  }
}

// Curricula

export function listCurricula(ctx: RequestContext): Promise<CurriculumVO[]> {
  requireCurriculumRole(ctx);
  const caller = requireCaller(ctx);
  return answerListById(ctx, (range) => curricula.listCurricula(ctx.em, caller, CURRICULUM_MANAGERS, range), toCurriculumVO);
}

/** The curriculum, for one of its managers: 404 unknown, 403 not a manager. */
export async function managedCurriculum(ctx: RequestContext, key: number) {
  await requireSomeCurriculumRole(ctx);
  const row = await curricula.requireCurriculumRow(ctx.em, key);
  await requireCurriculumManager(ctx, key);
  return row;
}

export async function getCurriculum(ctx: RequestContext, key: number): Promise<CurriculumVO> {
  return toCurriculumVO(await managedCurriculum(ctx, key));
}

function validateCurriculum(c: curricula.NewCurriculum) {
  const errors: ErrorDetail[] = [];
  if (!c.identifier.trim()) errors.push(mandatory('identifier'));
  if (!c.displayName.trim()) errors.push(mandatory('displayName'));
  errors.push(...tooLongValues({ identifier: c.identifier, displayName: c.displayName, status: c.status, degree: c.degree, externalId: c.externalId }));
  if (errors.length) throw validationFailed(errors);
}

/** The organisation the curriculum belongs to: the caller must manage it (403); unknown is a 400. */
async function organisationFor(ctx: RequestContext, em: EntityManager, given: number | null | undefined): Promise<number> {
  const key = await organisationForNew(ctx, given);
  const organisation = key == null ? await defaultOrganisation(em) : await em.findOne(Organisation, { id: key });
  if (!organisation) throw validationFailed([{ code: 'org.olat.core:form.error.unknown:organisationKey', translation: `No organisation with key ${key}.` }]);
  if (!(await holdsRoleIn(em, requireCaller(ctx), organisation.id, CURRICULUM_MANAGERS))) {
    throw forbidden('the organisation of a curriculum must be one the caller manages');
  }
  return organisation.id;
}

const text = (value: string | null | undefined, fallback: string | null) => (value === undefined ? fallback : value);

/**
 * PUT and POST /curriculum: without a key a new curriculum in the given organisation (the default
 * one without), which the caller must manage; with a key an update. A create with the externalId
 * of an existing curriculum answers that curriculum (concurrent creates give one), or 409 when the
 * caller does not manage it.
 */
export async function saveCurriculum(ctx: RequestContext, input: CurriculumVOInput): Promise<CurriculumVO> {
  requireCurriculumRole(ctx);
  if (input.key != null) return updateCurriculum(ctx, input.key, input);
  return saving('curriculum', () =>
    inTransaction(ctx, async (em) => {
      const fields: curricula.NewCurriculum = {
        identifier: input.identifier?.trim() ?? '',
        displayName: input.displayName?.trim() ?? '',
        description: input.description ?? null,
        status: input.status ?? 'active',
        degree: input.degree ?? null,
        externalId: input.externalId ?? null,
        managedFlags: normaliseManagedFlags('product', input.managedFlagsString) || null,
        organisationKey: 0,
      };
      validateCurriculum(fields);
      fields.organisationKey = await organisationFor(ctx, em, input.organisationKey);
      const key = await curricula.insertCurriculum(em, fields);
      if (key === null) {
        const existing = await curricula.findCurriculumByExternalId(em, fields.externalId!);
        if (!existing || !(await canManageCurriculum({ ...ctx, em }, existing.id)))
          throw conflict(`a curriculum has the externalId ${fields.externalId} already`);
        return toCurriculumVO(existing);
      }
      return toCurriculumVO(await curricula.requireCurriculumRow(em, key));
    }),
  );
}

/** POST /curriculum/{key}: a body key must match the path (409); a changed organisationKey must name an organisation the caller manages. */
export async function updateCurriculum(ctx: RequestContext, key: number, input: CurriculumVOInput): Promise<CurriculumVO> {
  const current = await managedCurriculum(ctx, key);
  if (input.key != null && input.key !== key) throw conflict(`the curriculum names key ${input.key}, not curriculumKey ${key}`);
  return saving('curriculum', () =>
    inTransaction(ctx, async (em) => {
      const fields: curricula.NewCurriculum = {
        identifier: input.identifier === undefined ? current.identifier : (input.identifier?.trim() ?? ''),
        displayName: input.displayName === undefined ? current.displayName : (input.displayName?.trim() ?? ''),
        description: text(input.description, current.description),
        status: input.status?.trim() ? input.status : current.status,
        degree: text(input.degree, current.degree),
        externalId: text(input.externalId, current.externalId),
        managedFlags: input.managedFlagsString === undefined ? current.managedFlags : normaliseManagedFlags('product', input.managedFlagsString) || null,
        organisationKey: current.organisationKey ?? 0,
      };
      validateCurriculum(fields);
      if (input.organisationKey != null && input.organisationKey !== current.organisationKey) {
        fields.organisationKey = await organisationFor(ctx, em, input.organisationKey);
      }
      await curricula.updateCurriculum(em, key, fields);
      return toCurriculumVO(await curricula.requireCurriculumRow(em, key));
    }),
  );
}

/** DELETE /curriculum/{key}: the curriculum with its elements, their memberships and course links. */
export async function deleteCurriculum(ctx: RequestContext, key: number): Promise<boolean> {
  await managedCurriculum(ctx, key);
  await inTransaction(ctx, (em) => curricula.deleteCurriculum(em, key));
  return true;
}

// Curriculum owners

export async function listCurriculumOwners(ctx: RequestContext, key: number): Promise<UserVO[]> {
  await managedCurriculum(ctx, key);
  return answerListById(
    ctx,
    (range) => curricula.listCurriculumRoleHolders(ctx.em, key, 'curriculumowner', range),
    (row) => toUserVO(row, true),
  );
}

/** true: now an owner; false: already one (REST answers 200 either way, as OpenOLAT does). */
export async function addCurriculumOwner(ctx: RequestContext, key: number, identityKey: number): Promise<boolean> {
  await managedCurriculum(ctx, key);
  return inTransaction(ctx, async (em) => {
    await requireIdentity(em, identityKey);
    return curricula.insertCurriculumRole(em, key, identityKey, 'curriculumowner');
  });
}

/** 404 when the person is unknown; 200 also when the person was no owner (OpenOLAT's removeMember). */
export async function removeCurriculumOwner(ctx: RequestContext, key: number, identityKey: number): Promise<boolean> {
  await managedCurriculum(ctx, key);
  return inTransaction(ctx, async (em) => {
    await requireIdentity(em, identityKey);
    await curricula.deleteCurriculumRole(em, key, identityKey, 'curriculumowner');
    return true;
  });
}

// Elements

/** The element of the curriculum: 404 unknown, 403 when it belongs to another curriculum (catalogue 2.6). */
export async function elementOf(ctx: RequestContext, curriculumKey: number, elementKey: number): Promise<ElementRow> {
  await managedCurriculum(ctx, curriculumKey);
  const row = await curricula.findElementRow(ctx.em, elementKey);
  if (!row) throw notFound('curriculum element');
  if (row.curriculumKey !== curriculumKey) throw forbidden('the element belongs to another curriculum');
  return row;
}

export async function listElements(ctx: RequestContext, curriculumKey: number): Promise<CurriculumElementVO[]> {
  await managedCurriculum(ctx, curriculumKey);
  return answerListById(ctx, (range) => curricula.listElements(ctx.em, curriculumKey, range), toCurriculumElementVO);
}

export async function getElement(ctx: RequestContext, curriculumKey: number, elementKey: number): Promise<CurriculumElementVO> {
  return toCurriculumElementVO(await elementOf(ctx, curriculumKey, elementKey));
}

export async function listChildren(ctx: RequestContext, curriculumKey: number, elementKey: number): Promise<CurriculumElementVO[]> {
  await elementOf(ctx, curriculumKey, elementKey);
  // The children in their order (reorder), read in one statement: an element has few children.
  const rows = (async function* () {
    yield await curricula.listChildrenOf(ctx.em, elementKey);
  })();
  return answerList(ctx, rows, toCurriculumElementVO);
}

/** GET /curriculum/elements: exact matches of externalId, identifier and key across the curricula the caller manages. */
export function searchElements(ctx: RequestContext, search: curricula.ElementSearch): Promise<CurriculumElementVO[]> {
  requireCurriculumRole(ctx);
  const caller = requireCaller(ctx);
  return answerListById(ctx, (range) => curricula.searchElements(ctx.em, caller, CURRICULUM_MANAGERS, search, range), toCurriculumElementVO);
}

const invalid = (field: string, translation: string): ErrorDetail => ({ code: `org.olat.modules.curriculum.restapi:${field}.invalid`, translation });

/** The stored fields after applying the input to `current` (absent: unchanged, null: cleared). */
async function elementFields(em: EntityManager, input: CurriculumElementVOInput, current: ElementFields): Promise<ElementFields> {
  const fields: ElementFields = {
    identifier: input.identifier === undefined ? current.identifier : (input.identifier?.trim() ?? null),
    displayName: input.displayName === undefined ? current.displayName : (input.displayName?.trim() ?? ''),
    description: text(input.description, current.description),
    status: input.status?.trim() ? input.status : current.status,
    beginDate: input.beginDate === undefined ? current.beginDate : input.beginDate,
    endDate: input.endDate === undefined ? current.endDate : input.endDate,
    externalId: text(input.externalId, current.externalId),
    managedFlags: input.managedFlagsString === undefined ? current.managedFlags : normaliseManagedFlags('element', input.managedFlagsString) || null,
    calendars: input.calendars === undefined ? current.calendars : input.calendars?.trim() || null,
    typeKey: input.curriculumElementTypeKey === undefined ? current.typeKey : input.curriculumElementTypeKey,
  };
  const errors: ErrorDetail[] = [];
  if (!fields.displayName.trim()) errors.push(mandatory('displayName'));
  errors.push(...tooLongValues({ identifier: fields.identifier, displayName: fields.displayName, externalId: fields.externalId }));
  if (!ELEMENT_STATUSES.includes(fields.status))
    errors.push(invalid('status', `Unknown status "${fields.status}"; use one of ${ELEMENT_STATUSES.join(', ')}.`));
  if (fields.calendars != null && !SWITCHES.includes(fields.calendars)) errors.push(invalid('calendars', 'calendars is enabled, disabled or inherited.'));
  if (fields.typeKey != null && !(await em.findOne(CurriculumElementType, { id: fields.typeKey }))) {
    errors.push(invalid('curriculumElementTypeKey', `No curriculum element type with key ${fields.typeKey}.`));
  }
  if (errors.length) throw validationFailed(errors);
  return fields;
}

/** The parent an element is saved below: it must exist (400) and belong to the curriculum (409). */
async function parentIn(em: EntityManager, curriculumKey: number, parentKey: number): Promise<ElementRow> {
  const parent = await curricula.findElementRow(em, parentKey);
  if (!parent) throw validationFailed([invalid('parentElementKey', `No curriculum element with key ${parentKey}.`)]);
  if (parent.curriculumKey !== curriculumKey) throw conflict('the parent element belongs to another curriculum');
  return parent;
}

/**
 * PUT and POST /curriculum/{key}/elements: without a key a new element below parentElementKey (a
 * root element without); with a key an update of that element. 409 when the body names another
 * curriculum, a parent in another curriculum or the element itself (or one below it) as parent.
 * A create with the externalId of an existing element of this curriculum answers that element.
 */
export async function saveElement(ctx: RequestContext, curriculumKey: number, input: CurriculumElementVOInput): Promise<CurriculumElementVO> {
  if (input.key != null) return updateElement(ctx, curriculumKey, input.key, input);
  await managedCurriculum(ctx, curriculumKey);
  if (input.curriculumKey != null && input.curriculumKey !== curriculumKey)
    throw conflict(`the element names curriculum ${input.curriculumKey}, not curriculumKey ${curriculumKey}`);
  return saving('curriculum element', () =>
    inTransaction(ctx, async (em) => {
      await curricula.lockCurriculum(em, curriculumKey);
      const fields = await elementFields(em, input, {
        identifier: null,
        displayName: '',
        description: null,
        status: 'active',
        beginDate: null,
        endDate: null,
        externalId: null,
        managedFlags: null,
        calendars: null,
        typeKey: null,
      });
      const parent = input.parentElementKey == null ? null : await parentIn(em, curriculumKey, input.parentElementKey);
      const position = await curricula.nextPosition(em, curriculumKey, parent?.id ?? null);
      const key = await curricula.insertElement(em, curriculumKey, parent, position, fields);
      if (key === null) {
        const existing = await curricula.findElementByExternalId(em, fields.externalId!);
        if (!existing || existing.curriculumKey !== curriculumKey) throw conflict(`a curriculum element has the externalId ${fields.externalId} already`);
        return toCurriculumElementVO(existing);
      }
      return toCurriculumElementVO((await curricula.findElementRow(em, key))!);
    }),
  );
}

/** POST /curriculum/{key}/elements/{elementKey}: see saveElement; a changed parentElementKey moves the element with its sub-elements. */
export async function updateElement(
  ctx: RequestContext,
  curriculumKey: number,
  elementKey: number,
  input: CurriculumElementVOInput,
): Promise<CurriculumElementVO> {
  await managedCurriculum(ctx, curriculumKey);
  if (input.key != null && input.key !== elementKey) throw conflict(`the element names key ${input.key}, not elementKey ${elementKey}`);
  return saving('curriculum element', () =>
    inTransaction(ctx, async (em) => {
      await curricula.lockCurriculum(em, curriculumKey);
      const current = await curricula.findElementRow(em, elementKey);
      if (!current) throw notFound('curriculum element');
      if (current.curriculumKey !== curriculumKey) throw conflict('the element belongs to another curriculum');
      if (input.curriculumKey != null && input.curriculumKey !== curriculumKey)
        throw conflict(`the element names curriculum ${input.curriculumKey}, not curriculumKey ${curriculumKey}`);
      const fields = await elementFields(em, input, current);
      if (input.parentElementKey != null && input.parentElementKey !== current.parentKey) {
        if (input.parentElementKey === elementKey) throw conflict('an element cannot be its own parent');
        const parent = await parentIn(em, curriculumKey, input.parentElementKey);
        if (parent.path.startsWith(current.path)) throw conflict('an element cannot move below itself or one of its sub-elements');
        await curricula.moveElement(em, elementKey, current.path, parent, await curricula.nextPosition(em, curriculumKey, parent.id));
      }
      await curricula.updateElement(em, elementKey, fields);
      return toCurriculumElementVO((await curricula.findElementRow(em, elementKey))!);
    }),
  );
}

/** POST|PUT …/elements/{elementKey}/reorder: the listed children take the first positions in the given order; others follow in their order. */
export async function reorderChildren(ctx: RequestContext, curriculumKey: number, elementKey: number, order: CurriculumElementVOInput[]): Promise<boolean> {
  await elementOf(ctx, curriculumKey, elementKey);
  return inTransaction(ctx, async (em) => {
    await curricula.lockCurriculum(em, curriculumKey);
    const children = await curricula.listChildrenOf(em, elementKey);
    const childKeys = new Set(children.map((child) => child.id));
    const given = [...new Set(order.map((item) => item.key).filter((key): key is number => key != null))];
    const stranger = given.find((key) => !childKeys.has(key));
    if (stranger !== undefined) throw conflict(`element ${stranger} is not a child of element ${elementKey}`);
    const sorted = [...given, ...children.map((child) => child.id).filter((key) => !given.includes(key))];
    for (const [position, key] of sorted.entries()) await curricula.setPosition(em, elementKey, key, position);
    return true;
  });
}

/** `CurriculumVO.elements` (GraphQL): a page of the elements of every curriculum of an answer, read at once, for its managers. */
export function elementsOf(ctx: RequestContext, curriculumKey: number, page: EdgePage): Promise<CurriculumElementVO[]> {
  const edge: Edge<ElementRow, CurriculumElementVO> = {
    readable: (keys) => curricula.managedAmong(ctx.em, requireCaller(ctx), CURRICULUM_MANAGERS, keys),
    read: (keys, page, cap) => curricula.pagesOfElements(ctx.em, keys, page, cap),
    present: toCurriculumElementVO,
  };
  return pageOf(ctx, 'curriculum elements', edge, page, curriculumKey);
}

/** `CurriculumElementVO.children` (GraphQL): a page of the children of every element of an answer, read at once (requireManagedForEdge checks the curriculum). */
export function childrenOf(ctx: RequestContext, elementKey: number, page: EdgePage): Promise<CurriculumElementVO[]> {
  const edge: Edge<ElementRow, CurriculumElementVO> = {
    read: (keys, page, cap) => curricula.pagesOfChildren(ctx.em, keys, page, cap),
    present: toCurriculumElementVO,
  };
  return pageOf(ctx, 'curriculum element children', edge, page, elementKey);
}

// Linked courses

/** The entry by key, for one of its managers: 404 unknown, 403 not a manager (a link to an element makes the element's members members of the entry). */
async function managedEntry(ctx: RequestContext, entryKey: number): Promise<number> {
  const entry = await findEntry(ctx.em, { key: entryKey });
  if (!entry) throw notFound('repository entry');
  await requireEntryManager(ctx, entry);
  return entry.id;
}

export async function listLinkedEntries(ctx: RequestContext, curriculumKey: number, elementKey: number): Promise<RepositoryEntryVO[]> {
  await elementOf(ctx, curriculumKey, elementKey);
  return answerListById(ctx, (range) => curricula.listEntries(ctx.em, elementKey, range), toRepositoryEntryVO);
}

/** GET (and HEAD) …/entries/{repositoryEntryKey}: the entry when linked, else 404. */
export async function getLinkedEntry(ctx: RequestContext, curriculumKey: number, elementKey: number, repositoryEntryKey: number): Promise<RepositoryEntryVO> {
  await elementOf(ctx, curriculumKey, elementKey);
  const entry = await findEntry(ctx.em, { key: repositoryEntryKey });
  if (!entry || !(await curricula.isLinked(ctx.em, elementKey, repositoryEntryKey))) throw notFound('linked repository entry');
  return toRepositoryEntryVO(entry);
}

/** true: linked now; false: it already was (REST answers 304). The caller manages the curriculum and the entry (src/curriculum/policy.ts). */
export async function linkEntry(ctx: RequestContext, curriculumKey: number, elementKey: number, repositoryEntryKey: number): Promise<boolean> {
  await elementOf(ctx, curriculumKey, elementKey);
  await managedEntry(ctx, repositoryEntryKey);
  return inTransaction(ctx, (em) => curricula.link(em, elementKey, repositoryEntryKey));
}

/** true: unlinked; false: it was not linked (REST answers 304). The caller manages the curriculum and the entry. */
export async function unlinkEntry(ctx: RequestContext, curriculumKey: number, elementKey: number, repositoryEntryKey: number): Promise<boolean> {
  await elementOf(ctx, curriculumKey, elementKey);
  await managedEntry(ctx, repositoryEntryKey);
  return inTransaction(ctx, (em) => curricula.unlink(em, elementKey, repositoryEntryKey));
}

// Taxonomy levels of elements

export async function listElementLevels(ctx: RequestContext, curriculumKey: number, elementKey: number): Promise<TaxonomyLevelVO[]> {
  await elementOf(ctx, curriculumKey, elementKey);
  return (await taxonomies.levelsOf(ctx.em, 'element', elementKey)).map(toLevelVO);
}

async function requireLevel(em: EntityManager, levelKey: number): Promise<void> {
  if (!(await taxonomies.findLevelRow(em, levelKey))) throw notFound('taxonomy level');
}

/** true: linked now; false: it already was (REST answers 304). 404 for an unknown level. */
export async function linkElementLevel(ctx: RequestContext, curriculumKey: number, elementKey: number, levelKey: number): Promise<boolean> {
  await elementOf(ctx, curriculumKey, elementKey);
  return inTransaction(ctx, async (em) => {
    await requireLevel(em, levelKey);
    return taxonomies.linkLevel(em, 'element', elementKey, levelKey);
  });
}

/** Unlinks the level (200 also when it was not linked, as in OpenOLAT); an unknown level is 404 (OpenOLAT: 200 with body NOT_FOUND). */
export async function unlinkElementLevel(ctx: RequestContext, curriculumKey: number, elementKey: number, levelKey: number): Promise<boolean> {
  await elementOf(ctx, curriculumKey, elementKey);
  return inTransaction(ctx, async (em) => {
    await requireLevel(em, levelKey);
    await taxonomies.unlinkLevel(em, 'element', elementKey, levelKey);
    return true;
  });
}

/** GET /repo/entries/{entry}/curriculum/elements: for whoever may read the entry (OpenOLAT checks no role at all). */
export async function listElementsOfEntry(ctx: RequestContext, entry: string): Promise<CurriculumElementVO[]> {
  const row = await locateEntry(ctx, entry);
  await requireEntryReader(ctx, row);
  return answerListById(ctx, (range) => curricula.listElementsOfEntry(ctx.em, row.id, range), toCurriculumElementVO);
}

/** `CurriculumElementVO.entries` (GraphQL): a page of the linked entries of every element of an answer, read at once (requireManagedForEdge checks the curriculum). */
export function entriesOf(ctx: RequestContext, elementKey: number, page: EdgePage): Promise<RepositoryEntryVO[]> {
  const edge: Edge<EntryRow, RepositoryEntryVO> = {
    read: (keys, page, cap) => curricula.pagesOfEntries(ctx.em, keys, page, cap),
    present: toRepositoryEntryVO,
  };
  return pageOf(ctx, 'curriculum element entries', edge, page, elementKey);
}

/** The rows with these keys, read for every key asked at one level of an answer in one statement. */
function rowsByKey<R extends { id: number }>(ctx: RequestContext, name: string, read: (keys: readonly number[]) => Promise<R[]>) {
  return loader<number, R | null>(ctx, name, async (keys) => inKeyOrder(keys, await read(keys), (row) => row));
}

/**
 * An element another object names (GraphQL edges: an element's parent, a lecture block's element),
 * for the managers of its curriculum, as GET /curriculum/{c}/elements/{e}: two statements for every
 * element of an answer level.
 */
export async function elementOfKey(ctx: RequestContext, elementKey: number): Promise<CurriculumElementVO> {
  const row = await rowsByKey(ctx, 'curriculum elements by key', (keys) => curricula.findElementRows(ctx.em, keys)).load(elementKey);
  if (!row) throw notFound('curriculum element');
  await requireManagedForEdge(ctx, row.curriculumKey);
  return toCurriculumElementVO(row);
}

/** The curriculum of an element (GraphQL edge), for its managers, as GET /curriculum/{c}: two statements for every curriculum of an answer level. */
export async function curriculumOf(ctx: RequestContext, curriculumKey: number): Promise<CurriculumVO> {
  const row = await rowsByKey(ctx, 'curricula by key', (keys) => curricula.findCurriculumRows(ctx.em, keys)).load(curriculumKey);
  if (!row) throw notFound('curriculum');
  await requireManagedForEdge(ctx, curriculumKey);
  return toCurriculumVO(row);
}

/** The rule of the REST twins for GraphQL edges: the caller manages the element's curriculum; one statement for all curricula of an answer. */
export async function requireManagedForEdge(ctx: RequestContext, curriculumKey: number): Promise<void> {
  const managed = loader<number, boolean>(ctx, 'managed curricula', async (keys) => {
    const found = await curricula.managedAmong(ctx.em, requireCaller(ctx), CURRICULUM_MANAGERS, keys);
    return keys.map((key) => found.has(key));
  });
  if (!(await managed.load(curriculumKey))) throw forbidden();
}
