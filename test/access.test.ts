import { buildOperationNodeForField } from '@graphql-tools/utils';
import { Kind, print, type OperationTypeNode } from 'graphql';
import { buildGatewaySchema } from '../src/schema/build';
import type { RestRoute } from '../src/rest/route';
import { ROUTES } from '../src/rest/routes';
import { type TestCourse, type TestUser, buildCourse, buildGroup, buildUser } from './factories';
import { call, graphql } from './support/http';
import { OPEN_TO_EVERY_CALLER } from './support/object-routes';
import { acceptOf, restBody, routeNamed, sampleBody, wireSelection } from './support/operations';
import { adminAuth, startTestService, type TestService } from './support/service';

let t: TestService;
let plain: TestUser;
let other: TestUser;
let groupKey: number;
let course: TestCourse;

beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  other = await buildUser(t);
  groupKey = await buildGroup(t);
  course = await buildCourse(t);
  // The portrait routes are open to every caller: the other user has one to read.
  const upload = routeNamed('POST /users/:identityKey/portrait');
  const uploaded = await call(t.base, 'POST', `/restapi/users/${other.key}/portrait`, { headers: adminAuth(), body: restBody(upload) });
  expect(uploaded.status).toBe(200);
});
afterAll(() => t.stop());

/**
 * Sample values for path parameters and arguments of the route at `path`: the other user (by key or
 * login), the group, the course (by id or entry key, its root node), else key 1 and the role `users` (`participants` of a course, entry or curriculum element).
 */
const sample = (name: string, path: string): unknown =>
  name === 'identityKey'
    ? other.key
    : name === 'groupKey'
      ? groupKey
      : name === 'courseKey'
        ? course.courseKey
        : name === 'entry'
          ? String(course.key)
          : name.endsWith('Key')
            ? 1
            : name === 'role'
              ? path.startsWith('/repo/') || path.startsWith('/curriculum/')
                ? 'participants'
                : 'users'
              : name === 'username'
                ? other.login
                : name === 'size'
                  ? 'small'
                  : name === 'nodeId'
                    ? course.editorRootNodeId
                    : name === 'path'
                      ? '1'
                      : name === 'calendarId'
                        ? `user_${other.login}`
                        : name === 'eventId'
                          ? 'sample-event'
                          : undefined;

const pathOf = (route: RestRoute) => `/restapi${route.path.replace(/:(\w+)/g, (_, name: string) => String(sample(name, route.path)))}`;

const bodyOf = restBody;

describe('REST level one and two for every route', () => {
  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: 401 without credentials', async (_name, route) => {
    const reply = await call(t.base, route.method, pathOf(route), { body: bodyOf(route) });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toMatch(/^Basic realm="/);
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: plain user', async (name, route) => {
    const reply = await call(t.base, route.method, pathOf(route), { headers: { ...plain.auth, ...acceptOf(route) }, body: bodyOf(route) });
    expect(reply.status).toBe(OPEN_TO_EVERY_CALLER.has(name) ? 200 : 403);
  });

  it('a wrong password is 401, not 403', async () => {
    const reply = await call(t.base, 'GET', '/restapi/users', { headers: { Authorization: `Basic ${Buffer.from(`${plain.login}:nope`).toString('base64')}` } });
    expect(reply.status).toBe(401);
  });
});

describe('GraphQL applies the same rules', () => {
  const schema = buildGatewaySchema();
  const operations = ROUTES.filter((route, index) => ROUTES.findIndex((r) => r.field === route.field) === index).map((route) => {
    const [kind, field] = route.field.split('.');
    const args = (kind === 'Query' ? schema.getQueryType() : schema.getMutationType())!.getFields()[field].args;
    // The operation's own arguments: those of nested fields page the GraphQL-only edges, which wireSelection drops.
    const argNames = args.map((arg) => arg.name);
    const operation = buildOperationNodeForField({
      schema,
      kind: (kind === 'Query' ? 'query' : 'mutation') as OperationTypeNode,
      field,
      depthLimit: 2,
      argNames,
    });
    const node = wireSelection(schema, { kind: Kind.DOCUMENT, definitions: [operation] });
    return { name: `${route.method} ${route.path}`, field, route, args, document: print(node) };
  });
  const variables = (op: (typeof operations)[number]) =>
    Object.fromEntries(
      op.args
        .map((arg) => [arg.name, arg.name === op.route.bodyArg ? sampleBody(op.route) : sample(arg.name, op.route.path)])
        .filter(([, value]) => value !== undefined),
    );

  it('anonymous GraphQL requests are refused with 401', async () => {
    const reply = await graphql(t.base, {}, '{ me { login } }');
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it.each(operations.map((op) => [op.field, op] as const))('%s: plain user', async (_field, op) => {
    const reply = await graphql(t.base, plain.auth, op.document, variables(op));
    if (OPEN_TO_EVERY_CALLER.has(op.name)) {
      expect(reply.body.errors).toBeUndefined();
    } else {
      expect(reply.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(reply.body.data?.[op.field] ?? null).toBeNull();
    }
  });
});
