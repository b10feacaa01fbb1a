/** The operations of a family's types, in the order the schema lists them. */
export type TypeOperation = 'list' | 'get' | 'save' | 'update' | 'allowedSubTypes' | 'allowSubType' | 'disallowSubType';

/** What a family's type operations are called: in GraphQL (src/resolvers/type-operations.ts) and by its REST routes (src/rest/routes/types.ts). */
export interface TypeOperationNames {
  /** The name of a write's input argument, and of a REST write's body. */
  inputName: string;
  names: Record<TypeOperation, string>;
}

/** What allowing and disallowing a sub-type answer, for every family with types (taxonomy level types too). */
export const SUB_TYPE_CHANGES = {
  allow: 'true: allowed now; false: it already was (REST answers 200 either way).',
  disallow: 'true: no longer allowed; false: it was not allowed (REST answers 200 either way).',
};

export const ORGANISATION_TYPE_OPERATIONS: TypeOperationNames = {
  inputName: 'organisationType',
  names: {
    list: 'organisationTypes',
    get: 'organisationType',
    save: 'createOrganisationType',
    update: 'updateOrganisationType',
    allowedSubTypes: 'organisationTypeAllowedSubTypes',
    allowSubType: 'allowOrganisationSubType',
    disallowSubType: 'disallowOrganisationSubType',
  },
};

export const ELEMENT_TYPE_OPERATIONS: TypeOperationNames = {
  inputName: 'curriculumElementType',
  names: {
    list: 'curriculumElementTypes',
    get: 'curriculumElementType',
    save: 'createCurriculumElementType',
    update: 'updateCurriculumElementType',
    allowedSubTypes: 'curriculumElementTypeAllowedSubTypes',
    allowSubType: 'allowCurriculumElementSubType',
    disallowSubType: 'disallowCurriculumElementSubType',
  },
};
