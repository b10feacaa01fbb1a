import { ELEMENT_TYPE_OPERATIONS } from '../../schema/type-families';
import { DELETE, GET, HEAD, POST, PUT, PUT_OR_POST, VERSION, type FamilyRoutes } from '../route';
import { typeRoutes } from './types';

const ELEMENT = '/curriculum/:curriculumKey/elements/:elementKey';

/** Curricula ("products"), their elements, members and linked courses, and element types (catalogue 2.6). */
export const curriculum: FamilyRoutes = {
  routes: [
    GET('/curriculum', 'Query.curricula', 'The curricula the caller manages (administrator or curriculummanager)'),
    ...PUT_OR_POST(
      '/curriculum',
      'Mutation.createCurriculum',
      'Create a curriculum in an organisation the caller manages; a body key updates that curriculum; an existing externalId answers that curriculum',
      { bodyArg: 'curriculum' },
    ),
    GET('/curriculum/elements', 'Query.searchCurriculumElements', 'Elements across curricula by externalId, identifier or key'),
    GET('/curriculum/:curriculumKey', 'Query.curriculum', 'Get a curriculum (curriculum manager)'),
    POST('/curriculum/:curriculumKey', 'Mutation.updateCurriculum', 'Update a curriculum (409 when the body names another key)', { bodyArg: 'curriculum' }),
    DELETE('/curriculum/:curriculumKey', 'Mutation.deleteCurriculum', 'Delete a curriculum with its elements'),
    GET('/curriculum/:curriculumKey/curriculumowners', 'Query.curriculumOwners', 'Owners of the curriculum'),
    PUT('/curriculum/:curriculumKey/curriculumowners/:identityKey', 'Mutation.addCurriculumOwner', 'Make the user an owner (200 also when already one)'),
    DELETE(
      '/curriculum/:curriculumKey/curriculumowners/:identityKey',
      'Mutation.removeCurriculumOwner',
      'End the ownership (200 also when the user was no owner)',
    ),

    GET('/curriculum/:curriculumKey/elements', 'Query.curriculumElements', 'The elements of the curriculum that are not deleted, flat'),
    ...PUT_OR_POST(
      '/curriculum/:curriculumKey/elements',
      'Mutation.saveCurriculumElement',
      'Create an element (a body key updates it); 409 for a parent in another curriculum, the element as its own parent, or another curriculum',
      { bodyArg: 'curriculumElement' },
    ),
    GET(ELEMENT, 'Query.curriculumElement', 'Get an element (403 when it belongs to another curriculum)'),
    POST(ELEMENT, 'Mutation.updateCurriculumElement', 'Update or move an element; status deleted deletes it (409 for another key in the body)', {
      bodyArg: 'curriculumElement',
    }),
    ...PUT_OR_POST(`${ELEMENT}/reorder`, 'Mutation.reorderCurriculumElementChildren', 'Order the children (a list of CurriculumElementVO, keys only)', {
      bodyArg: 'elementOrder',
    }),
    GET(`${ELEMENT}/elements`, 'Query.curriculumElementChildren', 'The direct children, those with status deleted too, in their order'),
    GET(`${ELEMENT}/entries`, 'Query.curriculumElementEntries', 'The courses linked to the element'),
    GET(`${ELEMENT}/entries/:repositoryEntryKey`, 'Query.curriculumElementEntry', 'The course when linked (HEAD: 200 linked, 404 not)'),
    HEAD(`${ELEMENT}/entries/:repositoryEntryKey`, 'Query.curriculumElementEntry', 'Whether the course is linked to the element: 200 linked, 404 not'),
    PUT(`${ELEMENT}/entries/:repositoryEntryKey`, 'Mutation.linkCurriculumElementEntry', 'Link a course (304 when already linked)', {
      notModifiedWhenFalse: true,
    }),
    DELETE(`${ELEMENT}/entries/:repositoryEntryKey`, 'Mutation.unlinkCurriculumElementEntry', 'Unlink a course (304 when not linked)', {
      notModifiedWhenFalse: true,
    }),
    GET(`${ELEMENT}/taxonomy/levels`, 'Query.curriculumElementTaxonomyLevels', 'The taxonomy levels the element is tagged with'),
    PUT(
      `${ELEMENT}/taxonomy/levels/:taxonomyLevelKey`,
      'Mutation.addCurriculumElementTaxonomyLevel',
      'Tag the element with a level (304 when already tagged; 404 unknown level)',
      {
        notModifiedWhenFalse: true,
      },
    ),
    DELETE(
      `${ELEMENT}/taxonomy/levels/:taxonomyLevelKey`,
      'Mutation.removeCurriculumElementTaxonomyLevel',
      'Remove a level from the element (200 also when it was not there). Unlike OpenOLAT an unknown level is 404, not 200 with the body NOT_FOUND',
    ),
    GET(`${ELEMENT}/members`, 'Query.curriculumElementMembers', 'Memberships on the element (identityKey, role, inheritanceMode)'),
    PUT(`${ELEMENT}/members`, 'Mutation.putCurriculumElementMember', 'Grant a role (CurriculumElementMemberVO; 409 for an unknown role)', {
      bodyArg: 'curriculumElementMember',
    }),
    DELETE(`${ELEMENT}/members/:identityKey`, 'Mutation.removeCurriculumElementMember', 'End every role of the user on the element'),
    GET(`${ELEMENT}/users`, 'Query.curriculumElementUsers', 'Users with the role given as query parameter role (400 without, 409 unknown)', {
      errors: { 409: 'An unknown role' },
    }),
    GET(`${ELEMENT}/:role`, 'Query.curriculumElementRoleMembers', 'participants, coaches, owners, mastercoaches or curriculumelementowners'),
    PUT(`${ELEMENT}/:role`, 'Mutation.addCurriculumElementRoleMembers', 'Grant the role to the listed users (UserVO keys; unknown ones skipped)', {
      bodyArg: 'members',
    }),
    PUT(`${ELEMENT}/:role/:identityKey`, 'Mutation.addCurriculumElementRoleMember', 'Grant the role to the user (200 also when already granted)'),
    DELETE(`${ELEMENT}/:role/:identityKey`, 'Mutation.removeCurriculumElementRoleMember', 'End the membership with the role'),

    GET('/repo/entries/:entry/curriculum/elements', 'Query.repositoryEntryCurriculumElements', 'The curriculum elements the entry is linked to'),

    ...typeRoutes('/curriculum/types', ELEMENT_TYPE_OPERATIONS, { type: 'element type', carriers: 'elements', disallowedAlready: 'it was not' }),
  ],
  openRoutes: [VERSION('/curriculum/version', 'curriculum')],
};
