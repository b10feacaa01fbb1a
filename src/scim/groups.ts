import type { GraphQLSchema } from 'graphql';
import { parse } from 'scim2-parse-filter';
import { managedKeys } from '../access/manage';
import { GROUP_MANAGERS } from '../access/roles';
import { allOf, keyArray, sql } from '../db/sql';
import { withinBound } from '../domain/bound';
import { requireCaller, type RequestContext } from '../domain/context';
import { runWrites, type Write } from '../graphql/writes';
import { inOrganisationWithRole } from '../groups/repository';
import { ScimError } from './errors';
import type { FilterAttribute } from './filter';
import { type ListRequest, listedRows, pageOf, versionOf } from './resources';

export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/** What the provider owns of a group it made: its name and its members (nobody changes them by hand through GraphQL). */
const PROVIDER_FLAGS = 'title,members';

interface GroupRow {
  key: number;
  name: string;
  externalId: string | null;
  created: Date;
  lastModified: Date;
}

const GROUP_COLUMNS = `g.id as key, g.name, g.external_id as "externalId", g.creation_date as created, g.last_modified as "lastModified"`;

/** What a filter on Groups may name (the indexes: lower(name), external_id). */
const FILTER_ATTRIBUTES = new Map<string, FilterAttribute>([
  ['id', { column: 'g.id::text', type: 'string', caseExact: true }],
  ['displayname', { column: 'g.name', type: 'string' }],
  ['externalid', { column: 'g.external_id', type: 'string', caseExact: true }],
  ['meta.created', { column: 'g.creation_date', type: 'dateTime' }],
  ['meta.lastmodified', { column: 'g.last_modified', type: 'dateTime' }],
]);

const GROUPS = { from: 'business_group g', key: 'g.id', columns: GROUP_COLUMNS, attributes: FILTER_ATTRIBUTES };

interface Member {
  value: string;
  display: string;
}

export type ScimGroup = Record<string, unknown> & { id: string };

/** A learning group as SCIM's Group: its participants are its members (read only when asked for: a group may hold 50,000). */
function toScimGroup(row: GroupRow, base: string, members?: Member[]): ScimGroup {
  return {
    schemas: [GROUP_SCHEMA],
    id: String(row.key),
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.name,
    ...(members ? { members: members.map((member) => ({ ...member, $ref: `${base}/Users/${member.value}` })) } : {}),
    meta: {
      resourceType: 'Group',
      created: row.created.toISOString(),
      lastModified: row.lastModified.toISOString(),
      location: `${base}/Groups/${row.key}`,
      version: versionOf(row.lastModified),
    },
  };
}

/** The members of these groups, in one statement: by group, in the order they joined. */
async function membersOfGroups(ctx: RequestContext, groupKeys: readonly number[]): Promise<Map<number, Member[]>> {
  const rows = await sql<Member & { groupKey: number }>(
    ctx.em,
    `select m.group_id as "groupKey", m.identity_id::text as value, i.login as display from group_membership m join identity i on i.id = m.identity_id
     where m.group_id = any(?::int[]) and m.role = 'participant' order by m.group_id, m.id`,
    [keyArray(groupKeys)],
  );
  const members = new Map(groupKeys.map((key): [number, Member[]] => [key, []]));
  for (const { groupKey, ...member } of rows) members.get(groupKey)?.push(member);
  return members;
}

const membersOf = async (ctx: RequestContext, groupKey: number) => (await membersOfGroups(ctx, [groupKey])).get(groupKey)!;

/** The group, when the caller manages it (src/access/manage.ts): else 404, as for a group that is not there. */
async function groupRow(ctx: RequestContext, id: string): Promise<GroupRow> {
  const key = /^\d{1,9}$/.test(id) ? Number(id) : null;
  const [row] = key === null ? [] : await sql<GroupRow>(ctx.em, `select ${GROUP_COLUMNS} from business_group g where g.id = ?`, [key]);
  if (!row || !(await managedKeys(ctx, 'group', [row.key])).has(row.key)) throw new ScimError(404, undefined, `no Group ${id}`);
  return row;
}

export async function getGroup(ctx: RequestContext, id: string, base: string, withMembers: boolean): Promise<ScimGroup> {
  const row = await groupRow(ctx, id);
  return toScimGroup(row, base, withMembers ? await membersOf(ctx, row.key) : undefined);
}

/** GET /Groups: the groups of the organisations where the caller manages groups (within a bound credential's) that the filter keeps, in key order. */
export async function listGroups(ctx: RequestContext, request: ListRequest, base: string, withMembers: boolean) {
  const scope = allOf(inOrganisationWithRole(requireCaller(ctx).key, GROUP_MANAGERS), withinBound(ctx, 'group', 'g.id'));
  const { total, rows } = await listedRows<GroupRow>(ctx.em, GROUPS, scope, request);
  const members =
    withMembers && rows.length
      ? await membersOfGroups(
          ctx,
          rows.map((row) => row.key),
        )
      : undefined;
  return pageOf(
    total,
    request,
    rows.map((row) => toScimGroup(row, base, members?.get(row.key))),
  );
}

