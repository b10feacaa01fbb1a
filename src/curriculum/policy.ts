import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { forbidden } from '../domain/errors';
import { managesObject } from '../access/manage';
import { holdsCurriculumRole } from './repository';
import { CURRICULUM_MANAGERS } from '../access/roles';

/**
 * Who may do what with curricula, their elements and element types (catalogue 2.6).
 *
 * A "curriculum manager" of a curriculum is an administrator or curriculummanager of its
 * organisation (or above it, through an inheriting membership), or a holder of a curriculum-level
 * role (curriculumowner, curriculummanager, owner) on that curriculum. Listing, creating and
 * searching across curricula need the organisation role; element types too (OpenOLAT checks no
 * role on types; this gateway does).
 *
 * Every route below /curriculum/{c} asks canManageCurriculum for `c`, and an element, lecture block
 * or linked entry named below it must belong to `c` (403 or 404). Links and the sides they ask:
 *
 * | link | curriculum side | other side |
 * | --- | --- | --- |
 * | element to entry (…/entries/{k}, PUT and DELETE) | manager of the curriculum | manager of the entry (src/courses/policy.ts): OpenOLAT asks nothing of the entry, which let a curriculum owner link any course and open it to the element's members |
 * | element to person (members, roles) | manager of the curriculum | none: any person may be made a member |
 * | element to taxonomy level | manager of the curriculum | none: levels are shared vocabulary |
 * | element lecture block in a course | manager of the curriculum | the course must be linked to the element (a link asked both sides) |
 * | curriculum to organisation (organisationKey) | manager of the curriculum | the organisation role in the organisation |
 */

export const canManageCurriculum = (ctx: RequestContext, curriculumKey: number) => managesObject(ctx, { kind: 'curriculum', key: curriculumKey });

export async function requireCurriculumManager(ctx: RequestContext, curriculumKey: number): Promise<void> {
  if (!(await canManageCurriculum(ctx, curriculumKey))) throw forbidden('needs the administrator or curriculummanager role for this curriculum, or to own it');
}

/** Listing, creating and searching across curricula: the organisation role somewhere. */
export function requireCurriculumRole(ctx: RequestContext): void {
  if (!hasAnyRole(requireCaller(ctx), CURRICULUM_MANAGERS)) throw forbidden('needs the administrator or curriculummanager role');
}

/**
 * A caller with neither the organisation role nor any curriculum-level role manages no curriculum:
 * refused (403) before any curriculum is looked up, so that keys are not probed.
 */
export async function requireSomeCurriculumRole(ctx: RequestContext): Promise<void> {
  const caller = requireCaller(ctx);
  if (!hasAnyRole(caller, CURRICULUM_MANAGERS) && !(await holdsCurriculumRole(ctx.em, caller.key))) {
    throw forbidden('needs the administrator or curriculummanager role, or to own a curriculum');
  }
}
