export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** Bytes as base64 text (RFC 4648, with padding). */
  Base64: { input: unknown; output: unknown; }
  /** A point in time: epoch milliseconds on output; epoch milliseconds or ISO-8601 on input. */
  DateTime: { input: number; output: number; }
  /** Names mapped to integers: a JSON object such as {"hasFolder": 0}. */
  IntMap: { input: Record<string, number>; output: Record<string, number>; }
  /** A JSON object, as it is; in XML the JSON text. */
  JSONObject: { input: unknown; output: unknown; }
  /** A 64-bit integer within the safe range of JSON numbers; keys are Longs. */
  Long: { input: number; output: number; }
};

export type ApiKeyVo = {
  __typename?: 'ApiKeyVO';
  /** The organisation the key acts within (and below it) only; null: wherever its owner acts. */
  boundOrganisationKey?: Maybe<Scalars['Long']['output']>;
  clientId: Scalars['String']['output'];
  creationDate: Scalars['DateTime']['output'];
  externalId?: Maybe<Scalars['String']['output']>;
  identityKey: Scalars['Long']['output'];
  /** The key of the authentication, for listing and deleting. */
  key: Scalars['Long']['output'];
  secret: Scalars['String']['output'];
};

export type AssessableResultsVo = {
  __typename?: 'AssessableResultsVO';
  /** When the status became done. */
  assessmentDone?: Maybe<Scalars['DateTime']['output']>;
  /** One of notReady, notStarted, inProgress, inReview, done. */
  assessmentStatus?: Maybe<Scalars['String']['output']>;
  attempts?: Maybe<Scalars['Int']['output']>;
  completion?: Maybe<Scalars['Float']['output']>;
  firstVisit?: Maybe<Scalars['DateTime']['output']>;
  fullyAssessed?: Maybe<Scalars['Boolean']['output']>;
  fullyAssessedDate?: Maybe<Scalars['DateTime']['output']>;
  grade?: Maybe<Scalars['String']['output']>;
  identityExternalId?: Maybe<Scalars['String']['output']>;
  identityKey: Scalars['Long']['output'];
  lastCoachModified?: Maybe<Scalars['DateTime']['output']>;
  /** When the score last changed. */
  lastModifiedDate?: Maybe<Scalars['DateTime']['output']>;
  lastUserModified?: Maybe<Scalars['DateTime']['output']>;
  lastVisit?: Maybe<Scalars['DateTime']['output']>;
  maxScore?: Maybe<Scalars['Float']['output']>;
  nodeIdent: Scalars['String']['output'];
  passed?: Maybe<Scalars['Boolean']['output']>;
  performanceClassIdent?: Maybe<Scalars['String']['output']>;
  score?: Maybe<Scalars['Float']['output']>;
  userVisible?: Maybe<Scalars['Boolean']['output']>;
  weightedMaxScore?: Maybe<Scalars['Float']['output']>;
  weightedScore?: Maybe<Scalars['Float']['output']>;
};

/** An AssessableResultsVO as a client imports it: identityKey names the person; an absent field keeps what the person has. */
export type AssessableResultsVoInput = {
  /** Read only: ignored when sent (OpenOLAT computes it). */
  assessmentDone?: InputMaybe<Scalars['DateTime']['input']>;
  /** One of notReady, notStarted, inProgress, inReview, done; another value keeps the status the person has. */
  assessmentStatus?: InputMaybe<Scalars['String']['input']>;
  attempts?: InputMaybe<Scalars['Int']['input']>;
  /** Between 0 and 1. */
  completion?: InputMaybe<Scalars['Float']['input']>;
  /** Read only: ignored when sent (OpenOLAT computes it). */
  firstVisit?: InputMaybe<Scalars['DateTime']['input']>;
  /** Taken for courses of the learning path type (nodeAccessType learningpath), as OpenOLAT does. */
  fullyAssessed?: InputMaybe<Scalars['Boolean']['input']>;
  /** Read only: ignored when sent (OpenOLAT computes it). */
  fullyAssessedDate?: InputMaybe<Scalars['DateTime']['input']>;
  /** Taken when it has more than whitespace. */
  grade?: InputMaybe<Scalars['String']['input']>;
  /** Read only: ignored when sent (OpenOLAT computes it). */
  identityExternalId?: InputMaybe<Scalars['String']['input']>;
  /** The person whose results these are. */
  identityKey?: InputMaybe<Scalars['Long']['input']>;
  /** Read only: ignored when sent (OpenOLAT computes it). */
  lastCoachModified?: InputMaybe<Scalars['DateTime']['input']>;
  /** Read only: ignored when sent (OpenOLAT computes it). */
  lastModifiedDate?: InputMaybe<Scalars['DateTime']['input']>;
  /** Read only: ignored when sent (OpenOLAT computes it). */
  lastUserModified?: InputMaybe<Scalars['DateTime']['input']>;
  /** Read only: ignored when sent (OpenOLAT computes it). */
  lastVisit?: InputMaybe<Scalars['DateTime']['input']>;
  /** Read only: ignored when sent (OpenOLAT computes it). */
  maxScore?: InputMaybe<Scalars['Float']['input']>;
  /** Read only: the element is the one of the path. */
  nodeIdent?: InputMaybe<Scalars['String']['input']>;
  passed?: InputMaybe<Scalars['Boolean']['input']>;
  /** Read only: ignored when sent (OpenOLAT computes it). */
  performanceClassIdent?: InputMaybe<Scalars['String']['input']>;
  score?: InputMaybe<Scalars['Float']['input']>;
  userVisible?: InputMaybe<Scalars['Boolean']['input']>;
  /** Read only: ignored when sent (OpenOLAT computes it). */
  weightedMaxScore?: InputMaybe<Scalars['Float']['input']>;
  /** Read only: ignored when sent (OpenOLAT computes it). */
  weightedScore?: InputMaybe<Scalars['Float']['input']>;
};

/** One write: who, when, through which transport, what, on which object, with which arguments (secrets masked). */
export type AuditLogEntryVo = {
  __typename?: 'AuditLogEntryVO';
  apiKeyId?: Maybe<Scalars['Long']['output']>;
  at: Scalars['DateTime']['output'];
  /** The arguments as JSON. */
  changes?: Maybe<Scalars['String']['output']>;
  /** The client's address, through trusted proxies (TRUST_PROXY). */
  clientAddress?: Maybe<Scalars['String']['output']>;
  identityKey?: Maybe<Scalars['Long']['output']>;
  identityLogin?: Maybe<Scalars['String']['output']>;
  key: Scalars['Long']['output'];
  objectKey?: Maybe<Scalars['String']['output']>;
  objectType?: Maybe<Scalars['String']['output']>;
  operation: Scalars['String']['output'];
  transport: Scalars['String']['output'];
};

export type AuditLogFilter = {
  from?: InputMaybe<Scalars['DateTime']['input']>;
  identityKey?: InputMaybe<Scalars['Long']['input']>;
  /** At most this many, newest first (default 100, at most 1000). */
  limit?: InputMaybe<Scalars['Int']['input']>;
  objectKey?: InputMaybe<Scalars['String']['input']>;
  objectType?: InputMaybe<Scalars['String']['input']>;
  operation?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['DateTime']['input']>;
};

export type AuthenticationVo = {
  __typename?: 'AuthenticationVO';
  /** For API keys: the client id. */
  authUsername: Scalars['String']['output'];
  /** When the credential was created (GraphQL only). */
  creationDate: Scalars['DateTime']['output'];
  /** Never stored readable nor listed; only the secret of a newly created API key. */
  credential?: Maybe<Scalars['String']['output']>;
  externalId?: Maybe<Scalars['String']['output']>;
  identityKey: Scalars['Long']['output'];
  key: Scalars['Long']['output'];
  /** Last login with this API key, to the minute (GraphQL only). */
  lastUsage?: Maybe<Scalars['DateTime']['output']>;
  /** OLAT (password), REST (token), API-Key, or an external provider such as LDAP or Shib. */
  provider: Scalars['String']['output'];
};

/** An AuthenticationVO as a client sends it. For provider API-Key, authUsername and credential are ignored: both are generated. */
export type AuthenticationVoInput = {
  authUsername?: InputMaybe<Scalars['String']['input']>;
  /** Write-only. For OLAT the password (stored as a bcrypt hash); other providers keep no secret here. */
  credential?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  identityKey: Scalars['Long']['input'];
  /** Names an existing authentication of the identity to update. */
  key?: InputMaybe<Scalars['Long']['input']>;
  provider: Scalars['String']['input'];
};

export type CalendarFeedVo = {
  __typename?: 'CalendarFeedVO';
  calendarId: Scalars['String']['output'];
  /** The feed, below the REST API: /restapi/calendars/feed/{token}.ics; the token is shown only now. */
  url: Scalars['String']['output'];
};

export type CalendarVo = {
  __typename?: 'CalendarVO';
  /** Whether the person may write in it. Our rule (OpenOLAT's depends on UI settings): own calendar yes; group: owners, and participants when the group's calendar access is 'all'; course: owners and entry managers. */
  canWrite: Scalars['Boolean']['output'];
  css?: Maybe<Scalars['String']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  /** `{type}_{id}`: user_{login}, group_{groupKey}, course_{courseId} (the course resourceable id). */
  id: Scalars['String']['output'];
  subscribed: Scalars['Boolean']['output'];
  /** user, group or course */
  type: Scalars['String']['output'];
};

export type CatalogEntryVo = {
  __typename?: 'CatalogEntryVO';
  /** As GET /catalog/{path}/children, a page in stored order (categories first); read for every entry of the answer in one statement (GraphQL only). */
  children: Array<CatalogEntryVo>;
  description?: Maybe<Scalars['String']['output']>;
  /** Legacy external link; cannot be set through this interface. */
  externalURL?: Maybe<Scalars['String']['output']>;
  key: Scalars['Long']['output'];
  /** self, jumpin, edit, delete and children on single-entry answers; empty in lists. */
  link: Array<LinkVo>;
  name: Scalars['String']['output'];
  /** A page of the owners: empty unless the caller is a catalog manager or owns the entry; read for every entry of the answer in one statement (GraphQL only). */
  owners: Array<UserVo>;
  /** The entry above (null for a root); read for every entry of the answer in one statement (GraphQL only). */
  parent?: Maybe<CatalogEntryVo>;
  /** null for a root. */
  parentKey?: Maybe<Scalars['Long']['output']>;
  /** The repository entry a leaf links, when the caller sees it; read for every entry of the answer in one statement (GraphQL only). */
  repositoryEntry?: Maybe<RepositoryEntryVo>;
  repositoryEntryKey?: Maybe<Scalars['Long']['output']>;
  /** 0 node (category), 1 leaf (links a repository entry). */
  type: Scalars['Int']['output'];
};


export type CatalogEntryVoChildrenArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type CatalogEntryVoOwnersArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};

/** A CatalogEntryVO as a client sends it. Create reads name, description, type and repositoryEntryKey (query and form: repoEntryKey); update reads name, description and type (not on forms) and newParentKey (query or form). Other fields are accepted and ignored. */
export type CatalogEntryVoInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  externalURL?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  link?: InputMaybe<Array<LinkVoInput>>;
  name?: InputMaybe<Scalars['String']['input']>;
  /** Update only: move the entry with its subtree under this entry (query or form parameter). */
  newParentKey?: InputMaybe<Scalars['Long']['input']>;
  parentKey?: InputMaybe<Scalars['Long']['input']>;
  /** The name OpenOLAT gives repositoryEntryKey as a query parameter of PUT. */
  repoEntryKey?: InputMaybe<Scalars['Long']['input']>;
  repositoryEntryKey?: InputMaybe<Scalars['Long']['input']>;
  /** Absent on create: a leaf when a repository entry is given, else a node. */
  type?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of catalogEntries (pagingspec=1.0), with the total. */
export type CatalogEntryVOes = {
  __typename?: 'CatalogEntryVOes';
  catalogEntries: Array<CatalogEntryVo>;
  totalCount: Scalars['Int']['output'];
};

/** A key the write named: `groupKey` 12. */
export type ChangeKeyVo = {
  __typename?: 'ChangeKeyVO';
  key: Scalars['Long']['output'];
  name: Scalars['String']['output'];
};

/** One change a committed write made (src/changes). */
export type ChangeVo = {
  __typename?: 'ChangeVO';
  /** When the write happened. */
  at: Scalars['DateTime']['output'];
  /** Where this event stands in the feed: read on with `after` set to it. */
  cursor: Scalars['String']['output'];
  /** The object's externalId, when it has one. */
  externalId?: Maybe<Scalars['String']['output']>;
  /** Who wrote. */
  identityKey?: Maybe<Scalars['Long']['output']>;
  /** Every key the write named. */
  keys: Array<ChangeKeyVo>;
  /** The object as its REST JSON representation after the write (secrets masked); absent for deletions and removals. */
  object?: Maybe<Scalars['JSONObject']['output']>;
  objectKey?: Maybe<Scalars['Long']['output']>;
  /** The kind of object the write acted on (`group`, `user`, `course`, …). */
  objectType?: Maybe<Scalars['String']['output']>;
  /** `<family>.<object>.<verb>`, for example `user.created`, `group.participant.added`, `course.status.changed`. */
  type: Scalars['String']['output'];
};

/** A page of the change feed, oldest first. */
export type ChangesVo = {
  __typename?: 'ChangesVO';
  events: Array<ChangeVo>;
  /** The cursor to read on from (`after`); the same cursor again when nothing new has committed. */
  next: Scalars['String']['output'];
};

export type CourseConfigVo = {
  __typename?: 'CourseConfigVO';
  calendar?: Maybe<Scalars['Boolean']['output']>;
  chat?: Maybe<Scalars['Boolean']['output']>;
  cssLayoutRef?: Maybe<Scalars['String']['output']>;
  /** The efficiency statement is on (OpenOLAT’s spelling). */
  efficencyStatement?: Maybe<Scalars['Boolean']['output']>;
  glossarySoftkey?: Maybe<Scalars['String']['output']>;
  sharedFolderSoftKey?: Maybe<Scalars['String']['output']>;
};

/** The fields sent are changed, the others kept. On REST a CourseConfigVO (PUT) or the form fields calendar, chat, cssLayoutRef, efficencyStatement, glossarySoftkey, sharedFolderSoftkey (POST). */
export type CourseConfigVoInput = {
  calendar?: InputMaybe<Scalars['Boolean']['input']>;
  chat?: InputMaybe<Scalars['Boolean']['input']>;
  cssLayoutRef?: InputMaybe<Scalars['String']['input']>;
  efficencyStatement?: InputMaybe<Scalars['Boolean']['input']>;
  glossarySoftkey?: InputMaybe<Scalars['String']['input']>;
  /** The name in a CourseConfigVO. */
  sharedFolderSoftKey?: InputMaybe<Scalars['String']['input']>;
  /** The name of the form field. */
  sharedFolderSoftkey?: InputMaybe<Scalars['String']['input']>;
};

/** The export ZIP of a course: GET it from `path` (REST, with the same credentials); it is made as it is downloaded. */
export type CourseExportVo = {
  __typename?: 'CourseExportVO';
  contentType: Scalars['String']['output'];
  /** The course id (OLAT resource id). */
  courseKey: Scalars['Long']['output'];
  filename: Scalars['String']['output'];
  /** The REST path of the ZIP, e.g. /restapi/repo/courses/{courseId}/file. */
  path: Scalars['String']['output'];
  repoEntryKey: Scalars['Long']['output'];
};

/** A course export ZIP (OpenOLAT layout) with the fields of POST /repo/courses. */
export type CourseImportInput = {
  /** Legacy access: 0 trash, 1 preparation (published with membersOnly), 2 review, 3 or 4 published. */
  access?: InputMaybe<Scalars['Int']['input']>;
  /** Default: the DisplayName of export/repo.xml. */
  displayname?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  externalRef?: InputMaybe<Scalars['String']['input']>;
  /** The course export ZIP. On REST the multipart part `file`, streamed to a temporary file; on GraphQL Base64 (up to the GraphQL body limit). */
  file?: InputMaybe<Scalars['Base64']['input']>;
  /** The name of the file; default: the name of the file part. */
  filename?: InputMaybe<Scalars['String']['input']>;
  membersOnly?: InputMaybe<Scalars['Boolean']['input']>;
  /** Default: the default organisation. */
  organisationkey?: InputMaybe<Scalars['Long']['input']>;
  /** Default: the softkey of export/repo.xml when no entry has it, else a new one. */
  softkey?: InputMaybe<Scalars['String']['input']>;
  /** The status; wins over access. Default: preparation. */
  status?: InputMaybe<Scalars['String']['input']>;
};

/** authors (owners), tutors (coaches) or participants. */
export type CourseMemberRole =
  | 'authors'
  | 'participants'
  | 'tutors';

/** A new or changed course element. On REST the query parameters of PUT …/elements/structure|singlepage, or the fields of a multipart form whose file part (named `file`, or any other name such as `path` as importers send it) is the HTML page. */
export type CourseNodeInput = {
  /** An expert rule deciding who may open the element; stored as given, not evaluated here. */
  accessExpertRules?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  /** Structure nodes: toc (default), peekview, file or none. */
  displayType?: InputMaybe<Scalars['String']['input']>;
  /** The HTML page. */
  file?: InputMaybe<Scalars['Base64']['input']>;
  /** The name the uploaded page is stored under in the course folder (default: the uploaded file’s name). */
  filename?: InputMaybe<Scalars['String']['input']>;
  instruction?: InputMaybe<Scalars['String']['input']>;
  instructionalDesign?: InputMaybe<Scalars['String']['input']>;
  /** Default for a new element: `undefined`, as in OpenOLAT. */
  longTitle?: InputMaybe<Scalars['String']['input']>;
  objectives?: InputMaybe<Scalars['String']['input']>;
  /** The parent node ident of a new element; none: the root of the editor tree. */
  parentNodeId?: InputMaybe<Scalars['String']['input']>;
  /** The path of a page already in the course folder (instead of an upload). */
  path?: InputMaybe<Scalars['String']['input']>;
  /** New elements: the place among the siblings, from 0 (the others move down); none or negative: the last place. */
  position?: InputMaybe<Scalars['Int']['input']>;
  /** Default for a new element: `undefined`, as in OpenOLAT. */
  shortTitle?: InputMaybe<Scalars['String']['input']>;
  /** An expert rule (OpenOLAT condition syntax, e.g. isInGroup("A")) deciding who sees the element; stored as given, not evaluated here. */
  visibilityExpertRules?: InputMaybe<Scalars['String']['input']>;
};

export type CourseNodeVo = {
  __typename?: 'CourseNodeVO';
  /** The expert rule that decides who may open the node, if it has one (GraphQL only). */
  accessExpertRules?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  /** A structure node’s display: toc, peekview, file or none (GraphQL only). */
  displayType?: Maybe<Scalars['String']['output']>;
  /** The node ident. */
  id: Scalars['String']['output'];
  instruction?: Maybe<Scalars['String']['output']>;
  instructionalDesign?: Maybe<Scalars['String']['output']>;
  longTitle?: Maybe<Scalars['String']['output']>;
  objectives?: Maybe<Scalars['String']['output']>;
  /** The text of the element’s HTML page, if it has one (GraphQL only). */
  page?: Maybe<Scalars['String']['output']>;
  /** The path of the node’s HTML page in the course folder (GraphQL only). */
  pageFile?: Maybe<Scalars['String']['output']>;
  /** The parent node ident; null for the root. */
  parentId?: Maybe<Scalars['String']['output']>;
  /** Place among the siblings, from 0. */
  position?: Maybe<Scalars['Int']['output']>;
  /** The node type: `st` (structure) or `sp` (single page). */
  shortName: Scalars['String']['output'];
  shortTitle?: Maybe<Scalars['String']['output']>;
  /** The expert rule that decides who sees the node, if it has one (GraphQL only). */
  visibilityExpertRules?: Maybe<Scalars['String']['output']>;
};

/** A course tree as OpenOLAT’s XStream XML (runstructure.xml or editortreemodel.xml); on REST the XML itself. */
export type CourseTreeXmlVo = FileVo & {
  __typename?: 'CourseTreeXmlVO';
  /** The bytes; read only when selected. */
  content: Scalars['Base64']['output'];
  contentType: Scalars['String']['output'];
  courseKey: Scalars['Long']['output'];
  lastModified: Scalars['DateTime']['output'];
  /** Length in bytes. */
  length: Scalars['Int']['output'];
};

export type CourseVo = {
  __typename?: 'CourseVO';
  authors?: Maybe<Scalars['String']['output']>;
  /** A page of the direct coaches (tutors); those of the course's groups are in groups (GraphQL only). Administrators and learning resource managers of the course’s organisation, and its owners. */
  coaches?: Maybe<Array<UserVo>>;
  description?: Maybe<Scalars['String']['output']>;
  displayName: Scalars['String']['output'];
  editorRootNodeId?: Maybe<Scalars['String']['output']>;
  /** The editor tree, depth first (siblings by position; parentId links the nodes); one statement for any number of courses (GraphQL only). Administrators and learning resource managers of the entry’s organisation, and its owners. */
  editorTree?: Maybe<Array<CourseNodeVo>>;
  /** A page of the course's efficiency statements, in the order they were written; for administrators who manage the course, null with an error otherwise (GraphQL only). */
  efficiencyStatements?: Maybe<Array<EfficiencyStatementVo>>;
  externalId?: Maybe<Scalars['String']['output']>;
  externalRef?: Maybe<Scalars['String']['output']>;
  /** A page of the groups linked to the course, for whoever sees the course and group managers; read for every course of the answer at once (GraphQL only). */
  groups?: Maybe<Array<GroupVo>>;
  /** The course id (OLAT resource id), the {courseId} of /repo/courses/{courseId}. */
  key: Scalars['Long']['output'];
  lifecycle?: Maybe<RepositoryEntryLifecycleVo>;
  location?: Maybe<Scalars['String']['output']>;
  managedFlags?: Maybe<Scalars['String']['output']>;
  /** Every flag in effect: the flags set and everything they imply (GraphQL only). */
  managedFlagsInEffect: Array<Scalars['String']['output']>;
  /** `condition` (classic) or `learningpath`. */
  nodeAccessType: Scalars['String']['output'];
  olatResourceId: Scalars['Long']['output'];
  olatResourceKey: Scalars['Long']['output'];
  olatResourceTypeName: Scalars['String']['output'];
  /** The organisation, as GET /organisations/{organisationKey}: for organisation administrators (GraphQL only). */
  organisation?: Maybe<OrganisationVo>;
  organisationKey?: Maybe<Scalars['Long']['output']>;
  /** A page of the direct owners (authors); read for every course of the answer at once (GraphQL only). Administrators and learning resource managers of the course’s organisation, and its owners. */
  owners?: Maybe<Array<UserVo>>;
  /** A page of the direct participants; those of the course's groups are in groups (GraphQL only). Administrators and learning resource managers of the course’s organisation, and its owners. */
  participants?: Maybe<Array<UserVo>>;
  repoEntryKey: Scalars['Long']['output'];
  repoEntryStatus: Scalars['String']['output'];
  /** The run tree as last published, depth first (GraphQL only). Administrators and learning resource managers of the entry’s organisation, and its owners. */
  runTree?: Maybe<Array<CourseNodeVo>>;
  softKey: Scalars['String']['output'];
  teaser?: Maybe<Scalars['String']['output']>;
  /** The long title of the root node. */
  title?: Maybe<Scalars['String']['output']>;
};


