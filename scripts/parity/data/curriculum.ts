import type { Deviation, ParityRow } from '../types';

const ELEMENTS = 'CurriculumElementsWebService';
const TYPES = 'CurriculumElementTypesWebService';

const UNPARSABLE_QUERY_NUMBER: Deviation = {
  what: 'A query parameter OpenOLAT reads as a Long that does not parse: JAX-RS answers 404; we answer 400 naming the parameter.',
  why: 'The request is malformed, not aimed at something missing; 400 with the parameter named tells the client what to correct.',
};

const PARTIAL_CURRICULUM: Deviation = {
  what: 'A body with a key updates only the fields it carries; OpenOLAT copies identifier, displayName, description, organisation, externalId, managedFlags, status and degree from the body, so an absent field becomes null (an absent organisationKey detaches the curriculum from its organisation).',
  why: 'A partial body must not blank the curriculum nor move it out of every curriculum manager’s reach; a client sending the whole VO sees the same result.',
};

const CURRICULUM_CREATE: Deviation[] = [
  {
    what: 'Without organisationKey OpenOLAT stores a curriculum without organisation (an unknown organisationKey alike); we place it in the default organisation, and refuse an unknown organisationKey (406).',
    why: 'A curriculum outside every organisation is visible to administrators only; the default organisation keeps it in the scope of its curriculum managers.',
  },
  {
    what: 'Without status OpenOLAT stores none (null); we store active.',
    why: 'The status column is mandatory here; active is the status OpenOLAT itself lists as current.',
  },
  {
    what: 'A create with the externalId of an existing curriculum answers that curriculum (409 when the caller does not manage it); OpenOLAT creates a second curriculum with the same externalId.',
    why: 'externalId is unique here: a synchronising client that retries gets one curriculum instead of duplicates.',
  },
  PARTIAL_CURRICULUM,
];

const PARTIAL_ELEMENT: Deviation = {
  what: 'A body with a key updates only the fields it carries; OpenOLAT copies displayName, identifier, begin and end dates, type, description, externalId, managedFlags and calendars from the body (absent: null).',
  why: 'A partial body must not blank the element; a client sending the whole VO sees the same result.',
};

const ELEMENT_SAVE: Deviation[] = [
  {
    what: 'An unknown curriculumElementTypeKey is refused (406); OpenOLAT saves the element without type.',
    why: 'A mistyped type key would silently drop the element’s type.',
  },
  {
    what: 'A curriculumKey in the body that names another curriculum is refused (409); OpenOLAT ignores it on create and, on update, moves a root element into the curriculum of the path.',
    why: 'Moving an element between curricula by a body field the client may merely have copied is refused rather than done silently; the path decides.',
  },
  {
    what: 'A create with the externalId of an existing element of the curriculum answers that element; OpenOLAT creates a second element with the same externalId.',
    why: 'externalId is unique here: a synchronising client that retries gets one element instead of duplicates.',
  },
  PARTIAL_ELEMENT,
];

const REORDER: Deviation[] = [
  {
    what: 'A key in the list that is not a child of the element is refused (409); OpenOLAT hands the keys to its ordering without checking them.',
    why: 'Ordering another element’s child under this parent would corrupt both trees.',
  },
];

const ENTRY_LINK: Deviation = {
  what: 'The caller must also manage the course (administrator, learning resource manager of its organisation or owner), else 403; OpenOLAT only checks the curriculum.',
  why: 'Linking a course to an element makes its participants course members; a curriculum manager may not open a course they have no right to.',
};

const TYPES_ROLE: Deviation = {
  what: 'Administrators and curriculum managers only (403 for others); OpenOLAT checks no role on /curriculum/types.',
  why: 'Element types are configuration shared by every curriculum; any authenticated user could otherwise change them.',
};

