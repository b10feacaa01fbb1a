import { Extensions, Field, InputType, ObjectType } from 'type-graphql';
import { DateTimeScalar, LongScalar } from './scalars';

/**
 * OpenOLAT's AuthenticationVO (catalogue 3.1): one credential of a person. `credential` is null
 * except in the answer that creates an API key, which carries its secret that one time.
 */
@ObjectType('AuthenticationVO')
export class AuthenticationVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => String, { description: 'OLAT (password), REST (token), API-Key, or an external provider such as LDAP or Shib.' })
  provider!: string;

  @Field(() => String, { description: 'For API keys: the client id.' })
  authUsername!: string;

  @Field(() => String, { nullable: true, description: 'Never stored readable nor listed; only the secret of a newly created API key.' })
  credential!: string | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => DateTimeScalar, { description: 'When the credential was created (GraphQL only).' })
  @Extensions({ rest: false })
  creationDate!: Date;

  @Field(() => DateTimeScalar, { nullable: true, description: 'Last login with this API key, to the minute (GraphQL only).' })
  @Extensions({ rest: false })
  lastUsage!: Date | null;
}

@InputType('AuthenticationVOInput', {
  description: 'An AuthenticationVO as a client sends it. For provider API-Key, authUsername and credential are ignored: both are generated.',
})
export class AuthenticationVOInput {
  @Field(() => LongScalar, { nullable: true, description: 'Names an existing authentication of the identity to update.' })
  key?: number | null;

  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => String)
  provider!: string;

  @Field(() => String, { nullable: true })
  authUsername?: string | null;

  @Field(() => String, { nullable: true, description: 'Write-only. For OLAT the password (stored as a bcrypt hash); other providers keep no secret here.' })
  credential?: string | null;

  @Field(() => String, { nullable: true })
  externalId?: string | null;
}

/** A new API key: the secret is shown in this answer only, presented as basic auth `clientId:secret`. */
@ObjectType('ApiKeyVO')
export class ApiKeyVO {
  @Field(() => LongScalar, { description: 'The key of the authentication, for listing and deleting.' })
  key!: number;

  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => String)
  clientId!: string;

  @Field(() => String)
  secret!: string;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => DateTimeScalar)
  creationDate!: Date;
}

/** The form of `POST /users/{k}/authentications/password` (field `newPassword`). */
@InputType('PasswordChangeInput')
export class PasswordChangeInput {
  @Field(() => String)
  newPassword!: string;
}
