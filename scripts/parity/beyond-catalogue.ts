/**
 * OpenOLAT's web services that the catalogue leaves out (a sweep of its JAX-RS packages, org.olat.restapi and the
 * modules' restapi packages): served here or not, and why. docs/parity.md lists them after the catalogue's families.
 */
export interface BeyondCatalogue {
  /** What it is, as an integrator would name it. */
  service: string;
  /** The JAX-RS classes (OpenOLAT/OpenOLAT, src/main/java/…). */
  openolat: string;
  /** Its paths, parameters as `{}`. */
  paths: string[];
  /** Served here: every path is a route of the route table (test/parity.test.ts checks it). */
  served: boolean;
  /** Why it is served, or why not (and where its job is done instead). */
  reason: string;
}

export const BEYOND_CATALOGUE: BeyondCatalogue[] = [
  {
    service: 'Efficiency statements of a course and a person',
    openolat: 'EfficiencyStatementWebService',
    paths: ['GET /repo/courses/{}/statements/{}', 'PUT /repo/courses/{}/statements/{}', 'PUT /repo/courses/{}/statements'],
    served: true,
    reason:
      "OpenOLAT's load-test setup writes and reads them; a student administration imports a course's results this way (rows in the assessment family above)",
  },
  {
    service: 'Assessment results of a course, an element and a person',
    openolat: 'CourseAssessmentWebService',
    paths: [
      'GET /repo/courses/{}/assessments',
      'GET /repo/courses/{}/assessments/users/{}',
      'GET /repo/courses/{}/assessments/{}',
      'POST /repo/courses/{}/assessments/{}',
      'PUT /repo/courses/{}/assessments/{}',
      'GET /repo/courses/{}/assessments/{}/users/{}',
    ],
    served: true,
    reason:
      "a student administration reads a course's results and imports results from elsewhere (an exam system); each person's results per course element are kept as imported (rows in the assessment family above)",
  },
  {
    service: 'Course, group and user folders',
    openolat: 'VFSWebservice, MyFoldersWebService, FolderWebService (course element), LearningGroupWebService.getFolder',
    paths: [
      '* /repo/courses/{}/elements/folder…',
      '* /groups/{}/folder…',
      '* /users/{}/folders…',
      '* /repo/courses/{}/resourcefolders…',
      '* /repo/sharedfolder…',
    ],
    served: false,
    reason:
      "the gateway manages people, groups, courses and their memberships, not the files learners work with: OpenOLAT's folders are its own file store (with versions, locks and quotas); course exports, images and portraits, which administration systems do send, are served",
  },
  {
    service: 'Notifications (news of subscribed resources)',
    openolat: 'NotificationsWebService, NotificationsAdminWebService',
    paths: ['GET /notifications', '* /notifications/subscribers…', 'GET /notifications/publisher', '* /system/notifications/status'],
    served: false,
    reason:
      "they are the news of OpenOLAT's own pages (forum posts, uploaded files) for its users; what an external system needs to hear of, changes to the objects it manages, is the change feed, webhooks and GraphQL subscriptions (beyond OpenOLAT)",
  },
  {
    service: 'System information and monitoring',
    openolat:
      'SystemWebService, MonitoringWebService, RuntimeWebService, MemoryWebService, ThreadsWebService, DatabaseWebService, LogWebService, IndexerWebService',
    paths: ['GET /system/environment', 'GET /system/release', '* /system/log…', '* /system/indexer…', 'GET /system/monitoring/…'],
    served: false,
    reason:
      "what an operator's monitoring reads there (memory, threads, database connections, sessions, request counts) is /metrics here, in Prometheus' format, with /health and /ready for the load balancer; logs are JSON lines on standard output; there is no search index to report on",
  },
  {
    service: 'Certificates',
    openolat: 'CourseCertificationWebService, UserCertificationWebService',
    paths: ['* /repo/courses/{}/certificates…', '* /users/{}/certificates…'],
    served: false,
    reason: "certificates are PDFs OpenOLAT renders from a course's certificate template; the gateway has no templates to render them from",
  },
  {
    service: 'Course reminders, course infos, course key/value store, course rights',
    openolat: 'RemindersWebService, CoursesInfosWebService, CourseDbWebService, CourseRightsWebService',
    paths: ['* /repo/courses/{}/reminders…', '* /repo/entries/{}/reminders…', 'GET /repo/courses/infos…', '* /repo/courses/{}/db/…'],
    served: false,
    reason:
      "they configure what OpenOLAT's course run-time does (e-mail reminders, a course's own storage, what coaches may do in its pages); the gateway runs no course",
  },
  {
    service: 'Course elements beyond structure and single page',
    openolat: 'CourseElementWebService, ENWebService, COWebService, ForumCourseNodeWebService',
    paths: ['* /repo/courses/{}/elements/{task,test,survey,externalpage,assessment,wiki,blog,enrollment,contact,forum}…'],
    served: false,
    reason:
      'each needs the run-time of its element type (tests, tasks, forums); the course structure itself, its elements and single pages, and imported course archives with any element types are served',
  },
  {
    service: 'Forums, group wiki, info messages',
    openolat: 'MyForumsWebService, ForumWebService, GroupWikiWebService, InfoMessagesWebService',
    paths: ['* /users/{}/forums…', '* /groups/{}/forum…', '* /groups/{}/wiki…', '* /infomessages…'],
    served: false,
    reason: 'content of collaboration tools, which the gateway does not host; group news (the news tool) is served with the group configuration',
  },
  {
    service: 'Contacts, translations, password-change keys, self-registration, public lifecycles',
    openolat: 'ContactsWebService, I18nWebService, ChangePasswordWebService, RegistrationWebService, RepositoryEntryLifecycleWebService',
    paths: ['GET /contacts', 'GET /i18n/{}/{}', 'PUT /pwchange', '* /registration', 'GET /repo/lifecycle'],
    served: false,
    reason:
      "they serve OpenOLAT's own pages (a contact list, its translations, the e-mail link of a forgotten password, its registration form); an administration system sets passwords directly (POST /users/{k}/authentications/password) and gives a course its own lifecycle dates",
  },
  {
    service: 'Question pool, grading, virtual classrooms, document pool',
    openolat:
      'QuestionPoolWebService, GradingWebService, BigBlueButtonServerWebService, ViteroWebService, GoToTrainingWebService, OpenMeetingsWebService, DocumentPoolModuleWebService',
    paths: ['* /qpool/items…', '* /grading/…', '* /bigbluebutton/…', '* /vitero/…', '* /repo/courses/{}/gotomeeting/…', '* /openmeetings/…', '* /docpool/…'],
    served: false,
    reason: "modules of OpenOLAT's learning tools, configured in OpenOLAT itself; none of them is remote management of people, groups or courses",
  },
];
