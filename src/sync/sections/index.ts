import type { EntityManager } from '@mikro-orm/postgresql';
import type { Section } from '../document';
import type { ItemRow } from '../repository';
import type { Decision } from './compare';
import { decideCourses } from './courses';
import { decideCurricula, decideElements } from './curricula';
import { decideGroups } from './groups';
import { decideMemberships } from './memberships';
import { decideOrganisations } from './organisations';
import { decideUsers } from './people';

export type { Decision } from './compare';
export { containerParts, removalsOf } from './memberships';
export { existingMembers, hashPasswords } from './people';

/** Sections whose objects are decided one at a time, just before each is written: an organisation's or element's parent may be the one before it. */
export const ONE_BY_ONE: ReadonlySet<Section> = new Set(['organisations', 'elements']);

export const DECIDE: Record<Section, (em: EntityManager, items: ItemRow[]) => Promise<Decision[]>> = {
  organisations: decideOrganisations,
  users: decideUsers,
  groups: decideGroups,
  courses: decideCourses,
  curricula: decideCurricula,
  elements: decideElements,
  memberships: decideMemberships,
};
