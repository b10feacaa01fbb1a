import { bool, dateTime, field, int, long, objectType, text, wireType } from './wire-shape';

/** What a taxonomy, its levels and their types have after the identifier: names that may be null, each guarded by the managed flag of its name. */
const LABELS = {
  displayName: text.nullable.managed('displayName'),
  description: text.nullable.managed('description'),
  externalId: text.nullable.managed('externalId'),
};

/** OpenOLAT's TaxonomyVO (catalogue 3.8). */
export const [TaxonomyVO, TaxonomyVOInput] = wireType(
  {
    name: 'TaxonomyVO',
    inputDescription:
      'A TaxonomyVO as a client sends it (an extension: OpenOLAT cannot create taxonomies over REST). Without a key a new taxonomy, with a key an update; absent fields keep their value.',
  },
  {
    key: long,
    identifier: text.managed('identifier'),
    ...LABELS,
    managedFlags: text.nullable.describe('Comma-separated managed flags (catalogue 4.8), normalised.').managed('any'),
  },
);
export type TaxonomyVO = InstanceType<typeof TaxonomyVO>;
export type TaxonomyVOInput = InstanceType<typeof TaxonomyVOInput>;

/** OpenOLAT's TaxonomyVOes: always this wrapper, `{"taxonomies":[…],"totalCount":n}` (the list first, as OpenOLAT declares it; clients read the text); XML `<taxonomyVoes totalCount="n"><taxonomies><taxonomies>…`. */
export const TaxonomyVOes = objectType(
  { name: 'TaxonomyVOes', extensions: { xmlRoot: 'taxonomyVoes' } },
  {
    taxonomies: field<TaxonomyVO[]>(() => [TaxonomyVO]).extensions({ xmlItem: 'taxonomies' }),
    totalCount: int.extensions({ xmlAttribute: true }),
  },
);
export type TaxonomyVOes = InstanceType<typeof TaxonomyVOes>;

/** OpenOLAT's TaxonomyLevelVO (catalogue 3.8). */
export const [TaxonomyLevelVO, TaxonomyLevelVOInput] = wireType(
  {
    name: 'TaxonomyLevelVO',
    inputDescription:
      'A TaxonomyLevelVO as a client sends it: without a key a new level, with a key an update; a changed parentKey moves the level with its sub-levels, a null parentKey makes it a root level.',
  },
  {
    key: long,
    identifier: text.describeInput('mandatory for a new level').managed('identifier'),
    ...LABELS,
    parentKey: long.nullable.describe('null for a root level').managed('move'),
    typeKey: long.nullable.managed('type'),
    managedFlags: text.nullable.describe('Comma-separated managed flags (catalogue 4.10), normalised.').managed('any'),
  },
);
export type TaxonomyLevelVO = InstanceType<typeof TaxonomyLevelVO>;
export type TaxonomyLevelVOInput = InstanceType<typeof TaxonomyLevelVOInput>;

/** OpenOLAT's TaxonomyLevelTypeVO (catalogue 3.8). */
export const [TaxonomyLevelTypeVO, TaxonomyLevelTypeVOInput] = wireType(
  { name: 'TaxonomyLevelTypeVO', inputDescription: 'A TaxonomyLevelTypeVO as a client sends it: without a key a new type, with a key an update.' },
  {
    key: long,
    identifier: text.describeInput('mandatory for a new type').managed('identifier'),
    ...LABELS,
    managedFlags: text.nullable.describe('Comma-separated managed flags (catalogue 4.11), normalised.').managed('any'),
    cssClass: text.nullable.managed('cssClass'),
    visible: bool.nullable.managed('visibility'),
    documentsLibraryEnabled: bool.nullable.managed('librarySettings'),
    documentsLibraryManagerCompetenceEnabled: bool.nullable.managed('librarySettings'),
    documentsLibraryTeachCompetenceReadEnabled: bool.nullable.managed('librarySettings'),
    documentsLibraryTeachCompetenceReadParentLevels: int.nullable.managed('librarySettings'),
    documentsLibraryTeachCompetenceWriteEnabled: bool.nullable.managed('librarySettings'),
    documentsLibraryHaveCompetenceReadEnabled: bool.nullable.managed('librarySettings'),
    documentsLibraryTargetCompetenceReadEnabled: bool.nullable.managed('librarySettings'),
  },
);
export type TaxonomyLevelTypeVO = InstanceType<typeof TaxonomyLevelTypeVO>;
export type TaxonomyLevelTypeVOInput = InstanceType<typeof TaxonomyLevelTypeVOInput>;

/** The document-library switches of a level type, as the VO names them. */
export const LIBRARY_SETTINGS = [
  'documentsLibraryEnabled',
  'documentsLibraryManagerCompetenceEnabled',
  'documentsLibraryTeachCompetenceReadEnabled',
  'documentsLibraryTeachCompetenceReadParentLevels',
  'documentsLibraryTeachCompetenceWriteEnabled',
  'documentsLibraryHaveCompetenceReadEnabled',
  'documentsLibraryTargetCompetenceReadEnabled',
] as const;

/** OpenOLAT's TaxonomyCompetenceVO (catalogue 3.8). */
export const [TaxonomyCompetenceVO, TaxonomyCompetenceVOInput] = wireType(
  {
    name: 'TaxonomyCompetenceVO',
    inputDescription:
      'A TaxonomyCompetenceVO as a client sends it: a competence of the same type on the level is updated (its expiration), else one is created.',
  },
  {
    key: long,
    identityKey: long.required,
    taxonomyLevelKey: long.describeInput('must be the level of the path when given'),
    taxonomyCompetenceType: text
      .describe('target, have, teach or manage (catalogue 5.9)')
      .required.describeInput('target, have, teach or manage (catalogue 5.9)'),
    expiration: dateTime.nullable,
  },
);
export type TaxonomyCompetenceVO = InstanceType<typeof TaxonomyCompetenceVO>;
export type TaxonomyCompetenceVOInput = InstanceType<typeof TaxonomyCompetenceVOInput>;

/** The switches of the taxonomy module as this service has them. */
export const TaxonomyModuleConfigurationVO = objectType(
  { name: 'TaxonomyModuleConfigurationVO' },
  {
    enabled: bool.describe('The taxonomy module is on (always, in this service).'),
    managedTaxonomyLevels: bool.describe('Managed flags of taxonomies, levels and level types are enforced on GraphQL changes (the managedEnforced setting).'),
    taxonomies: int.describe('How many taxonomies there are.'),
  },
);
export type TaxonomyModuleConfigurationVO = InstanceType<typeof TaxonomyModuleConfigurationVO>;
