import { Extensions, Field, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeScalar, LongScalar } from './scalars';

@ObjectType('WebhookVO', {
  description:
    "A webhook subscription (beyond OpenOLAT): the change feed's events of `types` are POSTed to `url`, signed per Standard Webhooks, as far as the owner may read them (within `organisationKey` and below, when set).",
})
@Extensions({ xmlRoot: 'webhook' })
export class WebhookVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String)
  url!: string;

  @Field(() => [String], { description: 'Event types delivered (`user.created`, …); empty: every type.' })
  @Extensions({ xmlItem: 'type' })
  types!: string[];

  @Field(() => LongScalar, { nullable: true, description: 'Only events about objects of this organisation and the ones below it.' })
  organisationKey!: number | null;

  @Field(() => Boolean)
  active!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'The signing secret (`whsec_…`): shown once, in the answer that creates or rotates it; null otherwise.',
  })
  secret!: string | null;

  @Field(() => LongScalar, { description: 'Who created it: deliveries carry the events this person may read.' })
  ownerKey!: number;

  @Field(() => DateTimeScalar)
  creationDate!: Date;

  @Field(() => String, { description: 'The change feed cursor of the last event delivered (or passed over); a replay moves it back.' })
  cursor!: string;

  @Field(() => Int, { description: 'Failed attempts at the next event; 0 while deliveries succeed.' })
  attempts!: number;

  @Field(() => String, { nullable: true, description: 'Why the last attempt failed, while the next event still fails.' })
  lastError!: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the next event is tried again, while it fails.' })
  nextAttemptAt!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  lastDeliveryAt!: Date | null;
}

@InputType('WebhookVOInput', { description: 'A webhook subscription as an administrator writes it.' })
export class WebhookVOInput {
  @Field(() => String, {
    nullable: true,
    description:
      'https (http only with WEBHOOK_ALLOW_HTTP); no loopback, private or link-local host unless WEBHOOK_ALLOWED_HOSTS names it. Required when creating.',
  })
  url?: string | null;

  @Field(() => [String], { nullable: true, description: 'Event types; absent or empty: every type.' })
  types?: string[] | null;

  @Field(() => LongScalar, { nullable: true, description: 'An organisation the caller administers; absent: every event the caller may read.' })
  organisationKey?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'true when absent on creation.' })
  active?: boolean | null;
}

@ObjectType('WebhookFailureVO', {
  description: 'An event a subscription gave up on after retrying for WEBHOOK_RETRY_HOURS; a replay from before its cursor sends it again.',
})
@Extensions({ xmlRoot: 'failure' })
export class WebhookFailureVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String, { description: "The event's change feed cursor." })
  cursor!: string;

  @Field(() => String)
  type!: string;

  @Field(() => Int)
  attempts!: number;

  @Field(() => String, { nullable: true })
  lastError!: string | null;

  @Field(() => DateTimeScalar)
  failedAt!: Date;
}
