/**
 * The order in which OpenOLAT writes the fields of each object a REST client receives, as data.
 * Java's JSON (Jackson) and JAXB write a VO's fields in declaration order (none of these classes
 * uses `@XmlType(propOrder=…)` or `@JsonPropertyOrder`; all use `@XmlAccessorType(FIELD)`); a
 * subclass's fields come after its superclass's. In XML an `@XmlAttribute` field is an attribute,
 * not a child element; it keeps its place in the JSON order. Each entry names the Java class it
 * was read from (OpenOLAT/OpenOLAT, src/main/java/…). Fields this service has and the class lacks
 * come last, after OpenOLAT's, and the comment names them.
 *
 * test/wire-order.test.ts compares the wire order (src/rest/wire.ts: the GraphQL schema's field
 * order minus `@Extensions({ rest: false })`) of every object type reachable from a REST route
 * with this record; a type missing here fails it.
 */
export const EXPECTED_WIRE_ORDER: Record<string, string[]> = {
  // org.olat.course.assessment.model.EfficiencyStatementVO
  EfficiencyStatementVO: ['identityKey', 'score', 'grade', 'gradeSystemIdent', 'performanceClassIdent', 'passed', 'creationDate', 'courseTitle'],
  // org.olat.restapi.support.vo.AssessableResultsVO
  AssessableResultsVO: [
    'identityKey',
    'identityExternalId',
    'nodeIdent',
    'passed',
    'score',
    'weightedScore',
    'maxScore',
    'weightedMaxScore',
    'userVisible',
    'grade',
    'performanceClassIdent',
    'completion',
    'attempts',
    'assessmentStatus',
    'lastModifiedDate',
    'lastUserModified',
    'lastCoachModified',
    'assessmentDone',
    'fullyAssessed',
    'fullyAssessedDate',
    'firstVisit',
    'lastVisit',
  ],
  // org.olat.user.restapi.UserVO (`password` is write-only here: never answered)
  UserVO: ['key', 'login', 'externalId', 'firstName', 'lastName', 'email', 'portrait', 'properties'],
  // org.olat.user.restapi.UserPropertyVO
  UserPropertyVO: ['name', 'value'],
  // org.olat.user.restapi.ManagedUserVO
  ManagedUserVO: ['key', 'login', 'externalId'],
  // org.olat.user.restapi.RolesVO
  RolesVO: [
    'systemAdmin',
    'olatAdmin',
    'userManager',
    'groupManager',
    'author',
    'guestOnly',
    'institutionalResourceManager',
    'poolAdmin',
    'curriculumManager',
    'selectusManager',
    'invitee',
  ],
  // org.olat.user.restapi.StatusVO
  StatusVO: ['status'],
  // org.olat.restapi.support.vo.AuthenticationVO; ours: externalId (the catalogue's "newer" field), last
  AuthenticationVO: ['key', 'identityKey', 'provider', 'authUsername', 'credential', 'externalId'],
  // org.olat.user.restapi.PreferencesVO
  PreferencesVO: ['language'],
  // org.olat.user.restapi.UserLifecycleVO
  UserLifecycleVO: ['key', 'externalId', 'creationDate', 'expirationDate', 'inactivationDate', 'status'],
  // No OpenOLAT VO: REST answers the image itself (a file route); the order is ours.
  PortraitVO: ['contentType', 'length', 'lastModified', 'content', 'identityKey', 'size'],

  // org.olat.restapi.support.vo.GroupVOes (groups, then totalCount: an attribute in XML)
  GroupVOes: ['groups', 'totalCount'],
  // org.olat.restapi.support.vo.GroupVO
  GroupVO: ['key', 'description', 'externalId', 'managedFlags', 'name', 'type', 'minParticipants', 'maxParticipants'],
  // org.olat.restapi.support.vo.GroupInfoVOes
  GroupInfoVOes: ['groups', 'totalCount'],
  // org.olat.restapi.support.vo.GroupInfoVO extends GroupVO: GroupVO's fields first; folderWrite is an attribute
  GroupInfoVO: [
    'key',
    'description',
    'externalId',
    'managedFlags',
    'name',
    'type',
    'minParticipants',
    'maxParticipants',
    'news',
    'forumKey',
    'hasWiki',
    'hasFolder',
    'folderWrite',
  ],
  // org.olat.restapi.support.vo.GroupConfigurationVO
  GroupConfigurationVO: [
    'tools',
    'toolsAccess',
    'news',
    'ownersVisible',
    'participantsVisible',
    'waitingListVisible',
    'ownersPublic',
    'participantsPublic',
    'waitingListPublic',
  ],

  // org.olat.user.restapi.OrganisationVO
  OrganisationVO: [
    'key',
    'identifier',
    'displayName',
    'description',
    'cssClass',
    'status',
    'externalId',
    'managedFlagsString',
    'rootOrganisationKey',
    'parentOrganisationKey',
    'organisationTypeKey',
  ],
  // org.olat.user.restapi.OrganisationTypeVO
  OrganisationTypeVO: ['key', 'identifier', 'displayName', 'description', 'cssClass', 'externalId', 'managedFlagsString'],

  // org.olat.user.restapi.RelationRoleVO
  RelationRoleVO: ['key', 'role', 'externalId', 'externalRef', 'managedFlags', 'rights'],
  // org.olat.user.restapi.IdentityToIdentityRelationVO
  IdentityToIdentityRelationVO: ['key', 'identitySourceKey', 'identityTargetKey', 'externalId', 'managedFlagsString', 'relationRoleKey', 'relationRole'],

  // org.olat.restapi.support.vo.CourseVOes
  CourseVOes: ['courses', 'totalCount'],
  // org.olat.restapi.support.vo.CourseVO (the version with repoEntryStatus); organisationKey, authors, location are attributes
  CourseVO: [
    'key',
    'softKey',
    'displayName',
    'description',
    'teaser',
    'repoEntryKey',
    'repoEntryStatus',
    'organisationKey',
    'authors',
    'location',
    'externalId',
    'externalRef',
    'managedFlags',
    'olatResourceKey',
    'olatResourceId',
    'olatResourceTypeName',
    'title',
    'editorRootNodeId',
    'nodeAccessType',
    'lifecycle',
  ],
  // org.olat.restapi.support.vo.RepositoryEntryLifecycleVO
  RepositoryEntryLifecycleVO: ['key', 'softkey', 'label', 'validFrom', 'validTo'],
  // org.olat.restapi.support.vo.RepositoryEntryVOes
  RepositoryEntryVOes: ['repositoryEntries', 'totalCount'],
  // org.olat.restapi.support.vo.RepositoryEntryVO; authors, location are attributes
  RepositoryEntryVO: [
    'key',
    'softkey',
    'resourcename',
    'displayname',
    'description',
    'teaser',
    'authors',
    'location',
    'externalId',
    'externalRef',
    'managedFlags',
    'resourceableId',
    'resourceableTypeName',
    'olatResourceKey',
    'olatResourceId',
    'olatResourceTypeName',
    'entryStatus',
    'lifecycle',
  ],
  // No OpenOLAT VO: REST answers the course structure file itself; the order is ours.
  CourseTreeXmlVO: ['contentType', 'length', 'lastModified', 'content', 'courseKey'],
  // org.olat.restapi.support.vo.CourseNodeVO
  CourseNodeVO: ['id', 'position', 'parentId', 'shortTitle', 'shortName', 'longTitle', 'description', 'objectives', 'instruction', 'instructionalDesign'],
  // org.olat.restapi.support.vo.RepositoryEntryMetadataVO
  RepositoryEntryMetadataVO: [
    'key',
    'softkey',
    'resourcename',
    'displayname',
    'description',
    'teaser',
    'mainLanguage',
    'objectives',
    'requirements',
    'credits',
    'expenditureOfWork',
    'authors',
    'location',
    'technicalType',
    'externalId',
    'externalRef',
    'managedFlags',
    'resourceableId',
    'resourceableTypeName',
    'olatResourceKey',
    'olatResourceId',
    'olatResourceTypeName',
    'lifecycle',
    'educationalType',
  ],
  // org.olat.restapi.support.vo.RepositoryEntryEducationalTypeVO
  RepositoryEntryEducationalTypeVO: ['key', 'identifier', 'predefined', 'cssClass'],
  // org.olat.restapi.support.vo.RepositoryEntryAccessVO (the version with status, allUsers, guests)
  RepositoryEntryAccessVO: ['repoEntryKey', 'status', 'allUsers', 'guests'],
  // No OpenOLAT VO: REST answers the image itself (a file route); the order is ours.
  RepositoryEntryImageVO: ['contentType', 'length', 'lastModified', 'content', 'entryKey'],
  // org.olat.restapi.support.vo.OlatResourceVO
  OlatResourceVO: ['key', 'resourceableId', 'resourceableTypeName'],
  // org.olat.restapi.support.vo.CourseConfigVO
  CourseConfigVO: ['calendar', 'chat', 'cssLayoutRef', 'efficencyStatement', 'glossarySoftkey', 'sharedFolderSoftKey'],
  // No OpenOLAT VO: REST answers the export ZIP itself (GraphQL gets this); the order is ours.
  CourseExportVO: ['courseKey', 'repoEntryKey', 'path', 'filename', 'contentType'],

  // org.olat.restapi.support.vo.CatalogEntryVOes
  CatalogEntryVOes: ['catalogEntries', 'totalCount'],
  // org.olat.restapi.support.vo.CatalogEntryVO
  CatalogEntryVO: ['key', 'name', 'description', 'externalURL', 'type', 'repositoryEntryKey', 'parentKey', 'link'],
  // org.olat.restapi.support.vo.LinkVO (all three are attributes)
  LinkVO: ['rel', 'href', 'title'],

  // org.olat.modules.taxonomy.restapi.TaxonomyVOes (taxonomies first: clients read the text `{"taxonomies":`)
  TaxonomyVOes: ['taxonomies', 'totalCount'],
  // org.olat.modules.taxonomy.restapi.TaxonomyVO
  TaxonomyVO: ['key', 'identifier', 'displayName', 'description', 'externalId', 'managedFlags'],
  // org.olat.modules.taxonomy.restapi.TaxonomyModuleConfigurationVO declares enabled, taxonomyTreeKey;
  // ours: enabled, then managedTaxonomyLevels and taxonomies (it has no taxonomyTreeKey)
  TaxonomyModuleConfigurationVO: ['enabled', 'managedTaxonomyLevels', 'taxonomies'],
  // org.olat.modules.taxonomy.restapi.TaxonomyLevelVO
  TaxonomyLevelVO: ['key', 'identifier', 'displayName', 'description', 'externalId', 'parentKey', 'typeKey', 'managedFlags'],
  // org.olat.modules.taxonomy.restapi.TaxonomyCompetenceVO
  TaxonomyCompetenceVO: ['key', 'identityKey', 'taxonomyLevelKey', 'taxonomyCompetenceType', 'expiration'],
  // org.olat.modules.taxonomy.restapi.TaxonomyLevelTypeVO
  TaxonomyLevelTypeVO: [
    'key',
    'identifier',
    'displayName',
    'description',
    'externalId',
    'managedFlags',
    'cssClass',
    'visible',
    'documentsLibraryEnabled',
    'documentsLibraryManagerCompetenceEnabled',
    'documentsLibraryTeachCompetenceReadEnabled',
    'documentsLibraryTeachCompetenceReadParentLevels',
    'documentsLibraryTeachCompetenceWriteEnabled',
    'documentsLibraryHaveCompetenceReadEnabled',
    'documentsLibraryTargetCompetenceReadEnabled',
  ],

  // org.olat.modules.curriculum.restapi.CurriculumVO
  CurriculumVO: ['key', 'identifier', 'displayName', 'description', 'status', 'degree', 'externalId', 'managedFlagsString', 'organisationKey'],
  // org.olat.modules.curriculum.restapi.CurriculumElementVO
  CurriculumElementVO: [
    'key',
    'identifier',
    'displayName',
    'description',
    'status',
    'beginDate',
    'endDate',
    'externalId',
    'managedFlagsString',
    'calendars',
    'parentElementKey',
    'curriculumKey',
    'curriculumElementTypeKey',
  ],
  // org.olat.modules.curriculum.restapi.CurriculumElementMemberVO
  CurriculumElementMemberVO: ['identityKey', 'role', 'inheritanceMode'],
  // org.olat.modules.curriculum.restapi.CurriculumElementTypeVO; calendars, lectures are attributes
  CurriculumElementTypeVO: ['key', 'identifier', 'displayName', 'description', 'cssClass', 'externalId', 'managedFlagsString', 'calendars', 'lectures'],

  // org.olat.modules.lecture.restapi.LectureBlockRollCallVO
  LectureBlockRollCallVO: [
    'key',
    'lecturesAttendedNumber',
    'lecturesAbsentNumber',
    'comment',
    'absenceReason',
    'absenceAuthorized',
    'absenceSupervisorNotificationDate',
    'identityKey',
    'identityExternalId',
    'lectureBlockKey',
  ],
  // org.olat.modules.lecture.restapi.LectureBlockStatisticsVO
  LectureBlockStatisticsVO: [
    'identityKey',
    'totalLectureBlocks',
    'totalEffectiveLectures',
    'totalPersonalPlannedLectures',
    'totalAttendedLectures',
    'totalAbsentLectures',
    'totalAuthorizedAbsentLectures',
    'totalDispensationLectures',
    'attendanceRate',
  ],
  // org.olat.modules.lecture.restapi.RepositoryEntryLectureConfigurationVO
  RepositoryEntryLectureConfigurationVO: [
    'lectureEnabled',
    'overrideModuleDefault',
    'rollCallEnabled',
    'calculateAttendanceRate',
    'requiredAttendanceRate',
    'teacherCalendarSyncEnabled',
    'courseCalendarSyncEnabled',
  ],
  // org.olat.modules.lecture.restapi.LectureBlockVO (the version with curriculumElementKey)
  LectureBlockVO: [
    'key',
    'externalId',
    'externalRef',
    'managedFlagsString',
    'title',
    'description',
    'preparation',
    'location',
    'comment',
    'startDate',
    'endDate',
    'compulsory',
    'plannedLectures',
    'status',
    'rollCallStatus',
    'meetingTitle',
    'meetingUrl',
    'recordingUrl',
    'bigBlueButtonMeetingKey',
    'repoEntryKey',
    'curriculumElementKey',
  ],
  // No OpenOLAT VO: OpenOLAT answers GET …/lectureblocks/adaptation with an empty body; the order is ours.
  RollCallAdaptationVO: ['repoEntryKey', 'adaptedRollCalls'],

  // org.olat.commons.calendar.restapi.CalendarVO
  CalendarVO: ['id', 'type', 'canWrite', 'subscribed', 'css', 'displayName'],
  // org.olat.commons.calendar.restapi.EventVOes
  EventVOes: ['events', 'totalCount'],
  // org.olat.commons.calendar.restapi.EventVO
  EventVO: [
    'id',
    'recurrenceId',
    'subject',
    'description',
    'location',
    'color',
    'calendarId',
    'begin',
    'end',
    'allDayEvent',
    'classification',
    'liveStreamUrl',
    'links',
    'managedFlags',
    'externalId',
    'externalSource',
  ],
  // org.olat.commons.calendar.restapi.EventLinkVO
  EventLinkVO: ['id', 'provider', 'displayName', 'uri', 'iconCssClass'],
  // No OpenOLAT VO (an extension: a person's iCalendar feed); the order is ours.
  CalendarFeedVO: ['calendarId', 'url'],
  // No OpenOLAT VOs (the change feed, src/changes, which OpenOLAT does not have); the order is ours.
  ChangesVO: ['events', 'next'],
  ChangeVO: ['cursor', 'type', 'objectType', 'objectKey', 'externalId', 'identityKey', 'at', 'keys', 'object'],
  ChangeKeyVO: ['name', 'key'],
  // Webhooks (beyond OpenOLAT): src/schema/webhooks.ts.
  WebhookVO: [
    'key',
    'url',
    'types',
    'organisationKey',
    'active',
    'secret',
    'ownerKey',
    'creationDate',
    'cursor',
    'attempts',
    'lastError',
    'nextAttemptAt',
    'lastDeliveryAt',
  ],
  WebhookFailureVO: ['key', 'cursor', 'type', 'attempts', 'lastError', 'failedAt'],
  // Sync jobs (beyond OpenOLAT): src/schema/sync.ts.
  SyncJobVO: ['key', 'state', 'mode', 'dryRun', 'atomic', 'force', 'ownerKey', 'submitted', 'started', 'finished', 'error', 'sections', 'failures'],
  SyncSectionVO: ['section', 'total', 'done', 'created', 'updated', 'unchanged', 'removed', 'failed'],
  SyncItemVO: ['seq', 'section', 'ref', 'container', 'role', 'action', 'key', 'changes', 'error'],
  SyncChangeVO: ['field', 'before', 'after'],

  // org.olat.restapi.support.vo.ErrorVO: not a GraphQL type, written by src/rest/respond.ts.
  ErrorVO: ['code', 'translation'],
};

/** Entries above that are not GraphQL object types (the REST layer writes them itself). */
export const WRITTEN_OUTSIDE_THE_SCHEMA = new Set(['ErrorVO']);
