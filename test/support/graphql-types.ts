export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A 64-bit integer within the safe range of JSON numbers; keys are Longs. */
  Long: { input: number; output: number; }
};

export type GroupVo = {
  __typename?: 'GroupVO';
  description?: Maybe<Scalars['String']['output']>;
  externalId?: Maybe<Scalars['String']['output']>;
  key: Scalars['Long']['output'];
  /** Comma-separated managed flags, stored as received. */
  managedFlags?: Maybe<Scalars['String']['output']>;
  /** Every flag in effect: the flags set and everything they imply (GraphQL only). */
  managedFlagsInEffect: Array<Scalars['String']['output']>;
  maxParticipants?: Maybe<Scalars['Int']['output']>;
  minParticipants?: Maybe<Scalars['Int']['output']>;
  name: Scalars['String']['output'];
  type: Scalars['String']['output'];
};

/** A GroupVO as a client sends it; `type` is ignored (always LearningGroup). */
export type GroupVoInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  managedFlags?: InputMaybe<Scalars['String']['input']>;
  maxParticipants?: InputMaybe<Scalars['Int']['input']>;
  minParticipants?: InputMaybe<Scalars['Int']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  type?: InputMaybe<Scalars['String']['input']>;
};

export type Mutation = {
  __typename?: 'Mutation';
  /** true: added; false: already an owner (nothing changed). */
  addGroupOwner: Scalars['Boolean']['output'];
  /** true: added; false: already a participant (REST answers 304). A full group answers 412 on REST. */
  addGroupParticipant: Scalars['Boolean']['output'];
  /** Create a group; a body with a key > 0 updates that group. */
  createGroup: GroupVo;
  /** Create a user; validation failures answer 406 with a list of ErrorVO on REST. */
  createUser: UserVo;
  deleteGroup: Scalars['Boolean']['output'];
  deleteUser: Scalars['Boolean']['output'];
  removeGroupOwner: Scalars['Boolean']['output'];
  removeGroupParticipant: Scalars['Boolean']['output'];
  updateGroup: GroupVo;
  /** Update names, e-mail, properties and (when not empty) externalId; the login is not changed. */
  updateUser: UserVo;
  updateUserRoles: RolesVo;
  /** Set the status; a status of 100 or more ends the user's sessions and token. */
  updateUserStatus: StatusVo;
};


