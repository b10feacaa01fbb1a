import type { EntityManager } from '@mikro-orm/postgresql';
import type { ItemRow } from '../repository';
import { byExternalId, changedFields, changesOf, type Decision, isAmbiguous, isoText, type NamedRow, single } from './compare';
import { organisationsByExternalId } from './organisations';

interface CurriculumRow extends NamedRow {
  organisationExternalId: string | null;
}

const CURRICULUM_FIELDS = ['identifier', 'displayName', 'description', 'organisationExternalId'] as const;

export const curriculaByExternalId = async (em: EntityManager, refs: string[]) =>
  byExternalId<CurriculumRow>(
    em,
    `select c.id as key, c.external_id as "externalId", c.identifier, c.display_name as "displayName", c.description, o.external_id as "organisationExternalId"
       from curriculum c left join organisation o on o.id = c.organisation_id where c.external_id = any(?::text[])`,
    refs,
  );

export async function decideCurricula(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const wanted = items.map((item) => item.payload as Record<string, string | null>);
  const found = await curriculaByExternalId(
    em,
    items.map((item) => item.ref),
  );
  const organisations = await organisationsByExternalId(em, wanted.map((curriculum) => curriculum.organisationExternalId).filter(Boolean) as string[]);
  return items.map((item, index): Decision => {
    const { organisationExternalId, ...fields } = wanted[index];
    const curriculum = single(found, item.ref, 'curricula');
    const organisation = organisationExternalId ? single(organisations, organisationExternalId, 'organisations') : undefined;
    if (isAmbiguous(curriculum)) return { action: 'error', error: curriculum.ambiguous };
    if (isAmbiguous(organisation)) return { action: 'error', error: organisation.ambiguous };
    if (organisationExternalId && !organisation)
      return { action: 'error', error: `no organisation has the externalId ${organisationExternalId} (organisationExternalId)` };
    const organisationKey = organisation?.key;
    if (!curriculum) {
      if (!fields.identifier || !fields.displayName) return { action: 'error', error: 'identifier and displayName are required to create a curriculum' };
      return { action: 'create', write: { mutation: 'createCurriculum', variables: { curriculum: { ...fields, externalId: item.ref, organisationKey } } } };
    }
    const changes = changesOf(curriculum as unknown as Record<string, unknown>, wanted[index], CURRICULUM_FIELDS);
    if (!changes.length) return { action: 'unchanged', key: curriculum.key, may: { kind: 'curriculum', key: curriculum.key } };
    const { organisationExternalId: moved, ...changed } = changedFields(changes, wanted[index]);
    return {
      action: 'update',
      key: curriculum.key,
      changes,
      write: { mutation: 'updateCurriculum', variables: { curriculumKey: curriculum.key, curriculum: { ...changed, ...(moved ? { organisationKey } : {}) } } },
    };
  });
}

interface ElementRow {
  key: number;
  externalId: string;
  curriculumKey: number;
  curriculumExternalId: string | null;
  parentExternalId: string | null;
  identifier: string | null;
  displayName: string;
  description: string | null;
  status: string;
  /** ISO 8601 in UTC, as a document's dates read (`2026-09-01T00:00:00.000Z`). */
  beginDate: string | null;
  endDate: string | null;
  typeExternalId: string | null;
}

const ELEMENT_FIELDS = ['identifier', 'displayName', 'description', 'parentExternalId', 'status', 'beginDate', 'endDate', 'typeExternalId'] as const;

const typesByExternalId = (em: EntityManager, refs: string[]) =>
  byExternalId<{ key: number; externalId: string }>(
    em,
    `select t.id as key, t.external_id as "externalId" from curriculum_element_type t where t.external_id = any(?::text[])`,
    refs,
  );

