import type { Deviation, ParityRow } from '../types';

const ENTRIES = 'RepositoryEntriesWebService';
const ENTRY = 'RepositoryEntryWebService';

const READ_NEEDS_VISIBILITY: Deviation = {
  what: 'OpenOLAT answers this to any authenticated caller (no per-entry check); we answer 403 unless the caller sees the entry (member by status, owner, administrator or learn resource manager of its organisation).',
  why: 'GET /repo/entries lists only the entries a caller sees; reading any other by key would leak entries still in preparation or of other organisations.',
};

const NO_ROLE_CHECK_IN_OPENOLAT: Deviation = {
  what: 'OpenOLAT checks no role here (any authenticated caller); we answer 403 unless the caller manages the entry (owner, administrator or learn resource manager).',
  why: 'The links of an entry are its managers’ business; OpenOLAT’s own API documentation declares 403 for it.',
};

const MEMBERS_BODY = ['body UserVO[] (XML or JSON; only key is read; unknown keys skipped)'];

const MEMBER = (role: string, method: string): ParityRow[] => [
  { endpoint: `GET /repo/entries/{}/${role}`, openolat: `${ENTRY}.get${method}s`, reads: [], deviations: [] },
  { endpoint: `PUT /repo/entries/{}/${role}`, openolat: `${ENTRY}.add${method}s (UserVO[])`, reads: MEMBERS_BODY, deviations: [] },
  { endpoint: `PUT /repo/entries/{}/${role}/{}`, openolat: `${ENTRY}.add${method}`, reads: [], deviations: [] },
  { endpoint: `DELETE /repo/entries/{}/${role}/{}`, openolat: `${ENTRY}.remove${method}`, reads: [], deviations: [] },
];

