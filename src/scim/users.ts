import type { GraphQLSchema } from 'graphql';
import { scimPatch, type ScimPatchOperation } from 'scim-patch';
import { managedKeys, peopleManagedWhere } from '../access/manage';
import { USER_MANAGERS } from '../access/roles';
import { sql, textArray } from '../db/sql';
import { boundOrganisation, withinBound } from '../domain/bound';
import type { RequestContext } from '../domain/context';
import { UserStatus } from '../entities/users';
import { acceptablePassword } from '../users/authentications';
import { IDENTITY_COLUMNS, type IdentityRow } from '../users/identity-row';
import { runWrite, runWrites, type Write } from '../graphql/writes';
import { ScimError } from './errors';
import type { FilterAttribute } from './filter';
import { type ListRequest, listedRows, pageOf, versionOf } from './resources';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/** The user properties (OpenOLAT's names) SCIM attributes map to. */
/** The enterprise extension's employee number, organization and department: OpenOLAT's institutional identifier, institution name and organisational unit. */
const ENTERPRISE_PROPERTIES = { employeeNumber: 'institutionalUserIdentifier', organization: 'institutionalName', department: 'orgUnit' } as const;
type EnterpriseAttribute = keyof typeof ENTERPRISE_PROPERTIES;
const ENTERPRISE_ATTRIBUTES = Object.entries(ENTERPRISE_PROPERTIES) as [EnterpriseAttribute, string][];
const PHONE_PROPERTIES = { mobile: 'telMobile', work: 'telOffice', home: 'telPrivate' } as const;
type PhoneType = keyof typeof PHONE_PROPERTIES;

interface UserRow extends IdentityRow {
  status: number;
  language: string | null;
  properties: Record<string, string> | null;
  created: Date;
  lastModified: Date;
}

const USER_COLUMNS = `${IDENTITY_COLUMNS}, i.status,
  i.language, i.properties, i.creation_date as created, i.last_modified as "lastModified"`;

/** What a filter on Users may name, and the column that holds it (the indexes: lower(login), external_id, lower(email), trigrams of names). */
const FILTER_ATTRIBUTES = new Map<string, FilterAttribute>([
  ['id', { column: 'i.id::text', type: 'string', caseExact: true }],
  ['username', { column: 'i.login', type: 'string' }],
  ['externalid', { column: 'i.external_id', type: 'string', caseExact: true }],
  ['name.givenname', { column: 'i.first_name', type: 'string' }],
  ['name.familyname', { column: 'i.last_name', type: 'string' }],
  ['displayname', { column: `(i.first_name || ' ' || i.last_name)`, type: 'string' }],
  ['emails', { column: 'i.email', type: 'string' }],
  ['emails.value', { column: 'i.email', type: 'string' }],
  ['emails.type', { column: '', type: 'string', constant: 'work' }],
  ['emails.primary', { column: '', type: 'boolean', constant: true }],
  ['active', { column: `(i.status < ${UserStatus.visibleLimit})`, type: 'boolean' }],
  ['preferredlanguage', { column: `replace(i.language, '_', '-')`, type: 'string' }],
  ['meta.created', { column: 'i.creation_date', type: 'dateTime' }],
  ['meta.lastmodified', { column: 'i.last_modified', type: 'dateTime' }],
  ...ENTERPRISE_ATTRIBUTES.map(
    ([attribute, property]) =>
      [
        `enterprise:${attribute.toLowerCase()}`,
        { column: `(i.properties->>'${property}')`, type: 'string', caseExact: attribute === 'employeeNumber' },
      ] as const,
  ),
]);

const USERS = { from: 'identity i', key: 'i.id', columns: USER_COLUMNS, attributes: FILTER_ATTRIBUTES };

export type ScimUser = Record<string, unknown> & { id?: string; userName?: string };

