import fs from 'node:fs';
import path from 'node:path';
import { getDirective } from '@graphql-tools/utils';
import { printGatewaySchema } from '../scripts/print-schema';
import { buildGatewaySchema } from '../src/schema/build';
import { GRAPHQL_ONLY_OPERATIONS, ROUTES } from '../src/rest/routes';

const schema = buildGatewaySchema();
const rootFields = [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) =>
  Object.values(type.getFields()).map((field) => ({ name: `${type.name}.${field.name}`, field })),
);

it('the committed SDL is the schema the service runs (npm run schema:print)', () => {
  const committed = fs.readFileSync(path.join(__dirname, '../src/schema/schema.graphql'), 'utf8');
  expect(committed).toBe(printGatewaySchema());
});

it('every operation declares its privilege requirement with @auth in the SDL', () => {
  const missing = rootFields.filter(({ field }) => !getDirective(schema, field, 'auth')?.length).map(({ name }) => name);
  expect(missing).toEqual([]);
  expect(printGatewaySchema()).toMatch(/createUser\(user: UserVOInput!\): UserVO! @auth\(roles: \["administrator", "usermanager"\]\)/);
});

it('the route table names only existing operations, and every operation has a REST route unless it is GraphQL-only', () => {
  const names = new Set(rootFields.map(({ name }) => name));
  expect(ROUTES.filter((route) => !names.has(route.field))).toEqual([]);
  const routed = new Set(ROUTES.map((route) => route.field));
  expect([...names].filter((name) => !routed.has(name) && !GRAPHQL_ONLY_OPERATIONS.has(name))).toEqual([]);
  expect([...GRAPHQL_ONLY_OPERATIONS].filter((name) => routed.has(name) || !names.has(name))).toEqual([]);
});

it('routes are unique by method and path', () => {
  const keys = ROUTES.map((route) => `${route.method} ${route.path}`);
  expect(new Set(keys).size).toBe(keys.length);
});
