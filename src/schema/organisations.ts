import { NAMED, STYLED, long, text, wireType } from './wire-shape';

/** OpenOLAT's OrganisationVO (catalogue 3.4). */
export const [OrganisationVO, OrganisationVOInput] = wireType(
  {
    name: 'OrganisationVO',
    inputDescription:
      'An OrganisationVO as a client sends it. Absent fields keep their value, null clears it; a changed parentOrganisationKey moves the organisation with its subtree; rootOrganisationKey is ignored.',
  },
  {
    ...NAMED,
    cssClass: text.nullable,
    status: text.nullable.describe('active, inactive or deleted').describeInput('active, inactive or deleted; blank keeps the status'),
    externalId: text.nullable.managed('any'),
    managedFlagsString: text.nullable.describe('Comma-separated managed flags, normalised (unknown flags dropped).').managed('any'),
    rootOrganisationKey: long.nullable.describe('The root of the tree (the default organisation); null for the root itself.'),
    parentOrganisationKey: long.nullable.managed('move'),
    organisationTypeKey: long.nullable.managed('type'),
  },
);
export type OrganisationVO = InstanceType<typeof OrganisationVO>;
export type OrganisationVOInput = InstanceType<typeof OrganisationVOInput>;

/** OpenOLAT's OrganisationTypeVO (catalogue 3.4). */
export const [OrganisationTypeVO, OrganisationTypeVOInput] = wireType(
  { name: 'OrganisationTypeVO', inputDescription: 'An OrganisationTypeVO as a client sends it. Absent fields keep their value, null clears it.' },
  {
    ...STYLED,
    externalId: text.nullable.managed('any'),
    managedFlagsString: text.nullable.describe('Comma-separated managed flags, normalised (unknown flags dropped).').managed('any'),
  },
);
export type OrganisationTypeVO = InstanceType<typeof OrganisationTypeVO>;
export type OrganisationTypeVOInput = InstanceType<typeof OrganisationTypeVOInput>;
