import { OrganisationType } from '../entities/organisations';
import type { ManagedKind } from '../managed/flags';
import { isNull, managedByKey, managedType, sameFlags, trimmedEquals } from '../managed/elements';
import { toOrganisationTypeVO, toOrganisationVO } from './presenter';
import { requireOrganisationManager } from './policy';
import { findOrganisationRow } from './repository';

/** Given values that mean the stored ones: a name with blanks around it, flags in another order, a null parent that moves nothing. */
const meansCurrent = (kind: ManagedKind) => () => ({
  identifier: trimmedEquals('identifier'),
  displayName: trimmedEquals('displayName'),
  managedFlagsString: sameFlags(kind, 'managedFlagsString'),
  parentOrganisationKey: isNull,
});

const organisationKeyOf = (args: Record<string, any>): number | undefined => args.organisationKey ?? args.organisation?.key;

/** The organisation an operation acts on: by path key, else by the key in the body; its managers only (src/organisations/policy.ts). */
export const managedOrganisation = managedByKey({
  kind: 'organisation',
  input: 'organisation',
  keyOf: organisationKeyOf,
  find: (ctx, key) => findOrganisationRow(ctx.em, key),
  present: toOrganisationVO,
  rules: meansCurrent('organisation'),
  async authorize(args, ctx) {
    const key = organisationKeyOf(args);
    if (key != null && (await findOrganisationRow(ctx.em, key))) await requireOrganisationManager(ctx, key);
  },
});

/** The organisation type an operation acts on. */
export const managedOrganisationType = managedType({
  kind: 'organisationType',
  input: 'organisationType',
  pathKey: 'typeKey',
  entity: OrganisationType,
  present: toOrganisationTypeVO,
  rules: meansCurrent('organisationType'),
});
