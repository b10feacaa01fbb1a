import type { Deviation, ParityRow } from '../types';

/**
 * OpenOLAT's `isUserManagerOf` comes before its lookup of the person: a key that names nobody has no organisation the
 * caller manages, so OpenOLAT answers 403 where we answer 404.
 */
const UNKNOWN_KEY_404: Deviation = {
  what: 'a user manager naming a key that belongs to nobody gets 404; OpenOLAT checks isUserManagerOf first and answers 403 (the missing person is in no organisation the caller manages)',
  why: 'a key that names nobody answers 404 in every family (the rule of every other route here), which tells the client which key is wrong and reveals nothing a 403 would hide: whether a key exists is no secret to a user manager',
};

const SORTED_BY_KEY: Deviation = {
  what: 'courses are listed by key; OpenOLAT sorts them by display name (RepositoryEntryOrder.nameAsc)',
  why: 'key order is what the paged read walks by index (a page of a person’s courses stays one index range at a university’s size); a client that wants names in order sorts the page',
};

const GROUP_MANAGERS_ADMITTED: Deviation = {
  what: "group managers who are not the person's user managers read the list; OpenOLAT's resource locator UserWebService.getUserGroupList admits only the person and their user managers (403) before MyGroupWebService.hasAccess, which would admit group managers",
  why: 'the rule (src/groups/policy.ts requireGroupsOfPersonReader) follows MyGroupWebService.hasAccess, which OpenOLAT itself applies behind the locator: a group manager reads only the groups they already manage',
};

const PAGED = ['query start (Integer, default 0)', 'query limit (Integer, default 25)', 'header Accept …;pagingspec=1.0 (a page instead of the list)'];
const GROUP_LIST = [...PAGED, 'query externalId', 'query managed (Boolean)'];

const V1_BY_LOGIN: Deviation = {
  what: 'the path segment is looked up as the login (any case); OpenOLAT looks it up as an authentication user name of any provider (findAuthenticationsByAuthusername: 409 when several people have it)',
  why: 'an OLAT authentication is named after the login, so both find the same person for a login; v1 is deprecated',
};

const PROPERTY_CHECKS: Deviation = {
  what: 'properties are checked as the handlers of OpenOLAT’s REST context check them (src/users/properties.ts) with three differences: a birthDay is read as yyyyMMdd or yyyy-MM-dd (OpenOLAT: yyyyMMdd, or a short date of the request’s locale); an ICQ number that is not 5 to 16 digits answers form.name.icq.error (OpenOLAT’s handler sets no error key there, and its answer fails); the institutional e-mail is checked for its form, not for being unique, and the texts are English whatever the locale',
  why: 'a date in a locale’s short form is ambiguous between locales (12/06/2026) and ISO is not; a failure without a key is not an answer a client can act on; an index over every person’s institutional e-mail for that one check is not worth its cost at a million people',
};

const SELF_SERVICE_KEYS: Deviation = {
  what: 'the person themself may list, create and delete their own API keys (provider API-Key); OpenOLAT answers 403 to anyone but the person’s user managers',
  why: 'self-service API keys are a gateway extension that administrators switch off with the userApiKeyGeneration setting; a user manager sees what OpenOLAT shows',
};

const NO_CREDENTIAL_IN_ANSWER: Deviation = {
  what: 'the answer’s credential is empty (an API key’s secret once, when it is created); OpenOLAT answers the stored credential (ObjectFactory.get(authentication, true))',
  why: 'a stored password hash is never sent back: it would let its reader attack the password offline',
};

/** The privilege ladder (src/domain/scope.ts) on every route that manages a person. */
const LADDER: Deviation = {
  what: 'a user or roles manager is refused (403) for a person who holds a role the caller does not hold where it is held: a user manager never manages an administrator, a system administrator, a role or user manager, nor an author of an organisation where she is none; OpenOLAT (isManagerOf, UserAdminController.isPasswordChangesAllowed) lets a user manager manage everyone who is a user of her organisations except administrators and role managers, and a role manager everyone',
  why: 'whoever manages a person’s credentials, status or data can act as that person: managing someone who holds a role the caller lacks (author of another organisation, learning resource manager, another user manager) would hand the caller that role. Administrators and system administrators, who hold every role, see no difference',
};

