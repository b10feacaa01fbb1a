import type { Deviation, ParityRow } from '../types';

const GROUPS = 'LearningGroupWebService';
const COURSE_GROUPS = 'CourseGroupWebService';

const FORBIDDEN_NOT_UNAUTHORIZED: Deviation = {
  what: 'A caller without the right (no group manager, no member where members may read) gets 403; OpenOLAT answers 401 (403 only on …/configuration).',
  why: '401 tells a client its credentials are missing or wrong, and clients drop or renew them; the credentials are fine, the role is not (decided before, kept).',
};

const GROUPS_OF_ORGANISATIONS: Deviation = {
  what: 'A group belongs to one organisation: group managers and administrators manage (list, read the members of, change, delete) the groups of the organisations where they hold the role, directly or inherited (the default organisation’s: every group); OpenOLAT’s groups are global and its group manager role held anywhere covers all of them. A new group belongs to the organisation of the query parameter organisationKey (403 where the caller manages no groups), else to the caller’s (of those where they manage groups, the one nearest the root); a course’s group to the course’s.',
  why: 'Organisations are tenants here: an administrator of one organisation must not read or take over the groups, members and courses of another. Scripts run as the institution’s administrator (default organisation) see no difference.',
};

/** The rules every route that names a group follows. */
const GROUP_ACCESS: Deviation[] = [FORBIDDEN_NOT_UNAUTHORIZED, GROUPS_OF_ORGANISATIONS];

const GROUP_VO_BODY = [
  'body GroupVO (XML or JSON): name (required, else 406), description, externalId, managedFlags, minParticipants, maxParticipants (Integer; ≤ 0 or absent: unlimited); key and type ignored',
];

const BLANK_NEWS: Deviation = {
  what: 'POST …/news with a blank or absent news field: OpenOLAT saves it (absent: the news are removed) and answers 200 with the text; we answer 406 (blank) or 400 (no form body at all).',
  why: 'Decided before, kept: DELETE …/news removes the news explicitly, and a blank news shown to members is never what a client means; a form without the field is usually a client bug.',
};

const MIN_MAX_IN_COURSE: Deviation = {
  what: 'PUT /repo/courses/{id}/groups creating a group: OpenOLAT’s course-group normalize keeps maxParticipants/minParticipants 0 as 0 (a group nobody can join) and turns negatives into -1; we store ≤ 0 as unlimited (null), as PUT /groups does.',
  why: 'One rule for both ways of creating a group; a group with room for nobody is not what a client sending 0 means (OpenOLAT’s own PUT /groups reads 0 as unlimited).',
};

const COURSE_GROUP_SCOPE: Deviation = {
  what: 'OpenOLAT’s GET/POST/DELETE /repo/courses/{id}/groups/{g} delegate to /groups/{g} without checking that the group belongs to the course; we answer 404 for a group not linked to the course. We also let a manager of every course a group is linked to change it (OpenOLAT: group managers only on POST/DELETE).',
  why: 'The course path promises a group of that course; without the check, a course owner could reach any group by key (two-owners net). Course owners manage their course’s groups in OpenOLAT’s UI too.',
};

