import { buildOperationNodeForField } from '@graphql-tools/utils';
import { Kind, OperationTypeNode, TypeInfo, print, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema } from 'graphql';
import { BODY_EXAMPLES } from '../../src/rest/examples';
import type { RestRoute } from '../../src/rest/route';
import { ROUTES } from '../../src/rest/routes';
import { buildGatewaySchema } from '../../src/schema/build';
import type { TestUser } from '../factories';
import { JSON_TYPE, call, graphql, type Headers } from './http';
import { placementOf } from './object-routes';
import { adminAuth, type TestService } from './service';

/** A grey PNG of 2x2 pixels. */
const GREY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADklEQVQImWNoAAMGCAUAKg4GAeLeQoEAAAAASUVORK5CYII=';

/** A small course export ZIP (a structure node and a single page with its page in the course folder), for the import routes. */
export const SAMPLE_COURSE_ARCHIVE = [
  'UEsDBBQAAAAIAAAAIVy/ksJIOQEAAFMDAAAQAAAAcnVuc3RydWN0dXJlLnhtbJVTQW7DIBC85xWIe9mmvbQSJodIPVaRkj7AwhsHCYMFuGp+XwyxcOqkapEP7DA7650FvvnqNPlE55U1',
  'FV2zR0rQSNso01b04/D28EI3YsWta5nVdWDSDs4j2wc3yDA4FCtCuLM2vNsGidS19xX9yTbxzLP9YZvCkUnHvJipGjRBvD7O1ppDRjNDnpRuHJocRuCO+K6IT9Tb+k9X+onV17FA+Mff',
  'E4dHjDkSK8oYpI/CTDGcexS+55A2Bfcn68JBBY1iV7fIYQYUlramzdi+7nqNpE/cAhdqZ5tB49aao2oHV4c4RsFlCgWPTbmz4D64OE5xVHosmIMJhFGanUKnyxFc8mDSgVtVpnnAXwcS',
  '9a5meTEpzE2aG5R7X1q0tCcXXhj0mzlwvysO031O0eVxiGcO03a1bLo8iG9QSwMEFAAAAAgAAAAhXGMSvmtyAQAApwQAABMAAABlZGl0b3J0cmVlbW9kZWwueG1slVTBbsMgDL33KyLu',
  'hXa7bBKhh2q7barU7AMy4iZIBCIg0/r3c0KzpFratVEO+OFnGz8D33zXOvkC55U1KVnTFUnASFsoU6bkI3tdPpGNWHDrSmp1Hqi0rfNAgwOg2379UqhgXYbAmy1Ai0WScGdteEcrkTr3',
  'PiU30TsC6egYQBVggnheTb41ZxGNHrJSunBgoonAzTkGxnyah7M0vVeTY55w/1kSBwdAqoSUUMr6n7BJYGkuBTXI93S/i3EnnbmncPQLxwaEbzjrF9MdX1kXMhU0iF1eAmcTYOqnrSkj',
  'us/rRkPS9N4jPHWubdFq2FpzUGXr8oBDJbjsTcGxNncU3AeHwyUOSndJozGArAtOq1DrcYudeGyIw+ayjE1lcpwJdudQIPlsrP5XKJtR6P/p/VUmnCszVSW2e06Xv5rEmmZUuaYIu9bK',
  'oY2cDXe5t7AB4MOu/dTKV5mq0cAKxBKPd2GrY53eF/HI2bBc3KhNfFN+AFBLAwQUAAAACAAAACFcaO+EmIwAAAD0AAAADwAAAGV4cG9ydC9yZXBvLnhtbHWPQQrCQAxFr9ILSC8QBoS6',
  'cCPSHqCEMdJgOxmSVJjbWytKu3D5eOHxAy1lMXbRckqu5aqSSZ3JAnRy9weVYDjlkfoosxr1qHHgJ0H91dCSLSrSBScKB6h3DA1bHrGs0K2l6lOqfqXtCTRkUTk7SwqL2tI5sTOOx9kH',
  '0YC3iRObKy7rod7L94p/j70AUEsDBBQAAAAIAAAAIVx7jnsTFAAAABIAAAAWAAAAY291cnNlZm9sZGVyL3BhZ2UuaHRtbLMpsAtOzC3ISVUoSExPtdEvsAMAUEsBAhQDFAAAAAgAAAAh',
  'XL+Swkg5AQAAUwMAABAAAAAAAAAAAAAAAIABAAAAAHJ1bnN0cnVjdHVyZS54bWxQSwECFAMUAAAACAAAACFcYxK+a3IBAACnBAAAEwAAAAAAAAAAAAAAgAFnAQAAZWRpdG9ydHJlZW1v',
  'ZGVsLnhtbFBLAQIUAxQAAAAIAAAAIVxo74SYjAAAAPQAAAAPAAAAAAAAAAAAAACAAQoDAABleHBvcnQvcmVwby54bWxQSwECFAMUAAAACAAAACFce457ExQAAAASAAAAFgAAAAAAAAAA',
  'AAAAgAHDAwAAY291cnNlZm9sZGVyL3BhZ2UuaHRtbFBLBQYAAAAABAAEAAABAAALBAAAAAA=',
].join('');

