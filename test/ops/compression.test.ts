import http, { type IncomingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import { Client } from 'pg';
import sharp from 'sharp';
import { createLogger } from '../../src/ops/logger';
import { buildCourse, buildUser } from '../factories';
import { unzip } from '../support/course-archives';
import { eventually } from '../support/eventually';
import { JSON_TYPE, XML_TYPE, type Headers } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Answers are compressed (gzip, brotli) for clients that accept it, above 1 KB, for compressible types; COMPRESSION=off turns it off. */

const PEOPLE = 600;
const lines: Record<string, unknown>[] = [];
let t: TestService;
beforeAll(async () => {
  const destination = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  t = await startTestService({}, undefined, { logger: createLogger({ level: 'info', production: false, destination }) });
  const db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  await db.query(`insert into identity (login, first_name, last_name, email)
                  select 'zip-' || n, 'Compressed & <Co>', 'Person ' || n, 'zip-' || n || '@example.org' from generate_series(1, ${PEOPLE}) n`);
  await db.end();
}, 60_000);
afterAll(() => t.stop());

interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire. */
  wire: Buffer;
  /** The body once its Content-Encoding is undone. */
  body: string;
}

/** A request through node:http, which (unlike fetch) neither asks for compression nor undoes it by itself. */
function raw(base: string, method: string, path: string, headers: Headers = {}, body?: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        const wire = Buffer.concat(parts);
        const encoding = response.headers['content-encoding'];
        const decoded = encoding === 'gzip' ? zlib.gunzipSync(wire) : encoding === 'br' ? zlib.brotliDecompressSync(wire) : wire;
        resolve({ status: response.statusCode!, headers: response.headers, wire, body: decoded.toString('utf8') });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

const get = (path: string, headers: Headers = {}) => raw(t.base, 'GET', path, { ...adminAuth(), ...headers });
const GZIP = { 'Accept-Encoding': 'gzip' };
const BROTLI = { 'Accept-Encoding': 'br' };

/** An answer sent as it is: no Content-Encoding, and a Content-Length (when it has one) that counts its bytes. */
function expectUncompressed(reply: RawReply) {
  expect(reply.headers['content-encoding']).toBeUndefined();
  if (reply.headers['content-length'] !== undefined) expect(Number(reply.headers['content-length'])).toBe(reply.wire.length);
}

describe('compressed for clients that accept it', () => {
  it('openapi.json (what the try-it page loads) in gzip or brotli, the same document once decompressed', async () => {
    const plain = await get('/restapi/openapi.json');
    expect(plain.status).toBe(200);
    expectUncompressed(plain);
    expect(plain.wire.length).toBeGreaterThan(1_000_000);
    for (const [accept, encoding] of [
      [GZIP, 'gzip'],
      [BROTLI, 'br'],
      [{ 'Accept-Encoding': 'gzip, deflate, br' }, 'br'],
      [{ 'Accept-Encoding': 'br;q=0.5, gzip' }, 'gzip'],
    ] as const) {
      const compressed = await get('/restapi/openapi.json', accept);
      expect({ status: compressed.status, encoding: compressed.headers['content-encoding'], length: compressed.headers['content-length'] }).toEqual({
        status: 200,
        encoding,
        length: undefined,
      });
      expect(compressed.headers.vary).toMatch(/Accept-Encoding/);
      expect(compressed.wire.length).toBeLessThan(plain.wire.length / 5);
      expect(compressed.body).toBe(plain.body);
    }
  });

  it('a streamed list, JSON and XML, chunk by chunk; the access line has its status', async () => {
    for (const format of [JSON_TYPE, XML_TYPE]) {
      const plain = await get('/restapi/users', format);
      expect(plain.body).toContain('zip-600');
      for (const accept of [GZIP, BROTLI]) {
        const id = `compressed-list-${format.Accept}-${accept['Accept-Encoding']}`.replace(/[^\w.-]/g, '_');
        const compressed = await get('/restapi/users', { ...format, ...accept, 'X-Request-Id': id });
        expect({ status: compressed.status, encoding: compressed.headers['content-encoding'], chunked: compressed.headers['transfer-encoding'] }).toEqual({
          status: 200,
          encoding: accept['Accept-Encoding'],
          chunked: 'chunked',
        });
        expect(compressed.body).toBe(plain.body);
        expect(compressed.wire.length).toBeLessThan(plain.wire.length / 4);
        await eventually(async () => expect(lines.find((line) => line.reqId === id)).toMatchObject({ status: 200, route: '/restapi/users' }));
        expect(lines.find((line) => line.reqId === id)!.aborted).toBeUndefined();
      }
    }
  });

  it('a GraphQL answer', async () => {
    const query = JSON.stringify({ query: '{ users { key login firstName lastName email } }' });
    const headers = { ...adminAuth(), 'Content-Type': 'application/json' };
    const plain = await raw(t.base, 'POST', '/graphql', headers, query);
    const compressed = await raw(t.base, 'POST', '/graphql', { ...headers, ...GZIP }, query);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.body).toBe(plain.body);
    expect(JSON.parse(compressed.body).data.users.length).toBeGreaterThan(PEOPLE);
  });
});

