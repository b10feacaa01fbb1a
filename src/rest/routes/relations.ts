import { DELETE, GET, POST, PUT_OR_POST, type FamilyRoutes } from '../route';

/** Relation roles and identity-to-identity relations (catalogue 2.10). */
export const relations: FamilyRoutes = {
  routes: [
    GET('/users/relations/roles', 'Query.relationRoles', 'List relation roles'),
    ...PUT_OR_POST(
      '/users/relations/roles',
      'Mutation.createRelationRole',
      'Create a relation role (a key > 0 updates that role from the whole body: absent fields are cleared, as OpenOLAT)',
      {
        bodyArg: 'relationRole',
      },
    ),
    POST(
      '/users/relations/roles/:relationRoleKey',
      'Mutation.updateRelationRole',
      'Update a relation role from the whole body, absent fields cleared as OpenOLAT (409 when the body names another key)',
      {
        bodyArg: 'relationRole',
      },
    ),
    DELETE('/users/relations/roles/:relationRoleKey', 'Mutation.deleteRelationRole', 'Delete a relation role and its relations'),
    GET('/users/:identityKey/relations/source', 'Query.identityRelationsAsSource', 'Relations in which the user is the source'),
    GET('/users/:identityKey/relations/target', 'Query.identityRelationsAsTarget', 'Relations in which the user is the target'),
    ...PUT_OR_POST(
      '/users/:identityKey/relations',
      'Mutation.addIdentityRelation',
      'Relate the user to another user (the same relation again returns the stored one)',
      {
        bodyArg: 'relation',
      },
    ),
    DELETE('/users/:identityKey/relations/:relationKey', 'Mutation.deleteIdentityRelation', 'Remove a relation of the user (409 when there is none)'),
  ],
};
