import { adminResolvers } from './admin';
import { assessmentResolvers } from './assessment';
import { calendarResolvers } from './calendars';
import { catalogResolvers } from './catalog';
import { changeResolvers } from './changes';
import { courseGroupResolvers } from './course-groups';
import { courseLifecycleResolvers } from './course-lifecycle';
import { courseArchiveResolvers } from './course-archives';
import { courseResolvers } from './courses';
import { curriculumResolvers } from './curriculum';
import { groupResolvers } from './groups';
import { lectureResolvers } from './lectures';
import { organisationResolvers } from './organisations';
import { relationResolvers } from './relations';
import { rollCallResolvers } from './roll-calls';
import { taxonomyResolvers } from './taxonomy';
import { userResolvers } from './users';
import { syncResolvers } from './sync';
import { webhookResolvers } from './webhooks';

/** Every resolver of the schema, one entry per family. */
export const resolvers = [
  ...userResolvers,
  ...groupResolvers,
  ...organisationResolvers,
  ...relationResolvers,
  ...adminResolvers,
  ...courseResolvers,
  ...courseGroupResolvers,
  ...courseLifecycleResolvers,
  ...courseArchiveResolvers,
  ...assessmentResolvers,
  ...catalogResolvers,
  ...taxonomyResolvers,
  ...curriculumResolvers,
  ...rollCallResolvers,
  ...lectureResolvers,
  ...calendarResolvers,
  ...changeResolvers,
  ...webhookResolvers,
  ...syncResolvers,
] as const;
