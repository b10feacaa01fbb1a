import type { Identity } from '../entities/users';
import type { UserVO } from '../schema/users';

/** What a UserVO is made of: an Identity, or a row of USER_COLUMNS (src/users/repository.ts). */
export type UserRow = Pick<Identity, 'id' | 'login' | 'externalId' | 'firstName' | 'lastName' | 'email' | 'properties'> &
  Partial<Pick<Identity, 'creationDate' | 'lastModified'>>;

/** `full`: e-mail and properties are included (the person themself and their managers, src/users/policy.ts). */
export function toUserVO(row: UserRow, full: boolean): UserVO {
  return {
    key: row.id,
    login: row.login,
    externalId: row.externalId ?? null,
    firstName: row.firstName,
    lastName: row.lastName,
    email: full ? (row.email ?? null) : null,
    portrait: null,
    properties: full ? Object.entries(row.properties ?? {}).map(([name, value]) => ({ name, value })) : [],
    creationDate: row.creationDate,
    lastModified: row.lastModified,
  };
}
