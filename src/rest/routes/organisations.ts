import { ORGANISATION_TYPE_OPERATIONS } from '../../schema/type-families';
import { DELETE, GET, POST, PUT, PUT_OR_POST, VERSION, type FamilyRoutes } from '../route';
import { typeRoutes } from './types';

/** Organisations, organisation types and members by role (catalogue 2.5). */
export const organisations: FamilyRoutes = {
  routes: [
    GET('/organisations', 'Query.organisations', 'List organisations (all but deleted ones, or the exact matches of externalId and identifier)'),
    ...PUT_OR_POST(
      '/organisations',
      'Mutation.createOrganisation',
      'Create an organisation (below the default one without parent); a body key updates that organisation',
      { bodyArg: 'organisation' },
    ),
    GET('/organisations/:organisationKey', 'Query.organisation', 'Get an organisation'),
    POST(
      '/organisations/:organisationKey',
      'Mutation.updateOrganisation',
      'Update an organisation; a changed parentOrganisationKey moves it with its subtree (409 below itself or when the body names another key)',
      { bodyArg: 'organisation' },
    ),
    DELETE(
      '/organisations/:organisationKey',
      'Mutation.deleteOrganisation',
      'Delete an organisation (administrator or sysadmin in it; 409 for the default organisation or one with sub-organisations); its users move to the default organisation',
    ),
    GET('/organisations/:organisationKey/:role', 'Query.organisationMembers', 'Members with the role (singular or plural role name; 409 for an unknown role)', {
      errors: { 409: 'An unknown role (catalogue 2.5)' },
    }),
    PUT('/organisations/:organisationKey/:role', 'Mutation.addOrganisationMembers', 'Grant the role to a list of users (UserVO keys; query inheritanceMode)', {
      bodyArg: 'members',
    }),
    PUT(
      '/organisations/:organisationKey/:role/:identityKey',
      'Mutation.addOrganisationMember',
      'Grant the role to a user (query inheritanceMode: none, root or inherited)',
    ),
    DELETE('/organisations/:organisationKey/:role/:identityKey', 'Mutation.removeOrganisationMember', 'End the membership with the role'),
    GET(
      '/organisations/membership/:role/:identityKey',
      'Query.organisationMemberships',
      'Organisations where the user has the role (withInheritance, default true, adds covered sub-organisations); 406 for an unknown role',
    ),

    ...typeRoutes('/organisations/types', ORGANISATION_TYPE_OPERATIONS, {
      type: 'organisation type',
      carriers: 'organisations',
      disallowedAlready: 'it was not allowed',
    }),
  ],
  openRoutes: [VERSION('/organisations/version', 'organisations')],
};