export const rows: ParityRow[] = [
  { endpoint: 'GET /groups/version', openolat: `${GROUPS}.getVersion`, reads: [], deviations: [] },
  {
    endpoint: 'GET /groups',
    openolat: `${GROUPS}.getGroupList`,
    reads: ['query externalId (blank: ignored)', 'query managed (Boolean; anything but "true" is false)'],
    deviations: [GROUPS_OF_ORGANISATIONS],
  },
  {
    endpoint: 'PUT /groups',
    openolat: `${GROUPS}.createGroup`,
    reads: [...GROUP_VO_BODY, 'body key > 0: an update of that group (postGroup)'],
    deviations: [...GROUP_ACCESS],
  },
  {
    endpoint: 'GET /groups/{}',
    openolat: `${GROUPS}.findById`,
    reads: ['header If-Modified-Since'],
    deviations: [...GROUP_ACCESS],
  },
  { endpoint: 'POST /groups/{}', openolat: `${GROUPS}.postGroup`, reads: GROUP_VO_BODY, deviations: [...GROUP_ACCESS] },
  { endpoint: 'DELETE /groups/{}', openolat: `${GROUPS}.deleteGroup`, reads: [], deviations: [...GROUP_ACCESS] },
  { endpoint: 'GET /groups/{}/news', openolat: `${GROUPS}.getNews`, reads: [], deviations: [...GROUP_ACCESS] },
  {
    endpoint: 'POST /groups/{}/news',
    openolat: `${GROUPS}.postNews`,
    reads: ['form news (application/x-www-form-urlencoded only)'],
    deviations: [
      FORBIDDEN_NOT_UNAUTHORIZED,
      BLANK_NEWS,
      {
        what: 'We also take the news as a JSON or XML body ({"news": …}); OpenOLAT consumes the form only (415 otherwise).',
        why: 'Accepting more media types changes nothing for OpenOLAT’s clients.',
      },
    ],
  },
  { endpoint: 'DELETE /groups/{}/news', openolat: `${GROUPS}.deleteNews`, reads: [], deviations: [...GROUP_ACCESS] },
  { endpoint: 'GET /groups/{}/configuration', openolat: `${GROUPS}.getGroupConfiguration`, reads: [], deviations: [GROUPS_OF_ORGANISATIONS] },
  {
    endpoint: 'POST /groups/{}/configuration',
    openolat: `${GROUPS}.postGroupConfiguration`,
    reads: [
      'body GroupConfigurationVO (XML or JSON): tools (absent: all off), toolsAccess (Map<String,Integer>; absent: unchanged), news (saved when not blank), ownersVisible, participantsVisible, waitingListVisible, ownersPublic, participantsPublic, waitingListPublic (Boolean; null: unchanged)',
    ],
    deviations: [
      GROUPS_OF_ORGANISATIONS,
      {
        what: 'An unknown tool id in tools (e.g. "news" for "hasNews") or a toolsAccess entry for a tool without access level, or a level other than 0/1: OpenOLAT answers 200 (unknown tools are dropped, so every tool goes off; the access property is stored as given); we answer 406 listing each wrong entry and change nothing.',
        why: 'Decided before, kept: OpenOLAT switches off the tools the client meant to keep and stores access levels no screen reads; the client is told what to correct instead.',
      },
    ],
  },
  { endpoint: 'GET /groups/{}/infos', openolat: `${GROUPS}.getInformations`, reads: [], deviations: [...GROUP_ACCESS] },
  { endpoint: 'GET /groups/{}/owners', openolat: `${GROUPS}.getTutors`, reads: [], deviations: [...GROUP_ACCESS] },
  { endpoint: 'GET /groups/{}/participants', openolat: `${GROUPS}.getParticipants`, reads: [], deviations: [...GROUP_ACCESS] },
  {
    endpoint: 'PUT /groups/{}/owners/{}',
    openolat: `${GROUPS}.addTutor`,
    reads: [],
    deviations: [...GROUP_ACCESS],
  },
  { endpoint: 'DELETE /groups/{}/owners/{}', openolat: `${GROUPS}.removeTutor`, reads: [], deviations: [...GROUP_ACCESS] },
  { endpoint: 'PUT /groups/{}/participants/{}', openolat: `${GROUPS}.addParticipant`, reads: [], deviations: [...GROUP_ACCESS] },
  { endpoint: 'DELETE /groups/{}/participants/{}', openolat: `${GROUPS}.removeParticipant`, reads: [], deviations: [...GROUP_ACCESS] },
  {
    endpoint: 'GET /repo/courses/{}/groups',
    openolat: `${COURSE_GROUPS}.getGroupList`,
    reads: [],
    deviations: [
      {
        what: 'OpenOLAT lists a course’s groups to any authenticated caller who reaches the course resource; we answer 403 unless the caller is a group manager of the course’s organisation or sees the course (member or manager).',
        why: 'The group list names groups of a course the caller may not even see; it follows the visibility rule of GET /repo/courses/{id}.',
      },
    ],
  },
  {
    endpoint: 'PUT /repo/courses/{}/groups',
    openolat: `${COURSE_GROUPS}.putNewGroup`,
    reads: [...GROUP_VO_BODY, 'body key > 0: link that existing group to the course'],
    deviations: [
      FORBIDDEN_NOT_UNAUTHORIZED,
      MIN_MAX_IN_COURSE,
      {
        what: 'A body key > 0 naming no group: OpenOLAT fails inside addResourceTo (500); we answer 404.',
        why: 'The group is missing; 404 says so.',
      },
    ],
  },
  {
    endpoint: 'GET /repo/courses/{}/groups/{}',
    openolat: `${COURSE_GROUPS}.getGroup (delegates to ${GROUPS}.findById)`,
    reads: [],
    deviations: [...GROUP_ACCESS, COURSE_GROUP_SCOPE],
  },
  {
    endpoint: 'POST /repo/courses/{}/groups/{}',
    openolat: `${COURSE_GROUPS}.updateGroup (delegates to ${GROUPS}.postGroup)`,
    reads: GROUP_VO_BODY,
    deviations: [...GROUP_ACCESS, COURSE_GROUP_SCOPE],
  },
  {
    endpoint: 'DELETE /repo/courses/{}/groups/{}',
    openolat: `${COURSE_GROUPS}.deleteGroup (delegates to ${GROUPS}.deleteGroup)`,
    reads: [],
    deviations: [...GROUP_ACCESS, COURSE_GROUP_SCOPE],
  },
  {
    endpoint: 'POST /repo/courses/{}/groups/new',
    openolat: `${COURSE_GROUPS}.postNewGroup (older versions; browser fallback of putNewGroup)`,
    reads: [...GROUP_VO_BODY, 'body key > 0: link that existing group to the course'],
    deviations: [...GROUP_ACCESS, MIN_MAX_IN_COURSE],
  },
  {
    endpoint: 'PUT /groups/{}/users/{}',
    openolat: `${GROUPS}.addParticipant (served here; OpenOLAT has no /users/{k} under a group: the path is the source document’s golden path)`,
    reads: [],
    deviations: [...GROUP_ACCESS],
  },
];
