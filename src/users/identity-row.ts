/** An identity's names as SCIM and the sync read them, from `identity i` with IDENTITY_COLUMNS. */
export interface IdentityRow {
  key: number;
  login: string;
  externalId: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
}

export const IDENTITY_COLUMNS = `i.id as key, i.login, i.external_id as "externalId", i.first_name as "firstName", i.last_name as "lastName", i.email`;
