import { Arg, Args, ArgsType, Ctx, Field, Int, Resolver } from 'type-graphql';
import { GuardedMutation, GuardedQuery } from './guards';
import { CourseKeyArgs, KeyArg } from '../schema/arguments';
import type { RequestContext } from '../domain/context';
import * as calendars from '../calendars/service';
import type { EventQuery } from '../calendars/service';
import { managedCalendarEvent } from '../calendars/managed';
import { Managed } from '../managed/elements';
import { CalendarFeedVO, CalendarVO, EventVOInput, EventVOes } from '../schema/calendars';
import { auth } from '../schema/directives';
import { LongScalar } from '../schema/scalars';

const CALENDAR_ID = 'user_{login or identity key}, group_{groupKey} or course_{courseId}';

@ArgsType()
class EventPageArgs implements EventQuery {
  @Field(() => Int, { nullable: true, description: 'first event of the page (REST: with pagingspec=1.0 only)' })
  start?: number | null;

  @Field(() => Int, { nullable: true, description: 'events of the page (REST: 25 by default with pagingspec=1.0); none: every event from start' })
  limit?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'only events that end today or later' })
  onlyFuture?: boolean | null;
}

@ArgsType()
class PersonEventsArgs extends EventPageArgs {
  @Field(() => LongScalar)
  identityKey!: number;
}

@ArgsType()
class CalendarEventsArgs extends PersonEventsArgs {
  @Field(() => String, { description: CALENDAR_ID })
  calendarId!: string;
}

/** A calendar as a person sees it (/users/{identityKey}/calendars/{calendarId}). */
@ArgsType()
class PersonCalendarArgs {
  @Field(() => String, { description: CALENDAR_ID })
  calendarId!: string;

  @Field(() => LongScalar)
  identityKey!: number;
}

@ArgsType()
class GroupEventsArgs extends EventPageArgs {
  @Field(() => LongScalar)
  groupKey!: number;
}

@ArgsType()
class CourseEventsArgs extends EventPageArgs {
  @Field(() => LongScalar, { description: 'the course id (resourceable id), as in /repo/courses/{courseKey}' })
  courseKey!: number;
}

/** The arguments of the writes, alike for the three kinds of calendar. */
const EventArg = () => Arg('event', () => EventVOInput);
const EventsArg = () => Arg('events', () => [EventVOInput]);
const EventIdArg = () => Arg('eventId', () => String);

const PERSON_RULE =
  'Answers for the person in the path (OpenOLAT answers for the caller): the person themself or their user managers (administrator, usermanager, rolesmanager); else 403 (OpenOLAT: 401).';
const WRITE_RULE =
  'Our write rule (OpenOLAT\'s depends on UI settings): own calendar; group: owners (coaches), group managers, participants when the calendar access is "all"; course: owners, administrators and learning resource managers. 403 without write access; unlike OpenOLAT, 400 for an event without subject, begin or end, or with end before begin (an unknown classification is ignored, as OpenOLAT). REST answers 200 without a body, as OpenOLAT. GraphQL callers cannot change what a managed event\'s flags protect (synced lecture events are managed `all`); REST, the managing system, can.';
const GROUP_RULE = "The caller must be a member of the group or a group manager (403), then the group's calendar tool must be on (404).";
const COURSE_RULE = "The caller must be a member or manager of the course (403), then the course's calendar must be enabled (404).";

@Resolver()
export class CalendarResolver {
  @GuardedQuery(() => [CalendarVO], auth(), {
    description: `The calendars the person sees: their own, their groups' with the calendar tool on, their courses' with the calendar enabled. ${PERSON_RULE}`,
  })
  calendars(@Ctx() ctx: RequestContext, @KeyArg('identityKey') identityKey: number): Promise<CalendarVO[]> {
    return calendars.listCalendars(ctx, identityKey);
  }

  @GuardedQuery(() => CalendarVO, auth(), {
    description: `One of the person's calendars (404 when the person does not see it; user_… must name the person). ${PERSON_RULE}`,
  })
  calendar(@Ctx() ctx: RequestContext, @Args() { identityKey, calendarId }: PersonCalendarArgs): Promise<CalendarVO> {
    return calendars.getCalendar(ctx, identityKey, calendarId);
  }

  @GuardedQuery(() => EventVOes, auth(), { description: `The events of every calendar the person sees, ordered by begin. ${PERSON_RULE}` })
  userCalendarEvents(@Ctx() ctx: RequestContext, @Args() { identityKey, ...query }: PersonEventsArgs): Promise<EventVOes> {
    return calendars.listPersonEvents(ctx, identityKey, query);
  }

  @GuardedQuery(() => EventVOes, auth(), { description: `The events of one of the person's calendars, ordered by begin. ${PERSON_RULE}` })
  calendarEvents(@Ctx() ctx: RequestContext, @Args() { identityKey, calendarId, ...query }: CalendarEventsArgs): Promise<EventVOes> {
    return calendars.listCalendarEvents(ctx, { identityKey, calendarId }, query);
  }

  @GuardedQuery(() => EventVOes, auth(), { description: `The events of the group's calendar, ordered by begin. ${GROUP_RULE}` })
  groupCalendarEvents(@Ctx() ctx: RequestContext, @Args() { groupKey, ...query }: GroupEventsArgs): Promise<EventVOes> {
    return calendars.listCalendarEvents(ctx, { groupKey }, query);
  }