export type CourseVoCoachesArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type CourseVoEditorTreeArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type CourseVoEfficiencyStatementsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type CourseVoGroupsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type CourseVoOwnersArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type CourseVoParticipantsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type CourseVoRunTreeArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};

/** A new course: a CourseVO body (key, repoEntryKey, olatResource* and editorRootNodeId are ignored), or on REST the query parameters of PUT /repo/courses without a body (shortTitle, status, access, membersOnly, publicVisible, setAuthor, initialAuthor are those of the query form). */
export type CourseVoInput = {
  /** Legacy access: 0 trash, 1 preparation (published with membersOnly), 2 review, 3 or 4 published (4: public). */
  access?: InputMaybe<Scalars['Int']['input']>;
  authors?: InputMaybe<Scalars['String']['input']>;
  /** The course to copy (one the caller manages), by its id (OLAT resource id) or else its repository entry key: its structure, elements and files, not its members. */
  copyFrom?: InputMaybe<Scalars['Long']['input']>;
  /** Metadata: the credits. */
  credits?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  /** Defaults to the title. */
  displayName?: InputMaybe<Scalars['String']['input']>;
  editorRootNodeId?: InputMaybe<Scalars['String']['input']>;
  /** Metadata: the expenditure of work. */
  expenditureOfWork?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  externalRef?: InputMaybe<Scalars['String']['input']>;
  /** The owner instead of the caller (with setAuthor); a key that names no one is ignored. */
  initialAuthor?: InputMaybe<Scalars['Long']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  lifecycle?: InputMaybe<RepositoryEntryLifecycleVoInput>;
  location?: InputMaybe<Scalars['String']['input']>;
  managedFlags?: InputMaybe<Scalars['String']['input']>;
  membersOnly?: InputMaybe<Scalars['Boolean']['input']>;
  /** `condition` (default) or `learningpath`. */
  nodeAccessType?: InputMaybe<Scalars['String']['input']>;
  /** Metadata: the learning objectives. */
  objectives?: InputMaybe<Scalars['String']['input']>;
  olatResourceId?: InputMaybe<Scalars['Long']['input']>;
  olatResourceKey?: InputMaybe<Scalars['Long']['input']>;
  olatResourceTypeName?: InputMaybe<Scalars['String']['input']>;
  /** Default: the default organisation. */
  organisationKey?: InputMaybe<Scalars['Long']['input']>;
  /** Published courses that are public are seen by every user. */
  publicVisible?: InputMaybe<Scalars['Boolean']['input']>;
  repoEntryKey?: InputMaybe<Scalars['Long']['input']>;
  /** The status of a CourseVO body. */
  repoEntryStatus?: InputMaybe<Scalars['String']['input']>;
  /** Metadata: the requirements. */
  requirements?: InputMaybe<Scalars['String']['input']>;
  /** Default true: initialAuthor, or the caller when it names no one, is the only owner; false: the course has no owner. */
  setAuthor?: InputMaybe<Scalars['Boolean']['input']>;
  /** The softkey of the resource folder the course shares (course configuration sharedFolderSoftkey). */
  sharedFolderSoftKey?: InputMaybe<Scalars['String']['input']>;
  /** The short title of the root node; default: the title. */
  shortTitle?: InputMaybe<Scalars['String']['input']>;
  /** At most 30 characters; generated when absent. */
  softKey?: InputMaybe<Scalars['String']['input']>;
  /** The status (query form); wins over access and membersOnly. */
  status?: InputMaybe<Scalars['String']['input']>;
  teaser?: InputMaybe<Scalars['String']['input']>;
  /** The long title of the root node. */
  title?: InputMaybe<Scalars['String']['input']>;
};

/** A page of courses (pagingspec=1.0), with the total. */
export type CourseVOes = {
  __typename?: 'CourseVOes';
  courses: Array<CourseVo>;
  totalCount: Scalars['Int']['output'];
};

/** participants, coaches, owners, mastercoaches or curriculumelementowners. */
export type CurriculumElementMemberList =
  | 'coaches'
  | 'curriculumelementowners'
  | 'mastercoaches'
  | 'owners'
  | 'participants';

export type CurriculumElementMemberVo = {
  __typename?: 'CurriculumElementMemberVO';
  /** The member (GraphQL only). */
  identity: UserVo;
  identityKey: Scalars['Long']['output'];
  /** none, root or inherited */
  inheritanceMode?: Maybe<Scalars['String']['output']>;
  /** A curriculum role (catalogue 5.8) */
  role: Scalars['String']['output'];
};

export type CurriculumElementMemberVoInput = {
  identityKey?: InputMaybe<Scalars['Long']['input']>;
  /** none, root or inherited; absent: the role default */
  inheritanceMode?: InputMaybe<Scalars['String']['input']>;
  /** A curriculum role (catalogue 5.8) */
  role?: InputMaybe<Scalars['String']['input']>;
};

export type CurriculumElementTypeVo = {
  __typename?: 'CurriculumElementTypeVO';
  /** enabled, disabled or inherited */
  calendars?: Maybe<Scalars['String']['output']>;
  cssClass?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  displayName: Scalars['String']['output'];
  externalId?: Maybe<Scalars['String']['output']>;
  identifier: Scalars['String']['output'];
  key: Scalars['Long']['output'];
  /** enabled, disabled or inherited */
  lectures?: Maybe<Scalars['String']['output']>;
  /** Comma-separated managed flags (catalogue 4.6), normalised. */
  managedFlagsString?: Maybe<Scalars['String']['output']>;
};

/** A CurriculumElementTypeVO as a client sends it. Absent fields keep their value, null clears it. */
export type CurriculumElementTypeVoInput = {
  calendars?: InputMaybe<Scalars['String']['input']>;
  cssClass?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  displayName?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  lectures?: InputMaybe<Scalars['String']['input']>;
  managedFlagsString?: InputMaybe<Scalars['String']['input']>;
};

export type CurriculumElementVo = {
  __typename?: 'CurriculumElementVO';
  beginDate?: Maybe<Scalars['DateTime']['output']>;
  /** enabled, disabled or inherited */
  calendars?: Maybe<Scalars['String']['output']>;
  /** As GET …/elements/{elementKey}/elements (GraphQL only). */
  children: Array<CurriculumElementVo>;
  /** The curriculum, as GET /curriculum/{curriculumKey}: for its managers (GraphQL only). */
  curriculum: CurriculumVo;
  curriculumElementTypeKey?: Maybe<Scalars['Long']['output']>;
  curriculumKey: Scalars['Long']['output'];
  description?: Maybe<Scalars['String']['output']>;
  displayName: Scalars['String']['output'];
  endDate?: Maybe<Scalars['DateTime']['output']>;
  /** As GET …/elements/{elementKey}/entries (GraphQL only). */
  entries: Array<RepositoryEntryVo>;
  externalId?: Maybe<Scalars['String']['output']>;
  identifier?: Maybe<Scalars['String']['output']>;
  key: Scalars['Long']['output'];
  /** Comma-separated managed flags (catalogue 4.5), normalised. */
  managedFlagsString?: Maybe<Scalars['String']['output']>;
  /** As GET …/elements/{elementKey}/members (GraphQL only). */
  members: Array<CurriculumElementMemberVo>;
  /** The element above (null for a root element), for the managers of its curriculum (GraphQL only). */
  parent?: Maybe<CurriculumElementVo>;
  parentElementKey?: Maybe<Scalars['Long']['output']>;
  /** preparation, provisional, confirmed, active, cancelled, finished, inactive or deleted (catalogue 5.2) */
  status?: Maybe<Scalars['String']['output']>;
};


export type CurriculumElementVoChildrenArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type CurriculumElementVoEntriesArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type CurriculumElementVoMembersArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};

/** A CurriculumElementVO as a client sends it. Absent fields keep their value, null clears it; a changed parentElementKey moves the element with its sub-elements. */
export type CurriculumElementVoInput = {
  beginDate?: InputMaybe<Scalars['DateTime']['input']>;
  calendars?: InputMaybe<Scalars['String']['input']>;
  curriculumElementTypeKey?: InputMaybe<Scalars['Long']['input']>;
  curriculumKey?: InputMaybe<Scalars['Long']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  displayName?: InputMaybe<Scalars['String']['input']>;
  endDate?: InputMaybe<Scalars['DateTime']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  managedFlagsString?: InputMaybe<Scalars['String']['input']>;
  parentElementKey?: InputMaybe<Scalars['Long']['input']>;
  /** A status of catalogue 5.2; blank keeps the status */
  status?: InputMaybe<Scalars['String']['input']>;
};

export type CurriculumVo = {
  __typename?: 'CurriculumVO';
  degree?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  displayName: Scalars['String']['output'];
  /** A page of the elements that are not deleted, flat in key order (parentElementKey gives the tree); GraphQL only. */
  elements: Array<CurriculumElementVo>;
  externalId?: Maybe<Scalars['String']['output']>;
  identifier: Scalars['String']['output'];
  key: Scalars['Long']['output'];
  /** Comma-separated managed flags (catalogue 4.4), normalised. */
  managedFlagsString?: Maybe<Scalars['String']['output']>;
  /** The organisation, as GET /organisations/{organisationKey}: for organisation administrators (GraphQL only). */
  organisation?: Maybe<OrganisationVo>;
  organisationKey?: Maybe<Scalars['Long']['output']>;
  /** A free string, typically active. */
  status?: Maybe<Scalars['String']['output']>;
};


export type CurriculumVoElementsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};

/** A CurriculumVO as a client sends it. Absent fields keep their value, null clears it. */
export type CurriculumVoInput = {
  degree?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  displayName?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  managedFlagsString?: InputMaybe<Scalars['String']['input']>;
  organisationKey?: InputMaybe<Scalars['Long']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
};

export type EfficiencyStatementVo = {
  __typename?: 'EfficiencyStatementVO';
  /** The course's title (its display name), or a stand-alone statement's as given. */
  courseTitle?: Maybe<Scalars['String']['output']>;
  creationDate?: Maybe<Scalars['DateTime']['output']>;
  grade?: Maybe<Scalars['String']['output']>;
  gradeSystemIdent?: Maybe<Scalars['String']['output']>;
  identityKey: Scalars['Long']['output'];
  passed?: Maybe<Scalars['Boolean']['output']>;
  performanceClassIdent?: Maybe<Scalars['String']['output']>;
  score?: Maybe<Scalars['Float']['output']>;
};

/** An EfficiencyStatementVO as a client sends it; every field may be absent. */
export type EfficiencyStatementVoInput = {
  /** A stand-alone statement's course title (a resource key of no course); a course's own title otherwise. */
  courseTitle?: InputMaybe<Scalars['String']['input']>;
  /** When the statement was made; now when absent. */
  creationDate?: InputMaybe<Scalars['DateTime']['input']>;
  grade?: InputMaybe<Scalars['String']['input']>;
  gradeSystemIdent?: InputMaybe<Scalars['String']['input']>;
  /** The person, when the path names none (PUT /repo/courses/{resourceKey}/statements). */
  identityKey?: InputMaybe<Scalars['Long']['input']>;
  passed?: InputMaybe<Scalars['Boolean']['input']>;
  performanceClassIdent?: InputMaybe<Scalars['String']['input']>;
  score?: InputMaybe<Scalars['Float']['input']>;
};

/** owners, coaches or participants. */
export type EntryMemberRole =
  | 'coaches'
  | 'owners'
  | 'participants';

/** On REST the form field (or query parameter) newStatus. */
export type EntryStatusChangeInput = {
  /** closed (close), unclosed (back to published), deleted (to the trash), restored (from the trash), or a status name; other values change nothing. */
  newStatus?: InputMaybe<Scalars['String']['input']>;
};

export type EventLinkVo = {
  __typename?: 'EventLinkVO';
  displayName?: Maybe<Scalars['String']['output']>;
  iconCssClass?: Maybe<Scalars['String']['output']>;
  id?: Maybe<Scalars['String']['output']>;
  provider?: Maybe<Scalars['String']['output']>;
  uri?: Maybe<Scalars['String']['output']>;
};

export type EventLinkVoInput = {
  displayName?: InputMaybe<Scalars['String']['input']>;
  iconCssClass?: InputMaybe<Scalars['String']['input']>;
  id?: InputMaybe<Scalars['String']['input']>;
  provider?: InputMaybe<Scalars['String']['input']>;
  uri?: InputMaybe<Scalars['String']['input']>;
};

export type EventVo = {
  __typename?: 'EventVO';
  allDayEvent: Scalars['Boolean']['output'];
  begin: Scalars['DateTime']['output'];
  /** The calendar of the event, `{type}_{id}`. */
  calendarId: Scalars['String']['output'];
  /** 0 private, 1 public, 2 free/busy */
  classification: Scalars['Int']['output'];
  color?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  end: Scalars['DateTime']['output'];
  externalId?: Maybe<Scalars['String']['output']>;
  externalSource?: Maybe<Scalars['String']['output']>;
  id: Scalars['String']['output'];
  /** Only when the event has links. */
  links?: Maybe<Array<EventLinkVo>>;
  liveStreamUrl?: Maybe<Scalars['String']['output']>;
  location?: Maybe<Scalars['String']['output']>;
  /** Comma-separated managed flags (catalogue 4.9), as stored. */
  managedFlags?: Maybe<Scalars['String']['output']>;
  recurrenceId?: Maybe<Scalars['String']['output']>;
  subject?: Maybe<Scalars['String']['output']>;
};

/** An EventVO as a client sends it. No id: a new event with a generated id; an id the calendar does not have: created with that id; a known id (and recurrenceId): replaced, absent fields cleared, as OpenOLAT does. A classification other than 0, 1 or 2 is ignored, as OpenOLAT. Unlike OpenOLAT, subject, begin and end are mandatory and end not before begin (else 400). calendarId is ignored. */
export type EventVoInput = {
  allDayEvent?: InputMaybe<Scalars['Boolean']['input']>;
  begin?: InputMaybe<Scalars['DateTime']['input']>;
  /** Read-only, ignored. */
  calendarId?: InputMaybe<Scalars['String']['input']>;
  /** 0 private, 1 public, 2 free/busy */
  classification?: InputMaybe<Scalars['Int']['input']>;
  color?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  end?: InputMaybe<Scalars['DateTime']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  externalSource?: InputMaybe<Scalars['String']['input']>;
  id?: InputMaybe<Scalars['String']['input']>;
  /** Replaces the links when not empty (an empty list keeps them, as OpenOLAT does). */
  links?: InputMaybe<Array<EventLinkVoInput>>;
  liveStreamUrl?: InputMaybe<Scalars['String']['input']>;
  location?: InputMaybe<Scalars['String']['input']>;
  /** Comma-separated managed flags (catalogue 4.9), stored as given. */
  managedFlags?: InputMaybe<Scalars['String']['input']>;
  recurrenceId?: InputMaybe<Scalars['String']['input']>;
  subject?: InputMaybe<Scalars['String']['input']>;
};

/** A page of events (pagingspec=1.0), with the total. */
export type EventVOes = {
  __typename?: 'EventVOes';
  events: Array<EventVo>;
  totalCount: Scalars['Int']['output'];
};

export type FileVo = {
  /** The bytes; read only when selected. */
  content: Scalars['Base64']['output'];
  contentType: Scalars['String']['output'];
  lastModified: Scalars['DateTime']['output'];
  /** Length in bytes. */
  length: Scalars['Int']['output'];
};

export type GroupConfigurationVo = {
  __typename?: 'GroupConfigurationVO';
  news?: Maybe<Scalars['String']['output']>;
  /** Everyone sees the owners. */
  ownersPublic: Scalars['Boolean']['output'];
  /** Members see the owners. */
  ownersVisible: Scalars['Boolean']['output'];
  /** Everyone sees the participants. */
  participantsPublic: Scalars['Boolean']['output'];
  /** Members see the participants. */
  participantsVisible: Scalars['Boolean']['output'];
  /** The tools switched on: hasNews, hasContactForm, hasCalendar, hasFolder, hasForum, hasChat, hasWiki, … */
  tools: Array<Scalars['String']['output']>;
  /** Access level of the tools switched on that have one (hasFolder, hasCalendar): 0 owners, 1 everyone. */
  toolsAccess: Scalars['IntMap']['output'];
  /** Everyone sees the waiting list. */
  waitingListPublic: Scalars['Boolean']['output'];
  /** Members see the waiting list. */
  waitingListVisible: Scalars['Boolean']['output'];
};

/** tools replaces the tools switched on (absent: all off); toolsAccess is applied when present; news is saved when not blank; a visibility left out or null stays as it is. */
export type GroupConfigurationVoInput = {
  news?: InputMaybe<Scalars['String']['input']>;
  ownersPublic?: InputMaybe<Scalars['Boolean']['input']>;
  ownersVisible?: InputMaybe<Scalars['Boolean']['input']>;
  participantsPublic?: InputMaybe<Scalars['Boolean']['input']>;
  participantsVisible?: InputMaybe<Scalars['Boolean']['input']>;
  tools?: InputMaybe<Array<Scalars['String']['input']>>;
  toolsAccess?: InputMaybe<Scalars['IntMap']['input']>;
  waitingListPublic?: InputMaybe<Scalars['Boolean']['input']>;
  waitingListVisible?: InputMaybe<Scalars['Boolean']['input']>;
};

export type GroupInfoVo = {
  __typename?: 'GroupInfoVO';
  description?: Maybe<Scalars['String']['output']>;
  externalId?: Maybe<Scalars['String']['output']>;
  /** The folder is on and the person may write in it (owners only, when its access is 0). */
  folderWrite: Scalars['Boolean']['output'];
  /** Always null: this gateway keeps no forums. */
  forumKey?: Maybe<Scalars['Long']['output']>;
  hasFolder: Scalars['Boolean']['output'];
  hasWiki: Scalars['Boolean']['output'];
  key: Scalars['Long']['output'];
  /** Comma-separated managed flags, stored as received. */
  managedFlags?: Maybe<Scalars['String']['output']>;
  /** Every flag in effect: the flags set and everything they imply (GraphQL only). */
  managedFlagsInEffect: Array<Scalars['String']['output']>;
  maxParticipants?: Maybe<Scalars['Int']['output']>;
  minParticipants?: Maybe<Scalars['Int']['output']>;
  name: Scalars['String']['output'];
  /** The news, while the news tool is on. */
  news?: Maybe<Scalars['String']['output']>;
  /** The organisation the group belongs to, which its managers manage it from (GraphQL only; PUT /groups?organisationKey= places a new group); read for every group of the answer at once. */
  organisationKey?: Maybe<Scalars['Long']['output']>;
  /** A page of the owners (coaches): group managers, and members while the group shows its owners; read for every group of the answer in one statement (GraphQL only). */
  owners: Array<UserVo>;
  /** A page of the participants: group managers, and members while the group shows its participants; read for every group of the answer in one statement (GraphQL only). */
  participants: Array<UserVo>;
  type: Scalars['String']['output'];
};


export type GroupInfoVoOwnersArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type GroupInfoVoParticipantsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};

/** A page of groups (pagingspec=1.0), with the total. */
export type GroupInfoVOes = {
  __typename?: 'GroupInfoVOes';
  groups: Array<GroupInfoVo>;
  totalCount: Scalars['Int']['output'];
};

/** The news of a group; on REST also the form field `news`. */
export type GroupNewsInput = {
  news?: InputMaybe<Scalars['String']['input']>;
};

export type GroupVo = {
  __typename?: 'GroupVO';
  description?: Maybe<Scalars['String']['output']>;
  externalId?: Maybe<Scalars['String']['output']>;
  key: Scalars['Long']['output'];
  /** Comma-separated managed flags, stored as received. */
  managedFlags?: Maybe<Scalars['String']['output']>;
  /** Every flag in effect: the flags set and everything they imply (GraphQL only). */
  managedFlagsInEffect: Array<Scalars['String']['output']>;
  maxParticipants?: Maybe<Scalars['Int']['output']>;
  minParticipants?: Maybe<Scalars['Int']['output']>;
  name: Scalars['String']['output'];
  /** The organisation the group belongs to, which its managers manage it from (GraphQL only; PUT /groups?organisationKey= places a new group); read for every group of the answer at once. */
  organisationKey?: Maybe<Scalars['Long']['output']>;
  /** A page of the owners (coaches): group managers, and members while the group shows its owners; read for every group of the answer in one statement (GraphQL only). */
  owners: Array<UserVo>;
  /** A page of the participants: group managers, and members while the group shows its participants; read for every group of the answer in one statement (GraphQL only). */
  participants: Array<UserVo>;
  type: Scalars['String']['output'];
};


export type GroupVoOwnersArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type GroupVoParticipantsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};

/** A GroupVO as a client sends it; `type` is ignored (always LearningGroup). */
export type GroupVoInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  managedFlags?: InputMaybe<Scalars['String']['input']>;
  maxParticipants?: InputMaybe<Scalars['Int']['input']>;
  minParticipants?: InputMaybe<Scalars['Int']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  type?: InputMaybe<Scalars['String']['input']>;
};

/** A page of groups (pagingspec=1.0), with the total. */
export type GroupVOes = {
  __typename?: 'GroupVOes';
  groups: Array<GroupVo>;
  totalCount: Scalars['Int']['output'];
};

export type IdentityToIdentityRelationVo = {
  __typename?: 'IdentityToIdentityRelationVO';
  externalId?: Maybe<Scalars['String']['output']>;
  identitySourceKey: Scalars['Long']['output'];
  identityTargetKey: Scalars['Long']['output'];
  key: Scalars['Long']['output'];
  /** Comma-separated managed flags (all, delete), normalised; "" when none. */
  managedFlagsString: Scalars['String']['output'];
  /** The name of the relation role. */
  relationRole: Scalars['String']['output'];
  relationRoleKey: Scalars['Long']['output'];
  /** The source person (GraphQL only). */
  source: UserVo;
  /** The target person (GraphQL only). */
  target: UserVo;
};

/** A new relation: identitySourceKey, identityTargetKey and relationRoleKey are required; a key is refused (relations are not updated); relationRole is ignored. */
export type IdentityToIdentityRelationVoInput = {
  externalId?: InputMaybe<Scalars['String']['input']>;
  identitySourceKey?: InputMaybe<Scalars['Long']['input']>;
  identityTargetKey?: InputMaybe<Scalars['Long']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  managedFlagsString?: InputMaybe<Scalars['String']['input']>;
  relationRole?: InputMaybe<Scalars['String']['input']>;
  relationRoleKey?: InputMaybe<Scalars['Long']['input']>;
};