const TYPE_SAVE: Deviation[] = [
  TYPES_ROLE,
  {
    what: 'A body with a key updates only the fields it carries; OpenOLAT copies displayName, identifier, description, externalId, cssClass and managedFlags from the body (absent: null) and sets absent calendars and lectures to disabled (a blank one is disabled here too).',
    why: 'A partial body must not blank the type; a client sending the whole VO sees the same result.',
  },
  {
    what: 'An externalId another type has is refused (409); OpenOLAT stores duplicates.',
    why: 'externalId identifies the type for synchronising clients; two types with one externalId could not be told apart.',
  },
];

/** The Java methods behind …/{path} (GET list, PUT one, PUT list, DELETE one), which differ in naming from role to role. */
const roleList = (path: string, role: string, [list, putOne, putMany, deleteOne]: [string, string, string, string]): ParityRow[] => [
  { endpoint: `GET /curriculum/{}/elements/{}/${path}`, openolat: `${ELEMENTS}.${list} (role ${role})`, reads: [], deviations: [] },
  { endpoint: `PUT /curriculum/{}/elements/{}/${path}/{}`, openolat: `${ELEMENTS}.${putOne} (role ${role})`, reads: [], deviations: [] },
  {
    endpoint: `PUT /curriculum/{}/elements/{}/${path}`,
    openolat: `${ELEMENTS}.${putMany} (role ${role})`,
    reads: ['body UserVO[] (only key is read; unknown keys are skipped)'],
    deviations: [],
  },
  { endpoint: `DELETE /curriculum/{}/elements/{}/${path}/{}`, openolat: `${ELEMENTS}.${deleteOne} (role ${role})`, reads: [], deviations: [] },
];