/** A person as SCIM's User with the enterprise extension. */
export function toScimUser(row: UserRow, base: string): ScimUser {
  const properties = row.properties ?? {};
  const phoneNumbers = (Object.entries(PHONE_PROPERTIES) as [PhoneType, string][])
    .filter(([, property]) => properties[property])
    .map(([type, property]) => ({ value: properties[property], type }));
  const enterprise = Object.fromEntries(
    ENTERPRISE_ATTRIBUTES.flatMap(([attribute, property]) => (properties[property] ? [[attribute, properties[property]]] : [])),
  );
  const hasEnterprise = Object.keys(enterprise).length > 0;
  return {
    schemas: [USER_SCHEMA, ...(hasEnterprise ? [ENTERPRISE_SCHEMA] : [])],
    id: String(row.key),
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.login,
    name: { formatted: `${row.firstName} ${row.lastName}`.trim(), familyName: row.lastName, givenName: row.firstName },
    displayName: `${row.firstName} ${row.lastName}`.trim(),
    ...(row.email ? { emails: [{ value: row.email, type: 'work', primary: true }] } : {}),
    ...(phoneNumbers.length ? { phoneNumbers } : {}),
    ...(row.language ? { preferredLanguage: row.language.replace(/_/g, '-') } : {}),
    active: row.status < UserStatus.visibleLimit,
    ...(hasEnterprise ? { [ENTERPRISE_SCHEMA]: enterprise } : {}),
    meta: {
      resourceType: 'User',
      created: row.created.toISOString(),
      lastModified: row.lastModified.toISOString(),
      location: `${base}/Users/${row.key}`,
      version: versionOf(row.lastModified),
    },
  };
}

/** The people the caller manages (src/domain/scope.ts), within the credential's organisation when it is bound to one: a condition on `i`. */
function managed(ctx: RequestContext) {
  return peopleManagedWhere(ctx, USER_MANAGERS, 'i.id');
}

async function userRow(ctx: RequestContext, id: string): Promise<UserRow> {
  const key = /^\d{1,15}$/.test(id) ? Number(id) : null;
  const scope = managed(ctx);
  const [row] =
    key === null ? [] : await sql<UserRow>(ctx.em, `select ${USER_COLUMNS} from identity i where i.id = ? and ${scope.text}`, [key, ...scope.params]);
  if (!row) throw new ScimError(404, undefined, `no User ${id}`);
  return row;
}

export async function getUser(ctx: RequestContext, id: string, base: string): Promise<ScimUser> {
  return toScimUser(await userRow(ctx, id), base);
}

