import { DELETE, GET, POST, PUT, VERSION, type FamilyRoutes } from '../route';

/** Learning groups and their owners and participants (catalogue 2.2). */
export const groups: FamilyRoutes = {
  routes: [
    GET('/users/:identityKey/groups', 'Query.groupsOfUser', "The person's groups (paged with pagingspec=1.0)", { paging: 'optional' }),
    GET('/users/:identityKey/groups/owner', 'Query.groupsOwnedByUser', 'The groups the person owns (paged with pagingspec=1.0)', { paging: 'optional' }),
    GET('/users/:identityKey/groups/participant', 'Query.groupsWithParticipant', 'The groups the person takes part in (paged with pagingspec=1.0)', {
      paging: 'optional',
    }),
    GET('/users/:identityKey/groups/infos', 'Query.groupInfosOfUser', "The person's groups with their news, wiki and folder (pages only: pagingspec=1.0)", {
      paging: 'required',
    }),
    GET('/groups', 'Query.groups', 'List groups'),
    PUT('/groups', 'Mutation.createGroup', 'Create a group', { bodyArg: 'group' }),
    GET('/groups/:groupKey', 'Query.group', 'Get a group (Last-Modified; 304 when not modified since If-Modified-Since)', { conditional: true }),
    POST('/groups/:groupKey', 'Mutation.updateGroup', 'Update a group', { bodyArg: 'group' }),
    DELETE('/groups/:groupKey', 'Mutation.deleteGroup', 'Delete a group'),
    GET('/groups/:groupKey/infos', 'Query.groupInfo', 'A group with its news, wiki and folder'),
    GET('/groups/:groupKey/configuration', 'Query.groupConfiguration', 'Tools, news and member-list visibility of a group'),
    POST('/groups/:groupKey/configuration', 'Mutation.updateGroupConfiguration', 'Set the tools (the list replaces them), news and member-list visibility', {
      bodyArg: 'configuration',
    }),
    GET('/groups/:groupKey/news', 'Query.groupNews', 'The news of a group as text (404 while the news tool is off or without news)', { textAnswer: true }),
    POST('/groups/:groupKey/news', 'Mutation.updateGroupNews', 'Set the news (form field news); answers it as text', {
      bodyArg: 'news',
      formBody: true,
      queryBody: true,
      textAnswer: true,
    }),
    DELETE('/groups/:groupKey/news', 'Mutation.deleteGroupNews', 'Remove the news (404 while the news tool is off)'),
    GET('/groups/:groupKey/owners', 'Query.groupOwners', 'Owners of a group'),
    GET('/groups/:groupKey/participants', 'Query.groupParticipants', 'Participants of a group'),
    PUT('/groups/:groupKey/owners/:identityKey', 'Mutation.addGroupOwner', 'Add an owner'),
    DELETE('/groups/:groupKey/owners/:identityKey', 'Mutation.removeGroupOwner', 'Remove an owner'),
    PUT('/groups/:groupKey/participants/:identityKey', 'Mutation.addGroupParticipant', 'Add a participant (304 when already one)', {
      notModifiedWhenFalse: true,
      errors: { 412: 'The group is full' },
    }),
    DELETE('/groups/:groupKey/participants/:identityKey', 'Mutation.removeGroupParticipant', 'Remove a participant'),
    PUT('/groups/:groupKey/users/:identityKey', 'Mutation.addGroupParticipant', 'Add a user to the group as participant (source document)', {
      notModifiedWhenFalse: true,
      errors: { 412: 'The group is full' },
    }),
  ],
  openRoutes: [VERSION('/groups/version', 'groups')],
};
