import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity, LongKey } from './base';
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
  @Property({ type: 'string', length: 8 })
  calendarType!: CalendarType;

  @Property({ type: 'integer' })
  ownerKey!: number;

  @Property({ type: 'string', length: 255 })
  eventId!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  recurrenceId?: string | null;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Property({ type: 'string', length: 1024, nullable: true })
  location?: string | null;

  @Property({ type: 'string', length: 64, nullable: true })
  color?: string | null;

  @Property({ type: 'datetime' })
  begin!: Date;

  @Property({ type: 'datetime' })
  end!: Date;

  @Property({ type: 'boolean', default: false })
  allDay: boolean = false;

  /** 0 private, 1 public, 2 free/busy (KalendarEvent constants). */
  @Property({ type: 'smallint', default: 0 })
  classification: number = 0;

  @Property({ type: 'string', length: 2048, nullable: true })
  liveStreamUrl?: string | null;

  @Property({ type: 'json', nullable: true })
  links?: CalendarEventLink[] | null;

  @Property({ type: 'string', length: 255, nullable: true })
  managedFlags?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  externalId?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  externalSource?: string | null;

  /** The lecture block this event mirrors (calendar sync), removed with the block. */
  @ManyToOne(() => LectureBlock, { deleteRule: 'cascade', nullable: true, index: true })
  lectureBlock?: LectureBlock | null;
}

/** A person's secret for the iCalendar feed of one calendar (extension: OpenOLAT's calendar subscription). Only its hash is stored. */
@Entity({ tableName: 'calendar_feed_token' })
@Unique({ properties: ['identity', 'calendarId'] })
@LongKey()
export class CalendarFeedToken extends BaseEntity {
  @ManyToOne(() => Identity, { deleteRule: 'cascade' })
  identity!: Identity;

  /** `{type}_{id}` as in CalendarVO.id. */
  @Property({ type: 'string', length: 64 })
  calendarId!: string;

  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;
}

export const calendarEntities = [CalendarEvent, CalendarFeedToken];
