import { buildOperationNodeForField } from '@graphql-tools/utils';
import { print, type OperationTypeNode } from 'graphql';
import { buildGatewaySchema } from '../src/schema/build';
import { ROUTES, type RestRoute } from '../src/rest/routes';
import { createGroup, createUser, type TestUser } from './support/fixtures';
import { JSON_TYPE, call, graphql } from './support/http';
import { startTestService, type TestService } from './support/service';

let t: TestService;
let plain: TestUser;
let other: TestUser;
let groupKey: number;

beforeAll(async () => {
  t = await startTestService();
  plain = await createUser(t.base);
  other = await createUser(t.base);
  groupKey = await createGroup(t.base);
});
afterAll(() => t.stop());

const BODIES: Record<string, unknown> = {
  user: { login: 'someone-new', firstName: 'A', lastName: 'B', email: 'someone-new@example.org' },
  roles: { author: true },
  status: { status: 2 },
  group: { name: 'Group by plain user' },
};

/** What a user without any manager role may do; everything else must answer 403. */
const ALLOWED_TO_PLAIN_USER = new Set(['GET /users/me', 'GET /users/:identityKey', 'GET /groups']);

const pathOf = (route: RestRoute) =>
  `/restapi${route.path.replace(':identityKey', String(other.key)).replace(':groupKey', String(groupKey))}`;

const bodyOf = (route: RestRoute) => (route.bodyArg ? BODIES[route.bodyArg] : undefined);

describe('REST level one and two for every route', () => {
  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: 401 without credentials', async (_name, route) => {
    const reply = await call(t.base, route.method, pathOf(route), { body: bodyOf(route) });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toMatch(/^Basic realm="/);
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: plain user', async (name, route) => {
    const reply = await call(t.base, route.method, pathOf(route), { headers: { ...plain.auth, ...JSON_TYPE }, body: bodyOf(route) });
    expect(reply.status).toBe(ALLOWED_TO_PLAIN_USER.has(name) ? 200 : 403);
  });

  it('a wrong password is 401, not 403', async () => {
    const reply = await call(t.base, 'GET', '/restapi/users', { headers: { Authorization: `Basic ${Buffer.from(`${plain.login}:nope`).toString('base64')}` } });
    expect(reply.status).toBe(401);
  });
});

describe('GraphQL applies the same rules', () => {
  const schema = buildGatewaySchema({ managedFlagsEnforced: () => true });
  const operations = ROUTES.filter((route, index) => ROUTES.findIndex((r) => r.field === route.field) === index).map((route) => {
    const [kind, field] = route.field.split('.');
    const node = buildOperationNodeForField({ schema, kind: (kind === 'Query' ? 'query' : 'mutation') as OperationTypeNode, field, depthLimit: 2 });
    return { name: `${route.method} ${route.path}`, field, route, document: print(node) };
  });
  const variables = (route: RestRoute) => ({
    identityKey: other.key,
    groupKey,
    ...(route.bodyArg ? { [route.bodyArg]: BODIES[route.bodyArg] } : {}),
  });

  it('anonymous GraphQL requests are refused with 401', async () => {
    const reply = await graphql(t.base, {}, '{ me { login } }');
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it.each(operations.map((op) => [op.field, op] as const))('%s: plain user', async (_field, op) => {
    const reply = await graphql(t.base, plain.auth, op.document, variables(op.route));
    if (ALLOWED_TO_PLAIN_USER.has(op.name)) {
      expect(reply.body.errors).toBeUndefined();
    } else {
      expect(reply.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(reply.body.data?.[op.field] ?? null).toBeNull();
    }
  });
});
