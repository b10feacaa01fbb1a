import { DELETE, GET, POST, PUT, VERSION, type FamilyRoutes } from '../route';

/** Learning groups and their owners and participants (catalogue 2.2). */
export const groups: FamilyRoutes = {
  routes: [
    GET('/users/:identityKey/groups', 'Query.groupsOfUser', "The person's groups (paged with pagingspec=1.0)", { paging: 'optional' }),
    GET('/users/:identityKey/groups/owner', 'Query.groupsOwnedByUser', 'The groups the person owns (paged with pagingspec=1.0)', { paging: 'optional' }),
    GET('/users/:identityKey/groups/participant', 'Query.groupsWithParticipant', 'The groups the person takes part in (paged with pagingspec=1.0)', {
      paging: 'optional',
    }),
    GET('/groups', 'Query.groups', 'List groups'),
    PUT('/groups', 'Mutation.createGroup', 'Create a group', { bodyArg: 'group' }),
    GET('/groups/:groupKey', 'Query.group', 'Get a group'),
    POST('/groups/:groupKey', 'Mutation.updateGroup', 'Update a group', { bodyArg: 'group' }),
    DELETE('/groups/:groupKey', 'Mutation.deleteGroup', 'Delete a group'),
    GET('/groups/:groupKey/owners', 'Query.groupOwners', 'Owners of a group'),
    GET('/groups/:groupKey/participants', 'Query.groupParticipants', 'Participants of a group'),
    PUT('/groups/:groupKey/owners/:identityKey', 'Mutation.addGroupOwner', 'Add an owner'),
    DELETE('/groups/:groupKey/owners/:identityKey', 'Mutation.removeGroupOwner', 'Remove an owner'),
    PUT('/groups/:groupKey/participants/:identityKey', 'Mutation.addGroupParticipant', 'Add a participant (304 when already one)', {
      notModifiedWhenFalse: true,
    }),
    DELETE('/groups/:groupKey/participants/:identityKey', 'Mutation.removeGroupParticipant', 'Remove a participant'),
    PUT('/groups/:groupKey/users/:identityKey', 'Mutation.addGroupParticipant', 'Add a user to the group as participant (source document)', {
      notModifiedWhenFalse: true,
    }),
  ],
  openRoutes: [VERSION('/groups/version', 'groups')],
};