export type LectureBlockRollCallVo = {
  __typename?: 'LectureBlockRollCallVO';
  /** Read-only. */
  absenceAuthorized?: Maybe<Scalars['Boolean']['output']>;
  absenceReason?: Maybe<Scalars['String']['output']>;
  absenceSupervisorNotificationDate?: Maybe<Scalars['DateTime']['output']>;
  comment?: Maybe<Scalars['String']['output']>;
  /** The person of the roll call, as GET /users/{identityKey}; one statement for all roll calls of an answer (GraphQL only). */
  identity: UserVo;
  /** The person's external id. Read-only. */
  identityExternalId?: Maybe<Scalars['String']['output']>;
  /** Read-only. */
  identityKey: Scalars['Long']['output'];
  key: Scalars['Long']['output'];
  /** The lecture block, as GET …/lectureblocks/{lectureBlockKey}: for those who manage the lectures of its course; null with an error otherwise (GraphQL only). */
  lectureBlock?: Maybe<LectureBlockVo>;
  /** Read-only. */
  lectureBlockKey: Scalars['Long']['output'];
  /** Lectures missed; absent when 0. Read-only. */
  lecturesAbsentNumber?: Maybe<Scalars['Int']['output']>;
  /** Lectures attended; absent when 0. Read-only. */
  lecturesAttendedNumber?: Maybe<Scalars['Int']['output']>;
};

/** What may change in a roll call: nothing of the attendance (the source document: roll calls can be read, not executed). absenceSupervisorNotificationDate is always written (absent or null clears it); comment and absenceReason only when not null. On REST the body is a whole LectureBlockRollCallVO: its other fields (attendance numbers, absenceAuthorized, identity, block) are ignored, as OpenOLAT does. */
export type LectureBlockRollCallVoInput = {
  absenceReason?: InputMaybe<Scalars['String']['input']>;
  absenceSupervisorNotificationDate?: InputMaybe<Scalars['DateTime']['input']>;
  comment?: InputMaybe<Scalars['String']['input']>;
  /** The roll call to change (400 without). */
  key?: InputMaybe<Scalars['Long']['input']>;
};

export type LectureBlockStatisticsVo = {
  __typename?: 'LectureBlockStatisticsVO';
  /** attended / (attended + absent + authorized absent); 0 when nothing was counted. */
  attendanceRate: Scalars['Float']['output'];
  /** The participant, as GET /users/{identityKey}; one statement for all statistics of an answer (GraphQL only). */
  identity: UserVo;
  identityKey: Scalars['Long']['output'];
  totalAbsentLectures: Scalars['Long']['output'];
  totalAttendedLectures: Scalars['Long']['output'];
  totalAuthorizedAbsentLectures: Scalars['Long']['output'];
  /** Always 0: this gateway keeps no absence notices (dispensations). */
  totalDispensationLectures: Scalars['Long']['output'];
  totalEffectiveLectures: Scalars['Long']['output'];
  totalLectureBlocks: Scalars['Long']['output'];
  totalPersonalPlannedLectures: Scalars['Long']['output'];
};

export type LectureBlockVo = {
  __typename?: 'LectureBlockVO';
  /** Read-only; this gateway has no BigBlueButton meetings: always null. */
  bigBlueButtonMeetingKey?: Maybe<Scalars['Long']['output']>;
  comment?: Maybe<Scalars['String']['output']>;
  compulsory: Scalars['Boolean']['output'];
  /** The course, as GET /repo/courses/{courseId}: for whoever sees it; null with an error otherwise (GraphQL only). */
  course?: Maybe<CourseVo>;
  /** The curriculum element the block belongs to, if any: for the managers of its curriculum; null with an error otherwise (GraphQL only). */
  curriculumElement?: Maybe<CurriculumElementVo>;
  curriculumElementKey?: Maybe<Scalars['Long']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  endDate?: Maybe<Scalars['DateTime']['output']>;
  externalId?: Maybe<Scalars['String']['output']>;
  externalRef?: Maybe<Scalars['String']['output']>;
  key: Scalars['Long']['output'];
  location?: Maybe<Scalars['String']['output']>;
  /** Comma-separated managed flags (catalogue 4.7), as the managing system wrote them. */
  managedFlagsString?: Maybe<Scalars['String']['output']>;
  meetingTitle?: Maybe<Scalars['String']['output']>;
  meetingUrl?: Maybe<Scalars['String']['output']>;
  plannedLectures: Scalars['Int']['output'];
  preparation?: Maybe<Scalars['String']['output']>;
  recordingUrl?: Maybe<Scalars['String']['output']>;
  repoEntryKey: Scalars['Long']['output'];
  /** open, closed, reopen or autoclosed (catalogue 5.6) */
  rollCallStatus: Scalars['String']['output'];
  /** A page of the roll calls, by person: for those who manage the roll calls of the course, as GET /repo/lectures/rollcalls/{rollCallKey}; null with an error otherwise (GraphQL only). */
  rollCalls?: Maybe<Array<LectureBlockRollCallVo>>;
  startDate?: Maybe<Scalars['DateTime']['output']>;
  /** active, partiallydone, done or cancelled (catalogue 5.6) */
  status: Scalars['String']['output'];
  /** As GET …/lectureblocks/{lectureBlockKey}/taxonomy/levels (GraphQL only). */
  taxonomyLevels: Array<TaxonomyLevelVo>;
  /** As GET …/lectureblocks/{lectureBlockKey}/teachers (GraphQL only). */
  teachers: Array<UserVo>;
  title?: Maybe<Scalars['String']['output']>;
};


export type LectureBlockVoRollCallsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type LectureBlockVoTaxonomyLevelsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type LectureBlockVoTeachersArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};

/** A LectureBlockVO as a client sends it: no key (or 0) creates, a key updates. plannedLectures is always written (0 when absent); the other fields only when not null. status and rollCallStatus are ignored but for rollCallStatus autoclosed, which closes the roll call. */
export type LectureBlockVoInput = {
  /** Ignored (read-only). */
  bigBlueButtonMeetingKey?: InputMaybe<Scalars['Long']['input']>;
  comment?: InputMaybe<Scalars['String']['input']>;
  compulsory?: InputMaybe<Scalars['Boolean']['input']>;
  /** Ignored (the path names the element). */
  curriculumElementKey?: InputMaybe<Scalars['Long']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  endDate?: InputMaybe<Scalars['DateTime']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  externalRef?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  location?: InputMaybe<Scalars['String']['input']>;
  managedFlagsString?: InputMaybe<Scalars['String']['input']>;
  meetingTitle?: InputMaybe<Scalars['String']['input']>;
  meetingUrl?: InputMaybe<Scalars['String']['input']>;
  /** Always written: absent or null is 0, as in OpenOLAT. */
  plannedLectures?: InputMaybe<Scalars['Int']['input']>;
  preparation?: InputMaybe<Scalars['String']['input']>;
  recordingUrl?: InputMaybe<Scalars['String']['input']>;
  /** Blocks of a curriculum element: the course of a new block. Ignored elsewhere. */
  repoEntryKey?: InputMaybe<Scalars['Long']['input']>;
  /** Ignored but for autoclosed. */
  rollCallStatus?: InputMaybe<Scalars['String']['input']>;
  startDate?: InputMaybe<Scalars['DateTime']['input']>;
  /** Ignored. */
  status?: InputMaybe<Scalars['String']['input']>;
  title?: InputMaybe<Scalars['String']['input']>;
};

export type LinkVo = {
  __typename?: 'LinkVO';
  href: Scalars['String']['output'];
  rel: Scalars['String']['output'];
  title: Scalars['String']['output'];
};

/** A link as a client may send it back in a body: accepted and ignored. */
export type LinkVoInput = {
  href?: InputMaybe<Scalars['String']['input']>;
  rel?: InputMaybe<Scalars['String']['input']>;
  title?: InputMaybe<Scalars['String']['input']>;
};

