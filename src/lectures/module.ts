/**
 * The lecture module's defaults of the switches this gateway acts on (OpenOLAT's LectureModule): what a
 * course's lecture configuration means where it does not override them (`overrideModuleDefault` false,
 * or a switch left null).
 */
export const LECTURE_MODULE_DEFAULTS = {
  courseCalendarSyncEnabled: true,
  teacherCalendarSyncEnabled: true,
} as const;

/** SQL for one effective switch of the lecture configuration `c` (a left-joined lecture_entry_config row). */
export function effectiveSwitchSql(config: string, column: 'course_calendar_sync_enabled' | 'teacher_calendar_sync_enabled') {
  const name = column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()) as keyof typeof LECTURE_MODULE_DEFAULTS;
  const fallback = LECTURE_MODULE_DEFAULTS[name] ? 'true' : 'false';
  return `(case when ${config}.override_module_default then coalesce(${config}.${column}, ${fallback}) else ${fallback} end)`;
}
