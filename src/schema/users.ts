import { Extensions, Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { FileVO } from './files';
import { Base64Scalar, DateTimeScalar, LongScalar } from './scalars';

@ObjectType('UserPropertyVO')
export class UserPropertyVO {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  value!: string | null;
}

@InputType('UserPropertyInput')
export class UserPropertyInput {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  value?: string | null;
}

/** OpenOLAT's UserVO (catalogue 3.1); `password` exists only on input. */
@ObjectType('UserVO')
export class UserVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String)
  login!: string;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true })
  firstName!: string | null;

  @Field(() => String, { nullable: true })
  lastName!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true, description: 'The small portrait as base64 (JPEG), with withPortrait=true only; null without a portrait.' })
  portrait!: string | null;

  @Field(() => [UserPropertyVO])
  @Extensions({ xmlItem: 'property' })
  properties!: UserPropertyVO[];

  /** Known when the row that made this VO had them (a creation's insert); src/resolvers/users.ts reads them otherwise. */
  creationDate?: Date;
  lastModified?: Date;
}

@InputType('UserVOInput', { description: 'A UserVO as a client sends it; `key` and `portrait` are accepted and ignored.' })
export class UserVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  login?: string | null;

  @Field(() => String, { nullable: true })
  externalId?: string | null;

  @Field(() => String, { nullable: true, description: 'Write-only: set as the OLAT password, never returned.' })
  password?: string | null;

  @Field(() => String, { nullable: true })
  firstName?: string | null;

  @Field(() => String, { nullable: true })
  lastName?: string | null;

  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => String, { nullable: true })
  portrait?: string | null;

  @Field(() => [UserPropertyInput], { nullable: true })
  @Extensions({ xmlItem: 'property' })
  properties?: UserPropertyInput[] | null;
}

/** Roles in the user's default organisation (catalogue 3.1 RolesVO). */
@ObjectType('RolesVO')
export class RolesVO {
  @Field(() => Boolean) systemAdmin!: boolean;
  @Field(() => Boolean) olatAdmin!: boolean;
  @Field(() => Boolean) userManager!: boolean;
  @Field(() => Boolean) groupManager!: boolean;
  @Field(() => Boolean) author!: boolean;
  @Field(() => Boolean) guestOnly!: boolean;
  @Field(() => Boolean) institutionalResourceManager!: boolean;
  @Field(() => Boolean) poolAdmin!: boolean;
  @Field(() => Boolean) curriculumManager!: boolean;
  @Field(() => Boolean) selectusManager!: boolean;
  @Field(() => Boolean) invitee!: boolean;
}

@InputType('RolesVOInput', {
  description:
    'Absent flags count as false, but selectusManager (a newer flag) changes only when sent; systemAdmin is ignored. guestOnly, else invitee, stands alone: the other roles are removed.',
})
export class RolesVOInput {
  @Field(() => Boolean, { nullable: true }) systemAdmin?: boolean | null;
  @Field(() => Boolean, { nullable: true }) olatAdmin?: boolean | null;
  @Field(() => Boolean, { nullable: true }) userManager?: boolean | null;
  @Field(() => Boolean, { nullable: true }) groupManager?: boolean | null;
  @Field(() => Boolean, { nullable: true }) author?: boolean | null;
  @Field(() => Boolean, { nullable: true }) guestOnly?: boolean | null;
  @Field(() => Boolean, { nullable: true }) institutionalResourceManager?: boolean | null;
  @Field(() => Boolean, { nullable: true }) poolAdmin?: boolean | null;
  @Field(() => Boolean, { nullable: true }) curriculumManager?: boolean | null;
  @Field(() => Boolean, { nullable: true }) selectusManager?: boolean | null;
  @Field(() => Boolean, { nullable: true }) invitee?: boolean | null;
}

@ObjectType('StatusVO')
export class StatusVO {
  @Field(() => Int, { description: '1 permanent, 2 active, 101 login denied, 102 pending, 103 inactive, 199 deleted' })
  status!: number;
}

@InputType('StatusVOInput')
export class StatusVOInput {
  @Field(() => Int)
  status!: number;
}

/** Identities that an external system manages: those with an externalId (catalogue 3.1 ManagedUserVO). */
@ObjectType('ManagedUserVO')
export class ManagedUserVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String)
  login!: string;

  @Field(() => String, { nullable: true })
  externalId!: string | null;
}

@ObjectType('PreferencesVO')
export class PreferencesVO {
  @Field(() => String, { nullable: true, description: 'Language of the user interface, e.g. de, en, fr_CH' })
  language!: string | null;
}

@InputType('PreferencesVOInput')
export class PreferencesVOInput {
  @Field(() => String, { nullable: true, description: 'null or empty clears the preference' })
  language?: string | null;
}

@ObjectType('UserLifecycleVO')
export class UserLifecycleVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => DateTimeScalar, { nullable: true })
  creationDate!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  expirationDate!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  inactivationDate!: Date | null;

  @Field(() => Int, { nullable: true })
  status!: number | null;
}

@InputType('UserLifecycleVOInput', {
  description:
    'No dates: reactivate the user (status active, dates cleared); an expirationDate: set it; only an inactivationDate: nothing changes. Other fields are ignored.',
})
export class UserLifecycleVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  externalId?: string | null;

  @Field(() => DateTimeScalar, { nullable: true })
  creationDate?: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  expirationDate?: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  inactivationDate?: Date | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

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

  @Field(() => LongScalar, { nullable: true, description: 'The organisation the key acts within (and below it) only; null: wherever its owner acts.' })
  boundOrganisationKey!: number | null;
}

/** The form of `POST /users/{k}/authentications/password` (field `newPassword`). */
@InputType('PasswordChangeInput')
export class PasswordChangeInput {
  @Field(() => String)
  newPassword!: string;
}

/** The variants of a portrait: the uploaded image (`master`) and two scalings of it (src/users/portrait.ts). */
export enum PortraitSize {
  master = 'master',
  big = 'big',
  small = 'small',
}

registerEnumType(PortraitSize, {
  name: 'PortraitSize',
  description: 'master: the uploaded image (JPEG, PNG or GIF, metadata removed); big: JPEG within 300x300 pixels; small: JPEG within 100x100 pixels.',
});

@ObjectType('PortraitVO', { implements: FileVO, description: "One variant of a person's portrait (on REST the image itself)." })
export class PortraitVO extends FileVO {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => PortraitSize)
  size!: PortraitSize;
}

/** The portrait upload: on REST the multipart form of `POST /users/{k}/portrait` (part `file`, field `filename`). */
@InputType('PortraitUploadInput')
export class PortraitUploadInput {
  @Field(() => Base64Scalar, { description: 'A JPEG, PNG or GIF image, recognised by its content; on REST the multipart file part.' })
  file!: Buffer;

  @Field(() => String, { nullable: true, description: 'The name of the file, kept in the audit only; on REST the name of the file part when not sent.' })
  filename?: string | null;
}
