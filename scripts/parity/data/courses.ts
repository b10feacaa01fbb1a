import type { Deviation, ParityRow } from '../types';

const COURSES = 'CoursesWebService';
const COURSE = 'CourseWebService';
const ELEMENTS = 'CourseElementWebService';

const ELEMENTS_FORBIDDEN: Deviation = {
  what: 'A caller who may not edit the course gets 403; OpenOLAT’s element service answers 401. Holders of OpenOLAT’s course-editor right (given through a course group) are not modelled: only administrators, learn resource managers of the course’s organisation and owners edit.',
  why: '401 tells a client its credentials are wrong, and clients drop them (decided before, kept); course rights of groups are outside the gateway’s model.',
};

const METADATA_AUTHORS: Deviation = {
  what: 'OpenOLAT lets any holder of the global author role read the metadata of any course; we answer 403 unless the caller manages the course.',
  why: 'The metadata of a course in preparation belong to its managers; GET /repo/courses/{id} shows the course to whoever sees it.',
};

const NODE_FIELDS = [
  'parentNodeId (absent: the root of the editor tree)',
  'position (Integer; absent or negative: last)',
  'shortTitle',
  'longTitle',
  'description',
  'objectives',
  'instruction',
  'instructionalDesign',
  'visibilityExpertRules',
  'accessExpertRules',
];

const UNPARSABLE_POSITION: Deviation = {
  what: 'position that is not a number: JAX-RS answers 404 (Integer @QueryParam/@FormParam); we answer 400 naming it.',
  why: 'The request is malformed, not aimed at something missing; 400 says what to correct.',
};

const UPDATE_UNKNOWN_NODE: Deviation = {
  what: 'An update of a node id the editor tree does not hold: OpenOLAT fails (500); we answer 404.',
  why: 'The node is missing; 404 says so.',
};

const MEMBER = (role: string, method: string, extra: Deviation[] = []): ParityRow[] => [
  { endpoint: `GET /repo/courses/{}/${role}`, openolat: `${COURSE}.get${method}s`, reads: [], deviations: [] },
  { endpoint: `PUT /repo/courses/{}/${role}/{}`, openolat: `${COURSE}.add${method}`, reads: [], deviations: extra },
  { endpoint: `DELETE /repo/courses/{}/${role}/{}`, openolat: `${COURSE}.remove${method}`, reads: [], deviations: [] },
  {
    endpoint: `PUT /repo/courses/{}/${role}`,
    openolat: `${COURSE}.add${method}s (UserVO[])`,
    reads: ['body UserVO[] (XML or JSON; only key is read; unknown keys skipped)'],
    deviations: extra,
  },
];

/** Where a new course goes (src/courses/policy.ts creationOrganisation). */
const CREATION_ORGANISATION: Deviation = {
  what: 'organisationKey (a copy’s too) must name an organisation where the caller is author, learning resource manager or administrator (403 otherwise); without it the course goes to the default organisation if the caller may create there, else to the caller’s own such organisation. OpenOLAT’s createEmptyCourse takes any organisation and defaults to the default one; the owner gets the author role in the course’s organisation, in OpenOLAT in the default one',
  why: 'an author of one organisation must not plant courses in another (OpenOLAT’s import asks exactly this role), and making someone an owner must not make them an author of every organisation',
};

