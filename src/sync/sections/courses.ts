import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ItemRow } from '../repository';
import type { Write } from '../../graphql/writes';
import { byExternalId, changedFields, changesOf, type Decision, isAmbiguous, isoText, single, writesOf } from './compare';

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
  /** Its private lifecycle, dates as ISO 8601 in UTC (as a document's dates read). */
  validFrom: string | null;
  validTo: string | null;
  lifecycleLabel: string | null;
  lifecycleSoftkey: string | null;
}

const COURSE_FIELDS = ['title', 'description', 'location', 'authors', 'externalRef'] as const;
const LIFECYCLE_FIELDS = ['validFrom', 'validTo'] as const;
/** What a term sets of a course besides its metadata: each by its own mutation. */
const ACCESS_FIELDS = ['status', 'allUsers', 'guests'] as const;
const STATUSES = ['preparation', 'review', 'coachpublished', 'published', 'closed'];

export const coursesByExternalId = async (em: EntityManager, refs: string[]) =>
  byExternalId<CourseRow>(
    em,
    `select e.id as key, e.olat_resource_id as "courseKey", e.external_id as "externalId", e.displayname as title, e.description, e.location, e.authors, e.external_ref as "externalRef",
         e.status, e.public_visible as "allUsers", e.guest_access as "guests", ${isoText('e.lifecycle_valid_from')} as "validFrom", ${isoText('e.lifecycle_valid_to')} as "validTo",
         e.lifecycle_label as "lifecycleLabel", e.lifecycle_softkey as "lifecycleSoftkey"
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
 * The lifecycle a metadata write sends, which replaces the course's whole: the course's own, with the dates the
 * document gives (not what …/metadata reads back: OpenOLAT's 12-hour text loses the afternoon). None when it has none.
 */
function lifecycleOf(current: Partial<CourseRow>, wanted: Partial<Record<(typeof LIFECYCLE_FIELDS)[number], string>>) {
  const validFrom = wanted.validFrom ?? current.validFrom ?? null;
  const validTo = wanted.validTo ?? current.validTo ?? null;
  const { lifecycleLabel: label = null, lifecycleSoftkey: softkey = null } = current;
  return validFrom || validTo || label || softkey ? { softkey, label, validFrom, validTo } : null;
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
    const { status, allUsers, guests, validFrom, validTo, ...wanted } = item.payload as Record<string, string | null>;
    if (status != null && !STATUSES.includes(status)) return { action: 'error', error: `status must be one of ${STATUSES.join(', ')}` };
    const access = { status, allUsers, guests };
    // Staged as JSON, a document's dates read as isoText writes them.
    const dates = { validFrom: validFrom ?? undefined, validTo: validTo ?? undefined };
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
          course: {
            ...rest,
            title,
            displayName: title,
            externalId: item.ref,
            softKey,
            ...(status == null ? {} : { status }),
            publicVisible: allUsers,
            lifecycle: lifecycleOf({}, dates),
          },
        },
      };
      return { action: 'create', ...writesOf([create, ...accessWrites(softKey, null, { guests }, { guests: false })]) };
    }
    const current = course as unknown as Record<string, unknown>;
    const metadataChanges = [...changesOf(current, wanted, COURSE_FIELDS), ...changesOf(current, dates, LIFECYCLE_FIELDS)];
    const changes = [...metadataChanges, ...changesOf(current, access, ACCESS_FIELDS)];
    const { courseKey } = course;
    if (!changes.length) return { action: 'unchanged', key: courseKey, may: { kind: 'entry', key: course.key } };
    const { title, ...changed } = changedFields(
      metadataChanges.filter((change) => (COURSE_FIELDS as readonly string[]).includes(change.field)),
      wanted,
    );
    const metadata: Write[] = metadataChanges.length
      ? [
          {
            mutation: 'updateCourseMetadata',
            variables: {
              courseKey,
              metadata: { ...changed, ...(title === undefined ? {} : { displayname: title }), lifecycle: lifecycleOf(course, dates) },
            },
            readFirst: { query: 'courseMetadata', variables: { courseKey }, arg: 'metadata' },
          },
        ]
      : [];
    return { action: 'update', key: courseKey, changes, ...writesOf([...metadata, ...accessWrites(String(course.key), courseKey, access, course)]) };
  });
}