export type ManagedUserVo = {
  __typename?: 'ManagedUserVO';
  externalId?: Maybe<Scalars['String']['output']>;
  key: Scalars['Long']['output'];
  login: Scalars['String']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Adapt the attendance of the roll calls of the course’s blocks to their planned lectures (OpenOLAT: of every block of the system). Administrators of the course’s organisations only. */
  adaptLectureRollCalls: RollCallAdaptationVo;
  /** Make the person an owner of the entry (true also when already one). */
  addCatalogEntryOwner: Scalars['Boolean']['output'];
  /** Adds the person to the list; a new author also gets the author role. Administrators and learning resource managers of the entry’s organisation, and its owners. */
  addCourseMember: Scalars['Boolean']['output'];
  /** Adds each listed user (only the keys are read; unknown users are skipped). Administrators and learning resource managers of the entry’s organisation, and its owners. */
  addCourseMembers: Scalars['Boolean']['output'];
  /** Adds the course to the organisation; false (REST 304) when it belongs to it already. Managers of the entry (administrators and learning resource managers of one of its organisations, its owners) who are administrators, learning resource managers or authors in the organisation too. */
  addCourseOrganisation: Scalars['Boolean']['output'];
  /** Grant the role (200 also when already granted). */
  addCurriculumElementRoleMember: Scalars['Boolean']['output'];
  /** Grant the role to each listed user (only the keys are read; unknown users are skipped). */
  addCurriculumElementRoleMembers: Scalars['Boolean']['output'];
  /** Tag the element with the level (true; false when it already was: REST 304); 404 for an unknown level. */
  addCurriculumElementTaxonomyLevel: Scalars['Boolean']['output'];
  /** true: now an owner; false: already one (REST answers 200 either way). */
  addCurriculumOwner: Scalars['Boolean']['output'];
  /** true: added; false: already an owner (nothing changed). */
  addGroupOwner: Scalars['Boolean']['output'];
  /** true: added; false: already a participant (REST answers 304). A full group answers 412 on REST. */
  addGroupParticipant: Scalars['Boolean']['output'];
  /** Relate two users; the user of identityKey must be one of them and the caller must manage both. The same relation again returns the stored one unchanged. */
  addIdentityRelation: IdentityToIdentityRelationVo;
  /** The participants of the course become participants of the block, each with a roll call without attendance. */
  addLectureBlockCourseParticipants: Scalars['Boolean']['output'];
  /** The participants of the curriculum elements linked to the course become participants of the block (elements no longer linked stop being); false when nothing changed (REST: 304). */
  addLectureBlockCurriculumParticipants: Scalars['Boolean']['output'];
  /** true: now tagged; false: already (REST answers 304). 404 unknown level. */
  addLectureBlockTaxonomyLevel: Scalars['Boolean']['output'];
  /** true: now a teacher; false: already one (REST answers 200 either way, as OpenOLAT). 404 unknown person. */
  addLectureBlockTeacher: Scalars['Boolean']['output'];
  /** Grant the role in the organisation, or change the inheritance of the membership. The caller manages the organisation and the person. */
  addOrganisationMember: Scalars['Boolean']['output'];
  /** Grant the role to each listed user (only the keys are read; unknown users are skipped). The caller manages the organisation and each person. */
  addOrganisationMembers: Scalars['Boolean']['output'];
  /** Adds the person to the list; a new owner also gets the author role. Administrators and learning resource managers of the entry’s organisation, and its owners. */
  addRepositoryEntryMember: Scalars['Boolean']['output'];
  /** Adds each listed user (only the keys are read; unknown users are skipped). Administrators and learning resource managers of the entry’s organisation, and its owners. */
  addRepositoryEntryMembers: Scalars['Boolean']['output'];
  /** Adds the entry to the organisation; false (REST 304) when it belongs to it already. Managers of the entry (administrators and learning resource managers of one of its organisations, its owners) who are administrators, learning resource managers or authors in the organisation too. */
  addRepositoryEntryOrganisation: Scalars['Boolean']['output'];
  /** Tag the entry with the level (true; false when it already was: REST 304). Unlike OpenOLAT, needs a manager of the entry, and an unknown level answers 404 (OpenOLAT: 200 with body NOT_FOUND). */
  addRepositoryEntryTaxonomyLevel: Scalars['Boolean']['output'];
  /** A new single-page element showing the uploaded HTML page (stored in the course folder) or a page already there (path). Administrators and learning resource managers of the course’s organisation, and its owners. */
  addSinglePageElement: CourseNodeVo;
  /** A new structure element in the editor tree below parentNodeId (none: the root), at position among its siblings (the others move down) or last. Administrators and learning resource managers of the course’s organisation, and its owners. */
  addStructureElement: CourseNodeVo;
  /** true: allowed now; false: it already was (REST answers 200 either way). */
  allowCurriculumElementSubType: Scalars['Boolean']['output'];
  /** true: allowed now; false: it already was (REST answers 200 either way). */
  allowOrganisationSubType: Scalars['Boolean']['output'];
  /** true: allowed now; false: it already was (REST answers 200 either way). */
  allowTaxonomyLevelSubType: Scalars['Boolean']['output'];
  /** Changes the status of the course (newStatus); unknown values change nothing. Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  changeCourseStatus: Scalars['Boolean']['output'];
  /** Changes the status (newStatus); unknown values change nothing. Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  changeRepositoryEntryStatus: Scalars['Boolean']['output'];
  /** Change the login; invalid or taken (in any case): CONFLICT, on REST 409 with a list of ErrorVO. */
  changeUserName: UserVo;
  /** Set the password. false (REST 304): refused by the policy (4 to 128 characters). A change ends all sessions and the token. */
  changeUserPassword: Scalars['Boolean']['output'];
  /** Authentications v1 (deprecated, by login): as changeUserPassword. */
  changeUserPasswordByLogin: Scalars['Boolean']['output'];
  /** A new API key for the user: the secret is in this answer only. Managers of the user always; the user themself while self-service keys are allowed, and not with an API key. Listed by userAuthentications, revoked by deleteUserAuthentication. */
  createApiKey: ApiKeyVo;
  /** Extension (not in OpenOLAT's REST API): create or rotate the person's iCalendar feed of one of their calendars; only the person themself (403). The URL carries a new secret token, shown only now (stored as its SHA-256); the previous one stops working. */
  createCalendarFeed: CalendarFeedVo;
  /** Create an entry under the addressed one: a leaf when it links a repository entry (or type 1), else a node. */
  createCatalogEntry: CatalogEntryVo;
  /** A new empty course with its root structure node (or a copy, copyFrom); its one owner: initialAuthor or the caller, nobody when setAuthor is false. */
  createCourse: CourseVo;
  /** A new group in the course; a body with a key > 0 links that existing group instead. Answers the group. Group managers, administrators and learning resource managers of the course’s organisation, and its owners. */
  createCourseGroup: GroupVo;
  /** Create a curriculum in an organisation the caller manages (the default organisation without one); a body key updates that curriculum. A create with the externalId of an existing curriculum answers that one. */
  createCurriculum: CurriculumVo;
  /** Create an element type; a body key updates that type. */
  createCurriculumElementType: CurriculumElementTypeVo;
  /** A new statement of the person (identityKey, else the statement's identityKey); CONFLICT when the person has one of the resource. Administrators who manage the person (OpenOLAT: isAdminOf; it answers 401 where this answers 403). */
  createEfficiencyStatement: Scalars['Boolean']['output'];
  /** Create a group; a body with a key > 0 updates that group. The group belongs to organisationKey (the caller manages groups there), else to the caller's organisation: of those where the caller holds groupmanager or administrator, the one nearest the root. */
  createGroup: GroupVo;
  /** Create an organisation (below the default organisation unless a parent is given); a body with a key updates that organisation. */
  createOrganisation: OrganisationVo;
  /** Create an organisation type; a body with a key updates that type. */
  createOrganisationType: OrganisationTypeVo;
  /** Create a relation role; a body with a key > 0 updates that role. */
  createRelationRole: RelationRoleVo;
  /** Extension (OpenOLAT cannot create taxonomies over REST): create a taxonomy (identifier mandatory, displayName defaults to it); a body with a key updates that taxonomy. An identifier or externalId another taxonomy has: 409. */
  createTaxonomy: TaxonomyVo;
  /** Create a user; validation failures answer 406 with a list of ErrorVO on REST. */
  createUser: UserVo;
  /** Subscribe a URL to the events that commit from now on; the answer holds the signing secret, once. */
  createWebhook: WebhookVo;
  /** Delete an event (every recurrence) of one of the person's calendars; 404 unknown event. Answers for the person in the path (OpenOLAT answers for the caller): the person themself or their user managers (administrator, usermanager, rolesmanager); else 403 (OpenOLAT: 401). */
  deleteCalendarEvent: Scalars['Boolean']['output'];
  /** Extension: revoke the person's iCalendar feed of the calendar (404 when there is none); only the person themself. */
  deleteCalendarFeed: Scalars['Boolean']['output'];
  /** Delete the entry with its subtree: catalog managers and owners of the entry; a root cannot be deleted (CONFLICT). */
  deleteCatalogEntry: Scalars['Boolean']['output'];
  /** Deletes the course for good. Administrators and learning resource managers of the entry’s organisation, and its owners. */
  deleteCourse: Scalars['Boolean']['output'];
  /** Delete an event of the course's calendar; 404 unknown event. The caller must be a member or manager of the course (403), then the course's calendar must be enabled (404). */
  deleteCourseCalendarEvent: Scalars['Boolean']['output'];
  /** Deletes a group of the course (the group itself, as OpenOLAT does). Group managers, administrators and learning resource managers of the course’s organisation, and its owners. */
  deleteCourseGroup: Scalars['Boolean']['output'];
  /** Delete a curriculum with its elements, their memberships and course links. */
  deleteCurriculum: Scalars['Boolean']['output'];
  /** Delete a block of the element. */
  deleteCurriculumElementLectureBlock: Scalars['Boolean']['output'];
  deleteGroup: Scalars['Boolean']['output'];
  /** Delete an event of the group's calendar; 404 unknown event. The caller must be a member of the group or a group manager (403), then the group's calendar tool must be on (404). */
  deleteGroupCalendarEvent: Scalars['Boolean']['output'];
  /** Removes the news; NOT_FOUND while the news tool is off. */
  deleteGroupNews: Scalars['Boolean']['output'];
  /** Remove a relation of the user; one that does not exist or is not theirs answers 409 on REST (CONFLICT). */
  deleteIdentityRelation: Scalars['Boolean']['output'];
  /** Delete the block with its teachers, participants, roll calls and calendar events. Owners of the course, and administrators, learning resource managers and lecture managers of its organisations (OpenOLAT answers 401 to others, here 403). */
  deleteLectureBlock: Scalars['Boolean']['output'];
  /** Needs administrator or sysadmin in that organisation or an inheriting ancestor. Refused (409) for the default organisation and for organisations with sub-organisations. Users move to the default organisation. */
  deleteOrganisation: Scalars['Boolean']['output'];
  /** Delete a relation role and every relation of that role. */
  deleteRelationRole: Scalars['Boolean']['output'];
  /** Deletes the entry for good. Administrators and learning resource managers of the entry’s organisation, and its owners. They need a global author, learning resource manager or administrator role too. */
  deleteRepositoryEntry: Scalars['Boolean']['output'];
  /** Extension: delete a taxonomy with its level types; 409 while it has levels. */
  deleteTaxonomy: Scalars['Boolean']['output'];
  /** Remove a competence of the level. */
  deleteTaxonomyCompetence: Scalars['Boolean']['output'];
  /** true: deleted; false (REST 304): the level has sub-levels or usages. A level of another taxonomy: 409. */
  deleteTaxonomyLevel: Scalars['Boolean']['output'];
  deleteUser: Scalars['Boolean']['output'];
  /** Delete an authentication; revokes an API key (the user may revoke their own). Deleting the password ends all sessions and the token. */
  deleteUserAuthentication: Scalars['Boolean']['output'];
  /** Authentications v1 (deprecated, by login): as deleteUserAuthentication. */
  deleteUserAuthenticationByLogin: Scalars['Boolean']['output'];
  /** Remove the portrait; false when there was none. The person themself or their user managers. */
  deleteUserPortrait: Scalars['Boolean']['output'];
  /** Delete a subscription and its parked failures; nothing more is sent. */
  deleteWebhook: Scalars['Boolean']['output'];
  /** true: no longer allowed; false: it was not allowed (REST answers 200 either way). */
  disallowCurriculumElementSubType: Scalars['Boolean']['output'];
  /** true: no longer allowed; false: it was not allowed (REST answers 200 either way). */
  disallowOrganisationSubType: Scalars['Boolean']['output'];
  /** true: no longer allowed; false: it was not allowed (REST answers 200 either way). */
  disallowTaxonomyLevelSubType: Scalars['Boolean']['output'];
  /** Blocks of this course that still take their participants from the origin course (moved here from it) take them from this course; false when none did (REST: 304). 404 unknown origin. */
  healMovedLectureBlocks: Scalars['Boolean']['output'];
  /** Imports the results of the person results.identityKey at the element: what is absent is kept, but the score, which is replaced. The course's managers: administrators and learning resource managers of its organisation, and its owners (OpenOLAT: isAuthorEditor). */
  importAssessmentResults: Scalars['Boolean']['output'];
  /** Imports a course export ZIP as a new course (POST /repo/courses). Every node of the editor tree (editortreemodel.xml) and run tree (runstructure.xml), the metadata of export/repo.xml and every other file of the archive are kept, in one transaction. Authors, learning resource managers and administrators; the caller becomes owner. Null (REST: 204) when the file is missing or empty. */
  importCourse?: Maybe<CourseVo>;
  /** Imports a learning resource: a course export ZIP (PUT /repo/entries). Every node of the editor tree (editortreemodel.xml) and run tree (runstructure.xml), the metadata of export/repo.xml and every other file of the archive are kept, in one transaction. Authors, learning resource managers and administrators; the caller becomes owner. Null (REST: 204) when the file is missing or empty. */
  importRepositoryEntry?: Maybe<RepositoryEntryVo>;
  /** Links an existing group to the course: true when linked now, false when it was already (REST: 304). Group managers, administrators and learning resource managers of the course’s organisation, and its owners. The caller manages the group too: group managers, or managers of every course it is linked to. */
  linkCourseGroup: Scalars['Boolean']['output'];
  /** true: linked now; false: it already was (REST answers 304). The caller manages the curriculum and the entry. */
  linkCurriculumElementEntry: Scalars['Boolean']['output'];
  /** Ends the session this request came with (on every instance). */
  logout: Scalars['Boolean']['output'];
  /** Gateway extension (GraphQL only; OpenOLAT’s REST API has no such endpoint): bookmarks a course the caller sees for the caller; false when it was bookmarked already. */
  markCourseFavorite: Scalars['Boolean']['output'];
  /** Move the block to another course, which the caller must manage too (403; 404 unknown). Owners of the course, and administrators, learning resource managers and lecture managers of its organisations (OpenOLAT answers 401 to others, here 403). */
  moveLectureBlock: LectureBlockVo;
  /** Publishes the course: its run tree becomes a copy of the editor tree; status sets the entry's status. Administrators and learning resource managers of the course’s organisation, and its owners. */
  publishCourse: CourseVo;
  /** Grant the role of the body with its inheritanceMode; 409 for an unknown role. */
  putCurriculumElementMember: Scalars['Boolean']['output'];
  /** The person no longer owns the entry (true also when they did not). */
  removeCatalogEntryOwner: Scalars['Boolean']['output'];
  /** Removes the person from the list. Administrators and learning resource managers of the entry’s organisation, and its owners. */
  removeCourseMember: Scalars['Boolean']['output'];
  /** Takes the course out of the organisation (also when it is not in it). Managers of the entry (administrators and learning resource managers of one of its organisations, its owners) who are administrators, learning resource managers or authors in the organisation too. */
  removeCourseOrganisation: Scalars['Boolean']['output'];
  /** End every role of the person on the element. */
  removeCurriculumElementMember: Scalars['Boolean']['output'];
  /** End the membership with the role on the element. */
  removeCurriculumElementRoleMember: Scalars['Boolean']['output'];
  /** Remove the level from the element (true also when it was not there, as in OpenOLAT); an unknown level answers 404 (OpenOLAT: 200 with body NOT_FOUND). */
  removeCurriculumElementTaxonomyLevel: Scalars['Boolean']['output'];
  /** End the ownership (true also when the person was no owner). */
  removeCurriculumOwner: Scalars['Boolean']['output'];
  removeGroupOwner: Scalars['Boolean']['output'];
  removeGroupParticipant: Scalars['Boolean']['output'];
  /** The participants of the course stop being participants of the block (roll calls stay). */
  removeLectureBlockCourseParticipants: Scalars['Boolean']['output'];
  /** No curriculum element gives the block participants any more; false when none did (REST: 304). */
  removeLectureBlockCurriculumParticipants: Scalars['Boolean']['output'];
  /** Remove a level from the block (true also when it was not there or the level is unknown, as OpenOLAT). */
  removeLectureBlockTaxonomyLevel: Scalars['Boolean']['output'];
  /** Remove a teacher (true also when the person was none). 404 unknown person. */
  removeLectureBlockTeacher: Scalars['Boolean']['output'];
  /** End the membership granted in this organisation. The caller manages the organisation and the person. */
  removeOrganisationMember: Scalars['Boolean']['output'];
  /** Removes the person from the list. Administrators and learning resource managers of the entry’s organisation, and its owners. */
  removeRepositoryEntryMember: Scalars['Boolean']['output'];
  /** Takes the entry out of the organisation (also when it is not in it). Managers of the entry (administrators and learning resource managers of one of its organisations, its owners) who are administrators, learning resource managers or authors in the organisation too. */
  removeRepositoryEntryOrganisation: Scalars['Boolean']['output'];
  /** Remove the level from the entry (200 also when it was not there, as in OpenOLAT). Unlike OpenOLAT, needs a manager of the entry, and an unknown level answers 404 (OpenOLAT: 200 with body NOT_FOUND). */
  removeRepositoryEntryTaxonomyLevel: Scalars['Boolean']['output'];
  /** Beyond OpenOLAT: remove the user properties named (updateUser keeps a property it gets empty, as OpenOLAT does); SCIM clears a phone number or employee number through it. Names the person has no value for are skipped. */
  removeUserProperties: UserVo;
  /** The listed children (only their keys) come first in the given order; 409 for a key that is no child. */
  reorderCurriculumElementChildren: Scalars['Boolean']['output'];
  /** Send every event from the cursor `from` on again, in order (parked failures included); 410 when the feed no longer keeps it. */
  replayWebhook: WebhookVo;
  /** A new signing secret, in this answer only; deliveries are signed with the old one too until WEBHOOK_SECRET_GRACE_HOURS have passed. */
  rotateWebhookSecret: WebhookVo;
  /** Create or replace an event in one of the person's calendars. Answers for the person in the path (OpenOLAT answers for the caller): the person themself or their user managers (administrator, usermanager, rolesmanager); else 403 (OpenOLAT: 401). Our write rule (OpenOLAT's depends on UI settings): own calendar; group: owners (coaches), group managers, participants when the calendar access is "all"; course: owners, administrators and learning resource managers. 403 without write access; unlike OpenOLAT, 400 for an event without subject, begin or end, or with end before begin (an unknown classification is ignored, as OpenOLAT). REST answers 200 without a body, as OpenOLAT. GraphQL callers cannot change what a managed event's flags protect (synced lecture events are managed `all`); REST, the managing system, can. */
  saveCalendarEvent: Scalars['Boolean']['output'];
  /** Create or replace events in one of the person's calendars, all or none. Answers for the person in the path (OpenOLAT answers for the caller): the person themself or their user managers (administrator, usermanager, rolesmanager); else 403 (OpenOLAT: 401). Our write rule (OpenOLAT's depends on UI settings): own calendar; group: owners (coaches), group managers, participants when the calendar access is "all"; course: owners, administrators and learning resource managers. 403 without write access; unlike OpenOLAT, 400 for an event without subject, begin or end, or with end before begin (an unknown classification is ignored, as OpenOLAT). REST answers 200 without a body, as OpenOLAT. GraphQL callers cannot change what a managed event's flags protect (synced lecture events are managed `all`); REST, the managing system, can. */
  saveCalendarEvents: Scalars['Boolean']['output'];
  /** Create or replace an event in the course's calendar. The caller must be a member or manager of the course (403), then the course's calendar must be enabled (404). Our write rule (OpenOLAT's depends on UI settings): own calendar; group: owners (coaches), group managers, participants when the calendar access is "all"; course: owners, administrators and learning resource managers. 403 without write access; unlike OpenOLAT, 400 for an event without subject, begin or end, or with end before begin (an unknown classification is ignored, as OpenOLAT). REST answers 200 without a body, as OpenOLAT. GraphQL callers cannot change what a managed event's flags protect (synced lecture events are managed `all`); REST, the managing system, can. */
  saveCourseCalendarEvent: Scalars['Boolean']['output'];
  /** Create or replace events in the course's calendar, all or none. The caller must be a member or manager of the course (403), then the course's calendar must be enabled (404). Our write rule (OpenOLAT's depends on UI settings): own calendar; group: owners (coaches), group managers, participants when the calendar access is "all"; course: owners, administrators and learning resource managers. 403 without write access; unlike OpenOLAT, 400 for an event without subject, begin or end, or with end before begin (an unknown classification is ignored, as OpenOLAT). REST answers 200 without a body, as OpenOLAT. GraphQL callers cannot change what a managed event's flags protect (synced lecture events are managed `all`); REST, the managing system, can. */
  saveCourseCalendarEvents: Scalars['Boolean']['output'];
  /** As saveLectureBlock, the course named by its course id (the /repo/courses mount). */
  saveCourseLectureBlock: LectureBlockVo;
  /** Create an element (below parentElementKey, else a root element); a body key updates that element. 409: another curriculum in the body, a parent in another curriculum, the element itself as parent. */
  saveCurriculumElement: CurriculumElementVo;
  /** Create a block for the element in the course repoEntryKey names, or its only course (409: no course, several, not linked, lectures not enabled); a key updates that block of the element. */
  saveCurriculumElementLectureBlock: LectureBlockVo;
  /** Create or replace an event in the group's calendar. The caller must be a member of the group or a group manager (403), then the group's calendar tool must be on (404). Our write rule (OpenOLAT's depends on UI settings): own calendar; group: owners (coaches), group managers, participants when the calendar access is "all"; course: owners, administrators and learning resource managers. 403 without write access; unlike OpenOLAT, 400 for an event without subject, begin or end, or with end before begin (an unknown classification is ignored, as OpenOLAT). REST answers 200 without a body, as OpenOLAT. GraphQL callers cannot change what a managed event's flags protect (synced lecture events are managed `all`); REST, the managing system, can. */
  saveGroupCalendarEvent: Scalars['Boolean']['output'];
  /** Create or replace events in the group's calendar, all or none. The caller must be a member of the group or a group manager (403), then the group's calendar tool must be on (404). Our write rule (OpenOLAT's depends on UI settings): own calendar; group: owners (coaches), group managers, participants when the calendar access is "all"; course: owners, administrators and learning resource managers. 403 without write access; unlike OpenOLAT, 400 for an event without subject, begin or end, or with end before begin (an unknown classification is ignored, as OpenOLAT). REST answers 200 without a body, as OpenOLAT. GraphQL callers cannot change what a managed event's flags protect (synced lecture events are managed `all`); REST, the managing system, can. */
  saveGroupCalendarEvents: Scalars['Boolean']['output'];
  /** Create a block (no key; 409 while lectures are not enabled for the course) or update one of the course (key; 404 when unknown or of another course). Owners of the course, and administrators, learning resource managers and lecture managers of its organisations (OpenOLAT answers 401 to others, here 403). */
  saveLectureBlock: LectureBlockVo;
  /** A competence of the same type the person has on the level is updated (expiration), else one is created. taxonomyLevelKey other than the path: 409; unknown person: 404; unknown type: 400. */
  saveTaxonomyCompetence: TaxonomyCompetenceVo;
  /** Without a key a new level, with a key an update; a changed parentKey moves the level (null: a root level). Unknown parent or type 404; a parent or level of another taxonomy 409; an identifier another level of the taxonomy has 409. */
  saveTaxonomyLevel: TaxonomyLevelVo;
  /** Without a key a new level type, with a key an update; an identifier another type of the taxonomy has: 409. */
  saveTaxonomyLevelType: TaxonomyLevelTypeVo;
  /** Update authUsername and externalId of the authentication of that provider, or create one. Provider API-Key creates a new key and answers its secret as credential, this one time; the user themself may do that while self-service keys are allowed. REST tokens cannot be created. A body identityKey other than the path key, or an authUsername of another identity: 409. */
  saveUserAuthentication: AuthenticationVo;
  /** Authentications v1 (deprecated, by login): as saveUserAuthentication. */
  saveUserAuthenticationByLogin: AuthenticationVo;
  /** Opens the entry to all users and/or guests, or closes it to them; false (REST 304) when nothing changed. Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  setRepositoryEntryPublicAccess: Scalars['Boolean']['output'];
  /** Plan (dryRun) or apply a desired-state document (REST: the request body, JSON or XML, read as it arrives): sections in dependency order, each object by its externalId, every write the mutation a client would send (its rules, audit row and change event). An apply is a queued job; a dry run answers its plan once done (within SYNC_DRY_RUN_WAIT_SECONDS, else the job still running). */
  sync: SyncJobVo;
  /** Bring the calendar events of the block up to date. Owners of the course, and administrators, learning resource managers and lecture managers of its organisations (OpenOLAT answers 401 to others, here 403). */
  syncLectureBlockCalendars: Scalars['Boolean']['output'];
  /** Bring the calendar events of every block of the course up to date. Owners of the course, and administrators, learning resource managers and lecture managers of its organisations (OpenOLAT answers 401 to others, here 403). */
  syncLectureCalendars: Scalars['Boolean']['output'];
  /** true: unlinked; false: it was not linked (REST answers 304). The caller manages the curriculum and the entry. */
  unlinkCurriculumElementEntry: Scalars['Boolean']['output'];
  /** Gateway extension (GraphQL only): removes the caller’s bookmark of the course; false when there was none. */
  unmarkCourseFavorite: Scalars['Boolean']['output'];
  /** Update name, description (when not blank) and type; newParentKey moves the entry with its subtree (CONFLICT under a leaf, under itself or its subtree, or next to a leaf of the same repository entry). */
  updateCatalogEntry: CatalogEntryVo;
  /** Changes the fields sent of the course configuration. Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  updateCourseConfiguration: CourseConfigVo;
  /** Updates a group of the course as updateGroup does. Group managers, administrators and learning resource managers of the course’s organisation, and its owners. */
  updateCourseGroup: GroupVo;
  /** Writes the metadata of the course; absent values are written as null. Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  updateCourseMetadata: RepositoryEntryMetadataVo;
  /** Update a curriculum; a body key other than the path key answers 409. */
  updateCurriculum: CurriculumVo;
  /** Update an element; a changed parentElementKey moves it with its sub-elements; status deleted deletes it. 409: another key in the body, another curriculum, a parent in another curriculum or below the element. */
  updateCurriculumElement: CurriculumElementVo;
  /** Update an element type; a body key other than the path key answers 409. */
  updateCurriculumElementType: CurriculumElementTypeVo;
  updateGroup: GroupVo;
  /** Replaces the tools switched on (see GroupConfigurationVOInput for what is kept). */
  updateGroupConfiguration: Scalars['Boolean']['output'];
  /** Saves the news (not blank) and answers it; NOT_FOUND while the news tool is off. REST: text/plain. */
  updateGroupNews: Scalars['String']['output'];
  /** Write the fields given (not null) of the lecture configuration, creating it when missing; the course's calendars follow. Owners of the course, and administrators, learning resource managers and lecture managers of its organisations (OpenOLAT answers 401 to others, here 403). */
  updateLectureConfiguration: RepositoryEntryLectureConfigurationVo;
  /** Change the supervisor notification date (always: null clears it), the absence reason and the comment (when not null) of a roll call. Roll calls can be read but not executed: nobody is set present or absent. */
  updateLectureRollCall: LectureBlockRollCallVo;
  /** Update an organisation; a changed parentOrganisationKey moves it with its sub-organisations. A body key other than the path key answers 409. */
  updateOrganisation: OrganisationVo;
  /** Update an organisation type; a body key other than the path key answers 409. */
  updateOrganisationType: OrganisationTypeVo;
  /** Update a relation role; a body naming another key answers 409 on REST (CONFLICT). */
  updateRelationRole: RelationRoleVo;
  /** Replaces the entry’s fields (see RepositoryEntryVOInput); null (REST 204) for an empty file. Global authors, learning resource managers and administrators who manage the entry (its owners, or of its organisation). */
  updateRepositoryEntry?: Maybe<RepositoryEntryVo>;
  /** Write the status and the public access as given (OpenOLAT's low-level change: nothing a status change does besides). Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  updateRepositoryEntryAccess: RepositoryEntryAccessVo;
  /** Writes the metadata; absent values are written as null. Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  updateRepositoryEntryMetadata: RepositoryEntryMetadataVo;
  /** Change settings; every instance applies them within seconds, without a restart. */
  updateSettings: SettingsVo;
  /** Changes the fields sent of a single-page element; a new file replaces its page. Administrators and learning resource managers of the course’s organisation, and its owners. */
  updateSinglePageElement: CourseNodeVo;
  /** Changes the fields sent of a structure element (a new file replaces its page). Administrators and learning resource managers of the course’s organisation, and its owners. */
  updateStructureElement: CourseNodeVo;
  /** Extension: rename or otherwise update a taxonomy; a body key other than the path key answers 409. */
  updateTaxonomy: TaxonomyVo;
  /** Update names, e-mail, properties and (when not empty) externalId; the login is not changed. */
  updateUser: UserVo;
  /** No dates: reactivate (status active, dates cleared); expirationDate: set it; only inactivationDate: null, nothing changed (REST 304). */
  updateUserLifecycle?: Maybe<UserLifecycleVo>;
  updateUserPreferences: PreferencesVo;
  updateUserRoles: RolesVo;
  /** Set the status; a status of 100 or more ends the user's sessions and token. */
  updateUserStatus: StatusVo;
  /** Change what the body names (URL, types, organisation, active); the rest stays. */
  updateWebhook: WebhookVo;
  /** Stores a new image of the course (JPEG, PNG or GIF; otherwise CONFLICT). Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  uploadCourseImage: Scalars['Boolean']['output'];
  /** Stores a new image (JPEG, PNG or GIF, recognised by its content; otherwise CONFLICT). Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  uploadRepositoryEntryImage: Scalars['Boolean']['output'];
  /** Store a new portrait (JPEG, PNG or GIF, recognised by its content, otherwise UNSUPPORTED_MEDIA_TYPE) with its big and small scalings; the person themself or their user managers. */
  uploadUserPortrait: Scalars['Boolean']['output'];
};


export type MutationAdaptLectureRollCallsArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
};


export type MutationAddCatalogEntryOwnerArgs = {
  identityKey: Scalars['Long']['input'];
  path: Scalars['String']['input'];
};


export type MutationAddCourseMemberArgs = {
  courseKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
  role: CourseMemberRole;
};


export type MutationAddCourseMembersArgs = {
  courseKey: Scalars['Long']['input'];
  members: Array<UserVoInput>;
  role: CourseMemberRole;
};


export type MutationAddCourseOrganisationArgs = {
  courseKey: Scalars['Long']['input'];
  organisationKey: Scalars['Long']['input'];
};


export type MutationAddCurriculumElementRoleMemberArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
  role: CurriculumElementMemberList;
};


export type MutationAddCurriculumElementRoleMembersArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  members: Array<UserVoInput>;
  role: CurriculumElementMemberList;
};


export type MutationAddCurriculumElementTaxonomyLevelArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  taxonomyLevelKey: Scalars['Long']['input'];
};


export type MutationAddCurriculumOwnerArgs = {
  curriculumKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationAddGroupOwnerArgs = {
  groupKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationAddGroupParticipantArgs = {
  groupKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationAddIdentityRelationArgs = {
  identityKey: Scalars['Long']['input'];
  relation: IdentityToIdentityRelationVoInput;
};


export type MutationAddLectureBlockCourseParticipantsArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  lectureBlockKey: Scalars['Long']['input'];
};


export type MutationAddLectureBlockCurriculumParticipantsArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  lectureBlockKey: Scalars['Long']['input'];
};


export type MutationAddLectureBlockTaxonomyLevelArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  lectureBlockKey: Scalars['Long']['input'];
  taxonomyLevelKey: Scalars['Long']['input'];
};


export type MutationAddLectureBlockTeacherArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  identityKey: Scalars['Long']['input'];
  lectureBlockKey: Scalars['Long']['input'];
};


export type MutationAddOrganisationMemberArgs = {
  identityKey: Scalars['Long']['input'];
  inheritanceMode?: InputMaybe<Scalars['String']['input']>;
  organisationKey: Scalars['Long']['input'];
  role: Scalars['String']['input'];
};


export type MutationAddOrganisationMembersArgs = {
  inheritanceMode?: InputMaybe<Scalars['String']['input']>;
  members: Array<UserVoInput>;
  organisationKey: Scalars['Long']['input'];
  role: Scalars['String']['input'];
};


export type MutationAddRepositoryEntryMemberArgs = {
  entry: Scalars['String']['input'];
  identityKey: Scalars['Long']['input'];
  role: EntryMemberRole;
};


export type MutationAddRepositoryEntryMembersArgs = {
  entry: Scalars['String']['input'];
  members: Array<UserVoInput>;
  role: EntryMemberRole;
};


export type MutationAddRepositoryEntryOrganisationArgs = {
  entry: Scalars['String']['input'];
  organisationKey: Scalars['Long']['input'];
};


export type MutationAddRepositoryEntryTaxonomyLevelArgs = {
  entry: Scalars['String']['input'];
  taxonomyLevelKey: Scalars['Long']['input'];
};


export type MutationAddSinglePageElementArgs = {
  courseKey: Scalars['Long']['input'];
  element: CourseNodeInput;
};


export type MutationAddStructureElementArgs = {
  courseKey: Scalars['Long']['input'];
  element: CourseNodeInput;
};


export type MutationAllowCurriculumElementSubTypeArgs = {
  subTypeKey: Scalars['Long']['input'];
  typeKey: Scalars['Long']['input'];
};


export type MutationAllowOrganisationSubTypeArgs = {
  subTypeKey: Scalars['Long']['input'];
  typeKey: Scalars['Long']['input'];
};


export type MutationAllowTaxonomyLevelSubTypeArgs = {
  levelTypeKey: Scalars['Long']['input'];
  subLevelTypeKey: Scalars['Long']['input'];
  taxonomyKey: Scalars['Long']['input'];
};


export type MutationChangeCourseStatusArgs = {
  courseKey: Scalars['Long']['input'];
  statusChange?: InputMaybe<EntryStatusChangeInput>;
};


export type MutationChangeRepositoryEntryStatusArgs = {
  entry: Scalars['String']['input'];
  statusChange?: InputMaybe<EntryStatusChangeInput>;
};


export type MutationChangeUserNameArgs = {
  identityKey: Scalars['Long']['input'];
  username?: InputMaybe<Scalars['String']['input']>;
};


export type MutationChangeUserPasswordArgs = {
  identityKey: Scalars['Long']['input'];
  password: PasswordChangeInput;
};


export type MutationChangeUserPasswordByLoginArgs = {
  password: PasswordChangeInput;
  username: Scalars['String']['input'];
};


export type MutationCreateApiKeyArgs = {
  boundOrganisationKey?: InputMaybe<Scalars['Long']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  identityKey: Scalars['Long']['input'];
};


