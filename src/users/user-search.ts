import { sql } from '../db/sql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserStatus } from '../entities/users';
import { notFound } from '../domain/errors';
import { USER_ROW_COLUMNS, type UserRow } from './user-presenter';

export interface UserSearch {
  login?: string | null;
  externalId?: string | null;
  authProvider?: string | null;
  authUsername?: string | null;
  statusVisibleLimit?: string | null;
  status?: number | null;
  properties?: { name: string; value?: string | null }[] | null;
}

const COLUMN_PROPERTIES: Record<string, string> = { firstName: 'i.first_name', lastName: 'i.last_name', email: 'i.email' };

/** OpenOLAT's search value: "quoted" is exact, otherwise `*` is a wildcard inside an implicit contains. */
function likePattern(value: string): { exact: boolean; pattern: string } {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return { exact: true, pattern: value.slice(1, -1) };
  const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
  return { exact: false, pattern: `%${escaped}%` };
}

export async function findUserRow(em: EntityManager, key: number): Promise<UserRow> {
  const [row] = await sql<UserRow>(em, `select ${USER_ROW_COLUMNS} from identity i where i.id = ?`, [key]);
  if (!row) throw notFound('user');
  return row;
}

export async function searchUsers(em: EntityManager, search: UserSearch): Promise<UserRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const match = (column: string, value: string) => {
    const { exact, pattern } = likePattern(value);
    where.push(exact ? `lower(${column}) = lower(?)` : `${column} ilike ?`);
    params.push(pattern);
  };
  if (search.authProvider && search.authUsername) {
    where.push('i.id in (select identity_id from authentication where provider = ? and auth_username = ?)');
    params.push(search.authProvider, search.authUsername);
  }
  if (search.login) match('i.login', search.login);
  if (search.externalId) {
    where.push('i.external_id = ?');
    params.push(search.externalId);
  }
  if (search.status != null) {
    where.push('i.status = ?');
    params.push(search.status);
  } else if (search.statusVisibleLimit !== 'all') {
    where.push(`i.status < ${UserStatus.visibleLimit}`);
  }
  for (const property of search.properties ?? []) {
    if (!property.value) continue;
    const column = COLUMN_PROPERTIES[property.name];
    if (column) match(column, property.value);
    else {
      params.push(property.name);
      match(`(i.properties ->> ?)`, property.value);
    }
  }
  const text = `select ${USER_ROW_COLUMNS} from identity i${where.length ? ` where ${where.join(' and ')}` : ''} order by i.id`;
  return sql<UserRow>(em, text, params);
}
