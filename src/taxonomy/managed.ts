import { Taxonomy, TaxonomyLevelType } from '../entities/taxonomy';
import type { ManagedKind } from '../managed/flags';
import { managedByKey, managedType, sameFlags, trimmedEquals } from '../managed/elements';
import { toLevelTypeVO, toLevelVO, toTaxonomyVO } from './presenter';
import { findLevelRow } from './repository';

/** Given values that mean the stored ones: any text with blanks around it, flags in another order. */
const meansCurrent = (kind: ManagedKind) => (given: Record<string, unknown>) => ({
  ...Object.fromEntries(Object.keys(given).map((field) => [field, trimmedEquals(field)])),
  managedFlags: sameFlags(kind, 'managedFlags'),
});

/** The taxonomy an operation acts on: by the key in the body, else by path key. */
export const managedTaxonomy = managedByKey({
  kind: 'taxonomy',
  input: 'taxonomy',
  keyOf: (args) => args.taxonomy?.key ?? args.taxonomyKey,
  find: (ctx, key) => ctx.em.findOne(Taxonomy, { id: key }),
  present: toTaxonomyVO,
  rules: meansCurrent('taxonomy'),
});

/** The level an operation acts on: by path key, else by the key in the body. */
export const managedTaxonomyLevel = managedByKey({
  kind: 'taxonomyLevel',
  input: 'taxonomyLevel',
  keyOf: (args) => args.taxonomyLevelKey ?? args.taxonomyLevel?.key,
  find: (ctx, key) => findLevelRow(ctx.em, key),
  present: toLevelVO,
  rules: meansCurrent('taxonomyLevel'),
});

/** The level type an operation acts on. */
export const managedTaxonomyLevelType = managedType({
  kind: 'taxonomyLevelType',
  input: 'taxonomyLevelType',
  pathKey: 'levelTypeKey',
  entity: TaxonomyLevelType,
  present: toLevelTypeVO,
  rules: meansCurrent('taxonomyLevelType'),
});