export type MutationCreateCalendarFeedArgs = {
  calendarId: Scalars['String']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationCreateCatalogEntryArgs = {
  catalogEntry: CatalogEntryVoInput;
  path: Scalars['String']['input'];
};


export type MutationCreateCourseArgs = {
  course: CourseVoInput;
};


export type MutationCreateCourseGroupArgs = {
  courseKey: Scalars['Long']['input'];
  group: GroupVoInput;
};


export type MutationCreateCurriculumArgs = {
  curriculum: CurriculumVoInput;
};


export type MutationCreateCurriculumElementTypeArgs = {
  curriculumElementType: CurriculumElementTypeVoInput;
};


export type MutationCreateEfficiencyStatementArgs = {
  identityKey?: InputMaybe<Scalars['Long']['input']>;
  resourceKey: Scalars['Long']['input'];
  statement: EfficiencyStatementVoInput;
};


export type MutationCreateGroupArgs = {
  group: GroupVoInput;
  organisationKey?: InputMaybe<Scalars['Long']['input']>;
};


export type MutationCreateOrganisationArgs = {
  organisation: OrganisationVoInput;
};


export type MutationCreateOrganisationTypeArgs = {
  organisationType: OrganisationTypeVoInput;
};


export type MutationCreateRelationRoleArgs = {
  relationRole: RelationRoleVoInput;
};


export type MutationCreateTaxonomyArgs = {
  taxonomy: TaxonomyVoInput;
};


export type MutationCreateUserArgs = {
  user: UserVoInput;
};


export type MutationCreateWebhookArgs = {
  webhook: WebhookVoInput;
};


export type MutationDeleteCalendarEventArgs = {
  calendarId: Scalars['String']['input'];
  eventId: Scalars['String']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationDeleteCalendarFeedArgs = {
  calendarId: Scalars['String']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationDeleteCatalogEntryArgs = {
  path: Scalars['String']['input'];
};


export type MutationDeleteCourseArgs = {
  courseKey: Scalars['Long']['input'];
};


export type MutationDeleteCourseCalendarEventArgs = {
  courseKey: Scalars['Long']['input'];
  eventId: Scalars['String']['input'];
};


export type MutationDeleteCourseGroupArgs = {
  courseKey: Scalars['Long']['input'];
  groupKey: Scalars['Long']['input'];
};


export type MutationDeleteCurriculumArgs = {
  curriculumKey: Scalars['Long']['input'];
};


export type MutationDeleteCurriculumElementLectureBlockArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  lectureBlockKey: Scalars['Long']['input'];
};


export type MutationDeleteGroupArgs = {
  groupKey: Scalars['Long']['input'];
};


export type MutationDeleteGroupCalendarEventArgs = {
  eventId: Scalars['String']['input'];
  groupKey: Scalars['Long']['input'];
};


export type MutationDeleteGroupNewsArgs = {
  groupKey: Scalars['Long']['input'];
};


export type MutationDeleteIdentityRelationArgs = {
  identityKey: Scalars['Long']['input'];
  relationKey: Scalars['Long']['input'];
};


export type MutationDeleteLectureBlockArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  lectureBlockKey: Scalars['Long']['input'];
};


export type MutationDeleteOrganisationArgs = {
  organisationKey: Scalars['Long']['input'];
};


export type MutationDeleteRelationRoleArgs = {
  relationRoleKey: Scalars['Long']['input'];
};


export type MutationDeleteRepositoryEntryArgs = {
  entry: Scalars['String']['input'];
};


export type MutationDeleteTaxonomyArgs = {
  taxonomyKey: Scalars['Long']['input'];
};


export type MutationDeleteTaxonomyCompetenceArgs = {
  competenceKey: Scalars['Long']['input'];
  taxonomyKey: Scalars['Long']['input'];
  taxonomyLevelKey: Scalars['Long']['input'];
};


export type MutationDeleteTaxonomyLevelArgs = {
  taxonomyKey: Scalars['Long']['input'];
  taxonomyLevelKey: Scalars['Long']['input'];
};


export type MutationDeleteUserArgs = {
  identityKey: Scalars['Long']['input'];
};


export type MutationDeleteUserAuthenticationArgs = {
  authKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationDeleteUserAuthenticationByLoginArgs = {
  authKey: Scalars['Long']['input'];
  username: Scalars['String']['input'];
};


export type MutationDeleteUserPortraitArgs = {
  identityKey: Scalars['Long']['input'];
};


export type MutationDeleteWebhookArgs = {
  webhookKey: Scalars['Long']['input'];
};


export type MutationDisallowCurriculumElementSubTypeArgs = {
  subTypeKey: Scalars['Long']['input'];
  typeKey: Scalars['Long']['input'];
};


export type MutationDisallowOrganisationSubTypeArgs = {
  subTypeKey: Scalars['Long']['input'];
  typeKey: Scalars['Long']['input'];
};


export type MutationDisallowTaxonomyLevelSubTypeArgs = {
  levelTypeKey: Scalars['Long']['input'];
  subLevelTypeKey: Scalars['Long']['input'];
  taxonomyKey: Scalars['Long']['input'];
};


export type MutationHealMovedLectureBlocksArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  originEntryKey: Scalars['Long']['input'];
};


export type MutationImportAssessmentResultsArgs = {
  courseKey: Scalars['Long']['input'];
  nodeId: Scalars['String']['input'];
  results: AssessableResultsVoInput;
};


export type MutationImportCourseArgs = {
  courseArchive: CourseImportInput;
  ownerUsername?: InputMaybe<Scalars['String']['input']>;
};


export type MutationImportRepositoryEntryArgs = {
  entryArchive: RepositoryEntryImportInput;
};


export type MutationLinkCourseGroupArgs = {
  courseKey: Scalars['Long']['input'];
  groupKey: Scalars['Long']['input'];
};


export type MutationLinkCurriculumElementEntryArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  repositoryEntryKey: Scalars['Long']['input'];
};


export type MutationMarkCourseFavoriteArgs = {
  courseKey: Scalars['Long']['input'];
};


export type MutationMoveLectureBlockArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  lectureBlockKey: Scalars['Long']['input'];
  repoEntryKey: Scalars['Long']['input'];
};


export type MutationPublishCourseArgs = {
  courseKey: Scalars['Long']['input'];
  locale?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
};


export type MutationPutCurriculumElementMemberArgs = {
  curriculumElementMember: CurriculumElementMemberVoInput;
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
};


export type MutationRemoveCatalogEntryOwnerArgs = {
  identityKey: Scalars['Long']['input'];
  path: Scalars['String']['input'];
};


export type MutationRemoveCourseMemberArgs = {
  courseKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
  role: CourseMemberRole;
};


export type MutationRemoveCourseOrganisationArgs = {
  courseKey: Scalars['Long']['input'];
  organisationKey: Scalars['Long']['input'];
};


export type MutationRemoveCurriculumElementMemberArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationRemoveCurriculumElementRoleMemberArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
  role: CurriculumElementMemberList;
};


export type MutationRemoveCurriculumElementTaxonomyLevelArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  taxonomyLevelKey: Scalars['Long']['input'];
};


export type MutationRemoveCurriculumOwnerArgs = {
  curriculumKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationRemoveGroupOwnerArgs = {
  groupKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationRemoveGroupParticipantArgs = {
  groupKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationRemoveLectureBlockCourseParticipantsArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  lectureBlockKey: Scalars['Long']['input'];
};


export type MutationRemoveLectureBlockCurriculumParticipantsArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  lectureBlockKey: Scalars['Long']['input'];
};


export type MutationRemoveLectureBlockTaxonomyLevelArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  lectureBlockKey: Scalars['Long']['input'];
  taxonomyLevelKey: Scalars['Long']['input'];
};


export type MutationRemoveLectureBlockTeacherArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  identityKey: Scalars['Long']['input'];
  lectureBlockKey: Scalars['Long']['input'];
};


export type MutationRemoveOrganisationMemberArgs = {
  identityKey: Scalars['Long']['input'];
  organisationKey: Scalars['Long']['input'];
  role: Scalars['String']['input'];
};


export type MutationRemoveRepositoryEntryMemberArgs = {
  entry: Scalars['String']['input'];
  identityKey: Scalars['Long']['input'];
  role: EntryMemberRole;
};


export type MutationRemoveRepositoryEntryOrganisationArgs = {
  entry: Scalars['String']['input'];
  organisationKey: Scalars['Long']['input'];
};


export type MutationRemoveRepositoryEntryTaxonomyLevelArgs = {
  entry: Scalars['String']['input'];
  taxonomyLevelKey: Scalars['Long']['input'];
};


export type MutationRemoveUserPropertiesArgs = {
  identityKey: Scalars['Long']['input'];
  names: Array<Scalars['String']['input']>;
};


export type MutationReorderCurriculumElementChildrenArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  elementOrder: Array<CurriculumElementVoInput>;
};


export type MutationReplayWebhookArgs = {
  from?: InputMaybe<Scalars['String']['input']>;
  webhookKey: Scalars['Long']['input'];
};


export type MutationRotateWebhookSecretArgs = {
  webhookKey: Scalars['Long']['input'];
};


export type MutationSaveCalendarEventArgs = {
  calendarId: Scalars['String']['input'];
  event: EventVoInput;
  identityKey: Scalars['Long']['input'];
};


export type MutationSaveCalendarEventsArgs = {
  calendarId: Scalars['String']['input'];
  events: Array<EventVoInput>;
  identityKey: Scalars['Long']['input'];
};


export type MutationSaveCourseCalendarEventArgs = {
  courseKey: Scalars['Long']['input'];
  event: EventVoInput;
};


export type MutationSaveCourseCalendarEventsArgs = {
  courseKey: Scalars['Long']['input'];
  events: Array<EventVoInput>;
};


export type MutationSaveCourseLectureBlockArgs = {
  courseKey: Scalars['Long']['input'];
  lectureBlock: LectureBlockVoInput;
};


export type MutationSaveCurriculumElementArgs = {
  curriculumElement: CurriculumElementVoInput;
  curriculumKey: Scalars['Long']['input'];
};


export type MutationSaveCurriculumElementLectureBlockArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  lectureBlock: LectureBlockVoInput;
};


export type MutationSaveGroupCalendarEventArgs = {
  event: EventVoInput;
  groupKey: Scalars['Long']['input'];
};


export type MutationSaveGroupCalendarEventsArgs = {
  events: Array<EventVoInput>;
  groupKey: Scalars['Long']['input'];
};


export type MutationSaveLectureBlockArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  lectureBlock: LectureBlockVoInput;
};


export type MutationSaveTaxonomyCompetenceArgs = {
  competence: TaxonomyCompetenceVoInput;
  taxonomyKey: Scalars['Long']['input'];
  taxonomyLevelKey: Scalars['Long']['input'];
};


export type MutationSaveTaxonomyLevelArgs = {
  taxonomyKey: Scalars['Long']['input'];
  taxonomyLevel: TaxonomyLevelVoInput;
};


export type MutationSaveTaxonomyLevelTypeArgs = {
  taxonomyKey: Scalars['Long']['input'];
  taxonomyLevelType: TaxonomyLevelTypeVoInput;
};


export type MutationSaveUserAuthenticationArgs = {
  authentication: AuthenticationVoInput;
  boundOrganisationKey?: InputMaybe<Scalars['Long']['input']>;
  identityKey: Scalars['Long']['input'];
};


export type MutationSaveUserAuthenticationByLoginArgs = {
  authentication: AuthenticationVoInput;
  username: Scalars['String']['input'];
};


export type MutationSetRepositoryEntryPublicAccessArgs = {
  allUsers?: InputMaybe<Scalars['Boolean']['input']>;
  entry: Scalars['String']['input'];
  guests?: InputMaybe<Scalars['Boolean']['input']>;
};


export type MutationSyncArgs = {
  atomic?: InputMaybe<Scalars['Boolean']['input']>;
  document?: InputMaybe<SyncDocumentInput>;
  dryRun?: InputMaybe<Scalars['Boolean']['input']>;
  force?: InputMaybe<Scalars['Boolean']['input']>;
  mode?: InputMaybe<SyncMode>;
};


export type MutationSyncLectureBlockCalendarsArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  lectureBlockKey: Scalars['Long']['input'];
};


export type MutationSyncLectureCalendarsArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
};


export type MutationUnlinkCurriculumElementEntryArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  repositoryEntryKey: Scalars['Long']['input'];
};


export type MutationUnmarkCourseFavoriteArgs = {
  courseKey: Scalars['Long']['input'];
};


export type MutationUpdateCatalogEntryArgs = {
  catalogEntry: CatalogEntryVoInput;
  newParentKey?: InputMaybe<Scalars['Long']['input']>;
  path: Scalars['String']['input'];
};


export type MutationUpdateCourseConfigurationArgs = {
  courseConfiguration: CourseConfigVoInput;
  courseKey: Scalars['Long']['input'];
};


export type MutationUpdateCourseGroupArgs = {
  courseKey: Scalars['Long']['input'];
  group: GroupVoInput;
  groupKey: Scalars['Long']['input'];
};


export type MutationUpdateCourseMetadataArgs = {
  courseKey: Scalars['Long']['input'];
  metadata: RepositoryEntryMetadataVoInput;
};


export type MutationUpdateCurriculumArgs = {
  curriculum: CurriculumVoInput;
  curriculumKey: Scalars['Long']['input'];
};


export type MutationUpdateCurriculumElementArgs = {
  curriculumElement: CurriculumElementVoInput;
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
};


export type MutationUpdateCurriculumElementTypeArgs = {
  curriculumElementType: CurriculumElementTypeVoInput;
  typeKey: Scalars['Long']['input'];
};


export type MutationUpdateGroupArgs = {
  group: GroupVoInput;
  groupKey: Scalars['Long']['input'];
};


export type MutationUpdateGroupConfigurationArgs = {
  configuration: GroupConfigurationVoInput;
  groupKey: Scalars['Long']['input'];
};


export type MutationUpdateGroupNewsArgs = {
  groupKey: Scalars['Long']['input'];
  news: GroupNewsInput;
};


export type MutationUpdateLectureConfigurationArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  lectureConfiguration: RepositoryEntryLectureConfigurationVoInput;
};


export type MutationUpdateLectureRollCallArgs = {
  rollCall: LectureBlockRollCallVoInput;
};


export type MutationUpdateOrganisationArgs = {
  organisation: OrganisationVoInput;
  organisationKey: Scalars['Long']['input'];
};


export type MutationUpdateOrganisationTypeArgs = {
  organisationType: OrganisationTypeVoInput;
  typeKey: Scalars['Long']['input'];
};


export type MutationUpdateRelationRoleArgs = {
  relationRole: RelationRoleVoInput;
  relationRoleKey: Scalars['Long']['input'];
};


export type MutationUpdateRepositoryEntryArgs = {
  entry: Scalars['String']['input'];
  repositoryEntry: RepositoryEntryVoInput;
};


export type MutationUpdateRepositoryEntryAccessArgs = {
  access: RepositoryEntryAccessVoInput;
  entry: Scalars['String']['input'];
};


export type MutationUpdateRepositoryEntryMetadataArgs = {
  entry: Scalars['String']['input'];
  metadata: RepositoryEntryMetadataVoInput;
};


export type MutationUpdateSettingsArgs = {
  settings: SettingsInput;
};


export type MutationUpdateSinglePageElementArgs = {
  courseKey: Scalars['Long']['input'];
  element: CourseNodeInput;
  nodeId: Scalars['String']['input'];
};


export type MutationUpdateStructureElementArgs = {
  courseKey: Scalars['Long']['input'];
  element: CourseNodeInput;
  nodeId: Scalars['String']['input'];
};


export type MutationUpdateTaxonomyArgs = {
  taxonomy: TaxonomyVoInput;
  taxonomyKey: Scalars['Long']['input'];
};


export type MutationUpdateUserArgs = {
  identityKey: Scalars['Long']['input'];
  user: UserVoInput;
};


export type MutationUpdateUserLifecycleArgs = {
  identityKey: Scalars['Long']['input'];
  lifecycle: UserLifecycleVoInput;
};


export type MutationUpdateUserPreferencesArgs = {
  identityKey: Scalars['Long']['input'];
  preferences: PreferencesVoInput;
};


export type MutationUpdateUserRolesArgs = {
  identityKey: Scalars['Long']['input'];
  roles: RolesVoInput;
};


export type MutationUpdateUserStatusArgs = {
  identityKey: Scalars['Long']['input'];
  status: StatusVoInput;
};


export type MutationUpdateWebhookArgs = {
  webhook: WebhookVoInput;
  webhookKey: Scalars['Long']['input'];
};


export type MutationUploadCourseImageArgs = {
  courseKey: Scalars['Long']['input'];
  image: RepositoryEntryImageUploadInput;
};


export type MutationUploadRepositoryEntryImageArgs = {
  entry: Scalars['String']['input'];
  image: RepositoryEntryImageUploadInput;
};


export type MutationUploadUserPortraitArgs = {
  identityKey: Scalars['Long']['input'];
  portrait: PortraitUploadInput;
};

export type OlatResourceVo = {
  __typename?: 'OlatResourceVO';
  key: Scalars['Long']['output'];
  resourceableId: Scalars['Long']['output'];
  resourceableTypeName: Scalars['String']['output'];
};

export type OrganisationTypeVo = {
  __typename?: 'OrganisationTypeVO';
  cssClass?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  displayName: Scalars['String']['output'];
  externalId?: Maybe<Scalars['String']['output']>;
  identifier: Scalars['String']['output'];
  key: Scalars['Long']['output'];
  /** Comma-separated managed flags, normalised (unknown flags dropped). */
  managedFlagsString?: Maybe<Scalars['String']['output']>;
};

/** An OrganisationTypeVO as a client sends it. Absent fields keep their value, null clears it. */
export type OrganisationTypeVoInput = {
  cssClass?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  displayName?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  managedFlagsString?: InputMaybe<Scalars['String']['input']>;
};

export type OrganisationVo = {
  __typename?: 'OrganisationVO';
  /** A page of the sub-organisations that are not deleted (GraphQL only). */
  children: Array<OrganisationVo>;
  cssClass?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  displayName: Scalars['String']['output'];
  externalId?: Maybe<Scalars['String']['output']>;
  identifier: Scalars['String']['output'];
  key: Scalars['Long']['output'];
  /** Comma-separated managed flags, normalised (unknown flags dropped). */
  managedFlagsString?: Maybe<Scalars['String']['output']>;
  /** As GET /organisations/{organisationKey}/users, a page: its users, with inherited memberships (GraphQL only). */
  members: Array<UserVo>;
  organisationTypeKey?: Maybe<Scalars['Long']['output']>;
  /** The organisation above (null for the root), as GET /organisations/{organisationKey} (GraphQL only). */
  parent?: Maybe<OrganisationVo>;
  parentOrganisationKey?: Maybe<Scalars['Long']['output']>;
  /** The root of the tree (the default organisation); null for the root itself. */
  rootOrganisationKey?: Maybe<Scalars['Long']['output']>;
  /** active, inactive or deleted */
  status?: Maybe<Scalars['String']['output']>;
  /** As GET /organisations/types/{typeKey} (GraphQL only). */
  type?: Maybe<OrganisationTypeVo>;
};


export type OrganisationVoChildrenArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type OrganisationVoMembersArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};

/** An OrganisationVO as a client sends it. Absent fields keep their value, null clears it; a changed parentOrganisationKey moves the organisation with its subtree; rootOrganisationKey is ignored. */
export type OrganisationVoInput = {
  cssClass?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  displayName?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  managedFlagsString?: InputMaybe<Scalars['String']['input']>;
  organisationTypeKey?: InputMaybe<Scalars['Long']['input']>;
  parentOrganisationKey?: InputMaybe<Scalars['Long']['input']>;
  rootOrganisationKey?: InputMaybe<Scalars['Long']['input']>;
  /** active, inactive or deleted; blank keeps the status */
  status?: InputMaybe<Scalars['String']['input']>;
};

export type PasswordChangeInput = {
  newPassword: Scalars['String']['input'];
};

/** master: the uploaded image (JPEG, PNG or GIF, metadata removed); big: JPEG within 300x300 pixels; small: JPEG within 100x100 pixels. */
export type PortraitSize =
  | 'big'
  | 'master'
  | 'small';

export type PortraitUploadInput = {
  /** A JPEG, PNG or GIF image, recognised by its content; on REST the multipart file part. */
  file: Scalars['Base64']['input'];
  /** The name of the file, kept in the audit only; on REST the name of the file part when not sent. */
  filename?: InputMaybe<Scalars['String']['input']>;
};

/** One variant of a person's portrait (on REST the image itself). */
export type PortraitVo = FileVo & {
  __typename?: 'PortraitVO';
  /** The image; read only when selected. */
  content: Scalars['Base64']['output'];
  contentType: Scalars['String']['output'];
  identityKey: Scalars['Long']['output'];
  lastModified: Scalars['DateTime']['output'];
  /** Length in bytes. */
  length: Scalars['Int']['output'];
  size: PortraitSize;
};

export type PreferencesVo = {
  __typename?: 'PreferencesVO';
  /** Language of the user interface, e.g. de, en, fr_CH */
  language?: Maybe<Scalars['String']['output']>;
};

export type PreferencesVoInput = {
  /** null or empty clears the preference */
  language?: InputMaybe<Scalars['String']['input']>;
};