export const rows: ParityRow[] = [
  { endpoint: 'GET /repo/courses/version', openolat: `${COURSES}.getVersion`, reads: [], deviations: [] },
  {
    endpoint: 'GET /repo/courses',
    openolat: `${COURSES}.getCourseList`,
    reads: [
      'query start (Integer, default 0)',
      'query limit (Integer, default 25)',
      'query managed (Boolean)',
      'query externalId',
      'query externalRef',
      'query repositoryEntryKey (Long)',
      'header Accept (pagingspec=1.0: CourseVOes page)',
    ],
    deviations: [],
  },
  {
    endpoint: 'PUT /repo/courses',
    openolat: `${COURSES}.createEmptyCourse (query variant and CourseVO variant)`,
    reads: [
      'query shortTitle, title, displayName, description, teaser, objectives, requirements, credits, expenditureOfWork, softKey, status, publicVisible (Boolean), access (Integer, legacy), membersOnly (Boolean), externalId, externalRef, authors, location, managedFlags, sharedFolderSoftKey, copyFrom (Long), initialAuthor (Long), setAuthor (Boolean, default true), organisationKey (Long), nodeAccessType',
      'body CourseVO (XML or JSON)',
    ],
    deviations: [CREATION_ORGANISATION],
  },
  {
    endpoint: 'POST /repo/courses',
    openolat: `${COURSES}.importCourse`,
    reads: [
      'query ownerUsername',
      'multipart file (course export ZIP; empty: 204)',
      'multipart filename, access (Long, legacy), status, membersOnly, softkey, displayname, organisationkey (Long), externalId, externalRef',
    ],
    deviations: [
      CREATION_ORGANISATION,
      {
        what: 'An archive OpenOLAT fails to import: OpenOLAT answers 500; we answer 400 (not a ZIP, no course, malformed XML) or 413 (over the size and entry limits) naming the problem, and keep nothing.',
        why: 'The request is at fault, not the server; the client learns what to change.',
      },
    ],
  },
  { endpoint: 'GET /repo/courses/{}', openolat: `${COURSE}.findById`, reads: [], deviations: [] },
  { endpoint: 'DELETE /repo/courses/{}', openolat: `${COURSE}.deleteCourse`, reads: [], deviations: [] },
  {
    endpoint: 'POST /repo/courses/{}/status',
    openolat: `${COURSE}.postStatus`,
    reads: ['form newStatus (closed, unclosed, deleted, restored or a status name; anything else: ignored, 200)'],
    deviations: [
      {
        what: 'We read newStatus from the query string too; OpenOLAT reads the form only (a query value changes nothing there).',
        why: 'A client that puts it in the query means it.',
      },
    ],
  },
  {
    endpoint: 'PUT /repo/courses/{}/status',
    openolat: `${COURSE}.putStatus`,
    reads: ['form newStatus (as POST; the course PUT reads the form, not the query as the entry PUT does)'],
    deviations: [
      {
        what: 'We read newStatus from the query string too; OpenOLAT’s course PUT reads the form only (a query value changes nothing there).',
        why: 'Entries take it from the query on PUT; one rule for both spares clients the difference.',
      },
    ],
  },
  {
    endpoint: 'POST /repo/courses/{}/publish',
    openolat: `${COURSE}.publishCourse`,
    reads: ['query locale (Locale; only for publishing messages)', 'query status (absent or no status name: preparation)'],
    deviations: [],
  },
  { endpoint: 'GET /repo/courses/{}/metadata', openolat: `${COURSE}.getMetadata`, reads: [], deviations: [METADATA_AUTHORS] },
  {
    endpoint: 'PUT /repo/courses/{}/metadata',
    openolat: `${COURSE}.putMetadata`,
    reads: ['body RepositoryEntryMetadataVO (XML or JSON; null values written as null; key ≠ course entry: 400)'],
    deviations: [],
  },
  {
    endpoint: 'POST /repo/courses/{}/metadata',
    openolat: `${COURSE}.postMetadata`,
    reads: ['body RepositoryEntryMetadataVO (XML or JSON; null values written as null; key ≠ course entry: 400)'],
    deviations: [],
  },
  { endpoint: 'GET /repo/courses/{}/resource', openolat: `${COURSE}.getOlatResource`, reads: [], deviations: [] },
  { endpoint: 'HEAD /repo/courses/{}/image', openolat: `${COURSE}.headImage`, reads: [], deviations: [] },
  { endpoint: 'GET /repo/courses/{}/image', openolat: `${COURSE}.getTeaser`, reads: ['header If-Modified-Since'], deviations: [] },
  { endpoint: 'POST /repo/courses/{}/image', openolat: `${COURSE}.postPortrait`, reads: ['multipart file', 'multipart filename'], deviations: [] },
  {
    endpoint: 'GET /repo/courses/{}/file',
    openolat: `${COURSE}.getRepoFileById`,
    reads: [],
    deviations: [
      {
        what: 'OpenOLAT lets any holder of the global author role download a course whose entry allows downloads (canDownload); the gateway has no download switch, so only the course’s managers download (others: 403, as OpenOLAT answers when downloads are off).',
        why: 'The download switch is not modelled; without it no course is open for download, which is OpenOLAT’s default for new courses.',
      },
    ],
  },
  { endpoint: 'GET /repo/courses/{}/configuration', openolat: `${COURSE}.getConfiguration`, reads: [], deviations: [] },
  {
    endpoint: 'POST /repo/courses/{}/configuration',
    openolat: `${COURSE}.updateConfiguration (form)`,
    reads: [
      'form calendar (Boolean)',
      'form chat (Boolean)',
      'form cssLayoutRef (blank: unchanged)',
      'form efficencyStatement (Boolean)',
      'form glossarySoftkey (blank: unchanged)',
      'form sharedFolderSoftkey (blank: unchanged)',
    ],
    deviations: [],
  },
  {
    endpoint: 'PUT /repo/courses/{}/configuration',
    openolat: `${COURSE}.updateConfiguration (CourseConfigVO)`,
    reads: ['body CourseConfigVO (XML or JSON; null and blank values leave the setting unchanged)'],
    deviations: [],
  },
  { endpoint: 'GET /repo/courses/{}/runstructure', openolat: `${COURSE}.findRunStructureById`, reads: ['header If-Modified-Since'], deviations: [] },
  {
    endpoint: 'GET /repo/courses/{}/editortreemodel',
    openolat: `${COURSE}.findEditorTreeModelById`,
    reads: ['header If-Modified-Since'],
    deviations: [],
  },
  { endpoint: 'GET /repo/courses/{}/organisations', openolat: `${COURSE}.getOrganisations`, reads: [], deviations: [] },
  { endpoint: 'PUT /repo/courses/{}/organisations/{}', openolat: `${COURSE}.addOrganisation`, reads: [], deviations: [] },
  { endpoint: 'DELETE /repo/courses/{}/organisations/{}', openolat: `${COURSE}.removeOrganisation`, reads: [], deviations: [] },
  { endpoint: 'GET /repo/courses/{}/authors', openolat: `${COURSE}.getAuthors`, reads: [], deviations: [] },
  {
    endpoint: 'GET /repo/courses/{}/authors/{}',
    openolat: `${COURSE}.getAuthor`,
    reads: [],
    deviations: [
      {
        what: 'A person who is no owner of the course (or lacks the global author role): OpenOLAT answers 200 with the raw Identity (or an empty 204 when unknown); we answer 404. An owner without the global author role is answered here.',
        why: 'OpenOLAT’s branch is a bug (its documentation promises 404); every owner holds the author role here, as the add routes grant it.',
      },
    ],
  },
  {
    endpoint: 'PUT /repo/courses/{}/authors/{}',
    openolat: `${COURSE}.addAuthor`,
    reads: [],
    deviations: [],
  },
  {
    endpoint: 'PUT /repo/courses/{}/authors',
    openolat: `${COURSE}.addAuthors (UserVO[])`,
    reads: ['body UserVO[] (XML or JSON; only key is read; unknown keys skipped)'],
    deviations: [],
  },
  { endpoint: 'DELETE /repo/courses/{}/authors/{}', openolat: `${COURSE}.removeAuthor`, reads: [], deviations: [] },
  ...MEMBER('tutors', 'Tutor'),
  ...MEMBER('participants', 'Participant'),
  { endpoint: 'GET /repo/courses/{}/elements/version', openolat: `${ELEMENTS}.getVersion`, reads: [], deviations: [] },
  { endpoint: 'GET /repo/courses/{}/elements/{}', openolat: `${ELEMENTS}.getCourseNode`, reads: [], deviations: [ELEMENTS_FORBIDDEN] },
  {
    endpoint: 'PUT /repo/courses/{}/elements/structure',
    openolat: `${ELEMENTS}.attachStructure`,
    reads: [...NODE_FIELDS.map((field) => `query ${field}`), 'query displayType (toc, peekview, file, none; default toc)'],
    deviations: [ELEMENTS_FORBIDDEN, UNPARSABLE_POSITION],
  },
  {
    endpoint: 'POST /repo/courses/{}/elements/structure',
    openolat: `${ELEMENTS}.attachStructurePostMultiparts`,
    reads: [...NODE_FIELDS.map((field) => `multipart ${field}`), 'multipart displayType', 'multipart filename', 'multipart file (HTML page)'],
    deviations: [ELEMENTS_FORBIDDEN, UNPARSABLE_POSITION],
  },
  {
    endpoint: 'POST /repo/courses/{}/elements/structure/{}',
    openolat: `${ELEMENTS}.updateStructure (multipart and form)`,
    reads: ['multipart or form shortTitle, longTitle, objectives (blank: unchanged), visibilityExpertRules, accessExpertRules, displayType, filename, file'],
    deviations: [ELEMENTS_FORBIDDEN, UPDATE_UNKNOWN_NODE],
  },
  {
    endpoint: 'PUT /repo/courses/{}/elements/singlepage',
    openolat: `${ELEMENTS}.attachSinglePage (query variant with path, multipart variant with file)`,
    reads: [...NODE_FIELDS.map((field) => `query ${field}`), 'query filename', 'query path (a page in the course folder)', 'multipart file (HTML page)'],
    deviations: [ELEMENTS_FORBIDDEN, UNPARSABLE_POSITION],
  },
  {
    endpoint: 'POST /repo/courses/{}/elements/singlepage',
    openolat: `${ELEMENTS}.attachSinglePagePost (multipart) and attachSinglePagePost (form)`,
    reads: [...NODE_FIELDS.map((field) => `multipart or form ${field}`), 'form filename, path', 'multipart file (HTML page)'],
    deviations: [ELEMENTS_FORBIDDEN, UNPARSABLE_POSITION],
  },
  {
    endpoint: 'POST /repo/courses/{}/elements/singlepage/{}',
    openolat: `${ELEMENTS}.updateSinglePage`,
    reads: ['multipart shortTitle, longTitle, objectives (blank: unchanged), visibilityExpertRules, accessExpertRules, filename, file (optional new page)'],
    deviations: [ELEMENTS_FORBIDDEN, UPDATE_UNKNOWN_NODE],
  },
];