export const rows: ParityRow[] = [
  { endpoint: 'GET /curriculum/version', openolat: 'CurriculumsWebService.getVersion', reads: [], deviations: [] },
  { endpoint: 'GET /curriculum', openolat: 'CurriculumsWebService.getCurriculums', reads: [], deviations: [] },
  { endpoint: 'PUT /curriculum', openolat: 'CurriculumsWebService.putCurriculum', reads: ['body CurriculumVO (XML or JSON)'], deviations: CURRICULUM_CREATE },
  { endpoint: 'POST /curriculum', openolat: 'CurriculumsWebService.postCurriculum', reads: ['body CurriculumVO (XML or JSON)'], deviations: CURRICULUM_CREATE },
  {
    endpoint: 'GET /curriculum/elements',
    openolat: 'CurriculumsWebService.searchCurriculumElement',
    reads: ['query externalId', 'query identifier', 'query key (Long; unparsable: 404)'],
    deviations: [
      {
        what: 'Only elements of curricula the caller manages are found; OpenOLAT finds matches in every curriculum for any administrator or curriculum manager.',
        why: 'A curriculum manager of one organisation must not read the elements of another organisation’s curricula, as on every other curriculum route.',
      },
      UNPARSABLE_QUERY_NUMBER,
    ],
  },
  { endpoint: 'GET /curriculum/{}', openolat: 'CurriculumsWebService.getCurriculum', reads: [], deviations: [] },
  {
    endpoint: 'POST /curriculum/{}',
    openolat: 'CurriculumsWebService.postCurriculum(curriculumKey)',
    reads: ['body CurriculumVO (XML or JSON)'],
    deviations: [PARTIAL_CURRICULUM],
  },
  { endpoint: 'DELETE /curriculum/{}', openolat: 'CurriculumsWebService.deleteCurriculum', reads: [], deviations: [] },
  { endpoint: 'GET /curriculum/{}/curriculumowners', openolat: 'CurriculumsWebService.getCurriculumManagers', reads: [], deviations: [] },
  { endpoint: 'PUT /curriculum/{}/curriculumowners/{}', openolat: 'CurriculumsWebService.putCurriculumOwner', reads: [], deviations: [] },
  { endpoint: 'DELETE /curriculum/{}/curriculumowners/{}', openolat: 'CurriculumsWebService.deleteCurriculumManager', reads: [], deviations: [] },
  { endpoint: 'GET /curriculum/{}/lectures', openolat: 'CurriculumsWebService.getLecturesStatistics', reads: [], deviations: [] },
  { endpoint: 'GET /curriculum/{}/lectures/{}', openolat: 'CurriculumsWebService.getParticipantLecturesStatistics', reads: [], deviations: [] },
  { endpoint: 'GET /curriculum/{}/elements', openolat: `${ELEMENTS}.getCurriculumElements`, reads: [], deviations: [] },
  {
    endpoint: 'PUT /curriculum/{}/elements',
    openolat: `${ELEMENTS}.putCurriculumElement`,
    reads: ['body CurriculumElementVO (XML or JSON)'],
    deviations: ELEMENT_SAVE,
  },
  {
    endpoint: 'POST /curriculum/{}/elements',
    openolat: `${ELEMENTS}.postCurriculumElement`,
    reads: ['body CurriculumElementVO (XML or JSON)'],
    deviations: ELEMENT_SAVE,
  },
  { endpoint: 'GET /curriculum/{}/elements/{}', openolat: `${ELEMENTS}.getCurriculumElement`, reads: [], deviations: [] },
  {
    endpoint: 'POST /curriculum/{}/elements/{}',
    openolat: `${ELEMENTS}.postCurriculumElement(curriculumElementKey)`,
    reads: ['body CurriculumElementVO (XML or JSON)'],
    deviations: ELEMENT_SAVE.filter((deviation) => !deviation.what.startsWith('A create')),
  },
  {
    endpoint: 'POST /curriculum/{}/elements/{}/reorder',
    openolat: `${ELEMENTS}.putReorderCurriculumElement`,
    reads: ['body CurriculumElementVO[] (only key is read; an empty list changes nothing)'],
    deviations: REORDER,
  },
  {
    endpoint: 'PUT /curriculum/{}/elements/{}/reorder',
    openolat: `${ELEMENTS}.postReorderCurriculumElement`,
    reads: ['body CurriculumElementVO[] (only key is read; an empty list changes nothing)'],
    deviations: REORDER,
  },
  { endpoint: 'GET /curriculum/{}/elements/{}/elements', openolat: `${ELEMENTS}.getCurriculumElementChildren`, reads: [], deviations: [] },
  { endpoint: 'GET /curriculum/{}/elements/{}/entries', openolat: `${ELEMENTS}.getRepositoryEntriesInElement`, reads: [], deviations: [] },
  { endpoint: 'HEAD /curriculum/{}/elements/{}/entries/{}', openolat: `${ELEMENTS}.headRepositoryEntryInElement`, reads: [], deviations: [] },
  { endpoint: 'GET /curriculum/{}/elements/{}/entries/{}', openolat: `${ELEMENTS}.getRepositoryEntryInElement`, reads: [], deviations: [] },
  { endpoint: 'PUT /curriculum/{}/elements/{}/entries/{}', openolat: `${ELEMENTS}.addRepositoryEntryToElement`, reads: [], deviations: [ENTRY_LINK] },
  { endpoint: 'DELETE /curriculum/{}/elements/{}/entries/{}', openolat: `${ELEMENTS}.removeRepositoryEntryToElement`, reads: [], deviations: [ENTRY_LINK] },
  { endpoint: 'GET /curriculum/{}/elements/{}/members', openolat: `${ELEMENTS}.getMembers`, reads: [], deviations: [] },
  {
    endpoint: 'PUT /curriculum/{}/elements/{}/members',
    openolat: `${ELEMENTS}.putMembers`,
    reads: ['body CurriculumElementMemberVO (identityKey, role; inheritanceMode is not read)'],
    deviations: [
      {
        what: 'The body’s inheritanceMode is applied; OpenOLAT ignores it and grants the role with its default inheritance.',
        why: 'The VO carries the field and GET …/members answers it; dropping what the client sent would make the two disagree.',
      },
      {
        what: 'An unknown person with an unknown role answers 409; OpenOLAT checks the person first (404).',
        why: 'Both are refusals of a request that changes nothing; the role is checked with the body, before any lookup.',
      },
    ],
  },
  { endpoint: 'DELETE /curriculum/{}/elements/{}/members/{}', openolat: `${ELEMENTS}.deleteMembers`, reads: [], deviations: [] },
  {
    endpoint: 'GET /curriculum/{}/elements/{}/users',
    openolat: `${ELEMENTS}.getUsers`,
    reads: ['query role (CurriculumRoles name; unknown: 409; absent: OpenOLAT fails with 500, we answer 400)'],
    deviations: [],
  },
  ...roleList('participants', 'participant', ['getParticipants', 'putParticipant', 'putParticipants', 'deleteParticipant']),
  ...roleList('coaches', 'coach', ['getCoaches', 'putCoach', 'putCoaches', 'deleteCoach']),
  ...roleList('owners', 'owner', ['getOwners', 'putOwner', 'putOwners', 'deleteOwner']),
  ...roleList('mastercoaches', 'mastercoach', ['getMasterCoaches', 'putMasterCoach', 'putMasterCoaches', 'deleteMasterCoach']),
  ...roleList('curriculumelementowners', 'curriculumelementowner', [
    'getCurriculumManagers',
    'putCurriculumElementOwner',
    'putCurriculumManagers',
    'deleteCurriculumManager',
  ]),
  { endpoint: 'GET /curriculum/{}/elements/{}/taxonomy/levels', openolat: `${ELEMENTS}.getTaxonomyLevels`, reads: [], deviations: [] },
  { endpoint: 'PUT /curriculum/{}/elements/{}/taxonomy/levels/{}', openolat: `${ELEMENTS}.putTaxonomyLevels`, reads: [], deviations: [] },
  {
    endpoint: 'DELETE /curriculum/{}/elements/{}/taxonomy/levels/{}',
    openolat: `${ELEMENTS}.deleteTaxonomyLevel`,
    reads: [],
    deviations: [
      {
        what: 'An unknown level answers 404; OpenOLAT answers 200 with the text NOT_FOUND as body.',
        why: 'A 200 whose body says NOT_FOUND is indistinguishable from success for a client that reads the status; 404 is what OpenOLAT means.',
      },
    ],
  },
  { endpoint: 'GET /curriculum/types', openolat: `${TYPES}.getElementTypes`, reads: [], deviations: [TYPES_ROLE] },
  {
    endpoint: 'PUT /curriculum/types',
    openolat: `${TYPES}.putCurriculumElementType`,
    reads: ['body CurriculumElementTypeVO (XML or JSON)'],
    deviations: TYPE_SAVE,
  },
  {
    endpoint: 'POST /curriculum/types',
    openolat: `${TYPES}.postCurriculumElementType`,
    reads: ['body CurriculumElementTypeVO (XML or JSON)'],
    deviations: TYPE_SAVE,
  },
  { endpoint: 'GET /curriculum/types/{}', openolat: `${TYPES}.getCurriculumElementTypes`, reads: [], deviations: [TYPES_ROLE] },
  {
    endpoint: 'POST /curriculum/types/{}',
    openolat: `${TYPES}.postCurriculumElementType(curriculumElementTypeKey)`,
    reads: ['body CurriculumElementTypeVO (XML or JSON)'],
    deviations: TYPE_SAVE,
  },
  { endpoint: 'GET /curriculum/types/{}/allowedSubTypes', openolat: `${TYPES}.getAllowedSubTypes`, reads: [], deviations: [TYPES_ROLE] },
  { endpoint: 'PUT /curriculum/types/{}/allowedSubTypes/{}', openolat: `${TYPES}.allowSubTaxonomyLevelType`, reads: [], deviations: [TYPES_ROLE] },
  { endpoint: 'DELETE /curriculum/types/{}/allowedSubTypes/{}', openolat: `${TYPES}.disalloweSubType`, reads: [], deviations: [TYPES_ROLE] },
];