/** A valid body for each body argument of the route table: openapi.json's examples, and the uploads (a family adds its own). */
export const SAMPLE_BODIES: Record<string, unknown> = {
  ...BODY_EXAMPLES,
  // A course export ZIP; on REST the multipart part `file` (restBody), or Base64 in a JSON body.
  courseArchive: { file: SAMPLE_COURSE_ARCHIVE, filename: 'sample-course.zip' },
  entryArchive: { file: SAMPLE_COURSE_ARCHIVE, filename: 'sample-course.zip' },
  // A course element below a parent named by each test; on REST query parameters, or a multipart form with the page in the part `file`.
  element: {
    parentNodeId: 'sample-parent',
    shortTitle: 'Sample element',
    filename: 'sample.html',
    file: Buffer.from('<p>Sample</p>').toString('base64'),
  },
  // A grey PNG of 2x2 pixels; on REST the multipart part `file` (restBody).
  portrait: { file: GREY_PNG, filename: 'portrait.png' },
  image: { file: GREY_PNG, filename: 'image.png' },
};

/** A key no row has. */
export const UNKNOWN_KEY = 2_000_000_000;

export function sampleBody(route: RestRoute): unknown {
  if (!route.bodyArg) return undefined;
  if (!(route.bodyArg in SAMPLE_BODIES)) throw new Error(`add a sample body for "${route.bodyArg}" to SAMPLE_BODIES in test/support/operations.ts`);
  return SAMPLE_BODIES[route.bodyArg];
}

/** The sample body as a REST client sends it: a multipart body as a form, its Base64 fields as file parts; `values` replace fields the sample has. */
export function restBody(route: RestRoute, values: Record<string, unknown> = {}): unknown {
  const sample = sampleBody(route);
  const body =
    sample && typeof sample === 'object' && !Array.isArray(sample)
      ? { ...sample, ...Object.fromEntries(Object.entries(values).filter(([name]) => name in sample)) }
      : sample;
  if (!route.multipartBody) return body;
  const form = new FormData();
  const { file, ...fields } = body as { file?: string } & Record<string, string>;
  if (file !== undefined) form.append('file', new Blob([new Uint8Array(Buffer.from(file, 'base64'))]), fields.filename ?? 'file');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The Accept header of a client of the route: JSON, or anything for a route that answers a file. */
export const acceptOf = (route: RestRoute): Headers => (route.file ? { Accept: '*/*' } : JSON_TYPE);

export function routeNamed(name: string): RestRoute {
  const route = ROUTES.find((candidate) => `${candidate.method} ${candidate.path}` === name);
  if (!route) throw new Error(`no route ${name}`);
  return route;
}

/** The REST path of a route with its parameters filled in. */
export const pathOf = (route: RestRoute, values: Record<string, unknown>) =>
  `/restapi${route.path.replace(/:(\w+)/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`no value for :${name} of ${route.path}`);
    return String(values[name]);
  })}`;

let schema: ReturnType<typeof buildGatewaySchema> | undefined;

/** An operation without the GraphQL-only edges (`@Extensions({ rest: false })`): what the REST twin of the field answers. */
export function wireSelection(schema: GraphQLSchema, document: DocumentNode): DocumentNode {
  const typeInfo = new TypeInfo(schema);
  return visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field: () => (typeInfo.getFieldDef()?.extensions?.rest === false ? null : undefined),
    }),
  );
}