export type Query = {
  __typename?: 'Query';
  /** Writes through either transport, newest first. */
  auditLog: Array<AuditLogEntryVo>;
  /** One of the person's calendars (404 when the person does not see it; user_… must name the person). Answers for the person in the path (OpenOLAT answers for the caller): the person themself or their user managers (administrator, usermanager, rolesmanager); else 403 (OpenOLAT: 401). */
  calendar: CalendarVo;
  /** The events of one of the person's calendars, ordered by begin. Answers for the person in the path (OpenOLAT answers for the caller): the person themself or their user managers (administrator, usermanager, rolesmanager); else 403 (OpenOLAT: 401). */
  calendarEvents: EventVOes;
  /** The calendars the person sees: their own, their groups' with the calendar tool on, their courses' with the calendar enabled. Answers for the person in the path (OpenOLAT answers for the caller): the person themself or their user managers (administrator, usermanager, rolesmanager); else 403 (OpenOLAT: 401). */
  calendars: Array<CalendarVo>;
  /** The direct children: a page (REST: pagingspec=1.0; GraphQL: with a limit) ordered by name, else every child in stored order. */
  catalogChildren: CatalogEntryVOes;
  /** A catalog entry with its links; every authenticated caller reads the whole catalog. */
  catalogEntry: CatalogEntryVo;
  /** An owner of the entry; NOT_FOUND when the person does not own it. */
  catalogEntryOwner: UserVo;
  /** The owners of the entry: catalog managers and owners of the entry. */
  catalogEntryOwners: Array<UserVo>;
  /** The roots of the catalog (normally one), without links. */
  catalogRoots: CatalogEntryVOes;
  /** The entry and every entry below it, parents before children (rebuild the tree by parentKey); with repositoryEntry and owners in a fixed number of statements whatever the size (GraphQL only). */
  catalogTree: Array<CatalogEntryVo>;
  /** What committed writes changed, oldest first, from a cursor on: each caller the events of the people, groups, courses, curricula and organisations they manage; administrators also the other kinds and deletions. */
  changes: ChangesVo;
  /** A course by its id (the OLAT resource id, CourseVO.key). Administrators and learning resource managers see the entries of their organisations, others those they are members of and the published public ones. */
  course: CourseVo;
  /** The person's results at the element, empty where none; for members of the course and people the caller manages. The course's managers: administrators and learning resource managers of its organisation, and its owners (OpenOLAT: isAuthorEditor). */
  courseAssessmentResult: AssessableResultsVo;
  /** Every participant's results at the element (direct, through groups and curriculum elements). The course's managers: administrators and learning resource managers of its organisation, and its owners (OpenOLAT: isAuthorEditor). */
  courseAssessmentResults: Array<AssessableResultsVo>;
  /** The author (owner) of the course; NOT_FOUND when the person is none. Administrators and learning resource managers of the entry’s organisation, and its owners. */
  courseAuthor: UserVo;
  /** The events of the course's calendar, ordered by begin. The caller must be a member or manager of the course (403), then the course's calendar must be enabled (404). */
  courseCalendarEvents: EventVOes;
  /** The configuration of the course. Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  courseConfiguration: CourseConfigVo;
  /** The editor tree as OpenOLAT's editortreemodel.xml. Administrators and learning resource managers of the course’s organisation, and its owners. */
  courseEditorTreeModel: CourseTreeXmlVo;
  /** A node of the course’s editor tree; NOT_FOUND when the course has none with that id. Administrators and learning resource managers of the course’s organisation, and its owners. */
  courseElement: CourseNodeVo;
  /** A group of the course (NOT_FOUND when it is not linked to it): members of the group, and group managers, administrators and learning resource managers of the course’s organisation, and its owners. */
  courseGroup: GroupVo;
  /** The groups linked to the course: for whoever sees the course, and group managers. */
  courseGroups: Array<GroupVo>;
  /** The image of the course; NOT_FOUND when it has none. Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  courseImage: RepositoryEntryImageVo;
  /** The authors (owners), tutors (coaches) or participants of the course. Administrators and learning resource managers of the entry’s organisation, and its owners. */
  courseMembers: Array<UserVo>;
  /** The metadata of the course. Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  courseMetadata: RepositoryEntryMetadataVo;
  /** The organisations of the course. Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  courseOrganisations: Array<OrganisationVo>;
  /** The OLAT resource of the course. Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  courseResource: OlatResourceVo;
  /** The run tree (as last published) as OpenOLAT's runstructure.xml. Administrators and learning resource managers of the course’s organisation, and its owners. */
  courseRunStructure: CourseTreeXmlVo;
  /** Courses. Administrators and learning resource managers see the entries of their organisations, others those they are members of and the published public ones. */
  courses: CourseVOes;
  /** Courses where the person is owner, coach or participant, directly or through a group. The person and their user managers. */
  coursesOfUser: CourseVOes;
  /** Courses the person owns. The person and their user managers. */
  coursesOwnedByUser: CourseVOes;
  /** Courses the person coaches, directly or as coach of a group. The person and their user managers. */
  coursesTeachedByUser: CourseVOes;
  /** The curricula the caller manages. */
  curricula: Array<CurriculumVo>;
  curriculum: CurriculumVo;
  /** 403 when the element belongs to another curriculum. */
  curriculumElement: CurriculumElementVo;
  /** The direct children, those with status deleted too (as in OpenOLAT), in their order. */
  curriculumElementChildren: Array<CurriculumElementVo>;
  /** The courses linked to the element. */
  curriculumElementEntries: Array<RepositoryEntryVo>;
  /** The entry when it is linked to the element, else 404. */
  curriculumElementEntry: RepositoryEntryVo;
  /** A block of the element (404 when of another element). */
  curriculumElementLectureBlock: LectureBlockVo;
  /** The lecture blocks planned for the curriculum element (curriculum managers). */
  curriculumElementLectureBlocks: Array<LectureBlockVo>;
  /** Memberships on the element: its own, and inherited ones of its ancestors (inheritanceMode inherited). */
  curriculumElementMembers: Array<CurriculumElementMemberVo>;
  /** Members with the role, own or inherited from an ancestor element. */
  curriculumElementRoleMembers: Array<UserVo>;
  /** The taxonomy levels the element is tagged with. */
  curriculumElementTaxonomyLevels: Array<TaxonomyLevelVo>;
  curriculumElementType: CurriculumElementTypeVo;
  /** The types an element of this type may have as children. */
  curriculumElementTypeAllowedSubTypes: Array<CurriculumElementTypeVo>;
  curriculumElementTypes: Array<CurriculumElementTypeVo>;
  /** Users with the role (BAD_REQUEST when empty, CONFLICT when unknown). */
  curriculumElementUsers: Array<UserVo>;
  /** The elements of the curriculum that are not deleted, flat. */
  curriculumElements: Array<CurriculumElementVo>;
  /** Per participant, attendance over the lecture blocks of the curriculum's courses (one participant with identityKey). Curriculum managers. */
  curriculumLectureStatistics: Array<LectureBlockStatisticsVo>;
  curriculumOwners: Array<UserVo>;
  /** One participant's attendance over the curriculum's lecture blocks (404 without roll calls). */
  curriculumParticipantLectureStatistics: LectureBlockStatisticsVo;
  /** The person's statement of the course; NOT_FOUND for an unknown person or none. Administrators who manage the person (OpenOLAT: isAdminOf; it answers 401 where this answers 403). */
  efficiencyStatement: EfficiencyStatementVo;
  /** The export ZIP of a course, in OpenOLAT's layout. REST (GET /repo/courses/{courseId}/file) answers the ZIP; GraphQL where to get it. Administrators and learning resource managers of the entry’s organisation, and its owners. */
  exportCourse: CourseExportVo;
  /** The export ZIP of a repository entry (a course). REST (GET /repo/entries/{k}/file) answers the ZIP; GraphQL where to get it. Administrators and learning resource managers of the entry’s organisation, and its owners. */
  exportRepositoryEntry: CourseExportVo;
  /** Courses the person bookmarked. The person and their user managers. */
  favoriteCoursesOfUser: CourseVOes;
  /** Members and group managers only. */
  group: GroupVo;
  /** The events of the group's calendar, ordered by begin. The caller must be a member of the group or a group manager (403), then the group's calendar tool must be on (404). */
  groupCalendarEvents: EventVOes;
  /** The tools switched on with their access levels, the news, and who sees the member lists. */
  groupConfiguration: GroupConfigurationVo;
  /** The group with its news, wiki and folder as the caller sees them: members and group managers only. */
  groupInfo: GroupInfoVo;
  /** The person's groups with what the person sees of them (news, wiki, folder); on REST only as pages (pagingspec=1.0). */
  groupInfosOfUser: GroupInfoVOes;
  /** The news: members and group managers, while the news tool is on; NOT_FOUND without news. REST: text/plain. */
  groupNews: Scalars['String']['output'];
  /** The owners (coaches) of the group: group managers, and members while the group shows its owners (ownersVisible). */
  groupOwners: Array<UserVo>;
  /** The participants of the group: group managers, and members while the group shows its participants (participantsVisible). */
  groupParticipants: Array<UserVo>;
  /** The groups of the organisations where the caller is group manager or administrator (directly or inherited), and the groups the caller belongs to. */
  groups: Array<GroupVo>;
  /** The groups the person belongs to: the person, group managers and the person's user managers. */
  groupsOfUser: GroupVOes;
  /** The groups the person owns (coaches). */
  groupsOwnedByUser: GroupVOes;
  /** The groups the person takes part in. */
  groupsWithParticipant: GroupVOes;
  /** Relations in which the user is the source; for managers of that user. */
  identityRelationsAsSource: Array<IdentityToIdentityRelationVo>;
  /** Relations in which the user is the target; for managers of that user. */
  identityRelationsAsTarget: Array<IdentityToIdentityRelationVo>;
  /** A block of the course (404 when of another course). Owners of the course, and administrators, learning resource managers and lecture managers of its organisations (OpenOLAT answers 401 to others, here 403). */
  lectureBlock: LectureBlockVo;
  /** The taxonomy levels of the block. Owners of the course, and administrators, learning resource managers and lecture managers of its organisations (OpenOLAT answers 401 to others, here 403). */
  lectureBlockTaxonomyLevels: Array<TaxonomyLevelVo>;
  /** The teachers of the block. Owners of the course, and administrators, learning resource managers and lecture managers of its organisations (OpenOLAT answers 401 to others, here 403). */
  lectureBlockTeachers: Array<UserVo>;
  /** The lecture blocks of the course. Owners of the course, and administrators, learning resource managers and lecture managers of its organisations (OpenOLAT answers 401 to others, here 403). */
  lectureBlocks: Array<LectureBlockVo>;
  /** Lecture blocks overlapping the day of date (ISO date or date-time, UTC day), or all blocks without date. Administrators see those of every course, lecture managers those of courses in organisations where they hold lecturemanager. */
  lectureBlocksOfDay: Array<LectureBlockVo>;
  /** The lecture configuration of the course (all null without one). Owners of the course, and administrators, learning resource managers and lecture managers of its organisations (OpenOLAT answers 401 to others, here 403). */
  lectureConfiguration: RepositoryEntryLectureConfigurationVo;
  /** A roll call, for a manager of its lecture block's course. */
  lectureRollCall: LectureBlockRollCallVo;
  /** Roll calls (administrator: all of them; lecture manager: those of courses in the organisations where they hold the role). closed: the block is done or its roll call closed or autoclosed; hasAbsence: absent lectures above 0. */
  lectureRollCalls: Array<LectureBlockRollCallVo>;
  /** Users with an externalId, in the organisations where the caller manages users. */
  managedUsers: Array<ManagedUserVo>;
  /** The caller. */
  me: UserVo;
  organisation: OrganisationVo;
  /** The learning resources placed in the organisation. Administrators and sysadmins of the organisation. */
  organisationEntries: Array<RepositoryEntryVo>;
  /** Members with the role, including members through an inheriting membership of an ancestor. Administrators and sysadmins of the organisation. An unknown role answers 409. */
  organisationMembers: Array<UserVo>;
  /** Organisations where the user holds the role; withInheritance (default true) adds the sub-organisations an inheriting membership covers. The caller manages the person. An unknown role answers 406. */
  organisationMemberships: Array<OrganisationVo>;
  organisationType: OrganisationTypeVo;
  /** The types an organisation of this type may have as sub-organisations. */
  organisationTypeAllowedSubTypes: Array<OrganisationTypeVo>;
  organisationTypes: Array<OrganisationTypeVo>;
  /** Without filters every organisation that is not deleted; externalId and identifier are exact matches. */
  organisations: Array<OrganisationVo>;
  /** Every relation role. */
  relationRoles: Array<RelationRoleVo>;
  /** Repository entries. Administrators and learning resource managers see the entries of their organisations, others those they are members of and the published public ones. */
  repositoryEntries: RepositoryEntryVOes;
  /** An entry by its key, or else its softkey. Administrators and learning resource managers see the entries of their organisations, others those they are members of and the published public ones. */
  repositoryEntry: RepositoryEntryVo;
  /** The status and public access of the entry (OpenOLAT's older access resource). Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  repositoryEntryAccess: RepositoryEntryAccessVo;
  /** The curriculum elements the entry is linked to, for whoever may read the entry. */
  repositoryEntryCurriculumElements: Array<CurriculumElementVo>;
  /** The image of the entry; NOT_FOUND when it has none. Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  repositoryEntryImage: RepositoryEntryImageVo;
  /** The owners, coaches or participants of the entry. Administrators and learning resource managers of the entry’s organisation, and its owners. */
  repositoryEntryMembers: Array<UserVo>;
  /** The metadata of the entry. Administrators and learning resource managers of one of the entry’s organisations, and its owners. Global authors too, of the entries they see. */
  repositoryEntryMetadata: RepositoryEntryMetadataVo;
  /** The organisations of the entry. Administrators and learning resource managers of one of the entry’s organisations, and its owners. */
  repositoryEntryOrganisations: Array<OrganisationVo>;
  /** The levels the entry is tagged with; for managers of the entry (administrator, learning resource manager, owner). */
  repositoryEntryTaxonomyLevels: Array<TaxonomyLevelVo>;
  /** Exact matches of externalId, identifier and key across the curricula the caller manages. */
  searchCurriculumElements: Array<CurriculumElementVo>;
  /** Entries the caller sees by resource type, author (the authors text or an owner’s login or name) and name (displayname); `*` is a wildcard, a value without one is contained; myentries: only those the caller is a member of. */
  searchRepositoryEntries: Array<RepositoryEntryVo>;
  settings: SettingsVo;
  /** What a job did (or, planned, would do) with each object, in the job's order. */
  syncItems: Array<SyncItemVo>;
  /** A sync job: state, progress per section, the first failures. */
  syncJob: SyncJobVo;
  /** The caller's newest sync jobs, newest first (a system administrator's: everyone's); `failures` is empty here. */
  syncJobs: Array<SyncJobVo>;
  /** Every taxonomy, in the wrapper OpenOLAT answers (an empty list on a fresh installation). */
  taxonomies: TaxonomyVOes;
  /** A taxonomy; a key of 0 or below answers 400. */
  taxonomy: TaxonomyVo;
  /** The person's competences on every level of the taxonomy. */
  taxonomyCompetencesOfUser: Array<TaxonomyCompetenceVo>;
  /** The competences on the level. */
  taxonomyLevelCompetences: Array<TaxonomyCompetenceVo>;
  /** The person's competences on the level. */
  taxonomyLevelCompetencesOfUser: Array<TaxonomyCompetenceVo>;
  /** A level type of the taxonomy. */
  taxonomyLevelType: TaxonomyLevelTypeVo;
  /** The types allowed below levels of this type. */
  taxonomyLevelTypeAllowedSubTypes: Array<TaxonomyLevelTypeVo>;
  /** The level types of the taxonomy. */
  taxonomyLevelTypes: Array<TaxonomyLevelTypeVo>;
  /** Every level of the taxonomy, with its parentKey. */
  taxonomyLevels: Array<TaxonomyLevelVo>;
  /** The switches of the taxonomy module. */
  taxonomyModuleConfiguration: TaxonomyModuleConfigurationVo;
  user: UserVo;
  /** Managers of the user see every authentication, the user themself their API keys; credentials are never included. */
  userAuthentications: Array<AuthenticationVo>;
  /** Authentications v1 (deprecated, by login): as userAuthentications. */
  userAuthenticationsByLogin: Array<AuthenticationVo>;
  /** The person with exactly this login (in any case). */
  userByLogin: UserVo;
  /** The events of every calendar the person sees, ordered by begin. Answers for the person in the path (OpenOLAT answers for the caller): the person themself or their user managers (administrator, usermanager, rolesmanager); else 403 (OpenOLAT: 401). */
  userCalendarEvents: EventVOes;
  userLifecycle: UserLifecycleVo;
  /** One variant of the portrait; NOT_FOUND when the person has none. */
  userPortrait: PortraitVo;
  /** Managers of the user only (not the user themself). */
  userPreferences: PreferencesVo;
  /** Roles in the default organisation; the user themself or their managers. */
  userRoles: RolesVo;
  userStatus: StatusVo;
  /** Search users: login and property values are contains-searches with * wildcards, "quoted" values exact. */
  users: Array<UserVo>;
  webhook: WebhookVo;
  /** The events this subscription gave up on after WEBHOOK_RETRY_HOURS of retries, oldest first. */
  webhookFailures: Array<WebhookFailureVo>;
  /** The caller's webhook subscriptions (a system administrator's: every one). */
  webhooks: Array<WebhookVo>;
};


export type QueryAuditLogArgs = {
  filter?: InputMaybe<AuditLogFilter>;
};


export type QueryCalendarArgs = {
  calendarId: Scalars['String']['input'];
  identityKey: Scalars['Long']['input'];
};


export type QueryCalendarEventsArgs = {
  calendarId: Scalars['String']['input'];
  identityKey: Scalars['Long']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  onlyFuture?: InputMaybe<Scalars['Boolean']['input']>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryCalendarsArgs = {
  identityKey: Scalars['Long']['input'];
};


export type QueryCatalogChildrenArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  path: Scalars['String']['input'];
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryCatalogEntryArgs = {
  path: Scalars['String']['input'];
};


export type QueryCatalogEntryOwnerArgs = {
  identityKey: Scalars['Long']['input'];
  path: Scalars['String']['input'];
};


export type QueryCatalogEntryOwnersArgs = {
  path: Scalars['String']['input'];
};


export type QueryCatalogRootsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryCatalogTreeArgs = {
  path: Scalars['String']['input'];
};


export type QueryChangesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  types?: InputMaybe<Array<Scalars['String']['input']>>;
  wait?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryCourseArgs = {
  courseKey: Scalars['Long']['input'];
};


export type QueryCourseAssessmentResultArgs = {
  courseKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
  nodeId?: InputMaybe<Scalars['String']['input']>;
};


export type QueryCourseAssessmentResultsArgs = {
  courseKey: Scalars['Long']['input'];
  nodeId?: InputMaybe<Scalars['String']['input']>;
};


export type QueryCourseAuthorArgs = {
  courseKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
};


export type QueryCourseCalendarEventsArgs = {
  courseKey: Scalars['Long']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  onlyFuture?: InputMaybe<Scalars['Boolean']['input']>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryCourseConfigurationArgs = {
  courseKey: Scalars['Long']['input'];
};


export type QueryCourseEditorTreeModelArgs = {
  courseKey: Scalars['Long']['input'];
};


export type QueryCourseElementArgs = {
  courseKey: Scalars['Long']['input'];
  nodeId: Scalars['String']['input'];
};


export type QueryCourseGroupArgs = {
  courseKey: Scalars['Long']['input'];
  groupKey: Scalars['Long']['input'];
};


export type QueryCourseGroupsArgs = {
  courseKey: Scalars['Long']['input'];
};


export type QueryCourseImageArgs = {
  courseKey: Scalars['Long']['input'];
};


export type QueryCourseMembersArgs = {
  courseKey: Scalars['Long']['input'];
  role: CourseMemberRole;
};


export type QueryCourseMetadataArgs = {
  courseKey: Scalars['Long']['input'];
};


export type QueryCourseOrganisationsArgs = {
  courseKey: Scalars['Long']['input'];
};


export type QueryCourseResourceArgs = {
  courseKey: Scalars['Long']['input'];
};


export type QueryCourseRunStructureArgs = {
  courseKey: Scalars['Long']['input'];
};


export type QueryCoursesArgs = {
  externalId?: InputMaybe<Scalars['String']['input']>;
  externalRef?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  managed?: InputMaybe<Scalars['Boolean']['input']>;
  repositoryEntryKey?: InputMaybe<Scalars['Long']['input']>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryCoursesOfUserArgs = {
  identityKey: Scalars['Long']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryCoursesOwnedByUserArgs = {
  identityKey: Scalars['Long']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryCoursesTeachedByUserArgs = {
  identityKey: Scalars['Long']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryCurriculumArgs = {
  curriculumKey: Scalars['Long']['input'];
};


export type QueryCurriculumElementArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
};


export type QueryCurriculumElementChildrenArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
};


export type QueryCurriculumElementEntriesArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
};


export type QueryCurriculumElementEntryArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  repositoryEntryKey: Scalars['Long']['input'];
};


export type QueryCurriculumElementLectureBlockArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  lectureBlockKey: Scalars['Long']['input'];
};


export type QueryCurriculumElementLectureBlocksArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
};


export type QueryCurriculumElementMembersArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
};


export type QueryCurriculumElementRoleMembersArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  role: CurriculumElementMemberList;
};


export type QueryCurriculumElementTaxonomyLevelsArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
};


export type QueryCurriculumElementTypeArgs = {
  typeKey: Scalars['Long']['input'];
};


export type QueryCurriculumElementTypeAllowedSubTypesArgs = {
  typeKey: Scalars['Long']['input'];
};


export type QueryCurriculumElementUsersArgs = {
  curriculumKey: Scalars['Long']['input'];
  elementKey: Scalars['Long']['input'];
  role: Scalars['String']['input'];
};


export type QueryCurriculumElementsArgs = {
  curriculumKey: Scalars['Long']['input'];
};


export type QueryCurriculumLectureStatisticsArgs = {
  curriculumKey: Scalars['Long']['input'];
  identityKey?: InputMaybe<Scalars['Long']['input']>;
};


export type QueryCurriculumOwnersArgs = {
  curriculumKey: Scalars['Long']['input'];
};


export type QueryCurriculumParticipantLectureStatisticsArgs = {
  curriculumKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
};


export type QueryEfficiencyStatementArgs = {
  identityKey: Scalars['Long']['input'];
  resourceKey: Scalars['Long']['input'];
};


export type QueryExportCourseArgs = {
  courseKey: Scalars['Long']['input'];
};


export type QueryExportRepositoryEntryArgs = {
  entry: Scalars['String']['input'];
};


