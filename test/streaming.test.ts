import http from 'node:http';
import zlib from 'node:zlib';
import { getNamedType, type GraphQLObjectType } from 'graphql';
import { Client } from 'pg';
import { inlined, traceStatements } from '../scripts/trace-statements';
import { BATCH_SIZE } from '../src/domain/lists';
import { encodeXml } from '../src/rest/xml-codec';
import { buildGatewaySchema } from '../src/schema/build';
import { buildGroup } from './factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from './support/http';
import { graphqlOf, routeNamed } from './support/operations';
import { adminAuth, startTestService, type TestService } from './support/service';

/** Whole-list reads are written as their rows are read, range by range, and stop when the client goes. */

const PEOPLE = 20 * BATCH_SIZE + 17;

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  const db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  await db.query(`insert into identity (login, first_name, last_name, email, properties)
                  select 'stream-' || n, 'Stream & <Co>', 'Person ' || n, 'stream-' || n || '@example.org', jsonb_build_object('telOffice', n::text)
                  from generate_series(1, ${PEOPLE}) n`);
  await db.end();
  for (let i = 0; i < 3; i++) await buildGroup(t, { name: `Streamed <${i}>`, description: 'a & b' });
}, 60_000);
afterAll(() => t.stop());

const schema = buildGatewaySchema();

/** The list as GraphQL resolves it whole, written with the encoders of a whole answer. */
async function whole(name: string) {
  const route = routeNamed(name);
  const op = graphqlOf(route);
  const reply = await graphql(t.base, adminAuth(), op.document, op.variables({}));
  const type = schema.getQueryType()!.getFields()[op.field].type;
  const graphqlOnly = Object.values((getNamedType(type) as GraphQLObjectType).getFields())
    .filter((field) => field.extensions?.rest === false)
    .map((field) => field.name);
  const data = (reply.body.data[op.field] as Record<string, unknown>[]).map((item) =>
    Object.fromEntries(Object.entries(item).filter(([field]) => !graphqlOnly.includes(field))),
  );
  return {
    json: JSON.stringify(data),
    xml: encodeXml(
      data,
      type,
      type
        .toString()
        .replace(/[[\]!]/g, '')
        .replace(/^./, (c) => c.toLowerCase()),
    ),
    count: data.length,
  };
}

it.each(['GET /users', 'GET /groups'])('%s streams exactly the bytes of the whole list, in JSON and XML', async (name) => {
  const expected = await whole(name);
  const path = `/restapi${routeNamed(name).path}`;
  expect((await call(t.base, 'GET', path, { headers: { ...adminAuth(), ...JSON_TYPE } })).text).toBe(expected.json);
  expect((await call(t.base, 'GET', path, { headers: { ...adminAuth(), ...XML_TYPE } })).text).toBe(expected.xml);
  if (name === 'GET /users') expect(expected.count).toBeGreaterThan(PEOPLE);
});

it('an empty list is [] and an empty wrapper element', async () => {
  const json = await call(t.base, 'GET', '/restapi/groups?externalId=none', { headers: { ...adminAuth(), ...JSON_TYPE } });
  expect(json.text).toBe('[]');
  const xml = await call(t.base, 'GET', '/restapi/groups?externalId=none', { headers: { ...adminAuth(), ...XML_TYPE } });
  expect(xml.text).toBe('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><groupVOs/>');
});

it('reads the list range by range and stops reading when the client disconnects', async () => {
  const ranges = (statements: { text: string; values: unknown[] }[]) => statements.filter((s) => /from identity i where i\.id > /.test(inlined(s))).length;
  const complete = await traceStatements(() => call(t.base, 'GET', '/restapi/users', { headers: { ...adminAuth(), ...JSON_TYPE } }));
  expect(ranges(complete)).toBe(Math.ceil((PEOPLE + 1) / BATCH_SIZE));

  const aborted = await traceStatements(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = http.get(`${t.base}/restapi/users`, { headers: { ...adminAuth(), ...JSON_TYPE } }, (response) => {
          response.once('data', () => {
            request.destroy();
            setTimeout(resolve, 500);
          });
        });
        request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
      }),
  );
  expect(ranges(aborted)).toBeLessThan(ranges(complete) / 2);
  expect((await call(t.base, 'GET', '/restapi/users/me', { headers: { ...adminAuth(), ...JSON_TYPE } })).status).toBe(200);
});

/** The answer's bytes as they came over the wire (node:http undoes no Content-Encoding). */
function wireBytes(path: string, headers: Record<string, string>): Promise<{ encoding: string | undefined; wire: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${t.base}${path}`, { headers }, (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => resolve({ encoding: response.headers['content-encoding'], wire: Buffer.concat(parts) }));
      })
      .on('error', reject);
  });
}

/** Where a flush left a mark in a deflate stream: the empty stored block it ends with (00 00 ff ff). */
const flushMarks = (deflated: Buffer) => {
  let count = 0;
  for (let at = deflated.indexOf(FLUSH_MARK); at >= 0; at = deflated.indexOf(FLUSH_MARK, at + 1)) count++;
  return count;
};
const FLUSH_MARK = Buffer.from([0x00, 0x00, 0xff, 0xff]);

it('compressed, a list is the same bytes once decompressed, flushed batch by batch, and still stops being read when the client goes', async () => {
  const headers = { ...adminAuth(), ...JSON_TYPE };
  const plain = await call(t.base, 'GET', '/restapi/users', { headers });
  const gzip = await wireBytes('/restapi/users', { ...headers, 'Accept-Encoding': 'gzip' });
  expect(gzip.encoding).toBe('gzip');
  expect(zlib.gunzipSync(gzip.wire).toString('utf8')).toBe(plain.text);
  // Each batch reaches the client when it is read, not when the compressor has filled a block.
  expect(flushMarks(gzip.wire)).toBeGreaterThanOrEqual(Math.floor(PEOPLE / BATCH_SIZE));

  const ranges = (statements: { text: string; values: unknown[] }[]) => statements.filter((s) => /from identity i where i\.id > /.test(inlined(s))).length;
  let encoding: string | undefined;
  const aborted = await traceStatements(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = http.get(`${t.base}/restapi/users`, { headers: { ...headers, 'Accept-Encoding': 'br' } }, (response) => {
          encoding = response.headers['content-encoding'];
          response.pipe(zlib.createBrotliDecompress()).once('data', () => {
            request.destroy();
            setTimeout(resolve, 500);
          });
        });
        request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
      }),
  );
  expect(encoding).toBe('br');
  expect(ranges(aborted)).toBeLessThan(Math.ceil((PEOPLE + 1) / BATCH_SIZE) / 2);
  expect((await call(t.base, 'GET', '/restapi/users/me', { headers })).status).toBe(200);
});