export const rows: ParityRow[] = [
  { endpoint: 'GET /repo/entries/version', openolat: `${ENTRIES}.getVersion`, reads: [], deviations: [] },
  {
    endpoint: 'GET /repo/entries',
    openolat: `${ENTRIES}.getEntries`,
    reads: [
      'query start (Integer, default 0)',
      'query limit (Integer, default 25)',
      'query managed (Boolean)',
      'query externalId (blank: ignored)',
      'query externalRef (blank: ignored)',
      'query resourceType (one value in newer versions, repeated in older ones)',
      'header Accept (pagingspec=1.0: RepositoryEntryVOes page)',
    ],
    deviations: [
      {
        what: 'start or limit that is not a number: JAX-RS answers 404; we ignore it outside paging and answer 400 within a page.',
        why: 'Shared paging parser (src/domain/paging.ts); 404 would say the list does not exist.',
      },
    ],
  },
  {
    endpoint: 'GET /repo/entries/search',
    openolat: `${ENTRIES}.searchEntries`,
    reads: ['query type', 'query author (default *)', 'query name (default *)', 'query myentries (boolean, default false)'],
    deviations: [
      {
        what: 'author or name longer than 255 characters: OpenOLAT searches; we answer 400.',
        why: 'No name or login is that long; a huge pattern held a connection for seconds (decided before, kept).',
      },
    ],
  },
  {
    endpoint: 'PUT /repo/entries',
    openolat: `${ENTRIES}.putResource`,
    reads: [
      'multipart file (required; empty: 204)',
      'multipart filename',
      'multipart resourcename',
      'multipart displayname',
      'multipart softkey',
      'multipart access (Long, legacy; used when status is not valid)',
      'multipart status (RepositoryEntryStatusEnum; invalid: preparation)',
      'multipart externalId',
      'multipart externalRef',
      'multipart organisationkey (Long; absent: default organisation)',
    ],
    deviations: [
      {
        what: 'Only course archives are imported (the type OpenOLAT detects from the file); any other resource (tests, CPs, wikis …) answers 400 where OpenOLAT imports it.',
        why: 'The gateway models courses only; storing an unrecognised file as an entry would give an entry no route can use.',
      },
      {
        what: 'An archive OpenOLAT’s handlers refuse or fail to import: OpenOLAT answers 500; we answer 400 (not a ZIP, no course, malformed) or 413 (over the limits) naming the problem.',
        why: 'The request is at fault, not the server; the client learns what to change.',
      },
    ],
  },
  {
    endpoint: 'GET /repo/entries/{}',
    openolat: `${ENTRY}.getById`,
    reads: ['path key or softkey', 'header If-None-Match, If-Modified-Since'],
    deviations: [READ_NEEDS_VISIBILITY],
  },
  {
    endpoint: 'POST /repo/entries/{}',
    openolat: `${ENTRY}.updateEntry (RepositoryEntryVO) and replaceResource (multipart)`,
    reads: [
      'body RepositoryEntryVO (XML or JSON): displayname, description, teaser, location, authors, externalId, externalRef, managedFlags (absent: null), lifecycle (absent: removed), entryStatus (changed when different)',
      'multipart file (optional; empty: 204; not an IMS CP: 404)',
      'multipart displayname, description, teaser, location, authors, externalId, externalRef, managedFlags',
    ],
    deviations: [
      {
        what: 'OpenOLAT lets any holder of the global author role update any entry (no ownership check); we answer 403 unless the caller manages this entry.',
        why: 'An author must not rewrite another author’s course (the two-owners net found it); OpenOLAT’s own UI asks for ownership.',
      },
    ],
  },
  { endpoint: 'DELETE /repo/entries/{}', openolat: `${ENTRY}.deleteCourse`, reads: [], deviations: [] },
  {
    endpoint: 'POST /repo/entries/{}/status',
    openolat: `${ENTRY}.postStatus`,
    reads: ['form newStatus (closed, unclosed, deleted, restored or a status name; anything else: ignored, 200)'],
    deviations: [
      {
        what: 'We read newStatus from the query string too; OpenOLAT’s POST reads the form only.',
        why: 'A client that puts it in the query means it; OpenOLAT would answer 200 and change nothing.',
      },
    ],
  },
  {
    endpoint: 'PUT /repo/entries/{}/status',
    openolat: `${ENTRY}.putStatus`,
    reads: ['query newStatus (as POST)'],
    deviations: [
      {
        what: 'We read newStatus from a form body too; OpenOLAT’s PUT reads the query only.',
        why: 'A client that sends the form means it; OpenOLAT would answer 200 and change nothing.',
      },
    ],
  },
  {
    endpoint: 'PUT /repo/entries/{}/access/public',
    openolat: `${ENTRY}.putPublicAccess`,
    reads: ['query allUsers (Boolean; absent: unchanged)', 'query guests (Boolean; absent: unchanged)'],
    deviations: [],
  },
  {
    endpoint: 'POST /repo/entries/{}/access/public',
    openolat: `${ENTRY}.postPublicAccess`,
    reads: ['query allUsers (Boolean; absent: unchanged)', 'query guests (Boolean; absent: unchanged)'],
    deviations: [],
  },
  {
    endpoint: 'GET /repo/entries/{}/metadata',
    openolat: `${ENTRY}.getMetadata`,
    reads: [],
    deviations: [
      {
        what: 'OpenOLAT lets any holder of the global author role read the metadata of any entry; we answer 403 unless the caller manages the entry.',
        why: 'The metadata of an entry in preparation belong to its managers; an author sees other entries through GET /repo/entries/{k} where they are visible.',
      },
    ],
  },
  {
    endpoint: 'PUT /repo/entries/{}/metadata',
    openolat: `${ENTRY}.putMetadata`,
    reads: ['body RepositoryEntryMetadataVO (XML or JSON; null values written as null; key ≠ entry: 400)'],
    deviations: [],
  },
  {
    endpoint: 'POST /repo/entries/{}/metadata',
    openolat: `${ENTRY}.postMetadata`,
    reads: ['body RepositoryEntryMetadataVO (XML or JSON; null values written as null; key ≠ entry: 400)'],
    deviations: [],
  },
  { endpoint: 'HEAD /repo/entries/{}/image', openolat: `${ENTRY}.headImage`, reads: [], deviations: [] },
  { endpoint: 'GET /repo/entries/{}/image', openolat: `${ENTRY}.getImage`, reads: ['header If-Modified-Since'], deviations: [] },
  {
    endpoint: 'POST /repo/entries/{}/image',
    openolat: `${ENTRY}.postImage`,
    reads: ['multipart file', 'multipart filename'],
    deviations: [],
  },
  {
    endpoint: 'GET /repo/entries/{}/file',
    openolat: `${ENTRY}.getRepoFileById`,
    reads: [],
    deviations: [
      {
        what: 'A global author who does not manage the entry, when the entry does not allow downloads: OpenOLAT answers 406; we answer 403.',
        why: 'Both refuse; 403 says the caller lacks the right, where 406 reads as a wrong Accept header.',
      },
    ],
  },
  ...MEMBER('owners', 'Owner'),
  ...MEMBER('coaches', 'Coach'),
  ...MEMBER('participants', 'Participant'),
  {
    endpoint: 'GET /repo/entries/{}/organisations',
    openolat: `${ENTRY}.getOrganisations`,
    reads: [],
    deviations: [],
  },
  {
    endpoint: 'PUT /repo/entries/{}/organisations/{}',
    openolat: `${ENTRY}.addOrganisation`,
    reads: [],
    deviations: [
      {
        what: 'OpenOLAT also lets an administrator, learn resource manager or author of the target organisation link any entry to it; we ask to manage the entry.',
        why: 'Linking someone else’s entry to one’s organisation hands its management to that organisation’s managers (two-owners net).',
      },
    ],
  },
  {
    endpoint: 'DELETE /repo/entries/{}/organisations/{}',
    openolat: `${ENTRY}.removeOrganisation`,
    reads: [],
    deviations: [],
  },
  { endpoint: 'GET /repo/entries/{}/taxonomy/levels', openolat: `${ENTRY}.getTaxonomyLevels`, reads: [], deviations: [] },
  {
    endpoint: 'PUT /repo/entries/{}/taxonomy/levels/{}',
    openolat: `${ENTRY}.putTaxonomyLevel`,
    reads: [],
    deviations: [
      NO_ROLE_CHECK_IN_OPENOLAT,
      {
        what: 'An unknown level: OpenOLAT answers 200 with the body NOT_FOUND; we answer 404.',
        why: 'A 200 for a link that was not made misleads every client that checks the status (decided before, README).',
      },
    ],
  },
  {
    endpoint: 'DELETE /repo/entries/{}/taxonomy/levels/{}',
    openolat: `${ENTRY}.deleteTaxonomyLevel`,
    reads: [],
    deviations: [
      NO_ROLE_CHECK_IN_OPENOLAT,
      {
        what: 'An unknown level: OpenOLAT answers 200 with the body NOT_FOUND; we answer 404.',
        why: 'A 200 for a link that was not removed misleads every client that checks the status (decided before, README).',
      },
    ],
  },
  {
    endpoint: 'GET /repo/entries/{}/curriculum/elements',
    openolat: `${ENTRY}.getCurriculumElements`,
    reads: [],
    deviations: [NO_ROLE_CHECK_IN_OPENOLAT],
  },
  {
    endpoint: 'GET /repo/entries/{}/access',
    openolat: `${ENTRY}.getAccess (older versions)`,
    reads: [],
    deviations: [
      {
        what: 'A caller without the right gets 403; older OpenOLAT answers 401.',
        why: '401 tells a client its credentials are missing or wrong; the credentials are fine, the role is not (decided before, kept).',
      },
    ],
  },
  {
    endpoint: 'POST /repo/entries/{}/access',
    openolat: `${ENTRY}.updateAccess (older versions)`,
    reads: ['body RepositoryEntryAccessVO (XML or JSON): repoEntryKey, access (int), membersOnly, status, allUsers, guests'],
    deviations: [
      {
        what: 'A body naming another repoEntryKey or an unknown status: we answer 400 and change nothing; older OpenOLAT applies the values to the entry of the path.',
        why: 'A body about another entry is a client mistake that would otherwise change the wrong entry.',
      },
      {
        what: 'A caller without the right gets 403; older OpenOLAT answers 401.',
        why: '401 tells a client its credentials are missing or wrong; the credentials are fine, the role is not (decided before, kept).',
      },
    ],
  },
];