export type QueryFavoriteCoursesOfUserArgs = {
  identityKey: Scalars['Long']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryGroupArgs = {
  groupKey: Scalars['Long']['input'];
};


export type QueryGroupCalendarEventsArgs = {
  groupKey: Scalars['Long']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  onlyFuture?: InputMaybe<Scalars['Boolean']['input']>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryGroupConfigurationArgs = {
  groupKey: Scalars['Long']['input'];
};


export type QueryGroupInfoArgs = {
  groupKey: Scalars['Long']['input'];
};


export type QueryGroupInfosOfUserArgs = {
  externalId?: InputMaybe<Scalars['String']['input']>;
  identityKey: Scalars['Long']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  managed?: InputMaybe<Scalars['Boolean']['input']>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryGroupNewsArgs = {
  groupKey: Scalars['Long']['input'];
};


export type QueryGroupOwnersArgs = {
  groupKey: Scalars['Long']['input'];
};


export type QueryGroupParticipantsArgs = {
  groupKey: Scalars['Long']['input'];
};


export type QueryGroupsArgs = {
  externalId?: InputMaybe<Scalars['String']['input']>;
  managed?: InputMaybe<Scalars['Boolean']['input']>;
};


export type QueryGroupsOfUserArgs = {
  externalId?: InputMaybe<Scalars['String']['input']>;
  identityKey: Scalars['Long']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  managed?: InputMaybe<Scalars['Boolean']['input']>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryGroupsOwnedByUserArgs = {
  externalId?: InputMaybe<Scalars['String']['input']>;
  identityKey: Scalars['Long']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  managed?: InputMaybe<Scalars['Boolean']['input']>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryGroupsWithParticipantArgs = {
  externalId?: InputMaybe<Scalars['String']['input']>;
  identityKey: Scalars['Long']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  managed?: InputMaybe<Scalars['Boolean']['input']>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryIdentityRelationsAsSourceArgs = {
  identityKey: Scalars['Long']['input'];
};


export type QueryIdentityRelationsAsTargetArgs = {
  identityKey: Scalars['Long']['input'];
};


export type QueryLectureBlockArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  lectureBlockKey: Scalars['Long']['input'];
};


export type QueryLectureBlockTaxonomyLevelsArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  lectureBlockKey: Scalars['Long']['input'];
};


export type QueryLectureBlockTeachersArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
  lectureBlockKey: Scalars['Long']['input'];
};


export type QueryLectureBlocksArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
};


export type QueryLectureBlocksOfDayArgs = {
  date?: InputMaybe<Scalars['String']['input']>;
};


export type QueryLectureConfigurationArgs = {
  courseKey?: InputMaybe<Scalars['Long']['input']>;
  entry?: InputMaybe<Scalars['String']['input']>;
};


export type QueryLectureRollCallArgs = {
  rollCallKey: Scalars['Long']['input'];
};


export type QueryLectureRollCallsArgs = {
  closed?: InputMaybe<Scalars['Boolean']['input']>;
  hasAbsence?: InputMaybe<Scalars['Boolean']['input']>;
  hasSupervisorNotificationDate?: InputMaybe<Scalars['Boolean']['input']>;
  lectureBlockKey?: InputMaybe<Scalars['Long']['input']>;
};


export type QueryOrganisationArgs = {
  organisationKey: Scalars['Long']['input'];
};


export type QueryOrganisationEntriesArgs = {
  organisationKey: Scalars['Long']['input'];
};


export type QueryOrganisationMembersArgs = {
  organisationKey: Scalars['Long']['input'];
  role: Scalars['String']['input'];
};


export type QueryOrganisationMembershipsArgs = {
  identityKey: Scalars['Long']['input'];
  role: Scalars['String']['input'];
  withInheritance?: InputMaybe<Scalars['Boolean']['input']>;
};


export type QueryOrganisationTypeArgs = {
  typeKey: Scalars['Long']['input'];
};


export type QueryOrganisationTypeAllowedSubTypesArgs = {
  typeKey: Scalars['Long']['input'];
};


export type QueryOrganisationsArgs = {
  externalId?: InputMaybe<Scalars['String']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
};


export type QueryRepositoryEntriesArgs = {
  externalId?: InputMaybe<Scalars['String']['input']>;
  externalRef?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  managed?: InputMaybe<Scalars['Boolean']['input']>;
  resourceType?: InputMaybe<Array<Scalars['String']['input']>>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryRepositoryEntryArgs = {
  entry: Scalars['String']['input'];
};


export type QueryRepositoryEntryAccessArgs = {
  entry: Scalars['String']['input'];
};


export type QueryRepositoryEntryCurriculumElementsArgs = {
  entry: Scalars['String']['input'];
};


export type QueryRepositoryEntryImageArgs = {
  entry: Scalars['String']['input'];
};


export type QueryRepositoryEntryMembersArgs = {
  entry: Scalars['String']['input'];
  role: EntryMemberRole;
};


export type QueryRepositoryEntryMetadataArgs = {
  entry: Scalars['String']['input'];
};


export type QueryRepositoryEntryOrganisationsArgs = {
  entry: Scalars['String']['input'];
};


export type QueryRepositoryEntryTaxonomyLevelsArgs = {
  entry: Scalars['String']['input'];
};


export type QuerySearchCurriculumElementsArgs = {
  externalId?: InputMaybe<Scalars['String']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
};


export type QuerySearchRepositoryEntriesArgs = {
  author?: InputMaybe<Scalars['String']['input']>;
  myentries?: InputMaybe<Scalars['Boolean']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  type?: InputMaybe<Scalars['String']['input']>;
};


export type QuerySyncItemsArgs = {
  action?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['Int']['input']>;
  jobKey: Scalars['Long']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  section?: InputMaybe<Scalars['String']['input']>;
};


export type QuerySyncJobArgs = {
  jobKey: Scalars['Long']['input'];
};


export type QuerySyncJobsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryTaxonomyArgs = {
  taxonomyKey: Scalars['Long']['input'];
};


export type QueryTaxonomyCompetencesOfUserArgs = {
  identityKey: Scalars['Long']['input'];
  taxonomyKey: Scalars['Long']['input'];
};


export type QueryTaxonomyLevelCompetencesArgs = {
  taxonomyKey: Scalars['Long']['input'];
  taxonomyLevelKey: Scalars['Long']['input'];
};


export type QueryTaxonomyLevelCompetencesOfUserArgs = {
  identityKey: Scalars['Long']['input'];
  taxonomyKey: Scalars['Long']['input'];
  taxonomyLevelKey: Scalars['Long']['input'];
};


export type QueryTaxonomyLevelTypeArgs = {
  levelTypeKey: Scalars['Long']['input'];
  taxonomyKey: Scalars['Long']['input'];
};


export type QueryTaxonomyLevelTypeAllowedSubTypesArgs = {
  levelTypeKey: Scalars['Long']['input'];
  taxonomyKey: Scalars['Long']['input'];
};


export type QueryTaxonomyLevelTypesArgs = {
  taxonomyKey: Scalars['Long']['input'];
};


export type QueryTaxonomyLevelsArgs = {
  taxonomyKey: Scalars['Long']['input'];
};


export type QueryUserArgs = {
  identityKey: Scalars['Long']['input'];
  withPortrait?: InputMaybe<Scalars['Boolean']['input']>;
};


export type QueryUserAuthenticationsArgs = {
  identityKey: Scalars['Long']['input'];
};


export type QueryUserAuthenticationsByLoginArgs = {
  username: Scalars['String']['input'];
};


export type QueryUserByLoginArgs = {
  username: Scalars['String']['input'];
};


export type QueryUserCalendarEventsArgs = {
  identityKey: Scalars['Long']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  onlyFuture?: InputMaybe<Scalars['Boolean']['input']>;
  start?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryUserLifecycleArgs = {
  identityKey: Scalars['Long']['input'];
};


export type QueryUserPortraitArgs = {
  identityKey: Scalars['Long']['input'];
  size?: InputMaybe<PortraitSize>;
};


export type QueryUserPreferencesArgs = {
  identityKey: Scalars['Long']['input'];
};


export type QueryUserRolesArgs = {
  identityKey: Scalars['Long']['input'];
};


export type QueryUserStatusArgs = {
  identityKey: Scalars['Long']['input'];
};


export type QueryUsersArgs = {
  authProvider?: InputMaybe<Scalars['String']['input']>;
  authUsername?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  login?: InputMaybe<Scalars['String']['input']>;
  properties?: InputMaybe<Array<UserPropertyInput>>;
  status?: InputMaybe<Scalars['Int']['input']>;
  statusVisibleLimit?: InputMaybe<Scalars['String']['input']>;
};


export type QueryWebhookArgs = {
  webhookKey: Scalars['Long']['input'];
};


export type QueryWebhookFailuresArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  webhookKey: Scalars['Long']['input'];
};

export type RelationRoleVo = {
  __typename?: 'RelationRoleVO';
  externalId?: Maybe<Scalars['String']['output']>;
  externalRef?: Maybe<Scalars['String']['output']>;
  key: Scalars['Long']['output'];
  /** Comma-separated managed flags (all, name, rights, delete), normalised; "" when none. */
  managedFlags: Scalars['String']['output'];
  /** Right ids, in this order: showCoursesAndCurriculum, showCourseProgressAndStatus, showLecturesAndAbsences, viewEfficiencyStatement, certificateUploadExternal, viewCourseCalendar, showResourcesAndBookings, showGroupMemberships, viewAndEditProfile, resetPassword, showContactform, selectableQualityReportAccess, certificateEmail, showAdministrativeProperties. */
  rights: Array<Scalars['String']['output']>;
  role: Scalars['String']['output'];
};

/** A RelationRoleVO as a client sends it. On update, absent fields keep their value here (on REST they are cleared, as OpenOLAT does; the name stays); rights, when given, replace the set (unknown ids are dropped). */
export type RelationRoleVoInput = {
  externalId?: InputMaybe<Scalars['String']['input']>;
  externalRef?: InputMaybe<Scalars['String']['input']>;
  /** On PUT/POST /users/relations/roles a key > 0 updates that role. */
  key?: InputMaybe<Scalars['Long']['input']>;
  managedFlags?: InputMaybe<Scalars['String']['input']>;
  /** Unknown right ids are dropped; [] (or in XML one empty <rights/>) removes every right. */
  rights?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Required when creating. */
  role?: InputMaybe<Scalars['String']['input']>;
};

export type RepositoryEntryAccessVo = {
  __typename?: 'RepositoryEntryAccessVO';
  allUsers: Scalars['Boolean']['output'];
  guests: Scalars['Boolean']['output'];
  repoEntryKey: Scalars['Long']['output'];
  status: Scalars['String']['output'];
};

/** What POST …/access writes: status (else the legacy access and membersOnly, else unchanged), allUsers and guests (absent: false, as OpenOLAT reads them). */
export type RepositoryEntryAccessVoInput = {
  /** Older versions: 0 trash, 1 owners (published with membersOnly), 2 review, 3 all users, 4 all users and guests. */
  access?: InputMaybe<Scalars['Int']['input']>;
  allUsers?: InputMaybe<Scalars['Boolean']['input']>;
  guests?: InputMaybe<Scalars['Boolean']['input']>;
  /** Older versions, with access. */
  membersOnly?: InputMaybe<Scalars['Boolean']['input']>;
  /** When given, the key of the addressed entry (else 400). */
  repoEntryKey?: InputMaybe<Scalars['Long']['input']>;
  /** A status (catalogue 5.1). */
  status?: InputMaybe<Scalars['String']['input']>;
};

export type RepositoryEntryEducationalTypeVo = {
  __typename?: 'RepositoryEntryEducationalTypeVO';
  cssClass?: Maybe<Scalars['String']['output']>;
  identifier?: Maybe<Scalars['String']['output']>;
  key?: Maybe<Scalars['Long']['output']>;
  predefined?: Maybe<Scalars['Boolean']['output']>;
};

/** Looked up by key; this gateway keeps no educational types, so the type is cleared. */
export type RepositoryEntryEducationalTypeVoInput = {
  cssClass?: InputMaybe<Scalars['String']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  predefined?: InputMaybe<Scalars['Boolean']['input']>;
};

/** On REST the multipart form: part `file` (a JPEG, PNG or GIF image) and field `filename`. */
export type RepositoryEntryImageUploadInput = {
  /** A JPEG, PNG or GIF image, recognised by its content; anything else is refused with CONFLICT. */
  file: Scalars['Base64']['input'];
  filename?: InputMaybe<Scalars['String']['input']>;
};

/** The teaser image of a repository entry or course (on REST the image itself). */
export type RepositoryEntryImageVo = FileVo & {
  __typename?: 'RepositoryEntryImageVO';
  /** The image; read only when selected. */
  content: Scalars['Base64']['output'];
  contentType: Scalars['String']['output'];
  entryKey: Scalars['Long']['output'];
  lastModified: Scalars['DateTime']['output'];
  /** Length in bytes. */
  length: Scalars['Int']['output'];
};

/** A learning resource export (a course export ZIP) with the fields of PUT /repo/entries. */
export type RepositoryEntryImportInput = {
  /** Legacy access (see POST /repo/courses). */
  access?: InputMaybe<Scalars['Int']['input']>;
  /** Default: the DisplayName of export/repo.xml. */
  displayname?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  externalRef?: InputMaybe<Scalars['String']['input']>;
  /** The course export ZIP. On REST the multipart part `file`, streamed to a temporary file; on GraphQL Base64 (up to the GraphQL body limit). */
  file?: InputMaybe<Scalars['Base64']['input']>;
  /** The name of the file; default: the name of the file part. */
  filename?: InputMaybe<Scalars['String']['input']>;
  /** Default: the default organisation. */
  organisationkey?: InputMaybe<Scalars['Long']['input']>;
  /** Default: the ResourceName of export/repo.xml. */
  resourcename?: InputMaybe<Scalars['String']['input']>;
  /** Default: the softkey of export/repo.xml when no entry has it, else a new one. */
  softkey?: InputMaybe<Scalars['String']['input']>;
  /** The status; wins over access. Default: preparation. */
  status?: InputMaybe<Scalars['String']['input']>;
};

export type RepositoryEntryLectureConfigurationVo = {
  __typename?: 'RepositoryEntryLectureConfigurationVO';
  calculateAttendanceRate?: Maybe<Scalars['Boolean']['output']>;
  courseCalendarSyncEnabled?: Maybe<Scalars['Boolean']['output']>;
  lectureEnabled?: Maybe<Scalars['Boolean']['output']>;
  overrideModuleDefault?: Maybe<Scalars['Boolean']['output']>;
  requiredAttendanceRate?: Maybe<Scalars['Float']['output']>;
  rollCallEnabled?: Maybe<Scalars['Boolean']['output']>;
  teacherCalendarSyncEnabled?: Maybe<Scalars['Boolean']['output']>;
};

/** Only the fields given (not null) are written. */
export type RepositoryEntryLectureConfigurationVoInput = {
  calculateAttendanceRate?: InputMaybe<Scalars['Boolean']['input']>;
  courseCalendarSyncEnabled?: InputMaybe<Scalars['Boolean']['input']>;
  lectureEnabled?: InputMaybe<Scalars['Boolean']['input']>;
  overrideModuleDefault?: InputMaybe<Scalars['Boolean']['input']>;
  requiredAttendanceRate?: InputMaybe<Scalars['Float']['input']>;
  rollCallEnabled?: InputMaybe<Scalars['Boolean']['input']>;
  teacherCalendarSyncEnabled?: InputMaybe<Scalars['Boolean']['input']>;
};

export type RepositoryEntryLifecycleVo = {
  __typename?: 'RepositoryEntryLifecycleVO';
  /** Always null: this gateway keeps private lifecycles only. */
  key?: Maybe<Scalars['Long']['output']>;
  label?: Maybe<Scalars['String']['output']>;
  softkey?: Maybe<Scalars['String']['output']>;
  validFrom?: Maybe<Scalars['String']['output']>;
  validTo?: Maybe<Scalars['String']['output']>;
};

/** A private lifecycle: validFrom and validTo as `yyyy-MM-ddTHH:mm:ss` (UTC) or ISO 8601 with a zone; key is ignored. */
export type RepositoryEntryLifecycleVoInput = {
  key?: InputMaybe<Scalars['Long']['input']>;
  label?: InputMaybe<Scalars['String']['input']>;
  softkey?: InputMaybe<Scalars['String']['input']>;
  validFrom?: InputMaybe<Scalars['String']['input']>;
  validTo?: InputMaybe<Scalars['String']['input']>;
};

export type RepositoryEntryMetadataVo = {
  __typename?: 'RepositoryEntryMetadataVO';
  authors?: Maybe<Scalars['String']['output']>;
  credits?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  displayname: Scalars['String']['output'];
  educationalType?: Maybe<RepositoryEntryEducationalTypeVo>;
  expenditureOfWork?: Maybe<Scalars['String']['output']>;
  externalId?: Maybe<Scalars['String']['output']>;
  externalRef?: Maybe<Scalars['String']['output']>;
  key: Scalars['Long']['output'];
  lifecycle?: Maybe<RepositoryEntryLifecycleVo>;
  location?: Maybe<Scalars['String']['output']>;
  mainLanguage?: Maybe<Scalars['String']['output']>;
  managedFlags?: Maybe<Scalars['String']['output']>;
  objectives?: Maybe<Scalars['String']['output']>;
  olatResourceId: Scalars['Long']['output'];
  olatResourceKey: Scalars['Long']['output'];
  olatResourceTypeName: Scalars['String']['output'];
  requirements?: Maybe<Scalars['String']['output']>;
  resourceableId: Scalars['Long']['output'];
  resourceableTypeName: Scalars['String']['output'];
  resourcename: Scalars['String']['output'];
  softkey: Scalars['String']['output'];
  teaser?: Maybe<Scalars['String']['output']>;
  /** Always null: this gateway keeps no technical types. */
  technicalType?: Maybe<Scalars['String']['output']>;
};

/** New metadata: every field listed below is written, absent ones as null (displayname keeps its value when absent). key must be the entry’s if sent (else BAD_REQUEST); externalId, managedFlags, technicalType and the resource fields are ignored. */
export type RepositoryEntryMetadataVoInput = {
  authors?: InputMaybe<Scalars['String']['input']>;
  credits?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  displayname?: InputMaybe<Scalars['String']['input']>;
  educationalType?: InputMaybe<RepositoryEntryEducationalTypeVoInput>;
  expenditureOfWork?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  externalRef?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  /** Absent: the entry’s lifecycle is removed. */
  lifecycle?: InputMaybe<RepositoryEntryLifecycleVoInput>;
  location?: InputMaybe<Scalars['String']['input']>;
  mainLanguage?: InputMaybe<Scalars['String']['input']>;
  managedFlags?: InputMaybe<Scalars['String']['input']>;
  objectives?: InputMaybe<Scalars['String']['input']>;
  olatResourceId?: InputMaybe<Scalars['Long']['input']>;
  olatResourceKey?: InputMaybe<Scalars['Long']['input']>;
  olatResourceTypeName?: InputMaybe<Scalars['String']['input']>;
  requirements?: InputMaybe<Scalars['String']['input']>;
  resourceableId?: InputMaybe<Scalars['Long']['input']>;
  resourceableTypeName?: InputMaybe<Scalars['String']['input']>;
  resourcename?: InputMaybe<Scalars['String']['input']>;
  softkey?: InputMaybe<Scalars['String']['input']>;
  teaser?: InputMaybe<Scalars['String']['input']>;
  technicalType?: InputMaybe<Scalars['String']['input']>;
};

export type RepositoryEntryVo = {
  __typename?: 'RepositoryEntryVO';
  authors?: Maybe<Scalars['String']['output']>;
  /** A page of the coaches (GraphQL only). Administrators and learning resource managers of the course’s organisation, and its owners. */
  coaches?: Maybe<Array<UserVo>>;
  /** The course, when the entry is one (else null), as GET /repo/courses/{courseId}: for whoever sees it; read for every entry of the answer at once (GraphQL only). */
  course?: Maybe<CourseVo>;
  description?: Maybe<Scalars['String']['output']>;
  displayname: Scalars['String']['output'];
  /** preparation, review, coachpublished, published, closed, trash or deleted. */
  entryStatus: Scalars['String']['output'];
  externalId?: Maybe<Scalars['String']['output']>;
  externalRef?: Maybe<Scalars['String']['output']>;
  key: Scalars['Long']['output'];
  lifecycle?: Maybe<RepositoryEntryLifecycleVo>;
  location?: Maybe<Scalars['String']['output']>;
  /** Comma-separated managed flags (catalogue 4.2), stored as received. */
  managedFlags?: Maybe<Scalars['String']['output']>;
  /** Every flag in effect: the flags set and everything they imply (GraphQL only). */
  managedFlagsInEffect: Array<Scalars['String']['output']>;
  olatResourceId: Scalars['Long']['output'];
  olatResourceKey: Scalars['Long']['output'];
  olatResourceTypeName: Scalars['String']['output'];
  /** A page of the owners; read for every entry of the answer at once (GraphQL only). Administrators and learning resource managers of the course’s organisation, and its owners. */
  owners?: Maybe<Array<UserVo>>;
  /** A page of the participants (GraphQL only). Administrators and learning resource managers of the course’s organisation, and its owners. */
  participants?: Maybe<Array<UserVo>>;
  resourceableId: Scalars['Long']['output'];
  resourceableTypeName: Scalars['String']['output'];
  resourcename: Scalars['String']['output'];
  softkey: Scalars['String']['output'];
  teaser?: Maybe<Scalars['String']['output']>;
};


export type RepositoryEntryVoCoachesArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type RepositoryEntryVoOwnersArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type RepositoryEntryVoParticipantsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};

/** POST /repo/entries/{k}: displayname, description, teaser, location, authors, externalId, externalRef and managedFlags are replaced (absent: null; displayname keeps its value when absent), lifecycle replaced (absent: removed), entryStatus changed as by …/status when sent. On REST also a multipart form whose part `file` replaces the content of an IMS content package (other entries: NOT_FOUND). */
export type RepositoryEntryVoInput = {
  authors?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  displayname?: InputMaybe<Scalars['String']['input']>;
  /** A status name, or closed, unclosed, deleted, restored as for …/status. */
  entryStatus?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  externalRef?: InputMaybe<Scalars['String']['input']>;
  /** The new content of an IMS content package; empty: nothing is changed (REST 204). */
  file?: InputMaybe<Scalars['Base64']['input']>;
  filename?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  lifecycle?: InputMaybe<RepositoryEntryLifecycleVoInput>;
  location?: InputMaybe<Scalars['String']['input']>;
  managedFlags?: InputMaybe<Scalars['String']['input']>;
  olatResourceId?: InputMaybe<Scalars['Long']['input']>;
  olatResourceKey?: InputMaybe<Scalars['Long']['input']>;
  olatResourceTypeName?: InputMaybe<Scalars['String']['input']>;
  resourceableId?: InputMaybe<Scalars['Long']['input']>;
  resourceableTypeName?: InputMaybe<Scalars['String']['input']>;
  resourcename?: InputMaybe<Scalars['String']['input']>;
  softkey?: InputMaybe<Scalars['String']['input']>;
  teaser?: InputMaybe<Scalars['String']['input']>;
};

/** A page of repositoryEntries (pagingspec=1.0), with the total. */
export type RepositoryEntryVOes = {
  __typename?: 'RepositoryEntryVOes';
  repositoryEntries: Array<RepositoryEntryVo>;
  totalCount: Scalars['Int']['output'];
};

export type RolesVo = {
  __typename?: 'RolesVO';
  author: Scalars['Boolean']['output'];
  curriculumManager: Scalars['Boolean']['output'];
  groupManager: Scalars['Boolean']['output'];
  guestOnly: Scalars['Boolean']['output'];
  institutionalResourceManager: Scalars['Boolean']['output'];
  invitee: Scalars['Boolean']['output'];
  olatAdmin: Scalars['Boolean']['output'];
  poolAdmin: Scalars['Boolean']['output'];
  selectusManager: Scalars['Boolean']['output'];
  systemAdmin: Scalars['Boolean']['output'];
  userManager: Scalars['Boolean']['output'];
};

/** Absent flags count as false, but selectusManager (a newer flag) changes only when sent; systemAdmin is ignored. guestOnly, else invitee, stands alone: the other roles are removed. */
export type RolesVoInput = {
  author?: InputMaybe<Scalars['Boolean']['input']>;
  curriculumManager?: InputMaybe<Scalars['Boolean']['input']>;
  groupManager?: InputMaybe<Scalars['Boolean']['input']>;
  guestOnly?: InputMaybe<Scalars['Boolean']['input']>;
  institutionalResourceManager?: InputMaybe<Scalars['Boolean']['input']>;
  invitee?: InputMaybe<Scalars['Boolean']['input']>;
  olatAdmin?: InputMaybe<Scalars['Boolean']['input']>;
  poolAdmin?: InputMaybe<Scalars['Boolean']['input']>;
  selectusManager?: InputMaybe<Scalars['Boolean']['input']>;
  systemAdmin?: InputMaybe<Scalars['Boolean']['input']>;
  userManager?: InputMaybe<Scalars['Boolean']['input']>;
};

export type RollCallAdaptationVo = {
  __typename?: 'RollCallAdaptationVO';
  /** How many roll calls changed. */
  adaptedRollCalls: Scalars['Int']['output'];
  /** The course whose blocks were adapted. */
  repoEntryKey: Scalars['Long']['output'];
};

/** Only the settings given are changed. */
export type SettingsInput = {
  apiAccess?: InputMaybe<Scalars['String']['input']>;
  managedEnforced?: InputMaybe<Scalars['Boolean']['input']>;
  restEnabled?: InputMaybe<Scalars['Boolean']['input']>;
  scimOrganisationMemberships?: InputMaybe<Scalars['Boolean']['input']>;
  userApiKeyGeneration?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The administrator's switches; a change reaches every instance within seconds. */
export type SettingsVo = {
  __typename?: 'SettingsVO';
  /** "all", or "apikey": REST accepts only API-key logins and the tokens and sessions they opened. */
  apiAccess: Scalars['String']['output'];
  /** Off: GraphQL callers may change managed elements too. */
  managedEnforced: Scalars['Boolean']['output'];
  /** Off: /restapi answers 403 outside the always-enabled paths (ping, api, i18n …). */
  restEnabled: Scalars['Boolean']['output'];
  /** Whether a SCIM User's enterprise organization and department (OpenOLAT's institutionalName and orgUnit) also make the person a member of the organisation with that identifier, when one exists (and leave the one the value named before). On by default. */
  scimOrganisationMemberships: Scalars['Boolean']['output'];
  /** Whether people may generate API keys for themselves. */
  userApiKeyGeneration: Scalars['Boolean']['output'];
};

export type StatusVo = {
  __typename?: 'StatusVO';
  /** 1 permanent, 2 active, 101 login denied, 102 pending, 103 inactive, 199 deleted */
  status: Scalars['Int']['output'];
};

export type StatusVoInput = {
  status: Scalars['Int']['input'];
};

export type Subscription = {
  __typename?: 'Subscription';
  /** The change feed as it grows, one event at a time, over Server-Sent Events at /graphql/stream (graphql-sse): the events the `changes` query would answer this caller, as their writes commit. To resume after a disconnect, subscribe again with `after` set to the last event's `cursor`. */
  changes: ChangeVo;
};


export type SubscriptionChangesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  types?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** One field a sync changes: its value before and after (null: none). */
export type SyncChangeVo = {
  __typename?: 'SyncChangeVO';
  after?: Maybe<Scalars['String']['output']>;
  before?: Maybe<Scalars['String']['output']>;
  field: Scalars['String']['output'];
};

/** A course, found by externalId; its metadata keeps what the document leaves out. */
export type SyncCourseInput = {
  /** Open to all users (publicVisible). */
  allUsers?: InputMaybe<Scalars['Boolean']['input']>;
  authors?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  /** Names the course (required). */
  externalId?: InputMaybe<Scalars['String']['input']>;
  externalRef?: InputMaybe<Scalars['String']['input']>;
  /** Open to guests. */
  guests?: InputMaybe<Scalars['Boolean']['input']>;
  location?: InputMaybe<Scalars['String']['input']>;
  /** preparation, review, coachpublished, published or closed. */
  status?: InputMaybe<Scalars['String']['input']>;
  /** Its display name; required when it is created. */
  title?: InputMaybe<Scalars['String']['input']>;
  /** The beginning of its lifecycle (its own, as …/metadata sets it). */
  validFrom?: InputMaybe<Scalars['DateTime']['input']>;
  /** The end of its lifecycle. */
  validTo?: InputMaybe<Scalars['DateTime']['input']>;
};

/** An element of a curriculum, found by externalId. */
export type SyncCurriculumElementInput = {
  beginDate?: InputMaybe<Scalars['DateTime']['input']>;
  /** Its curriculum, by externalId: required when it is created (or its parent names it). */
  curriculumExternalId?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  /** Required when it is created. */
  displayName?: InputMaybe<Scalars['String']['input']>;
  endDate?: InputMaybe<Scalars['DateTime']['input']>;
  /** Names the element (required). */
  externalId?: InputMaybe<Scalars['String']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  /** The element it is below, by externalId (before it in the document, or there already); absent: the top. */
  parentExternalId?: InputMaybe<Scalars['String']['input']>;
  /** A status of catalogue 5.2 (preparation, provisional, confirmed, active, cancelled, finished). */
  status?: InputMaybe<Scalars['String']['input']>;
  /** Its curriculum element type, by the type's externalId. */
  typeExternalId?: InputMaybe<Scalars['String']['input']>;
};

/** A curriculum, found by externalId. */
export type SyncCurriculumInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  /** Required when it is created. */
  displayName?: InputMaybe<Scalars['String']['input']>;
  /** Names the curriculum (required). */
  externalId?: InputMaybe<Scalars['String']['input']>;
  /** Required when it is created. */
  identifier?: InputMaybe<Scalars['String']['input']>;
  /** Its organisation, by externalId. */
  organisationExternalId?: InputMaybe<Scalars['String']['input']>;
};

/** The desired state (beyond OpenOLAT): sections applied in this order, each object named by its externalId; sections and fields not given are left alone. */
export type SyncDocumentInput = {
  courses?: InputMaybe<Array<SyncCourseInput>>;
  curricula?: InputMaybe<Array<SyncCurriculumInput>>;
  elements?: InputMaybe<Array<SyncCurriculumElementInput>>;
  groups?: InputMaybe<Array<SyncGroupInput>>;
  memberships?: InputMaybe<Array<SyncMembershipInput>>;
  organisations?: InputMaybe<Array<SyncOrganisationInput>>;
  users?: InputMaybe<Array<SyncUserInput>>;
};

/** A learning group, found by externalId. */
export type SyncGroupInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  /** Names the group (required). */
  externalId?: InputMaybe<Scalars['String']['input']>;
  maxParticipants?: InputMaybe<Scalars['Int']['input']>;
  minParticipants?: InputMaybe<Scalars['Int']['input']>;
  /** Required when it is created. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Everyone sees the owners. */
  ownersPublic?: InputMaybe<Scalars['Boolean']['input']>;
  /** Members see the owners. */
  ownersVisible?: InputMaybe<Scalars['Boolean']['input']>;
  /** Everyone sees the participants. */
  participantsPublic?: InputMaybe<Scalars['Boolean']['input']>;
  /** Members see the participants. */
  participantsVisible?: InputMaybe<Scalars['Boolean']['input']>;
  /** The tools switched on, all of them (GroupConfigurationVO.tools: hasNews, hasCalendar, hasFolder, …); absent: as they are. */
  tools?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Everyone sees the waiting list. */
  waitingListPublic?: InputMaybe<Scalars['Boolean']['input']>;
  /** Members see the waiting list. */
  waitingListVisible?: InputMaybe<Scalars['Boolean']['input']>;
};

/** One object of a sync document and what the job did (or would do) with it. */
export type SyncItemVo = {
  __typename?: 'SyncItemVO';
  /** create, update, unchanged, remove or error; null until the job comes to it. */
  action?: Maybe<Scalars['String']['output']>;
  /** The fields an update changes. */
  changes: Array<SyncChangeVo>;
  /** A membership's container, e.g. "group:G-101". */
  container?: Maybe<Scalars['String']['output']>;
  error?: Maybe<Scalars['String']['output']>;
  /** The key of the object created or changed (none in a dry run for what it would create). */
  key?: Maybe<Scalars['Long']['output']>;
  /** The object's externalId (a person's, or login); for a membership the member's. */
  ref: Scalars['String']['output'];
  role?: Maybe<Scalars['String']['output']>;
  section: Scalars['String']['output'];
  /** Its place in the job: objects in document order, then the removals. */
  seq: Scalars['Int']['output'];
};

/** A sync job (beyond OpenOLAT): a dry run (state planned) or an apply, and how far it has come. */
export type SyncJobVo = {
  __typename?: 'SyncJobVO';
  atomic: Scalars['Boolean']['output'];
  dryRun: Scalars['Boolean']['output'];
  /** Why the job as a whole failed, was refused or stopped. */
  error?: Maybe<Scalars['String']['output']>;
  /** The first 100 objects that failed (all of them: GET /restapi/sync/{jobKey}/items?action=error). */
  failures: Array<SyncItemVo>;
  finished?: Maybe<Scalars['DateTime']['output']>;
  force: Scalars['Boolean']['output'];
  key: Scalars['Long']['output'];
  mode: SyncMode;
  /** Who submitted it. */
  ownerKey: Scalars['Long']['output'];
  /** Per section, in the order they are applied. */
  sections: Array<SyncSectionVo>;
  started?: Maybe<Scalars['DateTime']['output']>;
  /** queued, running, planned (a dry run), done, failed, refused (the mirror guard) or stopped. */
  state: Scalars['String']['output'];
  submitted: Scalars['DateTime']['output'];
};

/** Who should hold a role in a container: the people, by externalId or login. */
export type SyncMembershipInput = {
  /** The container's externalId. */
  externalId?: InputMaybe<Scalars['String']['input']>;
  members?: InputMaybe<Array<Scalars['String']['input']>>;
  /** A group: owner (or coach) or participant; a course: owner, coach or participant; an element: participant, coach, owner, mastercoach or curriculumelementowner; an organisation: one of its roles (user, author, usermanager, …). */
  role?: InputMaybe<Scalars['String']['input']>;
  /** group, organisation, course or element (a curriculum element). */
  type?: InputMaybe<Scalars['String']['input']>;
};

/** merge: create, update and add, never remove; mirror: also remove the members of the listed containers and roles the document does not list. */
export type SyncMode =
  | 'merge'
  | 'mirror';

/** An organisation as the external system says it should be; fields not given are left alone. */
export type SyncOrganisationInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  /** Required when it is created. */
  displayName?: InputMaybe<Scalars['String']['input']>;
  /** Names the organisation (required). */
  externalId?: InputMaybe<Scalars['String']['input']>;
  /** Required when it is created. */
  identifier?: InputMaybe<Scalars['String']['input']>;
  /** The parent organisation, by externalId (created before, in this document or earlier); absent: the default organisation. */
  parentExternalId?: InputMaybe<Scalars['String']['input']>;
};

