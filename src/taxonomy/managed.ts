import { Taxonomy, TaxonomyLevelType } from '../entities/taxonomy';
import { normaliseManagedFlags, type ManagedKind } from '../managed/flags';
import type { ManagedElement } from '../managed/elements';
import { toLevelTypeVO, toLevelVO, toTaxonomyVO } from './presenter';
import { findLevelRow } from './repository';

/**
 * The managed guard compares given and current values by identity. Where a given value means the
 * same as the stored one (flags in another order, a text with surrounding blanks), report the given
 * value as the current one so unchanged fields pass.
 */
function sameAsGiven(kind: ManagedKind, given: Record<string, unknown>, current: Record<string, unknown>): Record<string, unknown> {
  const values = { ...current };
  for (const [field, value] of Object.entries(given)) {
    if (value === undefined) continue;
    if (field === 'managedFlags') {
      if (normaliseManagedFlags(kind, value as string | null) === normaliseManagedFlags(kind, current.managedFlags as string | null)) values[field] = value;
    } else if (typeof value === 'string' && value.trim() === current[field]) values[field] = value;
  }
  return values;
}

/** The taxonomy an operation acts on: by path key, else by the key in the body. */
export const managedTaxonomy: ManagedElement = {
  kind: 'taxonomy',
  async load(args, ctx) {
    const key = args.taxonomy?.key ?? args.taxonomyKey;
    const taxonomy = key == null ? null : await ctx.em.findOne(Taxonomy, { id: key });
    if (!taxonomy) return null;
    const current = toTaxonomyVO(taxonomy) as unknown as Record<string, unknown>;
    return { managedFlags: taxonomy.managedFlags, values: sameAsGiven('taxonomy', args.taxonomy ?? {}, current) };
  },
};

/** The level an operation acts on: by path key, else by the key in the body. */
export const managedTaxonomyLevel: ManagedElement = {
  kind: 'taxonomyLevel',
  async load(args, ctx) {
    const key = args.taxonomyLevelKey ?? args.taxonomyLevel?.key;
    const row = key == null ? null : await findLevelRow(ctx.em, key);
    if (!row) return null;
    const current = toLevelVO(row) as unknown as Record<string, unknown>;
    return { managedFlags: row.managedFlags, values: sameAsGiven('taxonomyLevel', args.taxonomyLevel ?? {}, current) };
  },
};

/** The level type an operation acts on: by path key, else by the key in the body. */
export const managedTaxonomyLevelType: ManagedElement = {
  kind: 'taxonomyLevelType',
  async load(args, ctx) {
    const key = args.levelTypeKey ?? args.taxonomyLevelType?.key;
    const type = key == null ? null : await ctx.em.findOne(TaxonomyLevelType, { id: key });
    if (!type) return null;
    const current = toLevelTypeVO(type) as unknown as Record<string, unknown>;
    return { managedFlags: type.managedFlags, values: sameAsGiven('taxonomyLevelType', args.taxonomyLevelType ?? {}, current) };
  },
};