/** The routes that manage a person: the ladder applies to each. */
const MANAGES_PERSON = new Set([
  'POST /users/{}',
  'DELETE /users/{}',
  'POST /users/{}/roles',
  'POST /users/{}/status',
  'POST /users/{}/preferences',
  'POST /users/{}/lifecycle',
  'PUT /users/{}/lifecycle',
  'POST /users/{}/username',
  'PUT /users/{}/username',
  'GET /users/{}/authentications',
  'PUT /users/{}/authentications',
  'POST /users/{}/authentications',
  'DELETE /users/{}/authentications/{}',
  'POST /users/{}/authentications/password',
  'GET /users/{}/auth',
  'PUT /users/{}/auth',
  'DELETE /users/{}/auth/{}',
  'POST /users/{}/auth/password',
]);

const GRANTS_ONLY_HELD: Deviation = {
  what: 'a caller grants or revokes only roles a role of hers covers in the default organisation (an administrator every role but sysadmin, any other manager only a role she holds herself, never usermanager or rolesmanager); OpenOLAT lets every user manager set any role but administrator and sysadmin',
  why: 'a user manager who could grant roles she lacks could make herself or an accomplice author or learning resource manager everywhere',
};

const ownRows: ParityRow[] = [
  { endpoint: 'GET /users/version', openolat: 'UserWebService.getVersion', reads: [], deviations: [] },
  {
    endpoint: 'GET /users',
    openolat: 'UserWebService.getUserListQuery',
    reads: [
      'query login',
      'query externalId',
      'query authProvider',
      'query authUsername',
      'query statusVisibleLimit',
      'query status (Integer)',
      'query <name of a user property handler> (value parsed by the handler, locale of the request)',
    ],
    deviations: [
      {
        what: 'a status that is not a number answers 400 naming the parameter; JAX-RS answers 404 when it cannot convert a query parameter to its Integer',
        why: 'the request is malformed, no resource is missing: 400 tells the client which parameter; the conversion is the router’s, the same for every route',
      },
      {
        what: 'e-mail and properties are shown for the people the caller manages; OpenOLAT shows them for every person found when login, externalId, e-mail, institutional e-mail or nickname was searched, and administrative properties by the caller’s roles',
        why: 'a searcher sees contact data of the people they manage only, as GET /users/{k} shows it (this gateway keeps no profile visibility settings to follow)',
      },
    ],
  },
  {
    endpoint: 'GET /users/managed',
    openolat: 'UserWebService.getManagedUsers',
    reads: [],
    deviations: [
      {
        what: 'a user manager gets the managed people of the organisations they manage; OpenOLAT answers every managed person to any user or roles manager',
        why: 'user managers of one organisation see only its people, as every other read of people does here',
      },
    ],
  },
  { endpoint: 'GET /users/me', openolat: 'UserWebService.getMe', reads: [], deviations: [] },
  {
    endpoint: 'PUT /users',
    openolat: 'UserWebService.create',
    reads: ['body UserVO (JSON or XML)'],
    deviations: [
      PROPERTY_CHECKS,
      {
        what: 'roles managers get 403; OpenOLAT lets user managers, roles managers and administrators create people (isUserManager)',
        why: 'roles managers manage roles, not people: here a person is read and changed by user managers of their organisation, so a roles manager could create a person they could then neither read nor correct (USER_CREATORS in src/users/policy.ts)',
      },
    ],
  },
  {
    endpoint: 'GET /users/username',
    openolat: 'UserWebService.searchByUsername',
    reads: ['query username'],
    deviations: [
      {
        what: 'authors may look a person up; OpenOLAT answers 403 to anyone but user managers, roles managers and administrators, and 403 again when the caller does not manage the person found (we answer the person without e-mail and properties)',
        why: 'authors search people to add them to courses (USER_SEARCHERS, as GET /users), and get no contact data of people they do not manage',
      },
      {
        what: 'the username is matched against the login (any case); OpenOLAT also matches nicknames and authentication user names (findIdentityByUsername)',
        why: 'the login is the one user name a person has here',
      },
      {
        what: 'a missing or empty username answers 400; OpenOLAT finds nobody and answers 404',
        why: 'the request names no one: the client learns that the parameter is missing, not that a person is',
      },
    ],
  },
  {
    endpoint: 'GET /users/{}',
    openolat: 'UserWebService.findById',
    reads: ['query withPortrait (Boolean, default false; any value but "true" in any case is false)'],
    deviations: [
      {
        what: 'e-mail and properties are left out for callers who are neither the person nor one of their managers; OpenOLAT sends the e-mail and the properties the person’s profile page shows (HomePageConfig) to every authenticated caller',
        why: 'this gateway keeps no profile visibility settings, so contact data goes to the person and their managers only (fullProfileCondition in src/users/policy.ts)',
      },
    ],
  },
  {
    endpoint: 'POST /users/{}',
    openolat: 'UserWebService.update',
    reads: ['body UserVO (JSON or XML; none: 204)'],
    deviations: [UNKNOWN_KEY_404, PROPERTY_CHECKS],
  },
  {
    endpoint: 'DELETE /users/{}',
    openolat: 'UserWebService.delete',
    reads: [],
    deviations: [
      UNKNOWN_KEY_404,
      {
        what: 'the person is removed (GET /users/{k} then answers 404); OpenOLAT anonymises the identity and keeps it with status 199 (deleted), which GET /users/{k} still answers',
        why: 'a deletion asked through the API removes the person’s data (the purpose of the call for an administration system); OpenOLAT keeps the anonymised row for its own history tables, which this gateway does not have',
      },
      {
        what: 'permanent people (status 1) and the caller themself answer 403; OpenOLAT deletes them',
        why: 'status 1 means "cannot be deactivated or deleted" in OpenOLAT’s own documentation of the status, and a caller deleting themself locks the client out',
      },
    ],
  },
  { endpoint: 'GET /users/{}/roles', openolat: 'UserWebService.getIdentityRoles', reads: [], deviations: [UNKNOWN_KEY_404] },
  {
    endpoint: 'POST /users/{}/roles',
    openolat: 'UserWebService.updateRoles',
    reads: ['body RolesVO (JSON or XML)'],
    deviations: [
      UNKNOWN_KEY_404,
      {
        what: 'selectusManager is set or revoked when the body has it (and kept when it has not); OpenOLAT does not read it from the RolesVO',
        why: 'a client that sends the flag means it, and one that does not know it keeps the role (decided earlier and kept)',
      },
      {
        what: 'systemAdmin in the body is ignored; OpenOLAT grants or revokes it',
        why: 'the system administrator role is not granted over REST here; only administrators grant or revoke the administrator role (403 otherwise)',
      },
    ],
  },
  { endpoint: 'GET /users/{}/status', openolat: 'UserWebService.getStatus', reads: [], deviations: [UNKNOWN_KEY_404] },
  { endpoint: 'POST /users/{}/status', openolat: 'UserWebService.updateStatus', reads: ['body StatusVO (JSON or XML)'], deviations: [UNKNOWN_KEY_404] },
  { endpoint: 'GET /users/{}/preferences', openolat: 'UserWebService.getUserPreferences', reads: [], deviations: [UNKNOWN_KEY_404] },
  {
    endpoint: 'POST /users/{}/preferences',
    openolat: 'UserWebService.updatePreferences',
    reads: ['body PreferencesVO (JSON or XML)'],
    deviations: [UNKNOWN_KEY_404],
  },
  { endpoint: 'GET /users/{}/lifecycle', openolat: 'UserWebService.getUserLifecycle', reads: [], deviations: [] },
  {
    endpoint: 'POST /users/{}/lifecycle',
    openolat: 'UserWebService.postLifecycle',
    reads: ['body UserLifecycleVO (JSON or XML; none: 204)'],
    deviations: [UNKNOWN_KEY_404],
  },
  {
    endpoint: 'PUT /users/{}/lifecycle',
    openolat: 'UserWebService.putLifecycle',
    reads: ['body UserLifecycleVO (JSON or XML; none: 204)'],
    deviations: [UNKNOWN_KEY_404],
  },
  {
    endpoint: 'POST /users/{}/username',
    openolat: 'UserWebService.renamePost',
    reads: ['query username'],
    deviations: [
      UNKNOWN_KEY_404,
      {
        what: 'success answers 200 with the renamed UserVO; OpenOLAT answers 200 without a body',
        why: 'a client that ignores the body is served alike, one that reads it sees the new login at once',
      },
    ],
  },
  {
    endpoint: 'PUT /users/{}/username',
    openolat: 'UserWebService.renamePut',
    reads: ['query username'],
    deviations: [
      UNKNOWN_KEY_404,
      {
        what: 'success answers 200 with the renamed UserVO; OpenOLAT answers 200 without a body',
        why: 'a client that ignores the body is served alike, one that reads it sees the new login at once',
      },
    ],
  },
  { endpoint: 'HEAD /users/{}/portrait', openolat: 'UserWebService.getPortraitHead', reads: [], deviations: [] },
  {
    endpoint: 'GET /users/{}/portrait',
    openolat: 'UserWebService.getPortrait',
    reads: ['header If-Modified-Since'],
    deviations: [
      {
        what: 'a query parameter size (master, big, small) selects the variant; OpenOLAT ignores it and always answers the big (medium) portrait',
        why: 'the operation is shared with HEAD /users/{k}/portrait/{size}; a client that does not send size gets the big portrait as from OpenOLAT',
      },
    ],
  },
  { endpoint: 'HEAD /users/{}/portrait/{}', openolat: 'UserWebService.getOriginalPortraitHead', reads: [], deviations: [] },
  {
    endpoint: 'POST /users/{}/portrait',
    openolat: 'UserWebService.postPortrait',
    reads: ['multipart file (any file part)', 'multipart filename'],
    deviations: [],
  },
  { endpoint: 'DELETE /users/{}/portrait', openolat: 'UserWebService.deletePortrait', reads: [], deviations: [] },
  { endpoint: 'GET /users/{}/groups', openolat: 'MyGroupWebService.getUserGroupList', reads: GROUP_LIST, deviations: [GROUP_MANAGERS_ADMITTED] },
  { endpoint: 'GET /users/{}/groups/owner', openolat: 'MyGroupWebService.getOwnedGroupList', reads: GROUP_LIST, deviations: [GROUP_MANAGERS_ADMITTED] },
  {
    endpoint: 'GET /users/{}/groups/participant',
    openolat: 'MyGroupWebService.getParticipatingGroupList',
    reads: GROUP_LIST,
    deviations: [GROUP_MANAGERS_ADMITTED],
  },
  { endpoint: 'GET /users/{}/groups/infos', openolat: 'MyGroupWebService.getUserGroupInfosList', reads: GROUP_LIST, deviations: [GROUP_MANAGERS_ADMITTED] },
  {
    endpoint: 'GET /users/{}/courses/my',
    openolat: 'UserCoursesWebService.getMyCourses',
    reads: PAGED,
    deviations: [
      {
        what: 'the courses where the person is owner, coach or participant (in the statuses each role sees); OpenOLAT lists those where the person is a participant (directly or through a group), published or closed',
        why: 'the catalogue (the reference this gateway follows where the source document is silent) describes the list as the courses where the person is a member, participant, coach or owner; teached and owned remain the lists of one role',
      },
      SORTED_BY_KEY,
    ],
  },
  { endpoint: 'GET /users/{}/courses/teached', openolat: 'UserCoursesWebService.getTeachedCourses', reads: PAGED, deviations: [SORTED_BY_KEY] },
  { endpoint: 'GET /users/{}/courses/owned', openolat: 'UserCoursesWebService.getOwnedCourses', reads: PAGED, deviations: [SORTED_BY_KEY] },
  { endpoint: 'GET /users/{}/courses/favorite', openolat: 'UserCoursesWebService.getFavoritCourses', reads: PAGED, deviations: [SORTED_BY_KEY] },
  { endpoint: 'GET /users/{}/authentications/version', openolat: 'UserAuthenticationsWebService.getVersion', reads: [], deviations: [] },
  {
    endpoint: 'GET /users/{}/authentications',
    openolat: 'UserAuthenticationsWebService.getAuthenticationTokenList',
    reads: [],
    deviations: [SELF_SERVICE_KEYS],
  },
  {
    endpoint: 'PUT /users/{}/authentications',
    openolat: 'UserAuthenticationsWebService.create',
    reads: ['body AuthenticationVO (JSON or XML)'],
    deviations: [
      SELF_SERVICE_KEYS,
      NO_CREDENTIAL_IN_ANSWER,
      {
        what: 'without a key, the person’s authentication of that provider is updated when there is one; OpenOLAT creates another one (createAndPersistAuthentication)',
        why: 'one authentication per provider and person (API keys excepted) is what logging in relies on here',
      },
    ],
  },
  {
    endpoint: 'POST /users/{}/authentications',
    openolat: 'UserAuthenticationsWebService.update',
    reads: ['body AuthenticationVO (JSON or XML)'],
    deviations: [
      SELF_SERVICE_KEYS,
      NO_CREDENTIAL_IN_ANSWER,
      {
        what: 'without a key, the person’s authentication of that provider is updated when there is one; OpenOLAT creates another one (createAndPersistAuthentication)',
        why: 'one authentication per provider and person (API keys excepted) is what logging in relies on here',
      },
    ],
  },
  {
    endpoint: 'DELETE /users/{}/authentications/{}',
    openolat: 'UserAuthenticationsWebService.delete',
    reads: [],
    deviations: [SELF_SERVICE_KEYS],
  },
  {
    endpoint: 'POST /users/{}/authentications/password',
    openolat: 'UserAuthenticationsWebService.changePassword',
    reads: ['form newPassword'],
    deviations: [],
  },
  { endpoint: 'GET /users/{}/auth', openolat: 'UserAuthenticationWebService.getAuthenticationTokenList', reads: [], deviations: [V1_BY_LOGIN] },
  {
    endpoint: 'PUT /users/{}/auth',
    openolat: 'UserAuthenticationWebService.create',
    reads: ['body AuthenticationVO (JSON or XML)'],
    deviations: [
      {
        what: 'the authentication is saved for the person the path names (409 when the body’s identityKey is another); OpenOLAT ignores the path and saves it for the body’s identityKey',
        why: 'a request whose path and body name different people is ambiguous; both agree whenever they name the same person',
      },
      NO_CREDENTIAL_IN_ANSWER,
      {
        what: 'the person’s authentication of that provider is updated when there is one; OpenOLAT always creates one',
        why: 'one authentication per provider and person (API keys excepted) is what logging in relies on here',
      },
    ],
  },
  { endpoint: 'DELETE /users/{}/auth/{}', openolat: 'UserAuthenticationWebService.delete', reads: [], deviations: [] },
  {
    endpoint: 'POST /users/{}/auth/password',
    openolat: 'UserAuthenticationWebService.changePassword',
    reads: ['form newPassword'],
    deviations: [],
  },
];

export const rows: ParityRow[] = ownRows.map((row) => ({
  ...row,
  deviations: [
    ...row.deviations,
    ...(MANAGES_PERSON.has(row.endpoint) ? [LADDER] : []),
    ...(row.endpoint === 'POST /users/{}/roles' ? [GRANTS_ONLY_HELD] : []),
  ],
}));
