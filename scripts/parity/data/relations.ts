import type { Deviation, ParityRow } from '../types';

const UNKNOWN_PERSON_404: Deviation = {
  what: "a user manager naming a person who does not exist gets 404; OpenOLAT's resource locator UserWebService.getRelations checks isUserManagerOf first and answers 403 (the missing person is in no organisation the caller manages)",
  why: 'a key that names nobody answers 404 in every family, which tells the client which key is wrong and reveals nothing',
};

const RELATION_BODY = [
  'body IdentityToIdentityRelationVO (JSON or XML): identitySourceKey, identityTargetKey, relationRoleKey, externalId, managedFlagsString; a key: 409',
];

const RELATION_OF_PATH_PERSON: Deviation = {
  what: 'the person of the path must be the source or the target (409 otherwise), and the caller must manage the other person too (403 otherwise); OpenOLAT checks only that the caller manages the person of the path and relates whichever two people the body names',
  why: "the source gains the role's rights over the target: relating a person one does not manage would hand out rights over them",
};

export const rows: ParityRow[] = [
  { endpoint: 'GET /users/relations/roles', openolat: 'RelationRolesWebService.getRoles', reads: [], deviations: [] },
  {
    endpoint: 'PUT /users/relations/roles',
    openolat: 'RelationRolesWebService.putRelationRole',
    reads: ['body RelationRoleVO (JSON or XML); with a key it updates that role'],
    deviations: [],
  },
  {
    endpoint: 'POST /users/relations/roles',
    openolat: 'RelationRolesWebService.postRelationRole',
    reads: ['body RelationRoleVO (JSON or XML); with a key it updates that role'],
    deviations: [],
  },
  {
    endpoint: 'POST /users/relations/roles/{}',
    openolat: 'RelationRolesWebService.postRelationRole (with relationRoleKey)',
    reads: ['body RelationRoleVO (JSON or XML); another key than the path: 409'],
    deviations: [],
  },
  { endpoint: 'DELETE /users/relations/roles/{}', openolat: 'RelationRolesWebService.deleteRelationRole', reads: [], deviations: [] },
  {
    endpoint: 'GET /users/{}/relations/source',
    openolat: 'IdentityToIdentityRelationsWebService.getRelationsAsSource',
    reads: [],
    deviations: [UNKNOWN_PERSON_404],
  },
  {
    endpoint: 'GET /users/{}/relations/target',
    openolat: 'IdentityToIdentityRelationsWebService.getRelationsAsTarget',
    reads: [],
    deviations: [UNKNOWN_PERSON_404],
  },
  {
    endpoint: 'PUT /users/{}/relations',
    openolat: 'IdentityToIdentityRelationsWebService.putRelation',
    reads: RELATION_BODY,
    deviations: [UNKNOWN_PERSON_404, RELATION_OF_PATH_PERSON],
  },
  {
    endpoint: 'POST /users/{}/relations',
    openolat: 'IdentityToIdentityRelationsWebService.postRelation',
    reads: RELATION_BODY,
    deviations: [UNKNOWN_PERSON_404, RELATION_OF_PATH_PERSON],
  },
  {
    endpoint: 'DELETE /users/{}/relations/{}',
    openolat: 'IdentityToIdentityRelationsWebService.deleteRelation',
    reads: [],
    deviations: [
      UNKNOWN_PERSON_404,
      {
        what: 'a relation that exists but is not one of the path person’s answers 409; OpenOLAT deletes any relation by its key',
        why: 'the caller was checked against the path person only: deleting another person’s relation would bypass the check on that person',
      },
    ],
  },
];
