import { CALENDAR_ROUTES } from './calendars';
import { CATALOG_ROUTES } from './catalog';
import { COURSE_ROUTES } from './courses';
import { CURRICULUM_ROUTES } from './curriculum';
import type { BaselineRoute } from './http';
import { LECTURE_ROUTES } from './lectures';
import { USER_ROUTES } from './users';

/** The baseline's routes for the institution's scenarios, family by family (users and groups are in baseline-server.ts). */
export const INSTITUTION_ROUTES: BaselineRoute[] = [
  ...COURSE_ROUTES,
  ...USER_ROUTES,
  ...CURRICULUM_ROUTES,
  ...LECTURE_ROUTES,
  ...CALENDAR_ROUTES,
  ...CATALOG_ROUTES,
];