/** The GraphQL twin of a route: the same root field, every wire field of the result selected. */
export function graphqlOf(route: RestRoute) {
  schema ??= buildGatewaySchema();
  const [kind, field] = route.field.split('.');
  const root = kind === 'Query' ? OperationTypeNode.QUERY : OperationTypeNode.MUTATION;
  const args = (root === OperationTypeNode.QUERY ? schema.getQueryType() : schema.getMutationType())!.getFields()[field].args;
  // The operation's own arguments only: those of nested fields belong to the GraphQL-only edges (their paging), which wireSelection drops.
  const operation = buildOperationNodeForField({ schema, kind: root, field, depthLimit: 2, argNames: args.map((arg) => arg.name) });
  const node = wireSelection(schema, { kind: Kind.DOCUMENT, definitions: [operation] });
  return {
    field,
    document: print(node),
    variables: (values: Record<string, unknown>) =>
      Object.fromEntries(
        args.map((arg) => [arg.name, arg.name === route.bodyArg ? sampleBody(route) : values[arg.name]]).filter(([, value]) => value !== undefined),
      ),
  };
}

export interface RefusalWorld {
  t: TestService;
  /** Values of the path parameters (and arguments) of a request that would succeed for the right caller. */
  values: Record<string, unknown>;
  /** A caller without the route's role (or any right to it). */
  forbidden?: TestUser;
  /**
   * A caller who holds the route's role and manages objects of its kind, but not the objects `values`
   * name (the owner of another course, the administrator of another organisation, …): the question
   * "is this object theirs" must refuse them. Required where the route's path names an object
   * (./object-routes.ts), unless every caller may.
   */
  stranger?: TestUser;
}

/**
 * The refusals of one operation, on REST and GraphQL: 401 without credentials, 403 for a caller
 * without the right (unless every authenticated caller may) and for one with the role but not the
 * object, 404 (NOT_FOUND) for unknown keys asked by the administrator.
 */
export function refusals(name: string, world: () => RefusalWorld, options: { everyCallerMay?: boolean; unknownKeysChangeNothing?: boolean } = {}) {
  const route = routeNamed(name);
  const op = graphqlOf(route);
  const keys = route.path.match(/:\w+Key/g) ?? [];
  const unknown = () => ({ ...world().values, ...Object.fromEntries(keys.map((key) => [key.slice(1), UNKNOWN_KEY])) });
  const rest = (headers: Headers, values: Record<string, unknown>) =>
    call(world().t.base, route.method, pathOf(route, values), { headers: { ...headers, ...acceptOf(route) }, body: restBody(route) });
  const refused = async (caller: TestUser) => {
    const { t, values } = world();
    expect((await rest(caller.auth, values)).status).toBe(403);
    const reply = await graphql(t.base, caller.auth, op.document, op.variables(values));
    expect(reply.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  };

  it('401 without credentials', async () => {
    const { t, values } = world();
    expect((await rest({}, values)).status).toBe(401);
    expect((await graphql(t.base, {}, op.document, op.variables(values))).status).toBe(401);
  });

  if (!options.everyCallerMay) {
    it('403 for a caller without the right', async () => {
      const { forbidden } = world();
      if (!forbidden) throw new Error(`${name}: name a caller without the right, or pass { everyCallerMay: true }`);
      await refused(forbidden);
    });

    // The sample bodies name no object: a route that names one only in its body is left to the two-owners net.
    if (placementOf(route).kind === 'case' && /:\w+/.test(route.path)) {
      it('403 for a caller with the role but not the object', async () => {
        const { stranger } = world();
        if (!stranger) throw new Error(`${name}: name a caller who holds the route's role but has no right to its object (stranger)`);
        await refused(stranger);
      });
    }
  }

  // unknownKeysChangeNothing: OpenOLAT answers 200 for an unknown key there (removing a person who does not exist); the route's own test says so.
  if (keys.length && !options.unknownKeysChangeNothing) {
    it('404 for unknown keys', async () => {
      const { t } = world();
      expect((await rest(adminAuth(), unknown())).status).toBe(404);
      const reply = await graphql(t.base, adminAuth(), op.document, op.variables(unknown()));
      expect(reply.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    });
  }
}
