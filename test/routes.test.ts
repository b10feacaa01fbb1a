import fs from 'node:fs';
import path from 'node:path';
import { bySpecificity } from '../src/rest/route';
import { OPEN_ROUTES, ROUTES } from '../src/rest/routes';
import { JSON_TYPE, call } from './support/http';
import { startTestService, adminAuth } from './support/service';

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
});

describe('operation tests', () => {
  /**
   * The operation names of the operations tests: string and template literals like
   * 'GET /groups/:groupKey' or `${method} /users/:identityKey/lifecycle`, `${…}` as a wildcard.
   */
  function namedInOperationTests(): RegExp[] {
    const families = fs.readdirSync(__dirname, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    return families.flatMap((family) => {
      const file = path.join(__dirname, family.name, 'operations.test.ts');
      if (!fs.existsSync(file)) return [];
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
  });
});
