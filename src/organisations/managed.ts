import { OrganisationType } from '../entities/organisations';
import { normaliseManagedFlags, type ManagedKind } from '../managed/flags';
import type { ManagedElement } from '../managed/elements';
import { toOrganisationTypeVO, toOrganisationVO } from './presenter';
import { requireOrganisationManager } from './policy';
import { findOrganisationRow } from './repository';

/**
 * The managed guard compares given and current values by identity. Where a given value means the
 * same as the stored one (flags in another order, a name with surrounding blanks, a null parent
 * that moves nothing), report the given value as the current one so unchanged fields pass.
 */
function sameAsGiven(kind: ManagedKind, given: Record<string, unknown>, current: Record<string, unknown>): Record<string, unknown> {
  const values = { ...current };
  const same: Record<string, (value: unknown) => boolean> = {
    identifier: (value) => typeof value === 'string' && value.trim() === current.identifier,
    displayName: (value) => typeof value === 'string' && value.trim() === current.displayName,
    managedFlagsString: (value) =>
      normaliseManagedFlags(kind, value as string | null) === normaliseManagedFlags(kind, current.managedFlagsString as string | null),
    parentOrganisationKey: (value) => value === null,
  };
  for (const [field, check] of Object.entries(same)) if (given[field] !== undefined && check(given[field])) values[field] = given[field];
  return values;
}

/** The organisation an operation acts on: by path key, else by the key in the body; its managers only (src/organisations/policy.ts). */
export const managedOrganisation: ManagedElement = {
  kind: 'organisation',
  async load(args, ctx) {
    const key = args.organisationKey ?? args.organisation?.key;
    const row = key == null ? null : await findOrganisationRow(ctx.em, key);
    if (!row) return null;
    const current = toOrganisationVO(row) as unknown as Record<string, unknown>;
    return { managedFlags: row.managedFlags, values: sameAsGiven('organisation', args.organisation ?? {}, current) };
  },
  async authorize(args, ctx) {
    const key = args.organisationKey ?? args.organisation?.key;
    if (key != null && (await findOrganisationRow(ctx.em, key))) await requireOrganisationManager(ctx, key);
  },
};

/** The organisation type an operation acts on: by path key, else by the key in the body. */
export const managedOrganisationType: ManagedElement = {
  kind: 'organisationType',
  async load(args, ctx) {
    const key = args.typeKey ?? args.organisationType?.key;
    const type = key == null ? null : await ctx.em.findOne(OrganisationType, { id: key });
    if (!type) return null;
    const current = toOrganisationTypeVO(type) as unknown as Record<string, unknown>;
    return { managedFlags: type.managedFlags, values: sameAsGiven('organisationType', args.organisationType ?? {}, current) };
  },
};