/** GET /Users: a page of the people the caller manages that the filter keeps, in key order, with their number. */
export async function listUsers(ctx: RequestContext, request: ListRequest, base: string) {
  const { total, rows } = await listedRows<UserRow>(ctx.em, USERS, managed(ctx), request);
  return pageOf(
    total,
    request,
    rows.map((row) => toScimUser(row, base)),
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? null : String(value));

/** Some providers send booleans as the strings "True" and "False". */
function booleanOf(value: unknown, attribute: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw new ScimError(400, 'invalidValue', `${attribute} must be a boolean`);
}

/** The work e-mail, else the primary one, else the first. */
function emailOf(user: ScimUser): string | null {
  const emails = Array.isArray(user.emails) ? (user.emails as { value?: unknown; type?: unknown; primary?: unknown }[]) : [];
  const chosen = emails.find((email) => email.type === 'work') ?? emails.find((email) => booleanOf(email.primary, 'emails.primary')) ?? emails[0];
  return text(chosen?.value);
}

/** What the gateway keeps of a SCIM User: the fields of UserVOInput, the login, the status. */
function fieldsOf(user: ScimUser) {
  const name = (user.name ?? {}) as { givenName?: unknown; familyName?: unknown };
  const phones = Array.isArray(user.phoneNumbers) ? (user.phoneNumbers as { value?: unknown; type?: unknown }[]) : [];
  const enterprise = (user[ENTERPRISE_SCHEMA] ?? {}) as Partial<Record<EnterpriseAttribute, unknown>>;
  const properties: { name: string; value: string | null }[] = [
    ...ENTERPRISE_ATTRIBUTES.map(([attribute, property]) => ({ name: property, value: text(enterprise[attribute]) })),
    ...(Object.entries(PHONE_PROPERTIES) as [PhoneType, string][]).map(([type, property]) => ({
      name: property,
      value: text(phones.find((phone) => phone.type === type)?.value),
    })),
  ];
  return {
    login: text(user.userName),
    externalId: text(user.externalId),
    firstName: text(name.givenName),
    lastName: text(name.familyName),
    email: emailOf(user),
    properties,
    active: booleanOf(user.active, 'active') ?? true,
    password: text(user.password),
    // RFC 7231's form (en-US) as OpenOLAT writes a locale (en_US).
    language: text(user.preferredLanguage ?? user.locale)?.replace(/-/g, '_') || null,
  };
}

/** The language the person chose (updateUserPreferences), for the person `key`, or for the one the write before created. */
const languageWrite = (language: string | null, key?: number): Write => ({
  mutation: 'updateUserPreferences',
  variables: { ...(key === undefined ? {} : { identityKey: key }), preferences: { language: language ?? '' } },
  ...(key === undefined ? { keyFrom: 'identityKey' } : {}),
});

/** The status `active` stands for (false: login denied, a provider's soft delete), for the person `key`, or for the one the write before created. */
const statusWrite = (active: boolean, key?: number): Write => ({
  mutation: 'updateUserStatus',
  variables: { ...(key === undefined ? {} : { identityKey: key }), status: { status: active ? UserStatus.active : UserStatus.loginDenied } },
  ...(key === undefined ? { keyFrom: 'identityKey' } : {}),
});

function requireAcceptablePassword(password: string | null): void {
  if (password !== null && !acceptablePassword(password)) throw new ScimError(400, 'invalidValue', 'password: 4 to 128 characters');
}

type Fields = ReturnType<typeof fieldsOf>;

/** The identifiers a User's organization and department hold. */
const namedOrganisations = (fields: Fields | null) =>
  new Set(
    [ENTERPRISE_PROPERTIES.organization, ENTERPRISE_PROPERTIES.department].flatMap(
      (name) => fields?.properties.find((property) => property.name === name)?.value ?? [],
    ),
  );

/**
 * With the setting scimOrganisationMemberships: the person joins, as user, the organisations the User's organization
 * and department name by identifier (those that exist and whose members the caller manages, within a bound
 * credential's organisation), and leaves those the values named before (not the root, nor the credential's own
 * organisation). Each is addOrganisationMember or removeOrganisationMember, for the person `key`, or for the one the
 * first write creates.
 */
async function membershipWrites(ctx: RequestContext, key: number | undefined, before: Fields | null, after: Fields): Promise<Write[]> {
  if (!ctx.settings.scimOrganisationMemberships) return [];
  const [was, is] = [namedOrganisations(before), namedOrganisations(after)];
  const joining = [...is].filter((identifier) => !was.has(identifier));
  const leaving = [...was].filter((identifier) => !is.has(identifier));
  if (!joining.length && !leaving.length) return [];
  const within = withinBound(ctx, 'organisation', 'o.id');
  const found = await sql<{ key: number; identifier: string; member: boolean; root: boolean }>(
    ctx.em,
    `select o.id as key, o.identifier, o.parent_id is null as root,
       exists (select 1 from organisation_role m where m.organisation_id = o.id and m.identity_id = ? and m.role = 'user') as member
     from organisation o where o.identifier = any(?::text[]) and ${within.text} order by o.id`,
    [key ?? 0, textArray([...joining, ...leaving]), ...within.params],
  );
  const managed = await managedKeys(
    ctx,
    'organisation',
    found.map((row) => row.key),
  );
  const person = key === undefined ? { keyFrom: 'identityKey' } : {};
  const write = (mutation: string, organisationKey: number): Write => ({
    mutation,
    variables: { organisationKey, role: 'user', ...(key === undefined ? {} : { identityKey: key }) },
    ...person,
  });
  return [
    ...found.filter((row) => managed.has(row.key) && joining.includes(row.identifier) && !row.member).map((row) => write('addOrganisationMember', row.key)),
    ...found
      .filter((row) => managed.has(row.key) && leaving.includes(row.identifier) && row.member && !row.root && row.key !== boundOrganisation(ctx))
      .map((row) => write('removeOrganisationMember', row.key)),
  ];
}

/** What createUser answers of the person it made: what a User shows of a new person. */
const CREATED_SELECTION = '{ key login externalId firstName lastName email properties { name value } creationDate lastModified }';

type CreatedUser = Omit<UserRow, 'status' | 'language' | 'properties' | 'created' | 'lastModified'> & {
  properties: { name: string; value: string }[];
  /** As DateTimeScalar serializes a date: milliseconds since the epoch. */
  creationDate: number;
  lastModified: number;
};

/** POST /Users: createUser (and the status, when it comes inactive), in one transaction. */
export async function createUser(schema: GraphQLSchema, ctx: RequestContext, user: ScimUser, base: string): Promise<ScimUser> {
  const fields = fieldsOf(user);
  if (!fields.login) throw new ScimError(400, 'invalidValue', 'userName is required');
  requireAcceptablePassword(fields.password);
  const create: Write = {
    mutation: 'createUser',
    variables: {
      user: {
        login: fields.login,
        externalId: fields.externalId,
        firstName: fields.firstName,
        lastName: fields.lastName,
        email: fields.email,
        password: fields.password,
        properties: fields.properties.filter((property) => property.value !== null),
      },
    },
  };
  const then = [
    ...(fields.active ? [] : [statusWrite(false)]),
    ...(fields.language ? [languageWrite(fields.language)] : []),
    ...(await membershipWrites(ctx, undefined, null, fields)),
  ];
  if (!then.length) {
    // Nothing more to write: the creation's answer is the whole person (a new person is active, without a language).
    const created = (await runWrite(schema, ctx, { ...create, selection: CREATED_SELECTION })) as CreatedUser;
    return toScimUser(
      {
        ...created,
        status: UserStatus.active,
        language: null,
        properties: Object.fromEntries(created.properties.map((property) => [property.name, property.value])),
        created: new Date(created.creationDate),
        lastModified: new Date(created.lastModified),
      },
      base,
    );
  }
  const key = (await runWrites(schema, ctx, create, then)) as number;
  // The person the caller just made: read by key, the scope's question already answered by the write.
  const [row] = await sql<UserRow>(ctx.em, `select ${USER_COLUMNS} from identity i where i.id = ?`, [key]);
  return toScimUser(row, base);
}

/** The writes that turn `current` into `wanted`, each the mutation a client would send; none when nothing differs. */
function replacementWrites(key: number, current: Fields, wanted: Fields): Write[] {
  const writes: Write[] = [];
  if (wanted.login && wanted.login !== current.login) writes.push({ mutation: 'changeUserName', variables: { identityKey: key, username: wanted.login } });
  const changedProperties = wanted.properties.filter((property, index) => property.value !== current.properties[index].value);
  // updateUser keeps a property it gets empty (as OpenOLAT's does): what the User no longer holds is removed.
  const setProperties = changedProperties.filter((property) => property.value !== null);
  const removed = changedProperties.filter((property) => property.value === null).map((property) => property.name);
  if (
    wanted.firstName !== current.firstName ||
    wanted.lastName !== current.lastName ||
    wanted.email !== current.email ||
    wanted.externalId !== current.externalId ||
    setProperties.length
  ) {
    writes.push({
      mutation: 'updateUser',
      variables: {
        identityKey: key,
        user: {
          firstName: wanted.firstName,
          lastName: wanted.lastName,
          email: wanted.email,
          externalId: wanted.externalId,
          properties: setProperties,
        },
      },
    });
  }
  if (removed.length) writes.push({ mutation: 'removeUserProperties', variables: { identityKey: key, names: removed } });
  if (wanted.language !== current.language) writes.push(languageWrite(wanted.language, key));
  if (wanted.password) writes.push({ mutation: 'changeUserPassword', variables: { identityKey: key, password: { newPassword: wanted.password } } });
  if (wanted.active !== current.active) writes.push(statusWrite(wanted.active, key));
  return writes;
}

/** Asks `If-Match` (a stale version is 412) and writes what differs, in one transaction. */
async function replace(schema: GraphQLSchema, ctx: RequestContext, row: UserRow, wanted: ScimUser, ifMatch: string | undefined, base: string) {
  if (ifMatch && ifMatch !== '*' && ifMatch !== versionOf(row.lastModified)) throw new ScimError(412, undefined, 'the User changed since that version');
  if (wanted.id !== undefined && String(wanted.id) !== String(row.key)) throw new ScimError(400, 'mutability', 'id is read-only');
  const fields = fieldsOf(wanted);
  requireAcceptablePassword(fields.password);
  const current = fieldsOf(toScimUser(row, base));
  const writes = [...replacementWrites(row.key, current, fields), ...(await membershipWrites(ctx, row.key, current, fields))];
  if (writes.length) await runWrites(schema, ctx, writes[0], writes.slice(1));
  return getUser(ctx, String(row.key), base);
}

/** PUT /Users/{id}: the whole User as given (what it leaves out is cleared, as RFC 7644 §3.5.1 says; the login stays when absent). */
export async function replaceUser(schema: GraphQLSchema, ctx: RequestContext, id: string, user: ScimUser, ifMatch: string | undefined, base: string) {
  const row = await userRow(ctx, id);
  return replace(schema, ctx, row, { ...user, userName: user.userName ?? row.login }, ifMatch, base);
}

/** PATCH /Users/{id}: the operations applied to the User as it is (scim-patch), then written as a replacement. */
export async function patchUser(schema: GraphQLSchema, ctx: RequestContext, id: string, operations: unknown, ifMatch: string | undefined, base: string) {
  const row = await userRow(ctx, id);
  const current = toScimUser(row, base);
  let patched: ScimUser;
  try {
    patched = scimPatch(structuredClone(current) as never, normalisedOperations(operations), { mutateDocument: true, treatMissingAsAdd: true }) as ScimUser;
  } catch (error) {
    throw patchError(error);
  }
  return replace(schema, ctx, row, patched, ifMatch, base);
}

/** DELETE /Users/{id}: as DELETE /users/{k}. */
export async function deleteUser(schema: GraphQLSchema, ctx: RequestContext, id: string): Promise<void> {
  const row = await userRow(ctx, id);
  await runWrites(schema, ctx, { mutation: 'deleteUser', variables: { identityKey: row.key } });
}

/**
 * The operations as scim-patch takes them: op names in lower case (Entra ID sends `Replace`, `Add`), and the value
 * objects of path-less operations with their URN-prefixed and dotted names as paths of their own.
 */
export function normalisedOperations(body: unknown): ScimPatchOperation[] {
  const operations = (body as { Operations?: unknown })?.Operations;
  if (!Array.isArray(operations) || !operations.length) throw new ScimError(400, 'invalidSyntax', 'Operations must be a list of operations');
  return operations.flatMap((operation: { op?: unknown; path?: unknown; value?: unknown }) => {
    const op = typeof operation?.op === 'string' ? operation.op.toLowerCase() : '';
    if (!['add', 'replace', 'remove'].includes(op))
      throw new ScimError(400, 'invalidSyntax', `op must be add, replace or remove: ${JSON.stringify(operation?.op)}`);
    if (operation.path !== undefined || op === 'remove' || !operation.value || typeof operation.value !== 'object' || Array.isArray(operation.value))
      return [{ ...operation, op } as ScimPatchOperation];
    // A path-less value object: each of its attributes as an operation with that path.
    return Object.entries(operation.value as Record<string, unknown>).map(([path, value]) => ({ op, path, value }) as ScimPatchOperation);
  });
}

function patchError(error: unknown): ScimError {
  if (error instanceof ScimError) return error;
  const message = (error as Error).message ?? String(error);
  const type = (error as { scimType?: string }).scimType;
  if (type === 'noTarget') return new ScimError(400, 'noTarget', message);
  if (type === 'invalidPath') return new ScimError(400, 'invalidPath', message);
  return new ScimError(400, (type as never) ?? 'invalidValue', message);
}
