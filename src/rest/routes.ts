export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';
export type MediaFormat = 'xml' | 'json';

/** One `METHOD /path` of the REST surface and the GraphQL operation behind it. */
export interface RestRoute {
  method: HttpMethod;
  /** Express-style path below /restapi. */
  path: string;
  /** `Query.x` or `Mutation.x`. */
  field: string;
  summary: string;
  /** Representation when the client sends no Accept or `*`/`*` (catalogue 1.9). */
  defaultFormat: MediaFormat;
  /** Operation argument that receives the decoded request body. */
  bodyArg?: string;
  /** Status when a body is expected but none is sent (OpenOLAT answers some updates with 204). */
  noBodyStatus?: number;
  /** The operation answers false (or null) when nothing changed (already a member): REST answers 304 then. */
  notModifiedWhenFalse?: boolean;
  /** The body may also come as an HTML form (application/x-www-form-urlencoded): its fields fill the body argument. */
  formBody?: boolean;
  /** A CONFLICT with details is answered as a list of ErrorVO (user rename, catalogue 1.10); elsewhere as one ErrorVO. */
  conflictAsList?: boolean;
  /** Membership and delete operations answer without a body. */
  emptyBody?: boolean;
  /** Query parameters that are not operation arguments become `[{name, value}]` in this argument. */
  extraQueryArg?: string;
  /** XML root element when it is not the type name with a lower-case first letter. */
  xmlRoot?: string;
}

const xml = 'xml' as const;

/** Operations offered through GraphQL only (administration of the gateway itself). */
export const GRAPHQL_ONLY_OPERATIONS = new Set<string>([
  'Query.settings',
  'Mutation.updateSettings',
  'Query.auditLog',
  'Mutation.logout',
  'Mutation.createApiKey',
]);

