import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeScalar, LongScalar } from './scalars';

@ObjectType('SettingsVO', { description: "The administrator's switches; a change reaches every instance within seconds." })
export class SettingsVO {
  @Field(() => Boolean, { description: 'Off: /restapi answers 403 outside the always-enabled paths (ping, api, i18n …).' })
  restEnabled!: boolean;

  @Field(() => Boolean, { description: 'Off: GraphQL callers may change managed elements too.' })
  managedEnforced!: boolean;

  @Field(() => String, { description: '"all", or "apikey": REST accepts only API-key logins and the tokens and sessions they opened.' })
  apiAccess!: string;

  @Field(() => Boolean, { description: 'Whether people may generate API keys for themselves.' })
  userApiKeyGeneration!: boolean;

  @Field(() => Boolean, {
    description:
      "Whether a SCIM User's enterprise organization and department (OpenOLAT's institutionalName and orgUnit) also make the person a member " +
      'of the organisation with that identifier, when one exists (and leave the one the value named before). On by default.',
  })
  scimOrganisationMemberships!: boolean;
}

@InputType('SettingsInput', { description: 'Only the settings given are changed.' })
export class SettingsInput {
  @Field(() => Boolean, { nullable: true }) restEnabled?: boolean | null;
  @Field(() => Boolean, { nullable: true }) managedEnforced?: boolean | null;
  @Field(() => String, { nullable: true }) apiAccess?: string | null;
  @Field(() => Boolean, { nullable: true }) userApiKeyGeneration?: boolean | null;
  @Field(() => Boolean, { nullable: true }) scimOrganisationMemberships?: boolean | null;
}

@ObjectType('AuditLogEntryVO', { description: 'One write: who, when, through which transport, what, on which object, with which arguments (secrets masked).' })
export class AuditLogEntryVO {
  @Field(() => LongScalar) key!: number;
  @Field(() => DateTimeScalar) at!: Date;
  @Field(() => LongScalar, { nullable: true }) identityKey!: number | null;
  @Field(() => String, { nullable: true }) identityLogin!: string | null;
  @Field(() => LongScalar, { nullable: true }) apiKeyId!: number | null;
  @Field(() => String, { nullable: true, description: "The client's address, through trusted proxies (TRUST_PROXY)." }) clientAddress!: string | null;
  @Field(() => String) transport!: string;
  @Field(() => String) operation!: string;
  @Field(() => String, { nullable: true }) objectType!: string | null;
  @Field(() => String, { nullable: true }) objectKey!: string | null;
  @Field(() => String, { nullable: true, description: 'The arguments as JSON.' }) changes!: string | null;
}

@InputType('AuditLogFilter')
export class AuditLogFilter {
  @Field(() => DateTimeScalar, { nullable: true }) from?: Date | null;
  @Field(() => DateTimeScalar, { nullable: true }) to?: Date | null;
  @Field(() => LongScalar, { nullable: true }) identityKey?: number | null;
  @Field(() => String, { nullable: true }) operation?: string | null;
  @Field(() => String, { nullable: true }) objectType?: string | null;
  @Field(() => String, { nullable: true }) objectKey?: string | null;
  @Field(() => Int, { nullable: true, description: 'At most this many, newest first (default 100, at most 1000).' }) limit?: number | null;
}
