import { Arg, Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { GuardedMutation, GuardedQuery } from './guards';
import { CourseKeyArgs, CourseOrganisationArgs, EntryArgs, EntryOrganisationArgs } from '../schema/arguments';
import * as configuration from '../courses/configuration';
import * as images from '../courses/image';
import * as lifecycle from '../courses/lifecycle';
import { managedCourse } from '../courses/managed';
import * as metadata from '../courses/metadata';
import { COURSE_CREATORS } from '../courses/policy';
import type { RequestContext } from '../domain/context';
import { Managed } from '../managed/elements';
import { auth } from '../schema/directives';
import { RepositoryEntryVO, RepositoryEntryVOInput } from '../schema/courses';
import {
  CourseConfigVO,
  CourseConfigVOInput,
  EntryStatusChangeInput,
  OlatResourceVO,
  RepositoryEntryAccessVO,
  RepositoryEntryAccessVOInput,
  RepositoryEntryImageUploadInput,
  RepositoryEntryImageVO,
  RepositoryEntryMetadataVO,
  RepositoryEntryMetadataVOInput,
} from '../schema/course-lifecycle';
import { OrganisationVO } from '../schema/organisations';
import { Base64Scalar } from '../schema/scalars';

const MANAGERS = 'Administrators and learning resource managers of one of the entry’s organisations, and its owners.';
const LINKERS =
  'Managers of the entry (administrators and learning resource managers of one of its organisations, its owners) who are administrators, learning resource managers or authors in the organisation too.';

/** The lifecycle of repository entries and courses (catalogue 2.3, 2.4): metadata, status, access, organisations, configuration, resource, search. */
@Resolver()
export class CourseLifecycleResolver {
  @GuardedQuery(() => RepositoryEntryMetadataVO, auth(), { description: `The metadata of the entry. ${MANAGERS} Global authors too, of the entries they see.` })
  repositoryEntryMetadata(@Ctx() ctx: RequestContext, @Args() { entry }: EntryArgs): Promise<RepositoryEntryMetadataVO> {
    return metadata.getMetadata(ctx, { entry });
  }

  @GuardedQuery(() => RepositoryEntryMetadataVO, auth(), { description: `The metadata of the course. ${MANAGERS}` })
  courseMetadata(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<RepositoryEntryMetadataVO> {
    return metadata.getMetadata(ctx, { courseKey });
  }

  @GuardedMutation(() => RepositoryEntryMetadataVO, auth(), { description: `Writes the metadata; absent values are written as null. ${MANAGERS}` })
  @Managed(managedCourse, null)
  updateRepositoryEntryMetadata(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('metadata', () => RepositoryEntryMetadataVOInput) input: RepositoryEntryMetadataVOInput,
  ): Promise<RepositoryEntryMetadataVO> {
    return metadata.updateMetadata(ctx, { entry }, input);
  }

  @GuardedMutation(() => RepositoryEntryMetadataVO, auth(), {
    description: `Writes the metadata of the course; absent values are written as null. ${MANAGERS}`,
  })
  @Managed(managedCourse, null)
  updateCourseMetadata(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('metadata', () => RepositoryEntryMetadataVOInput) input: RepositoryEntryMetadataVOInput,
  ): Promise<RepositoryEntryMetadataVO> {
    return metadata.updateMetadata(ctx, { courseKey }, input);
  }

  @GuardedMutation(() => RepositoryEntryVO, auth(...COURSE_CREATORS), {
    nullable: true,
    description:
      'Replaces the entry’s fields (see RepositoryEntryVOInput); null (REST 204) for an empty file. Global authors, learning resource managers and administrators who manage the entry (its owners, or of its organisation).',
  })
  @Managed(managedCourse, null)
  updateRepositoryEntry(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('repositoryEntry', () => RepositoryEntryVOInput) input: RepositoryEntryVOInput,
  ): Promise<RepositoryEntryVO | null> {
    return lifecycle.updateEntry(ctx, entry, input);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Changes the status (newStatus); unknown values change nothing. ${MANAGERS}` })
  changeRepositoryEntryStatus(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('statusChange', () => EntryStatusChangeInput, { nullable: true }) change?: EntryStatusChangeInput | null,
  ): Promise<boolean> {
    return lifecycle.changeStatus(ctx, { entry }, change);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Changes the status of the course (newStatus); unknown values change nothing. ${MANAGERS}` })
  changeCourseStatus(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('statusChange', () => EntryStatusChangeInput, { nullable: true }) change?: EntryStatusChangeInput | null,
  ): Promise<boolean> {
    return lifecycle.changeStatus(ctx, { courseKey }, change);
  }

  @GuardedMutation(() => Boolean, auth(), {
    description: `Opens the entry to all users and/or guests, or closes it to them; false (REST 304) when nothing changed. ${MANAGERS}`,
  })
  setRepositoryEntryPublicAccess(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('allUsers', () => Boolean, { nullable: true }) allUsers?: boolean | null,
    @Arg('guests', () => Boolean, { nullable: true }) guests?: boolean | null,
  ): Promise<boolean> {
    return lifecycle.setPublicAccess(ctx, entry, allUsers, guests);
  }

  @GuardedQuery(() => RepositoryEntryAccessVO, auth(), {
    description: `The status and public access of the entry (OpenOLAT's older access resource). ${MANAGERS}`,
  })
  repositoryEntryAccess(@Ctx() ctx: RequestContext, @Args() { entry }: EntryArgs): Promise<RepositoryEntryAccessVO> {
    return lifecycle.getAccess(ctx, entry);
  }

  @GuardedMutation(() => RepositoryEntryAccessVO, auth(), {
    description: `Write the status and the public access as given (OpenOLAT's low-level change: nothing a status change does besides). ${MANAGERS}`,
  })
  updateRepositoryEntryAccess(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('access', () => RepositoryEntryAccessVOInput) access: RepositoryEntryAccessVOInput,
  ): Promise<RepositoryEntryAccessVO> {
    return lifecycle.updateAccess(ctx, entry, access);
  }

  @GuardedQuery(() => [OrganisationVO], auth(), { description: `The organisations of the entry. ${MANAGERS}` })
  repositoryEntryOrganisations(@Ctx() ctx: RequestContext, @Args() { entry }: EntryArgs): Promise<OrganisationVO[]> {
    return lifecycle.listOrganisations(ctx, { entry });
  }

  @GuardedQuery(() => [OrganisationVO], auth(), { description: `The organisations of the course. ${MANAGERS}` })
  courseOrganisations(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<OrganisationVO[]> {
    return lifecycle.listOrganisations(ctx, { courseKey });
  }

  @GuardedMutation(() => Boolean, auth(), {
    description: `Adds the entry to the organisation; false (REST 304) when it belongs to it already. ${LINKERS}`,
  })
  @Managed(managedCourse, 'organisations')
  addRepositoryEntryOrganisation(@Ctx() ctx: RequestContext, @Args() { entry, organisationKey }: EntryOrganisationArgs): Promise<boolean> {
    return lifecycle.addOrganisation(ctx, { entry }, organisationKey);
  }

  @GuardedMutation(() => Boolean, auth(), {
    description: `Takes the entry out of the organisation (also when it is not in it). ${LINKERS}`,
  })
  @Managed(managedCourse, 'organisations')
  removeRepositoryEntryOrganisation(@Ctx() ctx: RequestContext, @Args() { entry, organisationKey }: EntryOrganisationArgs): Promise<boolean> {
    return lifecycle.removeOrganisation(ctx, { entry }, organisationKey);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Adds the course to the organisation; false (REST 304) when it belongs to it already. ${LINKERS}` })
  @Managed(managedCourse, 'organisations')
  addCourseOrganisation(@Ctx() ctx: RequestContext, @Args() { courseKey, organisationKey }: CourseOrganisationArgs): Promise<boolean> {
    return lifecycle.addOrganisation(ctx, { courseKey }, organisationKey);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Takes the course out of the organisation (also when it is not in it). ${LINKERS}` })
  @Managed(managedCourse, 'organisations')
  removeCourseOrganisation(@Ctx() ctx: RequestContext, @Args() { courseKey, organisationKey }: CourseOrganisationArgs): Promise<boolean> {
    return lifecycle.removeOrganisation(ctx, { courseKey }, organisationKey);
  }

  @GuardedQuery(() => OlatResourceVO, auth(), { description: `The OLAT resource of the course. ${MANAGERS}` })
  courseResource(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<OlatResourceVO> {
    return lifecycle.getResource(ctx, courseKey);
  }

  @GuardedQuery(() => CourseConfigVO, auth(), { description: `The configuration of the course. ${MANAGERS}` })
  courseConfiguration(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<CourseConfigVO> {
    return configuration.getCourseConfig(ctx, courseKey);
  }

  @GuardedMutation(() => CourseConfigVO, auth(), { description: `Changes the fields sent of the course configuration. ${MANAGERS}` })
  @Managed(managedCourse, null)
  updateCourseConfiguration(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('courseConfiguration', () => CourseConfigVOInput) input: CourseConfigVOInput,
  ): Promise<CourseConfigVO> {
    return configuration.updateCourseConfig(ctx, courseKey, input);
  }

  @GuardedQuery(() => [RepositoryEntryVO], auth(), {
    description:
      'Entries the caller sees by resource type, author (the authors text or an owner’s login or name) and name (displayname); `*` is a wildcard, a value without one is contained; myentries: only those the caller is a member of.',
  })
  searchRepositoryEntries(
    @Ctx() ctx: RequestContext,
    @Arg('type', () => String, { nullable: true, description: 'resource type name, e.g. CourseModule' }) type?: string | null,
    @Arg('author', () => String, { nullable: true, defaultValue: '*' }) author?: string | null,
    @Arg('name', () => String, { nullable: true, defaultValue: '*' }) name?: string | null,
    @Arg('myentries', () => Boolean, { nullable: true, defaultValue: false }) myentries?: boolean | null,
  ): Promise<RepositoryEntryVO[]> {
    return lifecycle.searchEntries(ctx, { type, author, name, myentries });
  }
}

/** The image of an entry or course (catalogue 2.3, 2.4): its managers read and change it. */
@Resolver(() => RepositoryEntryImageVO)
export class RepositoryEntryImageResolver {
  @GuardedQuery(() => RepositoryEntryImageVO, auth(), { description: `The image of the entry; NOT_FOUND when it has none. ${MANAGERS}` })
  repositoryEntryImage(@Ctx() ctx: RequestContext, @Args() { entry }: EntryArgs): Promise<RepositoryEntryImageVO> {
    return images.getImage(ctx, { entry });
  }

  @GuardedQuery(() => RepositoryEntryImageVO, auth(), { description: `The image of the course; NOT_FOUND when it has none. ${MANAGERS}` })
  courseImage(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<RepositoryEntryImageVO> {
    return images.getImage(ctx, { courseKey });
  }

  @FieldResolver(() => Base64Scalar, { description: 'The image; read only when selected.' })
  content(@Ctx() ctx: RequestContext, @Root() image: RepositoryEntryImageVO): Promise<Buffer> {
    return images.imageContent(ctx, image);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Stores a new image (JPEG, PNG or GIF, recognised by its content; otherwise CONFLICT). ${MANAGERS}` })
  uploadRepositoryEntryImage(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('image', () => RepositoryEntryImageUploadInput) image: RepositoryEntryImageUploadInput,
  ): Promise<boolean> {
    return images.uploadImage(ctx, { entry }, image);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Stores a new image of the course (JPEG, PNG or GIF; otherwise CONFLICT). ${MANAGERS}` })
  uploadCourseImage(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('image', () => RepositoryEntryImageUploadInput) image: RepositoryEntryImageUploadInput,
  ): Promise<boolean> {
    return images.uploadImage(ctx, { courseKey }, image);
  }
}

export const courseLifecycleResolvers = [CourseLifecycleResolver, RepositoryEntryImageResolver] as const;