/** What a job did (or, in a dry run, would do) with one section. */
export type SyncSectionVo = {
  __typename?: 'SyncSectionVO';
  created: Scalars['Int']['output'];
  done: Scalars['Int']['output'];
  failed: Scalars['Int']['output'];
  removed: Scalars['Int']['output'];
  section: Scalars['String']['output'];
  /** Objects (memberships: people per container and role, and the removals a mirror adds). */
  total: Scalars['Int']['output'];
  unchanged: Scalars['Int']['output'];
  updated: Scalars['Int']['output'];
};

/** A person; found by externalId, else by login. */
export type SyncUserInput = {
  email?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  firstName?: InputMaybe<Scalars['String']['input']>;
  lastName?: InputMaybe<Scalars['String']['input']>;
  /** Required when the person is created. */
  login?: InputMaybe<Scalars['String']['input']>;
  /** Set when the person is created, or when it is not their password already (compared, and hashed, before the batch is written: bcrypt sets the rate). Kept with the job only until it ends. */
  password?: InputMaybe<Scalars['String']['input']>;
  /** User properties by OpenOLAT's names (telMobile, institutionalUserIdentifier, …): each one given is set; those not given are left alone. */
  properties?: InputMaybe<Array<UserPropertyInput>>;
};

export type TaxonomyCompetenceVo = {
  __typename?: 'TaxonomyCompetenceVO';
  expiration?: Maybe<Scalars['DateTime']['output']>;
  /** The person, as GET /users/{identityKey} (GraphQL only). */
  identity: UserVo;
  identityKey: Scalars['Long']['output'];
  key: Scalars['Long']['output'];
  /** target, have, teach or manage (catalogue 5.9) */
  taxonomyCompetenceType: Scalars['String']['output'];
  /** The level, for taxonomy administrators (GraphQL only). */
  taxonomyLevel?: Maybe<TaxonomyLevelVo>;
  taxonomyLevelKey: Scalars['Long']['output'];
};

/** A TaxonomyCompetenceVO as a client sends it: a competence of the same type on the level is updated (its expiration), else one is created. */
export type TaxonomyCompetenceVoInput = {
  expiration?: InputMaybe<Scalars['DateTime']['input']>;
  identityKey: Scalars['Long']['input'];
  key?: InputMaybe<Scalars['Long']['input']>;
  /** target, have, teach or manage (catalogue 5.9) */
  taxonomyCompetenceType: Scalars['String']['input'];
  /** must be the level of the path when given */
  taxonomyLevelKey?: InputMaybe<Scalars['Long']['input']>;
};

export type TaxonomyLevelTypeVo = {
  __typename?: 'TaxonomyLevelTypeVO';
  cssClass?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  documentsLibraryEnabled?: Maybe<Scalars['Boolean']['output']>;
  documentsLibraryHaveCompetenceReadEnabled?: Maybe<Scalars['Boolean']['output']>;
  documentsLibraryManagerCompetenceEnabled?: Maybe<Scalars['Boolean']['output']>;
  documentsLibraryTargetCompetenceReadEnabled?: Maybe<Scalars['Boolean']['output']>;
  documentsLibraryTeachCompetenceReadEnabled?: Maybe<Scalars['Boolean']['output']>;
  documentsLibraryTeachCompetenceReadParentLevels?: Maybe<Scalars['Int']['output']>;
  documentsLibraryTeachCompetenceWriteEnabled?: Maybe<Scalars['Boolean']['output']>;
  externalId?: Maybe<Scalars['String']['output']>;
  identifier: Scalars['String']['output'];
  key: Scalars['Long']['output'];
  /** Comma-separated managed flags (catalogue 4.11), normalised. */
  managedFlags?: Maybe<Scalars['String']['output']>;
  visible?: Maybe<Scalars['Boolean']['output']>;
};

/** A TaxonomyLevelTypeVO as a client sends it: without a key a new type, with a key an update. */
export type TaxonomyLevelTypeVoInput = {
  cssClass?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  displayName?: InputMaybe<Scalars['String']['input']>;
  documentsLibraryEnabled?: InputMaybe<Scalars['Boolean']['input']>;
  documentsLibraryHaveCompetenceReadEnabled?: InputMaybe<Scalars['Boolean']['input']>;
  documentsLibraryManagerCompetenceEnabled?: InputMaybe<Scalars['Boolean']['input']>;
  documentsLibraryTargetCompetenceReadEnabled?: InputMaybe<Scalars['Boolean']['input']>;
  documentsLibraryTeachCompetenceReadEnabled?: InputMaybe<Scalars['Boolean']['input']>;
  documentsLibraryTeachCompetenceReadParentLevels?: InputMaybe<Scalars['Int']['input']>;
  documentsLibraryTeachCompetenceWriteEnabled?: InputMaybe<Scalars['Boolean']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  /** mandatory for a new type */
  identifier?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  managedFlags?: InputMaybe<Scalars['String']['input']>;
  visible?: InputMaybe<Scalars['Boolean']['input']>;
};

export type TaxonomyLevelVo = {
  __typename?: 'TaxonomyLevelVO';
  /** A page of the sub-levels, in key order (GraphQL only). */
  children: Array<TaxonomyLevelVo>;
  /** As GET …/levels/{taxonomyLevelKey}/competences (GraphQL only). */
  competences: Array<TaxonomyCompetenceVo>;
  description?: Maybe<Scalars['String']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  externalId?: Maybe<Scalars['String']['output']>;
  identifier: Scalars['String']['output'];
  key: Scalars['Long']['output'];
  /** Comma-separated managed flags (catalogue 4.10), normalised. */
  managedFlags?: Maybe<Scalars['String']['output']>;
  /** The level above (null for a root level) (GraphQL only). */
  parent?: Maybe<TaxonomyLevelVo>;
  /** null for a root level */
  parentKey?: Maybe<Scalars['Long']['output']>;
  /** The type of the level (GraphQL only). */
  type?: Maybe<TaxonomyLevelTypeVo>;
  typeKey?: Maybe<Scalars['Long']['output']>;
};


export type TaxonomyLevelVoChildrenArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type TaxonomyLevelVoCompetencesArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};

/** A TaxonomyLevelVO as a client sends it: without a key a new level, with a key an update; a changed parentKey moves the level with its sub-levels, a null parentKey makes it a root level. */
export type TaxonomyLevelVoInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  displayName?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  /** mandatory for a new level */
  identifier?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  managedFlags?: InputMaybe<Scalars['String']['input']>;
  parentKey?: InputMaybe<Scalars['Long']['input']>;
  typeKey?: InputMaybe<Scalars['Long']['input']>;
};

export type TaxonomyModuleConfigurationVo = {
  __typename?: 'TaxonomyModuleConfigurationVO';
  /** The taxonomy module is on (always, in this service). */
  enabled: Scalars['Boolean']['output'];
  /** Managed flags of taxonomies, levels and level types are enforced on GraphQL changes (the managedEnforced setting). */
  managedTaxonomyLevels: Scalars['Boolean']['output'];
  /** How many taxonomies there are. */
  taxonomies: Scalars['Int']['output'];
};

export type TaxonomyVo = {
  __typename?: 'TaxonomyVO';
  description?: Maybe<Scalars['String']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  externalId?: Maybe<Scalars['String']['output']>;
  identifier: Scalars['String']['output'];
  key: Scalars['Long']['output'];
  /** As GET /taxonomy/{taxonomyKey}/levels, a page: the levels, flat, in key order (GraphQL only). */
  levels: Array<TaxonomyLevelVo>;
  /** Comma-separated managed flags (catalogue 4.8), normalised. */
  managedFlags?: Maybe<Scalars['String']['output']>;
  /** A page of the root levels; follow children for the tree (GraphQL only). */
  rootLevels: Array<TaxonomyLevelVo>;
  /** As GET /taxonomy/{taxonomyKey}/types (GraphQL only). */
  types: Array<TaxonomyLevelTypeVo>;
};


export type TaxonomyVoLevelsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type TaxonomyVoRootLevelsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type TaxonomyVoTypesArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};

/** A TaxonomyVO as a client sends it (an extension: OpenOLAT cannot create taxonomies over REST). Without a key a new taxonomy, with a key an update; absent fields keep their value. */
export type TaxonomyVoInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  displayName?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  identifier?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  managedFlags?: InputMaybe<Scalars['String']['input']>;
};

export type TaxonomyVOes = {
  __typename?: 'TaxonomyVOes';
  taxonomies: Array<TaxonomyVo>;
  totalCount: Scalars['Int']['output'];
};

export type UserLifecycleVo = {
  __typename?: 'UserLifecycleVO';
  creationDate?: Maybe<Scalars['DateTime']['output']>;
  expirationDate?: Maybe<Scalars['DateTime']['output']>;
  externalId?: Maybe<Scalars['String']['output']>;
  inactivationDate?: Maybe<Scalars['DateTime']['output']>;
  key: Scalars['Long']['output'];
  status?: Maybe<Scalars['Int']['output']>;
};

/** No dates: reactivate the user (status active, dates cleared); an expirationDate: set it; only an inactivationDate: nothing changes. Other fields are ignored. */
export type UserLifecycleVoInput = {
  creationDate?: InputMaybe<Scalars['DateTime']['input']>;
  expirationDate?: InputMaybe<Scalars['DateTime']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  inactivationDate?: InputMaybe<Scalars['DateTime']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  status?: InputMaybe<Scalars['Int']['input']>;
};

export type UserPropertyInput = {
  name: Scalars['String']['input'];
  value?: InputMaybe<Scalars['String']['input']>;
};

export type UserPropertyVo = {
  __typename?: 'UserPropertyVO';
  name: Scalars['String']['output'];
  value?: Maybe<Scalars['String']['output']>;
};

export type UserVo = {
  __typename?: 'UserVO';
  /** When the person was created (GraphQL only). */
  creationDate: Scalars['DateTime']['output'];
  /** A page of the person's efficiency statements, by resource key; null with an error for a caller who may not read them (GraphQL only). Administrators who manage the person (OpenOLAT: isAdminOf; it answers 401 where this answers 403). */
  efficiencyStatements?: Maybe<Array<EfficiencyStatementVo>>;
  email?: Maybe<Scalars['String']['output']>;
  externalId?: Maybe<Scalars['String']['output']>;
  firstName?: Maybe<Scalars['String']['output']>;
  /** As GET /users/{k}/groups: the person, group managers and the person's user managers; null with an error otherwise (GraphQL only). */
  groups?: Maybe<Array<GroupVo>>;
  key: Scalars['Long']['output'];
  /** When the person was last changed (GraphQL only). */
  lastModified: Scalars['DateTime']['output'];
  lastName?: Maybe<Scalars['String']['output']>;
  login: Scalars['String']['output'];
  /** The organisations the person belongs to (role user), with those an inheriting membership covers: as GET /organisations/membership/user/{identityKey}, for organisation administrators; null with an error otherwise (GraphQL only). */
  organisations?: Maybe<Array<OrganisationVo>>;
  /** The small portrait as base64 (JPEG), with withPortrait=true only; null without a portrait. */
  portrait?: Maybe<Scalars['String']['output']>;
  properties: Array<UserPropertyVo>;
  /** As GET /users/{k}/relations/source: the person's relations as source, for their user managers; null with an error otherwise (GraphQL only). */
  relations?: Maybe<Array<IdentityToIdentityRelationVo>>;
  /** As GET /users/{k}/roles: the person themself, or their user managers; null with an error otherwise (GraphQL only). */
  roles?: Maybe<RolesVo>;
};


export type UserVoEfficiencyStatementsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type UserVoGroupsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type UserVoOrganisationsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};


export type UserVoRelationsArgs = {
  limit?: Scalars['Int']['input'];
  offset?: Scalars['Int']['input'];
};

/** A UserVO as a client sends it; `key` and `portrait` are accepted and ignored. */
export type UserVoInput = {
  email?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  firstName?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  lastName?: InputMaybe<Scalars['String']['input']>;
  login?: InputMaybe<Scalars['String']['input']>;
  /** Write-only: set as the OLAT password, never returned. */
  password?: InputMaybe<Scalars['String']['input']>;
  portrait?: InputMaybe<Scalars['String']['input']>;
  properties?: InputMaybe<Array<UserPropertyInput>>;
};

/** An event a subscription gave up on after retrying for WEBHOOK_RETRY_HOURS; a replay from before its cursor sends it again. */
export type WebhookFailureVo = {
  __typename?: 'WebhookFailureVO';
  attempts: Scalars['Int']['output'];
  /** The event's change feed cursor. */
  cursor: Scalars['String']['output'];
  failedAt: Scalars['DateTime']['output'];
  key: Scalars['Long']['output'];
  lastError?: Maybe<Scalars['String']['output']>;
  type: Scalars['String']['output'];
};

/** A webhook subscription (beyond OpenOLAT): the change feed's events of `types` are POSTed to `url`, signed per Standard Webhooks, as far as the owner may read them (within `organisationKey` and below, when set). */
export type WebhookVo = {
  __typename?: 'WebhookVO';
  active: Scalars['Boolean']['output'];
  /** Failed attempts at the next event; 0 while deliveries succeed. */
  attempts: Scalars['Int']['output'];
  creationDate: Scalars['DateTime']['output'];
  /** The change feed cursor of the last event delivered (or passed over); a replay moves it back. */
  cursor: Scalars['String']['output'];
  key: Scalars['Long']['output'];
  lastDeliveryAt?: Maybe<Scalars['DateTime']['output']>;
  /** Why the last attempt failed, while the next event still fails. */
  lastError?: Maybe<Scalars['String']['output']>;
  /** When the next event is tried again, while it fails. */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** Only events about objects of this organisation and the ones below it. */
  organisationKey?: Maybe<Scalars['Long']['output']>;
  /** Who created it: deliveries carry the events this person may read. */
  ownerKey: Scalars['Long']['output'];
  /** The signing secret (`whsec_…`): shown once, in the answer that creates or rotates it; null otherwise. */
  secret?: Maybe<Scalars['String']['output']>;
  /** Event types delivered (`user.created`, …); empty: every type. */
  types: Array<Scalars['String']['output']>;
  url: Scalars['String']['output'];
};

/** A webhook subscription as an administrator writes it. */
export type WebhookVoInput = {
  /** true when absent on creation. */
  active?: InputMaybe<Scalars['Boolean']['input']>;
  /** An organisation the caller administers; absent: every event the caller may read. */
  organisationKey?: InputMaybe<Scalars['Long']['input']>;
  /** Event types; absent or empty: every type. */
  types?: InputMaybe<Array<Scalars['String']['input']>>;
  /** https (http only with WEBHOOK_ALLOW_HTTP); no loopback, private or link-local host unless WEBHOOK_ALLOWED_HOSTS names it. Required when creating. */
  url?: InputMaybe<Scalars['String']['input']>;
};