describe('sent as they are', () => {
  it('an answer below 1 KB, or to a client that does not accept a coding this service has', async () => {
    const me = await get('/restapi/users/me', { ...JSON_TYPE, 'Accept-Encoding': 'gzip, br' });
    expect(me.status).toBe(200);
    expectUncompressed(me);
    expect(me.wire.length).toBeLessThan(1024);
    const error = await get('/restapi/users/999999999', { ...JSON_TYPE, ...GZIP });
    expect(error.status).toBe(404);
    expectUncompressed(error);
    expectUncompressed(await get('/restapi/openapi.json', { 'Accept-Encoding': 'compress, zstd' }));
    expectUncompressed(await get('/restapi/openapi.json', { 'Accept-Encoding': 'gzip;q=0, br;q=0' }));
  });

  it('HEAD: the headers of the uncompressed answer and no body', async () => {
    const document = await get('/restapi/openapi.json');
    const head = await raw(t.base, 'HEAD', '/restapi/openapi.json', { ...adminAuth(), ...GZIP });
    expect({ status: head.status, encoding: head.headers['content-encoding'], length: head.headers['content-length'], body: head.wire.length }).toEqual({
      status: 200,
      encoding: undefined,
      length: String(document.wire.length),
      body: 0,
    });
    const list = await raw(t.base, 'HEAD', '/restapi/users', { ...adminAuth(), ...JSON_TYPE, ...GZIP });
    expect({ status: list.status, encoding: list.headers['content-encoding'], body: list.wire.length }).toEqual({ status: 200, encoding: undefined, body: 0 });
  });

  it('304 to a conditional GET, with its ETag and no body', async () => {
    const course = await buildCourse(t);
    const path = `/restapi/repo/entries/${course.key}`;
    const entry = await get(path, { ...JSON_TYPE, ...GZIP });
    expect(entry.status).toBe(200);
    const etag = entry.headers.etag!;
    expect(etag).toMatch(/^"RepositoryEntry-/);
    const unchanged = await get(path, { ...JSON_TYPE, ...GZIP, 'If-None-Match': etag });
    expect({ status: unchanged.status, etag: unchanged.headers.etag, encoding: unchanged.headers['content-encoding'], body: unchanged.wire.length }).toEqual({
      status: 304,
      etag,
      encoding: undefined,
      body: 0,
    });
  });

  it('files that are compressed already: a course export ZIP and a JPEG portrait, with their Content-Length', async () => {
    const course = await buildCourse(t);
    const zip = await get(`/restapi/repo/entries/${course.key}/file`, { Accept: 'application/zip', ...GZIP });
    expect({ status: zip.status, type: zip.headers['content-type'], encoding: zip.headers['content-encoding'] }).toEqual({
      status: 200,
      type: 'application/zip',
      encoding: undefined,
    });
    expect(zip.wire.length).toBeGreaterThan(1024);
    expect([...(await unzip(zip.wire)).keys()]).toContain('export/repo.xml');

    const user = await buildUser(t);
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'portrait.jpg');
    const upload = await fetch(`${t.base}/restapi/users/${user.key}/portrait`, { method: 'POST', headers: adminAuth(), body: form });
    expect(upload.status).toBe(200);
    const portrait = await get(`/restapi/users/${user.key}/portrait`, GZIP);
    expect({ status: portrait.status, type: portrait.headers['content-type'], length: portrait.headers['content-length'] }).toEqual({
      status: 200,
      type: 'image/jpeg',
      length: String(portrait.wire.length),
    });
    expectUncompressed(portrait);
    expect(portrait.wire.length).toBeGreaterThan(1024);
  });
});

it('COMPRESSION=off: nothing is compressed, whatever the client accepts', async () => {
  const off = await startTestService({ compression: false });
  try {
    const document = await raw(off.base, 'GET', '/restapi/openapi.json', { ...adminAuth(), 'Accept-Encoding': 'gzip, br' });
    expect(document.status).toBe(200);
    expectUncompressed(document);
    expect(document.headers['content-length']).toBeDefined();
    const list = await raw(off.base, 'GET', '/restapi/users', { ...adminAuth(), ...JSON_TYPE, ...GZIP });
    expect(list.status).toBe(200);
    expectUncompressed(list);
    expect(JSON.parse(list.body).length).toBeGreaterThan(0);
  } finally {
    await off.stop();
  }
});
