/** Organisation roles (catalogue 5.7), the vocabulary of every privilege check. */
export const ORGANISATION_ROLES = [
  'sysadmin',
  'administrator',
  'usermanager',
  'rolesmanager',
  'learnresourcemanager',
  'lecturemanager',
  'groupmanager',
  'poolmanager',
  'curriculummanager',
  'qualitymanager',
  'projectmanager',
  'linemanager',
  'principal',
  'author',
  'user',
  'invitee',
  'guest',
] as const;

export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

export function isOrganisationRole(value: string): value is OrganisationRole {
  return (ORGANISATION_ROLES as readonly string[]).includes(value);
}

export const DEFAULT_ORGANISATION_IDENTIFIER = 'default-org';
