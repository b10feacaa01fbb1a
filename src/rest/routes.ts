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
  /** The operation answers false when nothing changed (already a member): REST answers 304 then. */
  notModifiedWhenFalse?: boolean;
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
]);

export const ROUTES: RestRoute[] = [
  { method: 'GET', path: '/users', field: 'Query.users', defaultFormat: xml, extraQueryArg: 'properties', summary: 'Search users' },
  { method: 'PUT', path: '/users', field: 'Mutation.createUser', defaultFormat: xml, bodyArg: 'user', summary: 'Create a user' },
  { method: 'GET', path: '/users/me', field: 'Query.me', defaultFormat: xml, summary: 'The caller' },
  { method: 'GET', path: '/users/:identityKey', field: 'Query.user', defaultFormat: xml, summary: 'Get a user' },
  { method: 'POST', path: '/users/:identityKey', field: 'Mutation.updateUser', defaultFormat: xml, bodyArg: 'user', noBodyStatus: 204, summary: 'Update a user' },
  { method: 'DELETE', path: '/users/:identityKey', field: 'Mutation.deleteUser', defaultFormat: xml, emptyBody: true, summary: 'Delete a user' },
  { method: 'GET', path: '/users/:identityKey/roles', field: 'Query.userRoles', defaultFormat: xml, summary: 'Roles of a user' },
  { method: 'POST', path: '/users/:identityKey/roles', field: 'Mutation.updateUserRoles', defaultFormat: xml, bodyArg: 'roles', summary: 'Set the roles of a user' },
  { method: 'GET', path: '/users/:identityKey/status', field: 'Query.userStatus', defaultFormat: xml, summary: 'Status of a user' },
  { method: 'POST', path: '/users/:identityKey/status', field: 'Mutation.updateUserStatus', defaultFormat: xml, bodyArg: 'status', summary: 'Set the status of a user' },

  { method: 'GET', path: '/groups', field: 'Query.groups', defaultFormat: xml, summary: 'List groups' },
  { method: 'PUT', path: '/groups', field: 'Mutation.createGroup', defaultFormat: xml, bodyArg: 'group', summary: 'Create a group' },
  { method: 'GET', path: '/groups/:groupKey', field: 'Query.group', defaultFormat: xml, summary: 'Get a group' },
  { method: 'POST', path: '/groups/:groupKey', field: 'Mutation.updateGroup', defaultFormat: xml, bodyArg: 'group', summary: 'Update a group' },
  { method: 'DELETE', path: '/groups/:groupKey', field: 'Mutation.deleteGroup', defaultFormat: xml, emptyBody: true, summary: 'Delete a group' },
  { method: 'GET', path: '/groups/:groupKey/owners', field: 'Query.groupOwners', defaultFormat: xml, summary: 'Owners of a group' },
  { method: 'GET', path: '/groups/:groupKey/participants', field: 'Query.groupParticipants', defaultFormat: xml, summary: 'Participants of a group' },
  { method: 'PUT', path: '/groups/:groupKey/owners/:identityKey', field: 'Mutation.addGroupOwner', defaultFormat: xml, emptyBody: true, summary: 'Add an owner' },
  { method: 'DELETE', path: '/groups/:groupKey/owners/:identityKey', field: 'Mutation.removeGroupOwner', defaultFormat: xml, emptyBody: true, summary: 'Remove an owner' },
  { method: 'PUT', path: '/groups/:groupKey/participants/:identityKey', field: 'Mutation.addGroupParticipant', defaultFormat: xml, emptyBody: true, notModifiedWhenFalse: true, summary: 'Add a participant (304 when already one)' },
  { method: 'DELETE', path: '/groups/:groupKey/participants/:identityKey', field: 'Mutation.removeGroupParticipant', defaultFormat: xml, emptyBody: true, summary: 'Remove a participant' },
  { method: 'PUT', path: '/groups/:groupKey/users/:identityKey', field: 'Mutation.addGroupParticipant', defaultFormat: xml, emptyBody: true, notModifiedWhenFalse: true, summary: 'Add a user to the group as participant (source document)' },
];
