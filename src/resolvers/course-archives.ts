import { Arg, Ctx, Resolver } from 'type-graphql';
import { GuardedMutation, GuardedQuery } from './guards';
import { KeyArg } from '../schema/arguments';
import { exportArchive } from '../courses/archive/export';
import { importArchive } from '../courses/archive/import';
import { COURSE_CREATORS } from '../courses/policy';
import { toCourseVO, toRepositoryEntryVO } from '../courses/presenter';
import { findEntryByKeyOrSoftkey } from '../courses/repository';
import type { RequestContext } from '../domain/context';
import { notFound } from '../domain/errors';
import { auth } from '../schema/directives';
import { CourseExportVO, CourseImportInput, RepositoryEntryImportInput } from '../schema/course-archives';
import { CourseVO, RepositoryEntryVO } from '../schema/courses';

const IMPORT =
  'Every node of the editor tree (editortreemodel.xml) and run tree (runstructure.xml), the metadata of export/repo.xml and every other file of the archive are kept, in one transaction. Authors, learning resource managers and administrators; the caller becomes owner. Null (REST: 204) when the file is missing or empty.';
const EXPORT = 'Administrators and learning resource managers of the entry’s organisation, and its owners.';

@Resolver()
export class CourseArchiveResolver {
  @GuardedMutation(() => CourseVO, auth(...COURSE_CREATORS), {
    nullable: true,
    description: `Imports a course export ZIP as a new course (POST /repo/courses). ${IMPORT}`,
  })
  async importCourse(
    @Ctx() ctx: RequestContext,
    @Arg('courseArchive', () => CourseImportInput) courseArchive: CourseImportInput,
    @Arg('ownerUsername', () => String, { nullable: true, description: 'The owner instead of the caller (400 when no one has that login).' })
    ownerUsername?: string | null,
  ): Promise<CourseVO | null> {
    return importArchive(ctx, courseArchive, toCourseVO, ownerUsername);
  }

  @GuardedMutation(() => RepositoryEntryVO, auth(...COURSE_CREATORS), {
    nullable: true,
    description: `Imports a learning resource: a course export ZIP (PUT /repo/entries). ${IMPORT}`,
  })
  async importRepositoryEntry(
    @Ctx() ctx: RequestContext,
    @Arg('entryArchive', () => RepositoryEntryImportInput) entryArchive: RepositoryEntryImportInput,
  ): Promise<RepositoryEntryVO | null> {
    return importArchive(ctx, entryArchive, toRepositoryEntryVO);
  }

  @GuardedQuery(() => CourseExportVO, auth(), {
    description: `The export ZIP of a course, in OpenOLAT's layout. REST (GET /repo/courses/{courseId}/file) answers the ZIP; GraphQL where to get it. ${EXPORT}`,
  })
  exportCourse(@Ctx() ctx: RequestContext, @KeyArg('courseKey') courseKey: number): Promise<CourseExportVO> {
    return exportArchive(ctx, { courseKey });
  }

  @GuardedQuery(() => CourseExportVO, auth(), {
    description: `The export ZIP of a repository entry (a course). REST (GET /repo/entries/{k}/file) answers the ZIP; GraphQL where to get it. ${EXPORT}`,
  })
  async exportRepositoryEntry(
    @Ctx() ctx: RequestContext,
    @Arg('entry', () => String, { description: 'key or softkey' }) entry: string,
  ): Promise<CourseExportVO> {
    const row = await findEntryByKeyOrSoftkey(ctx.em, entry);
    if (!row) throw notFound('repository entry');
    return exportArchive(ctx, { entry: row });
  }
}

export const courseArchiveResolvers = [CourseArchiveResolver] as const;
