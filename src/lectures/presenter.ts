import type { LectureBlockVO, RepositoryEntryLectureConfigurationVO } from '../schema/lectures';
import type { BlockRow, ConfigRow } from './repository';

export function toLectureBlockVO(row: BlockRow): LectureBlockVO {
  return {
    key: Number(row.id),
    externalId: row.externalId,
    externalRef: row.externalRef,
    managedFlagsString: row.managedFlags,
    title: row.title,
    description: row.description,
    preparation: row.preparation,
    location: row.location,
    comment: row.comment,
    startDate: row.startDate,
    endDate: row.endDate,
    compulsory: row.compulsory,
    plannedLectures: row.plannedLectures,
    status: row.status,
    rollCallStatus: row.rollCallStatus,
    meetingTitle: row.meetingTitle,
    meetingUrl: row.meetingUrl,
    recordingUrl: row.recordingUrl,
    bigBlueButtonMeetingKey: null,
    repoEntryKey: row.entryKey,
    curriculumElementKey: row.elementKey,
  };
}

/** A course without a configuration: every field null, as OpenOLAT answers. */
export function toConfigurationVO(row: ConfigRow | null): RepositoryEntryLectureConfigurationVO {
  return {
    lectureEnabled: row?.lectureEnabled ?? null,
    overrideModuleDefault: row?.overrideModuleDefault ?? null,
    calculateAttendanceRate: row?.calculateAttendanceRate ?? null,
    requiredAttendanceRate: row?.requiredAttendanceRate ?? null,
    courseCalendarSyncEnabled: row?.courseCalendarSyncEnabled ?? null,
    teacherCalendarSyncEnabled: row?.teacherCalendarSyncEnabled ?? null,
    rollCallEnabled: row?.rollCallEnabled ?? null,
  };
}
