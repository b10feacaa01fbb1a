import type { Identity } from '../entities/users';
import type { UserVO } from '../schema/user-types';

export interface UserRow {
  key: number;
  login: string;
  externalId: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  properties: Record<string, string>;
}

/** Email and properties are shown to the user themself and to their managers only. */
export function toUserVO(user: UserRow | Identity, full: boolean): UserVO {
  const row = 'id' in user ? { ...user, key: user.id } : user;
  return {
    key: row.key,
    login: row.login,
    externalId: row.externalId ?? null,
    firstName: row.firstName,
    lastName: row.lastName,
    email: full ? (row.email ?? null) : null,
    portrait: null,
    properties: full ? Object.entries(row.properties ?? {}).map(([name, value]) => ({ name, value })) : [],
  };
}

export const USER_ROW_COLUMNS =
  'i.id as key, i.login, i.external_id as "externalId", i.first_name as "firstName", i.last_name as "lastName", i.email, i.properties';