export const ROUTES: RestRoute[] = [
  // Relation roles and identity-to-identity relations (catalogue 2.10). First in the table: /users/:identityKey/roles would otherwise take /users/relations/roles and answer 404.
  { method: 'GET', path: '/users/relations/roles', field: 'Query.relationRoles', defaultFormat: xml, summary: 'List relation roles' },
  {
    method: 'PUT',
    path: '/users/relations/roles',
    field: 'Mutation.createRelationRole',
    defaultFormat: xml,
    bodyArg: 'relationRole',
    summary: 'Create a relation role (a key > 0 updates that role)',
  },
  {
    method: 'POST',
    path: '/users/relations/roles',
    field: 'Mutation.createRelationRole',
    defaultFormat: xml,
    bodyArg: 'relationRole',
    summary: 'Create a relation role (a key > 0 updates that role)',
  },
  {
    method: 'POST',
    path: '/users/relations/roles/:relationRoleKey',
    field: 'Mutation.updateRelationRole',
    defaultFormat: xml,
    bodyArg: 'relationRole',
    summary: 'Update a relation role (409 when the body names another key)',
  },
  {
    method: 'DELETE',
    path: '/users/relations/roles/:relationRoleKey',
    field: 'Mutation.deleteRelationRole',
    defaultFormat: xml,
    emptyBody: true,
    summary: 'Delete a relation role and its relations',
  },
  {
    method: 'GET',
    path: '/users/:identityKey/relations/source',
    field: 'Query.identityRelationsAsSource',
    defaultFormat: xml,
    summary: 'Relations in which the user is the source',
  },
  {
    method: 'GET',
    path: '/users/:identityKey/relations/target',
    field: 'Query.identityRelationsAsTarget',
    defaultFormat: xml,
    summary: 'Relations in which the user is the target',
  },
  {
    method: 'PUT',
    path: '/users/:identityKey/relations',
    field: 'Mutation.addIdentityRelation',
    defaultFormat: xml,
    bodyArg: 'relation',
    summary: 'Relate the user to another user (the same relation again returns the stored one)',
  },
  {
    method: 'POST',
    path: '/users/:identityKey/relations',
    field: 'Mutation.addIdentityRelation',
    defaultFormat: xml,
    bodyArg: 'relation',
    summary: 'Relate the user to another user (the same relation again returns the stored one)',
  },
  {
    method: 'DELETE',
    path: '/users/:identityKey/relations/:relationKey',
    field: 'Mutation.deleteIdentityRelation',
    defaultFormat: xml,
    emptyBody: true,
    summary: 'Remove a relation of the user (409 when there is none)',
  },

  { method: 'GET', path: '/users', field: 'Query.users', defaultFormat: xml, extraQueryArg: 'properties', summary: 'Search users' },
  { method: 'PUT', path: '/users', field: 'Mutation.createUser', defaultFormat: xml, bodyArg: 'user', summary: 'Create a user' },
  { method: 'GET', path: '/users/me', field: 'Query.me', defaultFormat: xml, summary: 'The caller' },
  { method: 'GET', path: '/users/managed', field: 'Query.managedUsers', defaultFormat: xml, summary: 'Users with an externalId (before /users/:identityKey)' },
  { method: 'GET', path: '/users/:identityKey', field: 'Query.user', defaultFormat: xml, summary: 'Get a user' },
  {
    method: 'POST',
    path: '/users/:identityKey',
    field: 'Mutation.updateUser',
    defaultFormat: xml,
    bodyArg: 'user',
    noBodyStatus: 204,
    summary: 'Update a user',
  },
  { method: 'DELETE', path: '/users/:identityKey', field: 'Mutation.deleteUser', defaultFormat: xml, emptyBody: true, summary: 'Delete a user' },
  { method: 'GET', path: '/users/:identityKey/roles', field: 'Query.userRoles', defaultFormat: xml, summary: 'Roles of a user' },
  {
    method: 'POST',
    path: '/users/:identityKey/roles',
    field: 'Mutation.updateUserRoles',
    defaultFormat: xml,
    bodyArg: 'roles',
    summary: 'Set the roles of a user',
  },
  { method: 'GET', path: '/users/:identityKey/status', field: 'Query.userStatus', defaultFormat: xml, summary: 'Status of a user' },
  {
    method: 'POST',
    path: '/users/:identityKey/status',
    field: 'Mutation.updateUserStatus',
    defaultFormat: xml,
    bodyArg: 'status',
    summary: 'Set the status of a user',
  },

  // User authentications v2, API keys, preferences, lifecycle and rename (catalogue 2.1)
  {
    method: 'GET',
    path: '/users/:identityKey/authentications',
    field: 'Query.userAuthentications',
    defaultFormat: xml,
    summary: 'Authentications of a user, credentials never included',
  },
  {
    method: 'PUT',
    path: '/users/:identityKey/authentications',
    field: 'Mutation.saveUserAuthentication',
    defaultFormat: xml,
    bodyArg: 'authentication',
    summary: 'Create or update an authentication; provider API-Key creates a key and answers its secret once',
  },
  {
    method: 'POST',
    path: '/users/:identityKey/authentications',
    field: 'Mutation.saveUserAuthentication',
    defaultFormat: xml,
    bodyArg: 'authentication',
    summary: 'Create or update an authentication; provider API-Key creates a key and answers its secret once',
  },
  {
    method: 'POST',
    path: '/users/:identityKey/authentications/password',
    field: 'Mutation.changeUserPassword',
    defaultFormat: xml,
    bodyArg: 'password',
    formBody: true,
    emptyBody: true,
    notModifiedWhenFalse: true,
    summary: 'Set the password (form field newPassword); 304 when the policy refuses it',
  },
  {
    method: 'DELETE',
    path: '/users/:identityKey/authentications/:authKey',
    field: 'Mutation.deleteUserAuthentication',
    defaultFormat: xml,
    emptyBody: true,
    summary: 'Delete an authentication, e.g. revoke an API key',
  },
  { method: 'GET', path: '/users/:identityKey/preferences', field: 'Query.userPreferences', defaultFormat: xml, summary: 'Preferences of a user' },
  {
    method: 'POST',
    path: '/users/:identityKey/preferences',
    field: 'Mutation.updateUserPreferences',
    defaultFormat: xml,
    bodyArg: 'preferences',
    summary: 'Set the preferences of a user',
  },
  { method: 'GET', path: '/users/:identityKey/lifecycle', field: 'Query.userLifecycle', defaultFormat: xml, summary: 'Lifecycle dates and status of a user' },
  {
    method: 'POST',
    path: '/users/:identityKey/lifecycle',
    field: 'Mutation.updateUserLifecycle',
    defaultFormat: xml,
    bodyArg: 'lifecycle',
    noBodyStatus: 204,
    notModifiedWhenFalse: true,
    summary: 'Reactivate (no dates) or set the expiration date; 304 with only an inactivation date',
  },
  {
    method: 'PUT',
    path: '/users/:identityKey/lifecycle',
    field: 'Mutation.updateUserLifecycle',
    defaultFormat: xml,
    bodyArg: 'lifecycle',
    noBodyStatus: 204,
    notModifiedWhenFalse: true,
    summary: 'Reactivate (no dates) or set the expiration date; 304 with only an inactivation date',
  },
  {
    method: 'POST',
    path: '/users/:identityKey/username',
    field: 'Mutation.changeUserName',
    defaultFormat: xml,
    conflictAsList: true,
    summary: 'Change the login (query parameter username); 409 with a list of ErrorVO when invalid or taken',
  },
  {
    method: 'PUT',
    path: '/users/:identityKey/username',
    field: 'Mutation.changeUserName',
    defaultFormat: xml,
    conflictAsList: true,
    summary: 'Change the login (query parameter username); 409 with a list of ErrorVO when invalid or taken',
  },

  { method: 'GET', path: '/groups', field: 'Query.groups', defaultFormat: xml, summary: 'List groups' },
  { method: 'PUT', path: '/groups', field: 'Mutation.createGroup', defaultFormat: xml, bodyArg: 'group', summary: 'Create a group' },
  { method: 'GET', path: '/groups/:groupKey', field: 'Query.group', defaultFormat: xml, summary: 'Get a group' },
  { method: 'POST', path: '/groups/:groupKey', field: 'Mutation.updateGroup', defaultFormat: xml, bodyArg: 'group', summary: 'Update a group' },
  { method: 'DELETE', path: '/groups/:groupKey', field: 'Mutation.deleteGroup', defaultFormat: xml, emptyBody: true, summary: 'Delete a group' },
  { method: 'GET', path: '/groups/:groupKey/owners', field: 'Query.groupOwners', defaultFormat: xml, summary: 'Owners of a group' },
  { method: 'GET', path: '/groups/:groupKey/participants', field: 'Query.groupParticipants', defaultFormat: xml, summary: 'Participants of a group' },
  {
    method: 'PUT',
    path: '/groups/:groupKey/owners/:identityKey',
    field: 'Mutation.addGroupOwner',
    defaultFormat: xml,
    emptyBody: true,
    summary: 'Add an owner',
  },
  {
    method: 'DELETE',
    path: '/groups/:groupKey/owners/:identityKey',
    field: 'Mutation.removeGroupOwner',
    defaultFormat: xml,
    emptyBody: true,
    summary: 'Remove an owner',
  },
  {
    method: 'PUT',
    path: '/groups/:groupKey/participants/:identityKey',
    field: 'Mutation.addGroupParticipant',
    defaultFormat: xml,
    emptyBody: true,
    notModifiedWhenFalse: true,
    summary: 'Add a participant (304 when already one)',
  },
  {
    method: 'DELETE',
    path: '/groups/:groupKey/participants/:identityKey',
    field: 'Mutation.removeGroupParticipant',
    defaultFormat: xml,
    emptyBody: true,
    summary: 'Remove a participant',
  },
  {
    method: 'PUT',
    path: '/groups/:groupKey/users/:identityKey',
    field: 'Mutation.addGroupParticipant',
    defaultFormat: xml,
    emptyBody: true,
    notModifiedWhenFalse: true,
    summary: 'Add a user to the group as participant (source document)',
  },

  // Organisations, organisation types and members by role (catalogue 2.5). /organisations/types… and /organisations/membership/… come before /organisations/:organisationKey…, which would take them and answer 404.
  {
    method: 'GET',
    path: '/organisations',
    field: 'Query.organisations',
    defaultFormat: xml,
    summary: 'List organisations (all but deleted ones, or the exact matches of externalId and identifier)',
  },
  {
    method: 'PUT',
    path: '/organisations',
    field: 'Mutation.createOrganisation',
    defaultFormat: xml,
    bodyArg: 'organisation',
    summary: 'Create an organisation (below the default one without parent); a body key updates that organisation',
  },
  {
    method: 'POST',
    path: '/organisations',
    field: 'Mutation.createOrganisation',
    defaultFormat: xml,
    bodyArg: 'organisation',
    summary: 'Create an organisation (below the default one without parent); a body key updates that organisation',
  },
  { method: 'GET', path: '/organisations/types', field: 'Query.organisationTypes', defaultFormat: xml, summary: 'List organisation types' },
  {
    method: 'PUT',
    path: '/organisations/types',
    field: 'Mutation.createOrganisationType',
    defaultFormat: xml,
    bodyArg: 'organisationType',
    summary: 'Create an organisation type; a body key updates that type',
  },
  {
    method: 'POST',
    path: '/organisations/types',
    field: 'Mutation.createOrganisationType',
    defaultFormat: xml,
    bodyArg: 'organisationType',
    summary: 'Create an organisation type; a body key updates that type',
  },
  { method: 'GET', path: '/organisations/types/:typeKey', field: 'Query.organisationType', defaultFormat: xml, summary: 'Get an organisation type' },
  {
    method: 'POST',
    path: '/organisations/types/:typeKey',
    field: 'Mutation.updateOrganisationType',
    defaultFormat: xml,
    bodyArg: 'organisationType',
    summary: 'Update an organisation type (409 when the body names another key)',
  },
  {
    method: 'GET',
    path: '/organisations/types/:typeKey/allowedSubTypes',
    field: 'Query.organisationTypeAllowedSubTypes',
    defaultFormat: 'json',
    summary: 'Types allowed below organisations of this type (JSON by default)',
  },
  {
    method: 'PUT',
    path: '/organisations/types/:typeKey/allowedSubTypes/:subTypeKey',
    field: 'Mutation.allowOrganisationSubType',
    defaultFormat: xml,
    emptyBody: true,
    notModifiedWhenFalse: true,
    summary: 'Allow a sub-type (304 when already allowed)',
  },
  {
    method: 'DELETE',
    path: '/organisations/types/:typeKey/allowedSubTypes/:subTypeKey',
    field: 'Mutation.disallowOrganisationSubType',
    defaultFormat: xml,
    emptyBody: true,
    notModifiedWhenFalse: true,
    summary: 'Disallow a sub-type (304 when it was not allowed)',
  },
  {
    method: 'GET',
    path: '/organisations/membership/:role/:identityKey',
    field: 'Query.organisationMemberships',
    defaultFormat: xml,
    summary: 'Organisations where the user has the role (withInheritance, default true, adds covered sub-organisations); 406 for an unknown role',
  },
  { method: 'GET', path: '/organisations/:organisationKey', field: 'Query.organisation', defaultFormat: xml, summary: 'Get an organisation' },
  {
    method: 'POST',
    path: '/organisations/:organisationKey',
    field: 'Mutation.updateOrganisation',
    defaultFormat: xml,
    bodyArg: 'organisation',
    summary: 'Update an organisation; a changed parentOrganisationKey moves it with its subtree (409 below itself or when the body names another key)',
  },
  {
    method: 'DELETE',
    path: '/organisations/:organisationKey',
    field: 'Mutation.deleteOrganisation',
    defaultFormat: xml,
    emptyBody: true,
    summary:
      'Delete an organisation (administrator or sysadmin in it; 409 for the default organisation or one with sub-organisations); its users move to the default organisation',
  },
  {
    method: 'GET',
    path: '/organisations/:organisationKey/:role',
    field: 'Query.organisationMembers',
    defaultFormat: xml,
    summary: 'Members with the role (singular or plural role name; 409 for an unknown role)',
  },
  {
    method: 'PUT',
    path: '/organisations/:organisationKey/:role',
    field: 'Mutation.addOrganisationMembers',
    defaultFormat: xml,
    bodyArg: 'members',
    emptyBody: true,
    summary: 'Grant the role to a list of users (UserVO keys; query inheritanceMode)',
  },
  {
    method: 'PUT',
    path: '/organisations/:organisationKey/:role/:identityKey',
    field: 'Mutation.addOrganisationMember',
    defaultFormat: xml,
    emptyBody: true,
    summary: 'Grant the role to a user (query inheritanceMode: none, root or inherited)',
  },
  {
    method: 'DELETE',
    path: '/organisations/:organisationKey/:role/:identityKey',
    field: 'Mutation.removeOrganisationMember',
    defaultFormat: xml,
    emptyBody: true,
    summary: 'End the membership with the role',
  },
];