/** The people of a member list, by their ids: each must be a User the caller manages (a provider adds only its own people). */
async function memberKeys(ctx: RequestContext, values: unknown): Promise<number[]> {
  const list = values === undefined || values === null ? [] : Array.isArray(values) ? values : [values];
  const keys = list.map((member) => {
    const value = typeof member === 'object' && member !== null ? (member as { value?: unknown }).value : member;
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string' || !/^\d{1,15}$/.test(text))
      throw new ScimError(400, 'invalidValue', `a member's value must be a User's id: ${JSON.stringify(value)}`);
    return Number(text);
  });
  const managed = await managedKeys(ctx, 'person', keys);
  const unknown = keys.filter((key) => !managed.has(key));
  if (unknown.length) throw new ScimError(400, 'invalidValue', `no User ${unknown.join(', ')} among the people this credential manages`);
  return [...new Set(keys)];
}

/** What a request wants of a group: a new name or externalId, members to add and to remove, or the whole member list. */
interface GroupChange {
  displayName?: string;
  externalId?: string | null;
  add: number[];
  remove: number[];
  /** Every member, replacing those there (PUT, `replace` of `members`, `remove` of all of them). */
  members?: number[];
}

function nameOf(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw new ScimError(400, 'invalidValue', 'displayName must be a text');
  return value;
}

/** The writes of a change, each the mutation a client would send; `key` undefined: a group its first write creates. */
async function changeWrites(ctx: RequestContext, key: number, row: GroupRow | null, change: GroupChange): Promise<Write[]> {
  const writes: Write[] = [];
  const name = change.displayName ?? row?.name;
  if (
    row &&
    ((change.displayName !== undefined && change.displayName !== row.name) || (change.externalId !== undefined && change.externalId !== row.externalId))
  )
    writes.push({
      mutation: 'updateGroup',
      variables: { groupKey: key, group: { name, externalId: change.externalId === undefined ? row.externalId : change.externalId } },
    });
  let add = change.add;
  let remove = change.remove;
  if (change.members) {
    const current = new Set((await membersOf(ctx, key)).map((member) => Number(member.value)));
    const wanted = new Set(change.members);
    add = [...wanted].filter((member) => !current.has(member));
    remove = [...current].filter((member) => !wanted.has(member));
  }
  for (const identityKey of add) writes.push({ mutation: 'addGroupParticipant', variables: { groupKey: key, identityKey } });
  for (const identityKey of remove) writes.push({ mutation: 'removeGroupParticipant', variables: { groupKey: key, identityKey } });
  return writes;
}

async function write(schema: GraphQLSchema, ctx: RequestContext, writes: Write[]): Promise<void> {
  if (writes.length) await runWrites(schema, ctx, writes[0], writes.slice(1));
}

/** POST /Groups: createGroup (in the caller's organisation, managed for name and members), then its members, in one transaction. */
export async function createGroup(schema: GraphQLSchema, ctx: RequestContext, body: Record<string, unknown>, base: string): Promise<ScimGroup> {
  const name = nameOf(body.displayName);
  const members = await memberKeys(ctx, body.members);
  const create: Write = {
    mutation: 'createGroup',
    variables: { group: { name, externalId: typeof body.externalId === 'string' ? body.externalId : null, managedFlags: PROVIDER_FLAGS } },
  };
  const adds = members.map((identityKey): Write => ({ mutation: 'addGroupParticipant', variables: { identityKey }, keyFrom: 'groupKey' }));
  const key = (await runWrites(schema, ctx, create, adds)) as number;
  return getGroup(ctx, String(key), base, true);
}

/** The group `id` as it is at the version If-Match names (412 when it changed since). */
async function groupAtVersion(ctx: RequestContext, id: string, ifMatch: string | undefined): Promise<GroupRow> {
  const row = await groupRow(ctx, id);
  if (ifMatch && ifMatch !== '*' && ifMatch !== versionOf(row.lastModified)) throw new ScimError(412, undefined, 'the Group changed since that version');
  return row;
}

/** PUT and PATCH of a Group as the SCIM routes call them (`ifMatch`: the If-Match header). */
type GroupWrite = (
  schema: GraphQLSchema,
  ctx: RequestContext,
  id: string,
  body: Record<string, unknown>,
  ifMatch: string | undefined,
  base: string,
) => Promise<ScimGroup>;

