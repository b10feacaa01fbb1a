import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity, LinkEntity, LongKey, Nullable, Varchar } from './base';
import { LectureBlock } from './lectures';
import { Identity } from './users';

/** The owner kinds of a calendar: a person's own calendar, a group's, a course's (CalendarVO.type). */
export type CalendarType = 'user' | 'group' | 'course';

/** One link of an event (EventLinkVO). */
export interface CalendarEventLink {
  id?: string | null;
  provider?: string | null;
  displayName?: string | null;
  uri?: string | null;
  iconCssClass?: string | null;
}

/**
 * An event of a calendar (EventVO, catalogue 3.7). A calendar is named by its type and its owner's
 * key (identity, group or repository entry); it has no row of its own. Events made by the lecture
 * sync carry the block they mirror.
 */
@Entity({ tableName: 'calendar_event' })
@LongKey()
@Index({ properties: ['calendarType', 'ownerKey', 'begin'] })
@Unique({
  name: 'calendar_event_id_unique',
  expression: 'create unique index "calendar_event_id_unique" on "calendar_event" ("calendar_type", "owner_key", "event_id", coalesce("recurrence_id", \'\'))',
})
export class CalendarEvent extends BaseEntity<'allDay' | 'classification'> {
  @Varchar(8) calendarType!: CalendarType;
  @Property({ type: 'integer' }) ownerKey!: number;
  @Varchar() eventId!: string;
  @Nullable('string') recurrenceId?: string | null;
  @Property({ type: 'text' }) subject!: string;
  @Nullable('text') description?: string | null;
  @Nullable('string', 1024) location?: string | null;
  @Nullable('string', 64) color?: string | null;
  @Property({ type: 'datetime' }) begin!: Date;
  @Property({ type: 'datetime' }) end!: Date;
  @Property({ type: 'boolean', default: false }) allDay: boolean = false;

  /** 0 private, 1 public, 2 free/busy (KalendarEvent constants). */
  @Property({ type: 'smallint', default: 0 }) classification: number = 0;
  @Nullable('string', 2048) liveStreamUrl?: string | null;
  @Nullable('json') links?: CalendarEventLink[] | null;
  @Nullable('string') managedFlags?: string | null;
  @Nullable('string') externalId?: string | null;
  @Nullable('string') externalSource?: string | null;

  /** The lecture block this event mirrors (calendar sync), removed with the block. */
  @ManyToOne(() => LectureBlock, { deleteRule: 'cascade', nullable: true, index: true }) lectureBlock?: LectureBlock | null;
}

/** A person's secret for the iCalendar feed of one calendar (extension: OpenOLAT's calendar subscription). Only its hash is stored. */
@LinkEntity('calendar_feed_token', ['identity', 'calendarId'])
export class CalendarFeedToken extends BaseEntity {
  @ManyToOne(() => Identity, { deleteRule: 'cascade' }) identity!: Identity;

  /** `{type}_{id}` as in CalendarVO.id. */
  @Varchar(64) calendarId!: string;
  @Property({ type: 'string', length: 64, unique: true }) tokenHash!: string;
}

export const calendarEntities = [CalendarEvent, CalendarFeedToken];