export type MutationAddGroupOwnerArgs = {
  groupKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationAddGroupParticipantArgs = {
  groupKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationCreateGroupArgs = {
  group: GroupVoInput;
};


export type MutationCreateUserArgs = {
  user: UserVoInput;
};


export type MutationDeleteGroupArgs = {
  groupKey: Scalars['Long']['input'];
};


export type MutationDeleteUserArgs = {
  identityKey: Scalars['Long']['input'];
};


export type MutationRemoveGroupOwnerArgs = {
  groupKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationRemoveGroupParticipantArgs = {
  groupKey: Scalars['Long']['input'];
  identityKey: Scalars['Long']['input'];
};


export type MutationUpdateGroupArgs = {
  group: GroupVoInput;
  groupKey: Scalars['Long']['input'];
};


export type MutationUpdateUserArgs = {
  identityKey: Scalars['Long']['input'];
  user: UserVoInput;
};


export type MutationUpdateUserRolesArgs = {
  identityKey: Scalars['Long']['input'];
  roles: RolesVoInput;
};


export type MutationUpdateUserStatusArgs = {
  identityKey: Scalars['Long']['input'];
  status: StatusVoInput;
};

export type Query = {
  __typename?: 'Query';
  /** Members and group managers only. */
  group: GroupVo;
  /** The owners (coaches) of the group. */
  groupOwners: Array<UserVo>;
  groupParticipants: Array<UserVo>;
  /** Group managers see every group, others the groups they belong to. */
  groups: Array<GroupVo>;
  /** The caller. */
  me: UserVo;
  user: UserVo;
  /** Roles in the default organisation; the user themself or their managers. */
  userRoles: RolesVo;
  userStatus: StatusVo;
  /** Search users: login and property values are contains-searches with * wildcards, "quoted" values exact. */
  users: Array<UserVo>;
};


export type QueryGroupArgs = {
  groupKey: Scalars['Long']['input'];
};


export type QueryGroupOwnersArgs = {
  groupKey: Scalars['Long']['input'];
};


export type QueryGroupParticipantsArgs = {
  groupKey: Scalars['Long']['input'];
};


export type QueryGroupsArgs = {
  externalId?: InputMaybe<Scalars['String']['input']>;
  managed?: InputMaybe<Scalars['Boolean']['input']>;
};


export type QueryUserArgs = {
  identityKey: Scalars['Long']['input'];
};


export type QueryUserRolesArgs = {
  identityKey: Scalars['Long']['input'];
};


export type QueryUserStatusArgs = {
  identityKey: Scalars['Long']['input'];
};


export type QueryUsersArgs = {
  authProvider?: InputMaybe<Scalars['String']['input']>;
  authUsername?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  login?: InputMaybe<Scalars['String']['input']>;
  properties?: InputMaybe<Array<UserPropertyInput>>;
  status?: InputMaybe<Scalars['Int']['input']>;
  statusVisibleLimit?: InputMaybe<Scalars['String']['input']>;
};

export type RolesVo = {
  __typename?: 'RolesVO';
  author: Scalars['Boolean']['output'];
  curriculumManager: Scalars['Boolean']['output'];
  groupManager: Scalars['Boolean']['output'];
  guestOnly: Scalars['Boolean']['output'];
  institutionalResourceManager: Scalars['Boolean']['output'];
  invitee: Scalars['Boolean']['output'];
  olatAdmin: Scalars['Boolean']['output'];
  poolAdmin: Scalars['Boolean']['output'];
  systemAdmin: Scalars['Boolean']['output'];
  userManager: Scalars['Boolean']['output'];
};

/** Absent flags count as false; systemAdmin is ignored. */
export type RolesVoInput = {
  author?: InputMaybe<Scalars['Boolean']['input']>;
  curriculumManager?: InputMaybe<Scalars['Boolean']['input']>;
  groupManager?: InputMaybe<Scalars['Boolean']['input']>;
  guestOnly?: InputMaybe<Scalars['Boolean']['input']>;
  institutionalResourceManager?: InputMaybe<Scalars['Boolean']['input']>;
  invitee?: InputMaybe<Scalars['Boolean']['input']>;
  olatAdmin?: InputMaybe<Scalars['Boolean']['input']>;
  poolAdmin?: InputMaybe<Scalars['Boolean']['input']>;
  systemAdmin?: InputMaybe<Scalars['Boolean']['input']>;
  userManager?: InputMaybe<Scalars['Boolean']['input']>;
};

export type StatusVo = {
  __typename?: 'StatusVO';
  /** 1 permanent, 2 active, 101 login denied, 102 pending, 103 inactive, 199 deleted */
  status: Scalars['Int']['output'];
};

export type StatusVoInput = {
  status: Scalars['Int']['input'];
};

export type UserPropertyInput = {
  name: Scalars['String']['input'];
  value?: InputMaybe<Scalars['String']['input']>;
};

export type UserPropertyVo = {
  __typename?: 'UserPropertyVO';
  name: Scalars['String']['output'];
  value?: Maybe<Scalars['String']['output']>;
};

export type UserVo = {
  __typename?: 'UserVO';
  email?: Maybe<Scalars['String']['output']>;
  externalId?: Maybe<Scalars['String']['output']>;
  firstName?: Maybe<Scalars['String']['output']>;
  key: Scalars['Long']['output'];
  lastName?: Maybe<Scalars['String']['output']>;
  login: Scalars['String']['output'];
  /** Base64 image; not stored by this gateway, always null. */
  portrait?: Maybe<Scalars['String']['output']>;
  properties: Array<UserPropertyVo>;
};

/** A UserVO as a client sends it; `key` and `portrait` are accepted and ignored. */
export type UserVoInput = {
  email?: InputMaybe<Scalars['String']['input']>;
  externalId?: InputMaybe<Scalars['String']['input']>;
  firstName?: InputMaybe<Scalars['String']['input']>;
  key?: InputMaybe<Scalars['Long']['input']>;
  lastName?: InputMaybe<Scalars['String']['input']>;
  login?: InputMaybe<Scalars['String']['input']>;
  /** Write-only: set as the OLAT password, never returned. */
  password?: InputMaybe<Scalars['String']['input']>;
  portrait?: InputMaybe<Scalars['String']['input']>;
  properties?: InputMaybe<Array<UserPropertyInput>>;
};
