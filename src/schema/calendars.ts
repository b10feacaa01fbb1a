import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';
import { managed } from './directives';
import { PageOf } from './paging';
import { DateTimeScalar } from './scalars';

/** OpenOLAT's CalendarVO (catalogue 3.7). */
@ObjectType('CalendarVO')
export class CalendarVO {
  @Field(() => String, { description: '`{type}_{id}`: user_{login}, group_{groupKey}, course_{courseId} (the course resourceable id).' })
  id!: string;

  @Field(() => String, { description: 'user, group or course' })
  type!: string;

  @Field(() => Boolean, {
    description:
      "Whether the person may write in it. Our rule (OpenOLAT's depends on UI settings): own calendar yes; group: owners, and participants when the group's calendar access is 'all'; course: owners and entry managers.",
  })
  canWrite!: boolean;

  @Field(() => Boolean)
  subscribed!: boolean;

  @Field(() => String, { nullable: true })
  css!: string | null;

  @Field(() => String, { nullable: true })
  displayName!: string | null;
}

/** OpenOLAT's EventLinkVO. */
@ObjectType('EventLinkVO')
export class EventLinkVO {
  @Field(() => String, { nullable: true })
  id!: string | null;

  @Field(() => String, { nullable: true })
  provider!: string | null;

  @Field(() => String, { nullable: true })
  displayName!: string | null;

  @Field(() => String, { nullable: true })
  uri!: string | null;

  @Field(() => String, { nullable: true })
  iconCssClass!: string | null;
}

/** OpenOLAT's EventVO (catalogue 3.7). */
@ObjectType('EventVO')
export class EventVO {
  @Field(() => String)
  id!: string;

  @Field(() => String, { nullable: true })
  recurrenceId!: string | null;

  @Field(() => String, { nullable: true })
  subject!: string | null;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  location!: string | null;

  @Field(() => String, { nullable: true })
  color!: string | null;

  @Field(() => String, { description: 'The calendar of the event, `{type}_{id}`.' })
  calendarId!: string;

  @Field(() => DateTimeScalar)
  begin!: Date;

  @Field(() => DateTimeScalar)
  end!: Date;

  @Field(() => Boolean)
  allDayEvent!: boolean;

  @Field(() => Int, { description: '0 private, 1 public, 2 free/busy' })
  classification!: number;

  @Field(() => String, { nullable: true })
  liveStreamUrl!: string | null;

  @Field(() => [EventLinkVO], { nullable: true, description: 'Only when the event has links.' })
  links!: EventLinkVO[] | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated managed flags (catalogue 4.9), as stored.' })
  managedFlags!: string | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true })
  externalSource!: string | null;
}

/** OpenOLAT's EventVOes: `{"events":[…],"totalCount":n}`; XML `<events totalCount="n"><events><event>…`. */
export const EventVOes = PageOf(EventVO, { name: 'EventVOes', xmlRoot: 'events', items: 'events', xmlItem: 'event' });
export type EventVOes = InstanceType<typeof EventVOes>;

@InputType('EventLinkVOInput')
export class EventLinkVOInput {
  @Field(() => String, { nullable: true })
  id?: string | null;

  @Field(() => String, { nullable: true })
  provider?: string | null;

  @Field(() => String, { nullable: true })
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  uri?: string | null;

  @Field(() => String, { nullable: true })
  iconCssClass?: string | null;
}

@InputType('EventVOInput', {
  description:
    'An EventVO as a client sends it. No id: a new event with a generated id; an id the calendar does not have: created with that id; a known id (and recurrenceId): replaced, absent fields cleared, as OpenOLAT does. A classification other than 0, 1 or 2 is ignored, as OpenOLAT. Unlike OpenOLAT, subject, begin and end are mandatory and end not before begin (else 400). calendarId is ignored.',
})
export class EventVOInput {
  @Field(() => String, { nullable: true })
  id?: string | null;

  @Field(() => String, { nullable: true })
  recurrenceId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'subject'))
  subject?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  description?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'location'))
  location?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'color'))
  color?: string | null;

  @Field(() => String, { nullable: true, description: 'Read-only, ignored.' })
  calendarId?: string | null;

  @Field(() => DateTimeScalar, { nullable: true })
  @Directive(managed(null, 'dates'))
  begin?: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  @Directive(managed(null, 'dates'))
  end?: Date | null;

  @Field(() => Boolean, { nullable: true })
  @Directive(managed(null, 'dates'))
  allDayEvent?: boolean | null;

  @Field(() => Int, { nullable: true, description: '0 private, 1 public, 2 free/busy' })
  @Directive(managed(null, 'classification'))
  classification?: number | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'liveStreamUrl'))
  liveStreamUrl?: string | null;

  @Field(() => [EventLinkVOInput], { nullable: true, description: 'Replaces the links when not empty (an empty list keeps them, as OpenOLAT does).' })
  @Directive(managed(null, 'links'))
  links?: EventLinkVOInput[] | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated managed flags (catalogue 4.9), stored as given.' })
  @Directive(managed(null, 'any'))
  managedFlags?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  externalSource?: string | null;
}

/** Extension: the address of a person's iCalendar feed of one calendar. */
@ObjectType('CalendarFeedVO')
export class CalendarFeedVO {
  @Field(() => String)
  calendarId!: string;

  @Field(() => String, { description: 'The feed, below the REST API: /restapi/calendars/feed/{token}.ics; the token is shown only now.' })
  url!: string;
}
