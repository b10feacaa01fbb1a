import { DELETE, GET, HEAD, POST, PUT, PUT_OR_POST, VERSION, type FamilyRoutes } from '../route';

/** OpenOLAT's portrait answers: the big and small variants are JPEG; the master may also be PNG or GIF. */
const PORTRAIT = { file: { mediaTypes: ['image/jpeg', 'image/jpg'] } };

/** A new password as the form field newPassword or the query parameter; 304 when the policy refuses it. */
const PASSWORD_FORM = { bodyArg: 'password', formBody: true, queryBody: true, notModifiedWhenFalse: true };

/** Users, their roles, status, authentications, preferences, lifecycle and login (catalogue 2.1). */
export const users: FamilyRoutes = {
  routes: [
    GET('/users', 'Query.users', 'Search users', { extraQueryArg: 'properties' }),
    PUT('/users', 'Mutation.createUser', 'Create a user', { bodyArg: 'user' }),
    GET('/users/me', 'Query.me', 'The caller'),
    GET('/users/username', 'Query.userByLogin', 'The user with exactly this login (query parameter username)'),
    GET('/users/managed', 'Query.managedUsers', 'Users with an externalId'),
    GET('/users/:identityKey', 'Query.user', 'Get a user'),
    POST('/users/:identityKey', 'Mutation.updateUser', 'Update a user', { bodyArg: 'user', noBodyStatus: 204 }),
    DELETE('/users/:identityKey', 'Mutation.deleteUser', 'Delete a user'),
    GET('/users/:identityKey/roles', 'Query.userRoles', 'Roles of a user'),
    POST('/users/:identityKey/roles', 'Mutation.updateUserRoles', 'Set the roles of a user', { bodyArg: 'roles' }),
    GET('/users/:identityKey/status', 'Query.userStatus', 'Status of a user'),
    POST('/users/:identityKey/status', 'Mutation.updateUserStatus', 'Set the status of a user', { bodyArg: 'status' }),
    GET('/users/:identityKey/authentications', 'Query.userAuthentications', 'Authentications of a user, credentials never included'),
    ...PUT_OR_POST(
      '/users/:identityKey/authentications',
      'Mutation.saveUserAuthentication',
      'Create or update an authentication; provider API-Key creates a key and answers its secret once',
      { bodyArg: 'authentication' },
    ),
    POST(
      '/users/:identityKey/authentications/password',
      'Mutation.changeUserPassword',
      'Set the password (form field newPassword, or the query parameter); 304 when the policy refuses it',
      PASSWORD_FORM,
    ),
    DELETE('/users/:identityKey/authentications/:authKey', 'Mutation.deleteUserAuthentication', 'Delete an authentication, e.g. revoke an API key'),
    GET('/users/:username/auth', 'Query.userAuthenticationsByLogin', 'Authentications of a user by login (v1, deprecated)'),
    PUT('/users/:username/auth', 'Mutation.saveUserAuthenticationByLogin', 'Create or update an authentication by login (v1, deprecated)', {
      bodyArg: 'authentication',
    }),
    DELETE('/users/:username/auth/:authKey', 'Mutation.deleteUserAuthenticationByLogin', 'Delete an authentication by login (v1, deprecated)'),
    POST(
      '/users/:username/auth/password',
      'Mutation.changeUserPasswordByLogin',
      'Set the password by login (v1, deprecated; form field newPassword)',
      PASSWORD_FORM,
    ),
    GET('/users/:identityKey/preferences', 'Query.userPreferences', 'Preferences of a user'),
    POST('/users/:identityKey/preferences', 'Mutation.updateUserPreferences', 'Set the preferences of a user', { bodyArg: 'preferences' }),
    GET('/users/:identityKey/lifecycle', 'Query.userLifecycle', 'Lifecycle dates and status of a user'),
    ...PUT_OR_POST(
      '/users/:identityKey/lifecycle',
      'Mutation.updateUserLifecycle',
      'Reactivate (no dates) or set the expiration date; 304 with only an inactivation date',
      { bodyArg: 'lifecycle', noBodyStatus: 204, notModifiedWhenFalse: true },
    ),
    ...PUT_OR_POST(
      '/users/:identityKey/username',
      'Mutation.changeUserName',
      'Change the login (query parameter username); 409 with a list of ErrorVO when invalid or taken',
      { conflictAsList: true },
    ),
    GET('/users/:identityKey/portrait', 'Query.userPortrait', 'The big portrait (JPEG); 304 when not modified since If-Modified-Since', PORTRAIT),
    HEAD('/users/:identityKey/portrait', 'Query.userPortrait', 'Whether the user has a portrait, and when it was stored', PORTRAIT),
    HEAD('/users/:identityKey/portrait/:size', 'Query.userPortrait', 'Whether the user has the portrait in this size (master, big, small)', {
      file: { mediaTypes: ['image/jpeg', 'image/png', 'image/gif'] },
    }),
    POST('/users/:identityKey/portrait', 'Mutation.uploadUserPortrait', 'Upload a portrait (multipart part file, a JPEG, PNG or GIF image; field filename)', {
      bodyArg: 'portrait',
      multipartBody: true,
    }),
    DELETE('/users/:identityKey/portrait', 'Mutation.deleteUserPortrait', 'Remove the portrait'),
  ],
  openRoutes: [VERSION('/users/version', 'users'), VERSION('/users/:identityKey/authentications/version', 'user authentications', '2.0')],
  graphqlOnly: ['Mutation.createApiKey', 'Mutation.removeUserProperties'],
};