export const elementsByExternalId = async (em: EntityManager, refs: string[]) =>
  byExternalId<ElementRow>(
    em,
    `select e.id as key, e.external_id as "externalId", e.curriculum_id as "curriculumKey", c.external_id as "curriculumExternalId",
         p.external_id as "parentExternalId", e.identifier, e.display_name as "displayName", e.description, e.status,
         ${isoText('e.begin_date')} as "beginDate", ${isoText('e.end_date')} as "endDate", t.external_id as "typeExternalId"
       from curriculum_element e join curriculum c on c.id = e.curriculum_id left join curriculum_element p on p.id = e.parent_id
         left join curriculum_element_type t on t.id = e.type_id
       where e.external_id = any(?::text[])`,
    refs,
  );

/** A curriculum element, in its curriculum (by externalId), below its parent element (by externalId) or at the top. */
export async function decideElements(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const decisions: Decision[] = [];
  for (const item of items) {
    const { curriculumExternalId, parentExternalId, typeExternalId, ...fields } = item.payload as Record<string, string | null>;
    const found = await elementsByExternalId(em, [item.ref, ...(parentExternalId ? [parentExternalId] : [])]);
    const element = single(found, item.ref, 'curriculum elements');
    const parent = parentExternalId ? single(found, parentExternalId, 'curriculum elements') : undefined;
    const curriculum = curriculumExternalId ? single(await curriculaByExternalId(em, [curriculumExternalId]), curriculumExternalId, 'curricula') : undefined;
    const type = typeExternalId ? single(await typesByExternalId(em, [typeExternalId]), typeExternalId, 'curriculum element types') : undefined;
    const decide = (): Decision => {
      if (isAmbiguous(element) || isAmbiguous(parent) || isAmbiguous(curriculum) || isAmbiguous(type))
        return { action: 'error', error: [element, parent, curriculum, type].find(isAmbiguous)!.ambiguous };
      if (typeExternalId && !type) return { action: 'error', error: `no curriculum element type has the externalId ${typeExternalId} (typeExternalId)` };
      const typed = type ? { curriculumElementTypeKey: type.key } : {};
      if (parentExternalId && !parent) return { action: 'error', error: `no curriculum element has the externalId ${parentExternalId} (parentExternalId)` };
      if (curriculumExternalId && !curriculum)
        return { action: 'error', error: `no curriculum has the externalId ${curriculumExternalId} (curriculumExternalId)` };
      if (!element) {
        const curriculumKey = curriculum?.key ?? parent?.curriculumKey;
        if (!curriculumKey) return { action: 'error', error: 'curriculumExternalId is required to create a curriculum element' };
        if (!fields.displayName) return { action: 'error', error: 'displayName is required to create a curriculum element' };
        const curriculumElement = { ...fields, ...typed, externalId: item.ref, parentElementKey: parent?.key };
        return { action: 'create', write: { mutation: 'saveCurriculumElement', variables: { curriculumKey, curriculumElement } } };
      }
      if (curriculum && curriculum.key !== element.curriculumKey)
        return {
          action: 'error',
          key: element.key,
          error: `the element ${item.ref} is in another curriculum`,
          may: { kind: 'curriculum', key: element.curriculumKey },
        };
      const changes = changesOf(element as unknown as Record<string, unknown>, { ...fields, parentExternalId, typeExternalId }, ELEMENT_FIELDS);
      if (!changes.length) return { action: 'unchanged', key: element.key, may: { kind: 'curriculum', key: element.curriculumKey } };
      const { parentExternalId: moved, typeExternalId: retyped, ...changed } = changedFields(changes, fields);
      const curriculumElement = {
        ...changed,
        ...(retyped !== undefined || changes.some((change) => change.field === 'typeExternalId') ? typed : {}),
        ...(moved !== undefined || changes.some((change) => change.field === 'parentExternalId') ? { parentElementKey: parent?.key } : {}),
      };
      return {
        action: 'update',
        key: element.key,
        changes,
        write: { mutation: 'updateCurriculumElement', variables: { curriculumKey: element.curriculumKey, elementKey: element.key, curriculumElement } },
      };
    };
    decisions.push(decide());
  }
  return decisions;
}