  @GuardedQuery(() => EventVOes, auth(), { description: `The events of the course's calendar, ordered by begin. ${COURSE_RULE}` })
  courseCalendarEvents(@Ctx() ctx: RequestContext, @Args() { courseKey, ...query }: CourseEventsArgs): Promise<EventVOes> {
    return calendars.listCalendarEvents(ctx, { courseKey }, query);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Create or replace an event in one of the person's calendars. ${PERSON_RULE} ${WRITE_RULE}` })
  @Managed(managedCalendarEvent, null)
  saveCalendarEvent(@Ctx() ctx: RequestContext, @Args() { identityKey, calendarId }: PersonCalendarArgs, @EventArg() event: EventVOInput): Promise<boolean> {
    return calendars.saveEvents(ctx, { identityKey, calendarId }, [event], true);
  }

  @GuardedMutation(() => Boolean, auth(), {
    description: `Create or replace events in one of the person's calendars, all or none. ${PERSON_RULE} ${WRITE_RULE}`,
  })
  @Managed(managedCalendarEvent, null)
  saveCalendarEvents(
    @Ctx() ctx: RequestContext,
    @Args() { identityKey, calendarId }: PersonCalendarArgs,
    @EventsArg() events: EventVOInput[],
  ): Promise<boolean> {
    return calendars.saveEvents(ctx, { identityKey, calendarId }, events, false);
  }

  @GuardedMutation(() => Boolean, auth(), {
    description: `Delete an event (every recurrence) of one of the person's calendars; 404 unknown event. ${PERSON_RULE}`,
  })
  @Managed(managedCalendarEvent, 'all')
  deleteCalendarEvent(@Ctx() ctx: RequestContext, @Args() { identityKey, calendarId }: PersonCalendarArgs, @EventIdArg() eventId: string): Promise<boolean> {
    return calendars.deleteEvent(ctx, { identityKey, calendarId }, eventId);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Create or replace an event in the group's calendar. ${GROUP_RULE} ${WRITE_RULE}` })
  @Managed(managedCalendarEvent, null)
  saveGroupCalendarEvent(@Ctx() ctx: RequestContext, @KeyArg('groupKey') groupKey: number, @EventArg() event: EventVOInput): Promise<boolean> {
    return calendars.saveEvents(ctx, { groupKey }, [event], true);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Create or replace events in the group's calendar, all or none. ${GROUP_RULE} ${WRITE_RULE}` })
  @Managed(managedCalendarEvent, null)
  saveGroupCalendarEvents(@Ctx() ctx: RequestContext, @KeyArg('groupKey') groupKey: number, @EventsArg() events: EventVOInput[]): Promise<boolean> {
    return calendars.saveEvents(ctx, { groupKey }, events, false);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Delete an event of the group's calendar; 404 unknown event. ${GROUP_RULE}` })
  @Managed(managedCalendarEvent, 'all')
  deleteGroupCalendarEvent(@Ctx() ctx: RequestContext, @KeyArg('groupKey') groupKey: number, @EventIdArg() eventId: string): Promise<boolean> {
    return calendars.deleteEvent(ctx, { groupKey }, eventId);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Create or replace an event in the course's calendar. ${COURSE_RULE} ${WRITE_RULE}` })
  @Managed(managedCalendarEvent, null)
  saveCourseCalendarEvent(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs, @EventArg() event: EventVOInput): Promise<boolean> {
    return calendars.saveEvents(ctx, { courseKey }, [event], true);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Create or replace events in the course's calendar, all or none. ${COURSE_RULE} ${WRITE_RULE}` })
  @Managed(managedCalendarEvent, null)
  saveCourseCalendarEvents(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs, @EventsArg() events: EventVOInput[]): Promise<boolean> {
    return calendars.saveEvents(ctx, { courseKey }, events, false);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Delete an event of the course's calendar; 404 unknown event. ${COURSE_RULE}` })
  @Managed(managedCalendarEvent, 'all')
  deleteCourseCalendarEvent(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs, @EventIdArg() eventId: string): Promise<boolean> {
    return calendars.deleteEvent(ctx, { courseKey }, eventId);
  }

  @GuardedMutation(() => CalendarFeedVO, auth(), {
    description:
      "Extension (not in OpenOLAT's REST API): create or rotate the person's iCalendar feed of one of their calendars; only the person themself (403). The URL carries a new secret token, shown only now (stored as its SHA-256); the previous one stops working.",
  })
  createCalendarFeed(@Ctx() ctx: RequestContext, @Args() { identityKey, calendarId }: PersonCalendarArgs): Promise<CalendarFeedVO> {
    return calendars.createFeed(ctx, identityKey, calendarId);
  }

  @GuardedMutation(() => Boolean, auth(), {
    description: "Extension: revoke the person's iCalendar feed of the calendar (404 when there is none); only the person themself.",
  })
  deleteCalendarFeed(@Ctx() ctx: RequestContext, @Args() { identityKey, calendarId }: PersonCalendarArgs): Promise<boolean> {
    return calendars.deleteFeed(ctx, identityKey, calendarId);
  }
}

export const calendarResolvers = [CalendarResolver] as const;
