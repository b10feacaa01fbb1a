import fs from 'node:fs';
import path from 'node:path';
import { restOperation } from '../src/rest/operations';
import { bySpecificity } from '../src/rest/route';
import { buildGatewaySchema } from '../src/schema/build';
import { OPEN_ROUTES, ROUTES } from '../src/rest/routes';
import { JSON_TYPE, call } from './support/http';
import { ADMIN, startTestService, adminAuth } from './support/service';

type Path = { method: string; path: string };

const segments = (path: string) => path.split('/').filter(Boolean);
const isKey = (segment: string) => segment.startsWith(':') && segment.endsWith('Key');

/**
 * Express matches `:name` against one path segment; the REST router passes a request on when a
 * `…Key` parameter is not a number. A concrete request of route `a` (keys 1, other parameters a
 * word) is also taken by route `b` when `b` has the same shape and its keys would be numbers.
 */
function alsoTakes(b: Path, a: Path): boolean {
  const request = segments(a.path).map((segment) => (isKey(segment) ? '1' : segment.startsWith(':') ? 'word' : segment));
  const pattern = segments(b.path);
  return (
    a.method === b.method &&
    request.length === pattern.length &&
    pattern.every((segment, i) => (isKey(segment) ? /^\d+$/.test(request[i]) : segment.startsWith(':') || segment === request[i]))
  );
}

describe('route lists', () => {
  const all: Path[] = [...ROUTES, ...OPEN_ROUTES];

  it('use only named parameters and literal segments', () => {
    expect(all.filter((route) => !/^(\/(:?\w+|[\w.-]+))+\/?$/.test(route.path))).toEqual([]);
  });

  it('a request that two routes match goes to the one with a literal segment first, so the order of routes and families does not matter', () => {
    const clashes = all.flatMap((a) =>
      all.filter((b) => b !== a && alsoTakes(b, a) && bySpecificity(a, b) >= 0).map((b) => `${a.method} ${a.path} is also taken by ${b.path}`),
    );
    expect(clashes).toEqual([]);
  });

  it("compile: each route's document (and a file route's headers-only document) compiles with graphql-jit", () => {
    const schema = buildGatewaySchema();
    const failing = ROUTES.flatMap((route) => {
      try {
        const op = restOperation(schema, route);
        void [op.compiled, op.fileHeaders];
        return [];
      } catch (error) {
        return [`${route.method} ${route.path}: ${(error as Error).message}`];
      }
    });
    expect(failing).toEqual([]);
  });
});

describe('operation tests', () => {
  /**
   * The operation names of the operations tests: string and template literals like
   * 'GET /groups/:groupKey' or `${method} /users/:identityKey/lifecycle`, `${…}` as a wildcard.
   */
  function namedInOperationTests(): RegExp[] {
    const families = fs.readdirSync(__dirname, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    // test/<family>/operations.test.ts, and <part>-operations.test.ts beside it
    const files = families.flatMap((family) =>
      fs
        .readdirSync(path.join(__dirname, family.name))
        .filter((name) => /^(?:[\w-]+-)?operations\.test\.ts$/.test(name))
        .map((name) => path.join(__dirname, family.name, name)),
    );
    return files.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return [...text.matchAll(/(['`])((?:GET|HEAD|PUT|POST|DELETE|\$\{\w+\}) \/[^'`\s]*)\1/g)].map(
        ([, , name]) =>
          new RegExp(
            `^${name
              .split(/\$\{\w+\}/)
              .map((part) => part.replace(/[.*+?^()|[\]\\]/g, '\\$&'))
              .join('[^/ ]+')}$`,
          ),
      );
    });
  }

  it('every route has its block with refusals in test/<family>/operations.test.ts', () => {
    const named = namedInOperationTests();
    expect(ROUTES.map((route) => `${route.method} ${route.path}`).filter((name) => !named.some((pattern) => pattern.test(name)))).toEqual([]);
  });
});

describe('with the route lists in reverse order', () => {
  const paths = ['/restapi/users/relations/roles', '/restapi/users/me', '/restapi/users/managed', '/restapi/organisations/types', '/restapi/users/version'];

  it('every request is answered as before', async () => {
    const answers = async () => {
      const t = await startTestService();
      try {
        const replies = [];
        for (const path of paths) {
          const reply = await call(t.base, 'GET', path, { headers: { ...adminAuth(), ...JSON_TYPE } });
          replies.push({ path, status: reply.status, type: reply.headers.get('content-type') });
        }
        return replies;
      } finally {
        await t.stop();
      }
    };
    const before = await answers();
    ROUTES.reverse();
    OPEN_ROUTES.reverse();
    expect(await answers()).toEqual(before);
    expect(before.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    // Two services start here (each creates its database and compiles every route).
  }, 120_000);
});

describe('the REST router on plain node:http', () => {
  let t: Awaited<ReturnType<typeof startTestService>>;
  beforeAll(async () => (t = await startTestService()));
  afterAll(() => t.stop());
  const get = (path: string, headers = adminAuth(), method = 'GET') => call(t.base, method, `/restapi${path}`, { headers: { ...headers, ...JSON_TYPE } });

  it('matches literal segments in any case and takes a trailing slash, as express routing did', async () => {
    const me = await get('/users/me');
    expect(me.status).toBe(200);
    expect((await get('/USERS/Me/')).json).toEqual(me.json);
    expect((await call(t.base, 'GET', '/RESTAPI/users/me', { headers: { ...adminAuth(), ...JSON_TYPE } })).json).toEqual(me.json);
  });

  it('answers HEAD from the GET route with its headers and no body', async () => {
    const me = await get('/users/me');
    const head = await get('/users/me', adminAuth(), 'HEAD');
    expect({ status: head.status, text: head.text, type: head.headers.get('content-type'), length: head.headers.get('content-length') }).toEqual({
      status: 200,
      text: '',
      type: me.headers.get('content-type'),
      length: String(Buffer.byteLength(me.text)),
    });
  });

  it('answers OPTIONS with the methods of the path, after authentication', async () => {
    const options = await get(`/groups/1`, adminAuth(), 'OPTIONS');
    expect({ status: options.status, allow: options.headers.get('allow') }).toEqual({ status: 200, allow: 'DELETE, GET, HEAD, POST' });
    expect((await call(t.base, 'OPTIONS', '/restapi/groups/1')).status).toBe(401);
  });

  it('decodes path parameters, refuses malformed ones with 400 and leaves paths no route takes to a 404 after authentication', async () => {
    expect((await get(`/users/${encodeURIComponent(ADMIN.login)}/auth`)).status).toBe(200);
    expect((await get('/users/%E0%A4%A/auth')).status).toBe(400);
    expect((await get('/users/not-a-key/roles')).status).toBe(404);
    expect((await call(t.base, 'GET', '/restapi/users/not-a-key/roles')).status).toBe(401);
    expect((await call(t.base, 'PATCH', '/restapi/users/me', { headers: adminAuth() })).status).toBe(404);
  });
});
