import { randomUUID } from 'node:crypto';
import { ADMIN } from './service';
import { JSON_TYPE, basic, call, type Headers } from './http';

export const adminAuth = (): Headers => basic(ADMIN.login, ADMIN.password);

export const uniqueLogin = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}`;

export interface TestUser {
  key: number;
  login: string;
  password: string;
  auth: Headers;
}

/** Creates a user through REST as the administrator, optionally with roles in the default organisation. */
export async function createUser(base: string, roles: Record<string, boolean> = {}, extra: Record<string, unknown> = {}): Promise<TestUser> {
  const login = uniqueLogin();
  const password = `pw-${randomUUID()}`;
  const reply = await call(base, 'PUT', '/restapi/users', {
    headers: { ...adminAuth(), ...JSON_TYPE },
    body: { login, password, firstName: 'Test', lastName: login, email: `${login}@example.org`, ...extra },
  });
  if (reply.status !== 200) throw new Error(`createUser: ${reply.status} ${reply.text}`);
  const key = reply.json.key as number;
  if (Object.keys(roles).length) {
    const set = await call(base, 'POST', `/restapi/users/${key}/roles`, { headers: { ...adminAuth(), ...JSON_TYPE }, body: roles });
    if (set.status !== 200) throw new Error(`roles: ${set.status} ${set.text}`);
  }
  return { key, login, password, auth: basic(login, password) };
}

export async function createGroup(base: string, body: Record<string, unknown> = {}): Promise<number> {
  const reply = await call(base, 'PUT', '/restapi/groups', {
    headers: { ...adminAuth(), ...JSON_TYPE },
    body: { name: `Group ${uniqueLogin('g')}`, ...body },
  });
  if (reply.status !== 200) throw new Error(`createGroup: ${reply.status} ${reply.text}`);
  return reply.json.key as number;
}
