import { Arg, Args, Ctx, Directive, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { CourseKeyArgs, EntryArgs } from '../schema/arguments';
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
import { Base64Scalar, LongScalar } from '../schema/scalars';

const MANAGERS = 'Administrators and learning resource managers of one of the entry’s organisations, and its owners.';
const LINKERS =
  'Managers of the entry (administrators and learning resource managers of one of its organisations, its owners) who are administrators, learning resource managers or authors in the organisation too.';

/** The lifecycle of repository entries and courses (catalogue 2.3, 2.4): metadata, status, access, organisations, configuration, resource, search. */
@Resolver()
export class CourseLifecycleResolver {
  @Query(() => RepositoryEntryMetadataVO, { description: `The metadata of the entry. ${MANAGERS} Global authors too, of the entries they see.` })
  @Directive(auth())
  repositoryEntryMetadata(@Ctx() ctx: RequestContext, @Args() { entry }: EntryArgs): Promise<RepositoryEntryMetadataVO> {
    return metadata.getMetadata(ctx, { entry });
  }

  @Query(() => RepositoryEntryMetadataVO, { description: `The metadata of the course. ${MANAGERS}` })
  @Directive(auth())
  courseMetadata(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<RepositoryEntryMetadataVO> {
    return metadata.getMetadata(ctx, { courseKey });
  }

  @Mutation(() => RepositoryEntryMetadataVO, { description: `Writes the metadata; absent values are written as null. ${MANAGERS}` })
  @Directive(auth())
  @Managed(managedCourse, null)
  updateRepositoryEntryMetadata(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('metadata', () => RepositoryEntryMetadataVOInput) input: RepositoryEntryMetadataVOInput,
  ): Promise<RepositoryEntryMetadataVO> {
    return metadata.updateMetadata(ctx, { entry }, input);
  }

  @Mutation(() => RepositoryEntryMetadataVO, { description: `Writes the metadata of the course; absent values are written as null. ${MANAGERS}` })
  @Directive(auth())
  @Managed(managedCourse, null)
  updateCourseMetadata(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('metadata', () => RepositoryEntryMetadataVOInput) input: RepositoryEntryMetadataVOInput,
  ): Promise<RepositoryEntryMetadataVO> {
    return metadata.updateMetadata(ctx, { courseKey }, input);
  }

  @Mutation(() => RepositoryEntryVO, {
    nullable: true,
    description:
      'Replaces the entry’s fields (see RepositoryEntryVOInput); null (REST 204) for an empty file. Global authors, learning resource managers and administrators who manage the entry (its owners, or of its organisation).',
  })
  @Directive(auth(...COURSE_CREATORS))
  @Managed(managedCourse, null)
  updateRepositoryEntry(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('repositoryEntry', () => RepositoryEntryVOInput) input: RepositoryEntryVOInput,
  ): Promise<RepositoryEntryVO | null> {
    return lifecycle.updateEntry(ctx, entry, input);
  }

  @Mutation(() => Boolean, { description: `Changes the status (newStatus); unknown values change nothing. ${MANAGERS}` })
  @Directive(auth())
  changeRepositoryEntryStatus(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('statusChange', () => EntryStatusChangeInput, { nullable: true }) change?: EntryStatusChangeInput | null,
  ): Promise<boolean> {
    return lifecycle.changeStatus(ctx, { entry }, change);
  }

  @Mutation(() => Boolean, { description: `Changes the status of the course (newStatus); unknown values change nothing. ${MANAGERS}` })
  @Directive(auth())
  changeCourseStatus(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('statusChange', () => EntryStatusChangeInput, { nullable: true }) change?: EntryStatusChangeInput | null,
  ): Promise<boolean> {
    return lifecycle.changeStatus(ctx, { courseKey }, change);
  }

  @Mutation(() => Boolean, {
    description: `Opens the entry to all users and/or guests, or closes it to them; false (REST 304) when nothing changed. ${MANAGERS}`,
  })
  @Directive(auth())
  setRepositoryEntryPublicAccess(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('allUsers', () => Boolean, { nullable: true }) allUsers?: boolean | null,
    @Arg('guests', () => Boolean, { nullable: true }) guests?: boolean | null,
  ): Promise<boolean> {
    return lifecycle.setPublicAccess(ctx, entry, allUsers, guests);
  }

  @Query(() => RepositoryEntryAccessVO, { description: `The status and public access of the entry (OpenOLAT's older access resource). ${MANAGERS}` })
  @Directive(auth())
  repositoryEntryAccess(@Ctx() ctx: RequestContext, @Args() { entry }: EntryArgs): Promise<RepositoryEntryAccessVO> {
    return lifecycle.getAccess(ctx, entry);
  }

  @Mutation(() => RepositoryEntryAccessVO, {
    description: `Write the status and the public access as given (OpenOLAT's low-level change: nothing a status change does besides). ${MANAGERS}`,
  })
  @Directive(auth())
  updateRepositoryEntryAccess(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('access', () => RepositoryEntryAccessVOInput) access: RepositoryEntryAccessVOInput,
  ): Promise<RepositoryEntryAccessVO> {
    return lifecycle.updateAccess(ctx, entry, access);
  }

  @Query(() => [OrganisationVO], { description: `The organisations of the entry. ${MANAGERS}` })
  @Directive(auth())
  repositoryEntryOrganisations(@Ctx() ctx: RequestContext, @Args() { entry }: EntryArgs): Promise<OrganisationVO[]> {
    return lifecycle.listOrganisations(ctx, { entry });
  }

  @Query(() => [OrganisationVO], { description: `The organisations of the course. ${MANAGERS}` })
  @Directive(auth())
  courseOrganisations(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<OrganisationVO[]> {
    return lifecycle.listOrganisations(ctx, { courseKey });
  }

  @Mutation(() => Boolean, {
    description: `Adds the entry to the organisation; false (REST 304) when it belongs to it already. ${LINKERS}`,
  })
  @Directive(auth())
  @Managed(managedCourse, 'organisations')
  addRepositoryEntryOrganisation(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('organisationKey', () => LongScalar) organisationKey: number,
  ): Promise<boolean> {
    return lifecycle.addOrganisation(ctx, { entry }, organisationKey);
  }

  @Mutation(() => Boolean, {
    description: `Takes the entry out of the organisation (also when it is not in it). ${LINKERS}`,
  })
  @Directive(auth())
  @Managed(managedCourse, 'organisations')
  removeRepositoryEntryOrganisation(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('organisationKey', () => LongScalar) organisationKey: number,
  ): Promise<boolean> {
    return lifecycle.removeOrganisation(ctx, { entry }, organisationKey);
  }

  @Mutation(() => Boolean, { description: `Adds the course to the organisation; false (REST 304) when it belongs to it already. ${LINKERS}` })
  @Directive(auth())
  @Managed(managedCourse, 'organisations')
  addCourseOrganisation(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('organisationKey', () => LongScalar) organisationKey: number,
  ): Promise<boolean> {
    return lifecycle.addOrganisation(ctx, { courseKey }, organisationKey);
  }

  @Mutation(() => Boolean, { description: `Takes the course out of the organisation (also when it is not in it). ${LINKERS}` })
  @Directive(auth())
  @Managed(managedCourse, 'organisations')
  removeCourseOrganisation(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('organisationKey', () => LongScalar) organisationKey: number,
  ): Promise<boolean> {
    return lifecycle.removeOrganisation(ctx, { courseKey }, organisationKey);
  }

  @Query(() => OlatResourceVO, { description: `The OLAT resource of the course. ${MANAGERS}` })
  @Directive(auth())
  courseResource(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<OlatResourceVO> {
    return lifecycle.getResource(ctx, courseKey);
  }

  @Query(() => CourseConfigVO, { description: `The configuration of the course. ${MANAGERS}` })
  @Directive(auth())
  courseConfiguration(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<CourseConfigVO> {
    return configuration.getCourseConfig(ctx, courseKey);
  }

  @Mutation(() => CourseConfigVO, { description: `Changes the fields sent of the course configuration. ${MANAGERS}` })
  @Directive(auth())
  @Managed(managedCourse, null)
  updateCourseConfiguration(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('courseConfiguration', () => CourseConfigVOInput) input: CourseConfigVOInput,
  ): Promise<CourseConfigVO> {
    return configuration.updateCourseConfig(ctx, courseKey, input);
  }

  @Query(() => [RepositoryEntryVO], {
    description:
      'Entries the caller sees by resource type, author (the authors text or an owner’s login or name) and name (displayname); `*` is a wildcard, a value without one is contained; myentries: only those the caller is a member of.',
  })
  @Directive(auth())
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
  @Query(() => RepositoryEntryImageVO, { description: `The image of the entry; NOT_FOUND when it has none. ${MANAGERS}` })
  @Directive(auth())
  repositoryEntryImage(@Ctx() ctx: RequestContext, @Args() { entry }: EntryArgs): Promise<RepositoryEntryImageVO> {
    return images.getImage(ctx, { entry });
  }

  @Query(() => RepositoryEntryImageVO, { description: `The image of the course; NOT_FOUND when it has none. ${MANAGERS}` })
  @Directive(auth())
  courseImage(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<RepositoryEntryImageVO> {
    return images.getImage(ctx, { courseKey });
  }

  @FieldResolver(() => Base64Scalar, { description: 'The image; read only when selected.' })
  content(@Ctx() ctx: RequestContext, @Root() image: RepositoryEntryImageVO): Promise<Buffer> {
    return images.imageContent(ctx, image);
  }

  @Mutation(() => Boolean, { description: `Stores a new image (JPEG, PNG or GIF, recognised by its content; otherwise CONFLICT). ${MANAGERS}` })
  @Directive(auth())
  uploadRepositoryEntryImage(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('image', () => RepositoryEntryImageUploadInput) image: RepositoryEntryImageUploadInput,
  ): Promise<boolean> {
    return images.uploadImage(ctx, { entry }, image);
  }

  @Mutation(() => Boolean, { description: `Stores a new image of the course (JPEG, PNG or GIF; otherwise CONFLICT). ${MANAGERS}` })
  @Directive(auth())
  uploadCourseImage(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('image', () => RepositoryEntryImageUploadInput) image: RepositoryEntryImageUploadInput,
  ): Promise<boolean> {
    return images.uploadImage(ctx, { courseKey }, image);
  }
}

export const courseLifecycleResolvers = [CourseLifecycleResolver, RepositoryEntryImageResolver] as const;
