import type { Deviation, ParityRow } from '../types';

const TAXONOMY = 'TaxonomyWebService';

const LEVEL_OF_ANOTHER_TAXONOMY: Deviation = {
  what: 'A level of another taxonomy in the path answers 404; OpenOLAT does not check the level’s taxonomy on this route and answers it.',
  why: 'The path names the taxonomy; answering data of another one under it would make the path meaningless.',
};

const TYPE_OF_ANOTHER_TAXONOMY: Deviation = {
  what: 'A level type of another taxonomy in the path answers 404; OpenOLAT looks the type up by key only and answers it.',
  why: 'The path names the taxonomy; answering a type of another one under it would make the path meaningless.',
};

const TAXONOMY_MANAGED_FLAGS: Deviation = {
  what: 'TaxonomyVO.managedFlags carries the taxonomy’s managed flags when it has some; OpenOLAT’s TaxonomyVO constructor never fills it (always null).',
  why: 'The field exists to carry the flags; leaving it empty is an omission in OpenOLAT, and a taxonomy without flags answers null as there.',
};

export const rows: ParityRow[] = [
  {
    endpoint: 'GET /taxonomy/version',
    openolat: 'TaxonomyModuleWebService.getTaxonomyWebService (no version method: "version" reaches the {taxonomyKey} locator)',
    reads: [],
    deviations: [
      {
        what: 'We answer 1.0 as text; OpenOLAT has no version method here, so "version" reaches the {taxonomyKey} locator and does not parse as a key (404).',
        why: 'The catalogue lists the route and every other family answers its version; a client that asks learns nothing wrong.',
      },
    ],
  },
  { endpoint: 'GET /taxonomy', openolat: 'TaxonomyModuleWebService.getTaxonomyList', reads: [], deviations: [TAXONOMY_MANAGED_FLAGS] },
  {
    endpoint: 'GET /taxonomy/{}',
    openolat: 'TaxonomyModuleWebService.getTaxonomyWebService + TaxonomyWebService.getTaxonomy',
    reads: [],
    deviations: [TAXONOMY_MANAGED_FLAGS],
  },
  { endpoint: 'GET /taxonomy/{}/levels', openolat: `${TAXONOMY}.getFlatTaxonomyLevels`, reads: [], deviations: [] },
  {
    endpoint: 'PUT /taxonomy/{}/levels',
    openolat: `${TAXONOMY}.putTaxonomyLevel`,
    reads: ['body TaxonomyLevelVO (JSON or XML)'],
    deviations: [
      {
        what: 'An unknown parentKey answers 404; OpenOLAT creates the level as a root level (and leaves an existing level’s parent alone when the parent is not found).',
        why: 'A mistyped parent key would silently build the tree wrong.',
      },
      {
        what: 'An unknown typeKey answers 404; OpenOLAT saves the level without type (on update it clears the type).',
        why: 'A mistyped type key would silently drop the level’s type.',
      },
      {
        what: 'An update whose body has no parentKey keeps the level where it is; OpenOLAT reads the absent parentKey as null and makes the level a root level. An explicit JSON null makes it a root level here too.',
        why: 'Every other absent field of the body leaves the level unchanged, in OpenOLAT too; a partial body must not restructure the tree.',
      },
    ],
  },
  { endpoint: 'DELETE /taxonomy/{}/levels/{}', openolat: `${TAXONOMY}.deleteTaxonomyLevel`, reads: [], deviations: [] },
  {
    endpoint: 'GET /taxonomy/{}/levels/{}/competences',
    openolat: `${TAXONOMY}.getTaxonomyLevelComptences`,
    reads: [],
    deviations: [LEVEL_OF_ANOTHER_TAXONOMY],
  },
  {
    endpoint: 'GET /taxonomy/{}/levels/{}/competences/{}',
    openolat: `${TAXONOMY}.getTaxonomyLevelComptencesByIdentity`,
    reads: [],
    deviations: [LEVEL_OF_ANOTHER_TAXONOMY],
  },
  {
    endpoint: 'GET /taxonomy/{}/competences/{}',
    openolat: `${TAXONOMY}.getTaxonomyComptencesByIdentity`,
    reads: [],
    deviations: [
      {
        what: 'Only the person’s competences on levels of this taxonomy are listed; OpenOLAT lists the person’s competences in every taxonomy.',
        why: 'The path names the taxonomy; the competences in another taxonomy are under that taxonomy’s path.',
      },
    ],
  },
  {
    endpoint: 'PUT /taxonomy/{}/levels/{}/competences',
    openolat: `${TAXONOMY}.putTaxonomyLevelComptencesByIdentity`,
    reads: [
      'body TaxonomyCompetenceVO (JSON or XML): identityKey, taxonomyCompetenceType (unknown: OpenOLAT fails with 500, we answer 400), expiration; taxonomyLevelKey must match the path (409)',
    ],
    deviations: [],
  },
  { endpoint: 'DELETE /taxonomy/{}/levels/{}/competences/{}', openolat: `${TAXONOMY}.removeTaxonomyLevelCompetence`, reads: [], deviations: [] },
  { endpoint: 'GET /taxonomy/{}/types', openolat: `${TAXONOMY}.getTaxonomyLevelTypes`, reads: [], deviations: [] },
  {
    endpoint: 'PUT /taxonomy/{}/types',
    openolat: `${TAXONOMY}.putTaxonomyLevelType`,
    reads: ['body TaxonomyLevelTypeVO (JSON or XML; on update only the fields it carries are changed)'],
    deviations: [],
  },
  { endpoint: 'GET /taxonomy/{}/types/{}', openolat: `${TAXONOMY}.getTaxonomyLevelType`, reads: [], deviations: [TYPE_OF_ANOTHER_TAXONOMY] },
  {
    endpoint: 'GET /taxonomy/{}/types/{}/allowedSubTypes',
    openolat: `${TAXONOMY}.getAllowedSubTaxonomyLevelTypes`,
    reads: [],
    deviations: [TYPE_OF_ANOTHER_TAXONOMY],
  },
  {
    endpoint: 'PUT /taxonomy/{}/types/{}/allowedSubTypes/{}',
    openolat: `${TAXONOMY}.allowSubTaxonomyLevelType`,
    reads: [],
    deviations: [TYPE_OF_ANOTHER_TAXONOMY],
  },
  {
    endpoint: 'DELETE /taxonomy/{}/types/{}/allowedSubTypes/{}',
    openolat: `${TAXONOMY}.disalloweSubTaxonomyLevelType`,
    reads: [],
    deviations: [TYPE_OF_ANOTHER_TAXONOMY],
  },
];
