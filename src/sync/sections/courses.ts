import type { EntityManager } from '@mikro-orm/postgresql';
import type { ItemRow } from '../repository';
import { byExternalId, changedFields, changesOf, type Decision, isAmbiguous, single } from './compare';

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
}

const COURSE_FIELDS = ['title', 'description', 'location', 'authors', 'externalRef'] as const;

export const coursesByExternalId = async (em: EntityManager, refs: string[]) =>
  byExternalId<CourseRow>(
    em,
    `select e.id as key, e.olat_resource_id as "courseKey", e.external_id as "externalId", e.displayname as title, e.description, e.location, e.authors, e.external_ref as "externalRef"
       from repository_entry e where e.external_id = any(?::text[]) and e.resource_type_name = 'CourseModule'`,
    refs,
  );

/** A course's metadata is replaced as a whole (POST …/metadata): the write reads it first and changes only what the document gives. */
export async function decideCourses(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const found = await coursesByExternalId(
    em,
    items.map((item) => item.ref),
  );
  return items.map((item): Decision => {
    const wanted = item.payload as Record<string, string | null>;
    const course = single(found, item.ref, 'courses');
    if (isAmbiguous(course)) return { action: 'error', error: course.ambiguous };
    if (!course) {
      if (!wanted.title) return { action: 'error', error: 'title is required to create a course' };
      const { title, ...rest } = wanted;
      return { action: 'create', write: { mutation: 'createCourse', variables: { course: { ...rest, title, displayName: title, externalId: item.ref } } } };
    }
    const changes = changesOf(course as unknown as Record<string, unknown>, wanted, COURSE_FIELDS);
    const { courseKey } = course;
    if (!changes.length) return { action: 'unchanged', key: courseKey, may: { kind: 'entry', key: course.key } };
    const { title, ...changed } = changedFields(changes, wanted);
    return {
      action: 'update',
      key: courseKey,
      changes,
      write: {
        mutation: 'updateCourseMetadata',
        variables: { courseKey, metadata: { ...changed, ...(title === undefined ? {} : { displayname: title }) } },
        readFirst: { query: 'courseMetadata', variables: { courseKey }, arg: 'metadata' },
      },
    };
  });
}
