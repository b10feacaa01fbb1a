import { keyArray, sql, type SqlCondition } from '../db/sql';
import { forbidden } from './errors';
import type { Caller, RequestContext } from './context';
import { BASE_ROLES } from './roles';

/*
 * An API key may be bound to an organisation (an identity provider's key, src/auth/api-keys.ts): whoever calls with it,
 * or with a token or session its login opened, acts within that organisation and the ones below it only, whatever roles
 * the key's owner holds elsewhere. The owner's roles still decide what may be done there.
 *
 * The rules that read the caller's roles apply this condition where they name the caller's objects: holding a role in an
 * organisation (src/domain/scope.ts), seeing an entry (src/courses/repository.ts visibleTo), managing a curriculum, the
 * lists of organisations, lecture blocks and roll calls; src/access/manage.ts applies it to every managed object. A bound
 * caller holds no role everywhere. What the whole institution shares (taxonomies, types, relation roles, the catalog, the
 * settings) it reads and does not change (src/auth/institution-guard.ts).
 */

/** The kinds of objects the access rules answer for (src/access/manage.ts). */
export type ObjectKind = 'person' | 'group' | 'entry' | 'curriculum' | 'organisation';

const BASE = BASE_ROLES.map((role) => `'${role}'`).join(', ');

/** SQL (one parameter: the bound organisation): the object whose key is `column` lies in it or below it. */
const INSIDE: Record<ObjectKind, (column: string) => string> = {
  /** A person with a membership as user, invitee or guest there, and no other role anywhere else (nothing to reach outside through them). */
  person: (column) => `exists (select 1 from organisation_role bm join organisation bo on bo.id = bm.organisation_id join organisation b on b.id = ?
      where bm.identity_id = ${column} and bm.role in (${BASE}) and bo.path like b.path || '%'
        and not exists (select 1 from organisation_role om join organisation oo on oo.id = om.organisation_id
          where om.identity_id = ${column} and om.role not in (${BASE}) and oo.path not like b.path || '%'))`,
  group: (column) => `exists (select 1 from business_group bg join organisation bo on bo.id = bg.organisation_id join organisation b on b.id = ?
      where bg.id = ${column} and bo.path like b.path || '%')`,
  entry: (column) => `exists (select 1 from repository_entry be join organisation bo on bo.id = be.organisation_id join organisation b on b.id = ?
      where be.id = ${column} and bo.path like b.path || '%')`,
  curriculum: (column) => `exists (select 1 from curriculum bc join organisation bo on bo.id = bc.organisation_id join organisation b on b.id = ?
      where bc.id = ${column} and bo.path like b.path || '%')`,
  organisation: (column) => `exists (select 1 from organisation bo join organisation b on b.id = ? where bo.id = ${column} and bo.path like b.path || '%')`,
};

/** The organisation the caller's credential is bound to, if any. */
export const boundOrganisation = (ctx: RequestContext): number | undefined => ctx.caller?.organisationKey;

/** SQL condition on `column` (an object of the kind): true for an unbound caller, else the object lies within the caller's bound organisation. */
export function withinBoundOf(caller: Caller | null, kind: ObjectKind, column: string): SqlCondition {
  const bound = caller?.organisationKey;
  return bound === undefined ? { text: 'true', params: [] } : { text: withinBoundText(kind, column), params: [bound] };
}

/** withinBoundOf's text for a bound caller; its one parameter is the organisation. */
export const withinBoundText = (kind: ObjectKind, column: string) => INSIDE[kind](column);

/** withinBoundOf for the request's caller. */
export const withinBound = (ctx: RequestContext, kind: ObjectKind, column: string): SqlCondition => withinBoundOf(ctx.caller, kind, column);

/** Of these keys of objects of one kind, those within the caller's bound organisation (all of them for an unbound caller): one statement. */
export async function keysWithinBound(ctx: RequestContext, kind: ObjectKind, keys: readonly number[]): Promise<number[]> {
  if (boundOrganisation(ctx) === undefined || !keys.length) return [...keys];
  const inside = withinBound(ctx, kind, 'k');
  const rows = await sql<{ k: number }>(ctx.em, `select k from unnest(?::bigint[]) k where ${inside.text}`, [keyArray(keys), ...inside.params]);
  return rows.map((row) => row.k);
}

/** 403 when the object lies outside the caller's bound organisation (never for an unbound caller). */
export async function requireWithinBound(ctx: RequestContext, kind: ObjectKind, key: number): Promise<void> {
  if (!(await keysWithinBound(ctx, kind, [key])).length) throw forbidden(`this credential acts within organisation ${boundOrganisation(ctx)} only`);
}

/**
 * The organisation a new object goes to: the one named, which for a bound caller must lie within the bound organisation
 * (else 403); unnamed, the bound organisation, or undefined (the family's own choice) for an unbound caller.
 */
export async function organisationForNew(ctx: RequestContext, named: number | null | undefined): Promise<number | undefined> {
  const bound = boundOrganisation(ctx);
  if (bound === undefined) return named ?? undefined;
  if (named == null) return bound;
  await requireWithinBound(ctx, 'organisation', named);
  return named;
}
