import { COURSE_ROUTES } from './courses';
import type { BaselineRoute } from './http';
import { USER_ROUTES } from './users';

/** The baseline's routes for the institution's scenarios, family by family (users and groups are in baseline-server.ts). */
export const INSTITUTION_ROUTES: BaselineRoute[] = [...COURSE_ROUTES, ...USER_ROUTES];
