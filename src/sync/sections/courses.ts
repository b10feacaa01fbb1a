import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ItemRow } from '../repository';
import type { Write } from '../operations';
import { byExternalId, changedFields, changesOf, type Decision, isAmbiguous, single, writesOf } from './compare';

interface CourseRow {
  /** The repository entry's key (its members are the entry's). */
  key: number;
  /** The course's key (/repo/courses/{courseKey}), which the job reports. */
  courseKey: number;
  externalId: string;
  title: string;
  description: string | null;
  location: string | null;
  authors: string | null;
  externalRef: string | null;
  status: string;
  allUsers: boolean;
  guests: boolean;
}

const COURSE_FIELDS = ['title', 'description', 'location', 'authors', 'externalRef'] as const;
/** What a term sets of a course besides its metadata: each by its own mutation. */
const ACCESS_FIELDS = ['status', 'allUsers', 'guests'] as const;
const STATUSES = ['preparation', 'review', 'coachpublished', 'published', 'closed'];

export const coursesByExternalId = async (em: EntityManager, refs: string[]) =>
  byExternalId<CourseRow>(
    em,
    `select e.id as key, e.olat_resource_id as "courseKey", e.external_id as "externalId", e.displayname as title, e.description, e.location, e.authors, e.external_ref as "externalRef",
         e.status, e.public_visible as "allUsers", e.guest_access as "guests"
       from repository_entry e where e.external_id = any(?::text[]) and e.resource_type_name = 'CourseModule'`,
    refs,
  );

/** A course's status and public access as the document wants them, where they differ: one write each (by the entry's key or softkey). */
function accessWrites(entry: string, courseKey: number | null, wanted: Record<string, unknown>, current: Partial<CourseRow>): Write[] {
  const writes: Write[] = [];
  if (courseKey !== null && wanted.status != null && wanted.status !== current.status) {
    writes.push({ mutation: 'changeCourseStatus', variables: { courseKey, statusChange: { newStatus: wanted.status } } });
  }
  const allUsers = wanted.allUsers != null && wanted.allUsers !== current.allUsers ? wanted.allUsers : undefined;
  const guests = wanted.guests != null && wanted.guests !== current.guests ? wanted.guests : undefined;
  if (allUsers !== undefined || guests !== undefined) writes.push({ mutation: 'setRepositoryEntryPublicAccess', variables: { entry, allUsers, guests } });
  return writes;
}

/**
 * A course's metadata is replaced as a whole (POST …/metadata): the write reads it first and changes only what the
 * document gives. Its status and public access are changed as a client changes them, each by its mutation after it.
 */
export async function decideCourses(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const found = await coursesByExternalId(
    em,
    items.map((item) => item.ref),
  );
  return items.map((item): Decision => {
    const { status, allUsers, guests, ...wanted } = item.payload as Record<string, string | null>;
    if (status != null && !STATUSES.includes(status)) return { action: 'error', error: `status must be one of ${STATUSES.join(', ')}` };
    const access = { status, allUsers, guests };
    const course = single(found, item.ref, 'courses');
    if (isAmbiguous(course)) return { action: 'error', error: course.ambiguous };
    if (!course) {
      if (!wanted.title) return { action: 'error', error: 'title is required to create a course' };
      const { title, ...rest } = wanted;
      // Its softkey names it to the writes after its creation (the course key is not the entry's).
      const softKey = randomBytes(15).toString('hex');
      const create: Write = {
        mutation: 'createCourse',
        variables: {
          course: { ...rest, title, displayName: title, externalId: item.ref, softKey, ...(status == null ? {} : { status }), publicVisible: allUsers },
        },
      };
      return { action: 'create', ...writesOf([create, ...accessWrites(softKey, null, { guests }, { guests: false })]) };
    }
    const changes = [
      ...changesOf(course as unknown as Record<string, unknown>, wanted, COURSE_FIELDS),
      ...changesOf(course as unknown as Record<string, unknown>, access, ACCESS_FIELDS),
    ];
    const { courseKey } = course;
    if (!changes.length) return { action: 'unchanged', key: courseKey, may: { kind: 'entry', key: course.key } };
    const { title, ...changed } = changedFields(
      changes.filter((change) => (COURSE_FIELDS as readonly string[]).includes(change.field)),
      wanted,
    );
    const metadata: Write[] =
      Object.keys(changed).length + (title === undefined ? 0 : 1)
        ? [
            {
              mutation: 'updateCourseMetadata',
              variables: { courseKey, metadata: { ...changed, ...(title === undefined ? {} : { displayname: title }) } },
              readFirst: { query: 'courseMetadata', variables: { courseKey }, arg: 'metadata' },
            },
          ]
        : [];
    return { action: 'update', key: courseKey, changes, ...writesOf([...metadata, ...accessWrites(String(course.key), courseKey, access, course)]) };
  });
}
