import { CALENDAR_ROUTES } from './calendars';
import { CATALOG_ROUTES } from './catalog';
import { COURSE_ROUTES } from './courses';
import { CURRICULUM_ROUTES } from './curriculum';
import type { BaselineRoute } from './http';
import { LECTURE_ROUTES } from './lectures';
import { USER_ROUTES } from './users';
import { CALENDAR_WRITE_ROUTES } from './calendars-writes';
import { COURSE_WRITE_ROUTES } from './courses-writes';
import { CURRICULUM_WRITE_ROUTES } from './curriculum-writes';
import { LECTURE_WRITE_ROUTES } from './lectures-writes';

/** The baseline's routes for the institution's scenarios, family by family (users and groups are in baseline-server.ts). */
export const INSTITUTION_ROUTES: BaselineRoute[] = [
  ...COURSE_ROUTES,
  ...USER_ROUTES,
  ...CURRICULUM_ROUTES,
  ...LECTURE_ROUTES,
  ...CALENDAR_ROUTES,
  ...CATALOG_ROUTES,
  ...COURSE_WRITE_ROUTES,
  ...CURRICULUM_WRITE_ROUTES,
  ...LECTURE_WRITE_ROUTES,
  ...CALENDAR_WRITE_ROUTES,
];
