import { MAX_PAGE } from './resources';
import { GROUP_SCHEMA } from './groups';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from './users';

/** RFC 7643 §5–7: what this server supports, described exactly (only what it serves). */

const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';

interface Attribute {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'dateTime' | 'reference';
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'writeOnly' | 'immutable';
  returned?: 'always' | 'never' | 'default' | 'request';
  uniqueness?: 'none' | 'server' | 'global';
  description: string;
  subAttributes?: Attribute[];
  canonicalValues?: string[];
}

const attribute = (described: Attribute): Record<string, unknown> => ({
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...described,
  ...(described.subAttributes ? { subAttributes: described.subAttributes.map(attribute) } : {}),
});

const USER_ATTRIBUTES: Attribute[] = [
  { name: 'userName', type: 'string', required: true, uniqueness: 'server', description: 'The login (unique in any case).' },
  {
    name: 'name',
    type: 'complex',
    description: "The person's names.",
    subAttributes: [
      { name: 'formatted', type: 'string', mutability: 'readOnly', description: 'First and last name.' },
      { name: 'familyName', type: 'string', description: 'The last name.' },
      { name: 'givenName', type: 'string', description: 'The first name.' },
    ],
  },
  { name: 'displayName', type: 'string', mutability: 'readOnly', description: 'First and last name.' },
  { name: 'preferredLanguage', type: 'string', description: 'The language the person chose, as en-US (kept as OpenOLAT writes it, en_US).' },
  { name: 'active', type: 'boolean', description: 'false: the login is denied (status 101).' },
  { name: 'password', type: 'string', mutability: 'writeOnly', returned: 'never', description: 'Set when given: 4 to 128 characters.' },
  {
    name: 'emails',
    type: 'complex',
    multiValued: true,
    description: 'One e-mail is kept: the work one, else the primary one, else the first given.',
    subAttributes: [
      { name: 'value', type: 'string', description: 'The address.' },
      { name: 'type', type: 'string', canonicalValues: ['work'], description: 'Always work.' },
      { name: 'primary', type: 'boolean', description: 'Always true.' },
    ],
  },
  {
    name: 'phoneNumbers',
    type: 'complex',
    multiValued: true,
    description: 'The user properties telMobile, telOffice and telPrivate.',
    subAttributes: [
      { name: 'value', type: 'string', description: 'The number.' },
      { name: 'type', type: 'string', canonicalValues: ['mobile', 'work', 'home'], description: 'Which of them.' },
    ],
  },
];

const ENTERPRISE_ATTRIBUTES: Attribute[] = [
  { name: 'employeeNumber', type: 'string', caseExact: true, description: 'The user property institutionalUserIdentifier.' },
  {
    name: 'organization',
    type: 'string',
    description:
      'The user property institutionalName; with the setting scimOrganisationMemberships (on by default), also a membership as user in the ' +
      'organisation with this identifier, when one exists.',
  },
  { name: 'department', type: 'string', description: 'The user property orgUnit; a membership as organization makes one.' },
];

const GROUP_ATTRIBUTES: Attribute[] = [
  { name: 'displayName', type: 'string', required: true, description: "The group's name." },
  {
    name: 'members',
    type: 'complex',
    multiValued: true,
    description: "The group's participants: people the credential manages.",
    subAttributes: [
      { name: 'value', type: 'string', mutability: 'immutable', description: "The User's id." },
      { name: 'display', type: 'string', mutability: 'readOnly', description: "The User's userName." },
      { name: '$ref', type: 'reference', mutability: 'readOnly', description: 'The User.' },
    ],
  },
];

const schema = (id: string, name: string, description: string, attributes: Attribute[], base: string) => ({
  schemas: [SCHEMA_SCHEMA],
  id,
  name,
  description,
  attributes: attributes.map(attribute),
  meta: { resourceType: 'Schema', location: `${base}/Schemas/${id}` },
});

export const schemasOf = (base: string) => [
  schema(USER_SCHEMA, 'User', 'A person.', USER_ATTRIBUTES, base),
  schema(ENTERPRISE_SCHEMA, 'EnterpriseUser', 'The enterprise extension of a person.', ENTERPRISE_ATTRIBUTES, base),
  schema(GROUP_SCHEMA, 'Group', 'A learning group.', GROUP_ATTRIBUTES, base),
];

export const resourceTypesOf = (base: string) => [
  {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'The people the credential manages.',
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  },
  {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'The learning groups of the organisations where the credential manages groups; their members are their participants.',
    schema: GROUP_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
  },
];

export const serviceProviderConfigOf = (base: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  documentationUri: `${base.replace(/\/scim\/v2$/, '')}/restapi/api-docs`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: MAX_PAGE },
  changePassword: { supported: true },
  sort: { supported: false },
  etag: { supported: true },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: 'An API key as `Authorization: Bearer <clientId>:<secret>`, or an OAuth 2.0 access token when OAuth is configured.',
      primary: true,
    },
    { type: 'httpbasic', name: 'HTTP Basic', description: 'A login and password, or an API key as its client id and secret.' },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
});
