/**
 * The rights a relation role can grant its source over its target. OpenOLAT builds this set from the
 * RightProvider beans of an installation; this gateway has no such registry, so the set is fixed here:
 * the ids OpenOLAT's user-relation rights use, in OpenOLAT's display order (catalogue 2.10).
 */
export const RELATION_RIGHTS = [
  'showCoursesAndCurriculum', // see the target's courses and curricula
  'showCourseProgressAndStatus', // their progress and status in those courses
  'showLecturesAndAbsences', // their lectures and absences
  'viewEfficiencyStatement', // their efficiency statements (evidence of achievement)
  'certificateUploadExternal', // upload external certificates for them
  'viewCourseCalendar', // their course calendars
  'showResourcesAndBookings', // their learning resources and bookings
  'showGroupMemberships', // their group memberships
  'viewAndEditProfile', // view and edit their profile
  'resetPassword', // reset their password
  'showContactform', // contact them through the contact form
  'selectableQualityReportAccess', // be selectable as a recipient of their quality reports
  'certificateEmail', // receive their certificates by e-mail
  'showAdministrativeProperties', // see their administrative user properties
] as const;

export type RelationRight = (typeof RELATION_RIGHTS)[number];

/** The known rights among `ids`, each once, in the order above; unknown ids are dropped as OpenOLAT drops them. */
export function knownRights(ids: readonly (string | null | undefined)[] | null | undefined): RelationRight[] {
  const given = new Set((ids ?? []).map((id) => id?.trim()));
  return RELATION_RIGHTS.filter((right) => given.has(right));
}
