import { DELETE, GET, PUT, VERSION, type FamilyRoutes } from '../route';

const TAXONOMY = '/taxonomy/:taxonomyKey';
const LEVEL = `${TAXONOMY}/levels/:taxonomyLevelKey`;
const TYPE = `${TAXONOMY}/types/:levelTypeKey`;
const ENTRY_LEVELS = '/repo/entries/:entry/taxonomy/levels';
/** Every read of /taxonomy answers JSON unless asked for XML (catalogue 1.9). */
const JSON_FIRST = { defaultFormat: 'json' } as const;
/** A read of a level answers 409 for a level of another taxonomy, as its writes do (catalogue 2.9). */
const LEVEL_READ = { ...JSON_FIRST, errors: { 409: 'The level belongs to another taxonomy' } };

/** Taxonomies, levels, level types, competences (catalogue 2.9), and the levels of repository entries (2.3). */
export const taxonomy: FamilyRoutes = {
  routes: [
    GET('/taxonomy', 'Query.taxonomies', 'Every taxonomy, always in the wrapper {"taxonomies": [...], "totalCount": n}', JSON_FIRST),
    PUT(
      '/taxonomy',
      'Mutation.createTaxonomy',
      'Extension (not in OpenOLAT, which cannot create taxonomies over REST): create a taxonomy, or update the one the body key names; administrators and sysadmins',
      { ...JSON_FIRST, bodyArg: 'taxonomy' },
    ),
    GET('/taxonomy/module/configuration', 'Query.taxonomyModuleConfiguration', 'The switches of the taxonomy module', JSON_FIRST),
    GET(TAXONOMY, 'Query.taxonomy', 'A taxonomy (400 for a key of 0)', JSON_FIRST),
    DELETE(TAXONOMY, 'Mutation.deleteTaxonomy', 'Extension (not in OpenOLAT): delete a taxonomy with its level types; 409 while it has levels', JSON_FIRST),
    GET(`${TAXONOMY}/levels`, 'Query.taxonomyLevels', 'Every level of the taxonomy', JSON_FIRST),
    PUT(
      `${TAXONOMY}/levels`,
      'Mutation.saveTaxonomyLevel',
      'Create a level (no key) or update one (key); a changed parentKey moves it, a null parentKey makes it a root level; 404 unknown parent or type',
      { ...JSON_FIRST, bodyArg: 'taxonomyLevel' },
    ),
    DELETE(LEVEL, 'Mutation.deleteTaxonomyLevel', 'Delete a level: 304 when it has sub-levels or usages, 409 when it belongs to another taxonomy', {
      ...JSON_FIRST,
      notModifiedWhenFalse: true,
    }),
    GET(`${LEVEL}/competences`, 'Query.taxonomyLevelCompetences', 'The competences on the level', LEVEL_READ),
    PUT(
      `${LEVEL}/competences`,
      'Mutation.saveTaxonomyCompetence',
      'Give a person a competence on the level (one of the same type is updated); 409 when taxonomyLevelKey differs from the path',
      { ...JSON_FIRST, bodyArg: 'competence' },
    ),
    GET(`${LEVEL}/competences/:identityKey`, 'Query.taxonomyLevelCompetencesOfUser', "A person's competences on the level", LEVEL_READ),
    DELETE(`${LEVEL}/competences/:competenceKey`, 'Mutation.deleteTaxonomyCompetence', 'Remove a competence', JSON_FIRST),
    GET(`${TAXONOMY}/competences/:identityKey`, 'Query.taxonomyCompetencesOfUser', "A person's competences in the taxonomy", JSON_FIRST),
    GET(`${TAXONOMY}/types`, 'Query.taxonomyLevelTypes', 'The level types of the taxonomy', JSON_FIRST),
    PUT(`${TAXONOMY}/types`, 'Mutation.saveTaxonomyLevelType', 'Create a level type (no key) or update one (key)', {
      ...JSON_FIRST,
      bodyArg: 'taxonomyLevelType',
    }),
    GET(TYPE, 'Query.taxonomyLevelType', 'A level type', JSON_FIRST),
    GET(`${TYPE}/allowedSubTypes`, 'Query.taxonomyLevelTypeAllowedSubTypes', 'The types allowed below levels of this type', JSON_FIRST),
    PUT(`${TYPE}/allowedSubTypes/:subLevelTypeKey`, 'Mutation.allowTaxonomyLevelSubType', 'Allow a sub-type (200 also when already allowed)', JSON_FIRST),
    DELETE(
      `${TYPE}/allowedSubTypes/:subLevelTypeKey`,
      'Mutation.disallowTaxonomyLevelSubType',
      'Disallow a sub-type (200 also when it was not allowed)',
      JSON_FIRST,
    ),

    GET(ENTRY_LEVELS, 'Query.repositoryEntryTaxonomyLevels', 'The taxonomy levels of the entry (administrator, learning resource manager or owner)'),
    PUT(
      `${ENTRY_LEVELS}/:taxonomyLevelKey`,
      'Mutation.addRepositoryEntryTaxonomyLevel',
      'Tag the entry with a level (304 when already tagged). Unlike OpenOLAT this checks the role (administrator, learning resource manager or owner of the entry), and an unknown level is 404, not 200 with the body NOT_FOUND',
      { notModifiedWhenFalse: true },
    ),
    DELETE(
      `${ENTRY_LEVELS}/:taxonomyLevelKey`,
      'Mutation.removeRepositoryEntryTaxonomyLevel',
      'Remove a level from the entry. Unlike OpenOLAT this checks the role (administrator, learning resource manager or owner of the entry), and an unknown level is 404, not 200 with the body NOT_FOUND',
    ),
  ],
  openRoutes: [VERSION('/taxonomy/version', 'taxonomy')],
  // Renaming on REST is PUT /taxonomy with the key in the body.
  graphqlOnly: ['Mutation.updateTaxonomy'],
};
