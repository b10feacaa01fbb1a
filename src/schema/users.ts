import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { FileVO } from './files';
import { Base64Scalar, LongScalar } from './scalars';
import { bool, dateTime, field, inputType, int, long, objectType, text, wireType } from './wire-shape';

export const [UserPropertyVO, UserPropertyInput] = wireType(
  { name: 'UserPropertyVO', inputName: 'UserPropertyInput' },
  {
    name: text.required,
    value: text.nullable,
  },
);
export type UserPropertyVO = InstanceType<typeof UserPropertyVO>;
export type UserPropertyInput = InstanceType<typeof UserPropertyInput>;

/** OpenOLAT's UserVO (catalogue 3.1); `password` exists only on input. */
export const [UserVO, UserVOInput] = wireType(
  { name: 'UserVO', inputDescription: 'A UserVO as a client sends it; `key` and `portrait` are accepted and ignored.' },
  {
    key: long,
    login: text,
    externalId: text.nullable,
    password: text.describeInput('Write-only: set as the OLAT password, never returned.').inputOnly,
    firstName: text.nullable,
    lastName: text.nullable,
    email: text.nullable,
    portrait: text.nullable.describe('The small portrait as base64 (JPEG), with withPortrait=true only; null without a portrait.'),
    properties: field<UserPropertyVO[]>(() => [UserPropertyVO])
      .extensions({ xmlItem: 'property' })
      .takes<UserPropertyInput[]>(() => [UserPropertyInput]),
  },
);
/** Known when the row that made this VO had them (a creation's insert); src/resolvers/users.ts reads them otherwise. */
export type UserVO = InstanceType<typeof UserVO> & { creationDate?: Date; lastModified?: Date };
export type UserVOInput = InstanceType<typeof UserVOInput>;

/** Roles in the user's default organisation (catalogue 3.1 RolesVO). */
export const [RolesVO, RolesVOInput] = wireType(
  {
    name: 'RolesVO',
    inputDescription:
      'Absent flags count as false, but selectusManager (a newer flag) changes only when sent; systemAdmin is ignored. guestOnly, else invitee, stands alone: the other roles are removed.',
  },
  {
    systemAdmin: bool,
    olatAdmin: bool,
    userManager: bool,
    groupManager: bool,
    author: bool,
    guestOnly: bool,
    institutionalResourceManager: bool,
    poolAdmin: bool,
    curriculumManager: bool,
    selectusManager: bool,
    invitee: bool,
  },
);
export type RolesVO = InstanceType<typeof RolesVO>;
export type RolesVOInput = InstanceType<typeof RolesVOInput>;

export const [StatusVO, StatusVOInput] = wireType(
  { name: 'StatusVO' },
  {
    status: int.describe('1 permanent, 2 active, 101 login denied, 102 pending, 103 inactive, 199 deleted').required,
  },
);
export type StatusVO = InstanceType<typeof StatusVO>;
export type StatusVOInput = InstanceType<typeof StatusVOInput>;

/** Identities that an external system manages: those with an externalId (catalogue 3.1 ManagedUserVO). */
export const ManagedUserVO = objectType(
  { name: 'ManagedUserVO' },
  {
    key: long,
    login: text,
    externalId: text.nullable,
  },
);
export type ManagedUserVO = InstanceType<typeof ManagedUserVO>;

export const [PreferencesVO, PreferencesVOInput] = wireType(
  { name: 'PreferencesVO' },
  {
    language: text.nullable.describe('Language of the user interface, e.g. de, en, fr_CH').describeInput('null or empty clears the preference'),
  },
);
export type PreferencesVO = InstanceType<typeof PreferencesVO>;
export type PreferencesVOInput = InstanceType<typeof PreferencesVOInput>;

export const [UserLifecycleVO, UserLifecycleVOInput] = wireType(
  {
    name: 'UserLifecycleVO',
    inputDescription:
      'No dates: reactivate the user (status active, dates cleared); an expirationDate: set it; only an inactivationDate: nothing changes. Other fields are ignored.',
  },
  {
    key: long,
    externalId: text.nullable,
    creationDate: dateTime.nullable,
    expirationDate: dateTime.nullable,
    inactivationDate: dateTime.nullable,
    status: int.nullable,
  },
);
export type UserLifecycleVO = InstanceType<typeof UserLifecycleVO>;
export type UserLifecycleVOInput = InstanceType<typeof UserLifecycleVOInput>;

/**
 * OpenOLAT's AuthenticationVO (catalogue 3.1): one credential of a person. `credential` is null
 * except in the answer that creates an API key, which carries its secret that one time.
 */
export const [AuthenticationVO, AuthenticationVOInput] = wireType(
  {
    name: 'AuthenticationVO',
    inputDescription: 'An AuthenticationVO as a client sends it. For provider API-Key, authUsername and credential are ignored: both are generated.',
  },
  {
    key: long.describeInput('Names an existing authentication of the identity to update.'),
    identityKey: long.required,
    provider: text.describe('OLAT (password), REST (token), API-Key, or an external provider such as LDAP or Shib.').required,
    authUsername: text.describe('For API keys: the client id.'),
    credential: text.nullable
      .describe('Never stored readable nor listed; only the secret of a newly created API key.')
      .describeInput('Write-only. For OLAT the password (stored as a bcrypt hash); other providers keep no secret here.'),
    externalId: text.nullable,
    creationDate: dateTime.describe('When the credential was created (GraphQL only).').extensions({ rest: false }).outputOnly,
    lastUsage: dateTime.nullable.describe('Last login with this API key, to the minute (GraphQL only).').extensions({ rest: false }).outputOnly,
  },
);
export type AuthenticationVO = InstanceType<typeof AuthenticationVO>;
export type AuthenticationVOInput = InstanceType<typeof AuthenticationVOInput>;

/** A new API key: the secret is shown in this answer only, presented as basic auth `clientId:secret`. */
export const ApiKeyVO = objectType(
  { name: 'ApiKeyVO' },
  {
    key: long.describe('The key of the authentication, for listing and deleting.'),
    identityKey: long,
    clientId: text,
    secret: text,
    externalId: text.nullable,
    creationDate: dateTime,
    boundOrganisationKey: long.nullable.describe('The organisation the key acts within (and below it) only; null: wherever its owner acts.'),
  },
);
export type ApiKeyVO = InstanceType<typeof ApiKeyVO>;

/** The form of `POST /users/{k}/authentications/password` (field `newPassword`). */
export const PasswordChangeInput = inputType(
  { name: 'PasswordChangeInput' },
  {
    newPassword: text.required,
  },
);
export type PasswordChangeInput = InstanceType<typeof PasswordChangeInput>;

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
export const PortraitUploadInput = inputType(
  { name: 'PortraitUploadInput' },
  {
    file: field<Buffer>(() => Base64Scalar).required.describe('A JPEG, PNG or GIF image, recognised by its content; on REST the multipart file part.'),
    filename: text.describe('The name of the file, kept in the audit only; on REST the name of the file part when not sent.'),
  },
);
export type PortraitUploadInput = InstanceType<typeof PortraitUploadInput>;
