/**
 * The example of each JSON request body in openapi.json (by the route's body argument): what the try-it page fills in,
 * accepted as shown (test/openapi.test.ts sends each). Keys name the administrator (1) and what a fresh installation
 * has; uploads (course archives, portraits, images, course elements) are multipart and have none.
 */
export const BODY_EXAMPLES: Record<string, unknown> = {
  statement: { score: 1.5, passed: true },
  results: { identityKey: 1, score: 4.5, passed: true, assessmentStatus: 'done', attempts: 1 },
  user: { login: 'jdoe', firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@example.org' },
  roles: { author: true },
  status: { status: 2 },
  group: { name: 'Sample group' },
  configuration: { tools: ['hasNews', 'hasFolder'], toolsAccess: { hasFolder: 0 }, news: 'Sample news', ownersVisible: true },
  news: { news: 'Sample news' },
  relationRole: { role: 'Sample supervisor', rights: ['showContactform'] },
  relation: { identitySourceKey: 1, identityTargetKey: 1, relationRoleKey: 1 },
  authentication: { identityKey: 1, provider: 'OLAT', authUsername: 'jdoe', credential: 'a-password' },
  password: { newPassword: 'a-new-password' },
  preferences: { language: 'de' },
  lifecycle: { expirationDate: 4102444800000 },
  organisation: { identifier: 'sample-organisation', displayName: 'Sample organisation' },
  organisationType: { identifier: 'sample-type', displayName: 'Sample type' },
  members: [{ key: 1 }],
  course: { title: 'Sample course' },
  // A course element below the course's root (its node id: GET /repo/courses/{courseKey}, editorRootNodeId).
  element: { parentNodeId: 'the-root-node-id', shortTitle: 'Sample element' },
  metadata: { displayname: 'Sample metadata', objectives: 'Sample objectives' },
  repositoryEntry: { displayname: 'Sample entry' },
  statusChange: { newStatus: 'review' },
  courseConfiguration: { calendar: true, glossarySoftkey: 'sample-glossary' },
  catalogEntry: { name: 'Sample catalog entry' },
  taxonomy: { identifier: 'sample-taxonomy', displayName: 'Sample taxonomy' },
  taxonomyLevel: { identifier: 'sample-level', displayName: 'Sample level' },
  taxonomyLevelType: { identifier: 'sample-level-type', displayName: 'Sample level type' },
  competence: { identityKey: 1, taxonomyCompetenceType: 'teach' },
  curriculum: { identifier: 'sample-curriculum', displayName: 'Sample curriculum' },
  curriculumElement: { identifier: 'sample-element', displayName: 'Sample element' },
  curriculumElementType: { identifier: 'sample-element-type', displayName: 'Sample element type' },
  curriculumElementMember: { identityKey: 1, role: 'participant', inheritanceMode: 'none' },
  // The new order of an element's children: only the keys are read.
  elementOrder: [],
  // The older access resource of an entry: published, closed to all users and guests.
  access: { status: 'published', allUsers: false, guests: false },
  // A roll call's changeable fields (src/schema/roll-calls.ts).
  rollCall: { key: 1, comment: 'Sample comment' },
  lectureConfiguration: { lectureEnabled: true },
  lectureBlock: { title: 'Sample block', plannedLectures: 2 },
  event: { subject: 'Sample event', begin: 1790000000000, end: 1790003600000 },
  webhook: { url: 'https://hooks.example.org/gateway', types: ['user.created'] },
  // A sync document (src/schema/sync.ts): one group, the same each time (created once, unchanged after).
  document: { groups: [{ externalId: 'SAMPLE-SYNC-GROUP', name: 'Sample sync group' }] },
  events: [{ subject: 'Sample event', begin: 1790000000000, end: 1790003600000 }],
};