/** PUT /Groups/{id}: the name, externalId and member list as given. */
export const replaceGroup: GroupWrite = async (schema, ctx, id, body, ifMatch, base) => {
  const row = await groupAtVersion(ctx, id, ifMatch);
  const change: GroupChange = {
    displayName: nameOf(body.displayName),
    externalId: typeof body.externalId === 'string' ? body.externalId : null,
    add: [],
    remove: [],
    members: await memberKeys(ctx, body.members),
  };
  await write(schema, ctx, await changeWrites(ctx, row.key, row, change));
  return getGroup(ctx, id, base, true);
};

const isMembers = (path: string) => path.toLowerCase() === 'members' || path.toLowerCase() === `${GROUP_SCHEMA.toLowerCase()}:members`;

/** The members a `remove` path's value filter names: `members[value eq "7"]`, or several joined by `or`. */
function membersNamedBy(path: string): string[] | null {
  if (!/^members\[/i.test(path)) return null;
  let filter;
  try {
    filter = parse(path);
  } catch (error) {
    throw new ScimError(400, 'invalidPath', `${path}: ${(error as Error).message}`);
  }
  const values: string[] = [];
  const collect = (node: { op: string; filters?: unknown[]; attrPath?: string; compValue?: unknown; valFilter?: unknown }): void => {
    if (node.op === '[]') return collect(node.valFilter as never);
    if (node.op === 'or') return node.filters!.forEach((part) => collect(part as never));
    if (node.op === 'eq' && node.attrPath?.toLowerCase() === 'value') return void values.push(String(node.compValue));
    throw new ScimError(400, 'invalidFilter', `${path}: only members[value eq "…"] (or several joined by or) names members`);
  };
  collect(filter as never);
  return values;
}

/** PATCH /Groups/{id} as Entra ID and Okta send it: members added and removed, renamed, without reading the members unless an operation replaces them. */
export const patchGroup: GroupWrite = async (schema, ctx, id, body, ifMatch, base) => {
  const row = await groupAtVersion(ctx, id, ifMatch);
  const operations = body.Operations;
  if (!Array.isArray(operations) || !operations.length) throw new ScimError(400, 'invalidSyntax', 'Operations must be a list of operations');
  const change: GroupChange = { add: [], remove: [] };
  const attribute = async (op: string, path: string, value: unknown) => {
    const lower = path.toLowerCase();
    if (lower === 'displayname') {
      if (op === 'remove') throw new ScimError(400, 'mutability', 'displayName is required');
      change.displayName = nameOf(value);
    } else if (lower === 'externalid') change.externalId = op === 'remove' ? null : typeof value === 'string' ? value : null;
    else if (isMembers(path)) {
      if (op === 'add') change.add.push(...(await memberKeys(ctx, value)));
      else if (op === 'replace') change.members = await memberKeys(ctx, value);
      else if (value === undefined) change.members = [];
      else change.remove.push(...(await memberKeys(ctx, value)));
    } else if (lower === 'id' && String(value) === String(row.key)) {
      // Okta sends the id with a rename: the same id changes nothing.
    } else throw new ScimError(400, 'invalidPath', `no attribute ${path} of a Group to change`);
  };
  for (const operation of operations as { op?: unknown; path?: unknown; value?: unknown }[]) {
    const op = typeof operation?.op === 'string' ? operation.op.toLowerCase() : '';
    if (!['add', 'replace', 'remove'].includes(op))
      throw new ScimError(400, 'invalidSyntax', `op must be add, replace or remove: ${JSON.stringify(operation?.op)}`);
    const path = typeof operation.path === 'string' ? operation.path.trim() : undefined;
    const named = path === undefined ? null : membersNamedBy(path);
    if (named) {
      if (op !== 'remove') throw new ScimError(400, 'invalidPath', `${op} takes members, not ${path}`);
      change.remove.push(...(await memberKeys(ctx, named)));
    } else if (path !== undefined) await attribute(op, path, operation.value);
    else if (op === 'remove') throw new ScimError(400, 'noTarget', 'remove needs a path');
    else if (operation.value && typeof operation.value === 'object' && !Array.isArray(operation.value))
      for (const [name, value] of Object.entries(operation.value)) await attribute(op, name, value);
    else throw new ScimError(400, 'invalidValue', `${op} without a path takes an object of attributes`);
  }
  await write(schema, ctx, await changeWrites(ctx, row.key, row, change));
  return getGroup(ctx, id, base, false);
};

/** DELETE /Groups/{id}: as DELETE /groups/{k}. */
export async function deleteGroup(schema: GraphQLSchema, ctx: RequestContext, id: string): Promise<void> {
  const row = await groupRow(ctx, id);
  await write(schema, ctx, [{ mutation: 'deleteGroup', variables: { groupKey: row.key } }]);
}
