import { bool, dateTime, inputType, int, long, objectType, text } from './wire-shape';

export const SettingsVO = objectType(
  { name: 'SettingsVO', description: "The administrator's switches; a change reaches every instance within seconds." },
  {
    restEnabled: bool.describe('Off: /restapi answers 403 outside the always-enabled paths (ping, api, i18n …).'),
    managedEnforced: bool.describe('Off: GraphQL callers may change managed elements too.'),
    apiAccess: text.describe('"all", or "apikey": REST accepts only API-key logins and the tokens and sessions they opened.'),
    userApiKeyGeneration: bool.describe('Whether people may generate API keys for themselves.'),
    scimOrganisationMemberships: bool.describe(
      "Whether a SCIM User's enterprise organization and department (OpenOLAT's institutionalName and orgUnit) also make the person a member " +
        'of the organisation with that identifier, when one exists (and leave the one the value named before). On by default.',
    ),
  },
);
export type SettingsVO = InstanceType<typeof SettingsVO>;

export const SettingsInput = inputType(
  { name: 'SettingsInput', description: 'Only the settings given are changed.' },
  {
    restEnabled: bool,
    managedEnforced: bool,
    apiAccess: text,
    userApiKeyGeneration: bool,
    scimOrganisationMemberships: bool,
  },
);
export type SettingsInput = InstanceType<typeof SettingsInput>;

export const AuditLogEntryVO = objectType(
  { name: 'AuditLogEntryVO', description: 'One write: who, when, through which transport, what, on which object, with which arguments (secrets masked).' },
  {
    key: long,
    at: dateTime,
    identityKey: long.nullable,
    identityLogin: text.nullable,
    apiKeyId: long.nullable,
    clientAddress: text.nullable.describe("The client's address, through trusted proxies (TRUST_PROXY)."),
    transport: text,
    operation: text,
    objectType: text.nullable,
    objectKey: text.nullable,
    changes: text.nullable.describe('The arguments as JSON.'),
  },
);
export type AuditLogEntryVO = InstanceType<typeof AuditLogEntryVO>;

export const AuditLogFilter = inputType(
  { name: 'AuditLogFilter' },
  {
    from: dateTime,
    to: dateTime,
    identityKey: long,
    operation: text,
    objectType: text,
    objectKey: text,
    limit: int.describe('At most this many, newest first (default 100, at most 1000).'),
  },
);
export type AuditLogFilter = InstanceType<typeof AuditLogFilter>;
