import { adminEntities } from './admin';
import { assessmentEntities } from './assessment';
import { authenticationEntities } from './authentications';
import { calendarEntities } from './calendars';
import { catalogEntities } from './catalog';
import { changeEntities } from './changes';
import { courseGroupEntities } from './course-groups';
import { courseLifecycleEntities } from './course-lifecycle';
import { courseEntities } from './courses';
import { curriculumEntities } from './curriculum';
import { fileEntities } from './files';
import { groupEntities } from './groups';
import { lectureEntities } from './lectures';
import { limitEntities } from './limits';
import { organisationEntities } from './organisations';
import { relationEntities } from './relations';
import { syncEntities } from './sync';
import { taxonomyEntities } from './taxonomy';
import { userEntities } from './users';
import { webhookEntities } from './webhooks';

/** Every entity, one entry per family. */
export const entities = [
  ...userEntities,
  ...authenticationEntities,
  ...groupEntities,
  ...organisationEntities,
  ...relationEntities,
  ...adminEntities,
  ...fileEntities,
  ...courseEntities,
  ...courseGroupEntities,
  ...courseLifecycleEntities,
  ...catalogEntities,
  ...taxonomyEntities,
  ...curriculumEntities,
  ...lectureEntities,
  ...calendarEntities,
  ...limitEntities,
  ...changeEntities,
  ...webhookEntities,
  ...syncEntities,
  ...assessmentEntities,
];
