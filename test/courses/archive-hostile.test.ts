import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { Client } from 'pg';
import { buildUser, type TestUser } from '../factories';
import { archiveForm, unzip } from '../support/course-archives';
import { JSON_TYPE, call, graphql } from '../support/http';
import { SAMPLE_COURSE_ARCHIVE } from '../support/operations';
import { startTestService, type TestService } from '../support/service';

/**
 * Hostile course archives: each gets a clear 4xx in the client's format and leaves nothing behind
 * (no entry, no nodes, no stored files, no temporary file). The limits are small here.
 */

const UPLOAD_LIMIT = 1024 * 1024;
const EXPANDED_LIMIT = 2 * 1024 * 1024;
const ENTRY_LIMIT = 50;

let t: TestService;
let db: Client;
let author: TestUser;
// The service runs in this process: its temporary files go to a directory of this file's own, which other files running in parallel do not use.
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-hostile-'));
const systemTemp = process.env.TMPDIR;
beforeAll(async () => {
  process.env.TMPDIR = tempDir;
  t = await startTestService({ courseArchive: { uploadLimitBytes: UPLOAD_LIMIT, expandedLimitBytes: EXPANDED_LIMIT, entryLimit: ENTRY_LIMIT } });
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  author = await buildUser(t, { author: true });
});
afterAll(async () => {
  await db.end();
  await t.stop();
  if (systemTemp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTemp;
  fs.rmSync(tempDir, { recursive: true, force: true });
});

interface RawEntry {
  name: string;
  data?: Buffer;
  /** Deflate the data (default: stored). */
  deflate?: boolean;
  /** The uncompressed size the headers claim (default: the true one). */
  declaredSize?: number;
  /** Unix mode bits (e.g. 0o120777 for a symbolic link). */
  mode?: number;
}

/** A ZIP written by hand, so that it may hold what a well-behaved writer refuses (`../` names, symbolic links, lying sizes). */
function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = entry.data ?? Buffer.alloc(0);
    const stored = entry.deflate ? deflateRawSync(data) : data;
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(data);
    const size = entry.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, stored);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The trees of a valid course (the sample archive's), to which each hostile archive adds its trap. */
let courseParts: RawEntry[];
beforeAll(async () => {
  const files = await unzip(Buffer.from(SAMPLE_COURSE_ARCHIVE, 'base64'));
  courseParts = [...files].filter(([name]) => !name.endsWith('/')).map(([name, data]) => ({ name, data, deflate: true }));
});

const TABLES = ['repository_entry', 'course_element', 'course_run_element', 'stored_file', 'stored_file_chunk', 'repository_entry_membership'];

async function counts() {
  const out: Record<string, number> = {};
  for (const table of TABLES) out[table] = (await db.query(`select count(*)::int as n from ${table}`)).rows[0].n;
  out.tempFiles = fs.readdirSync(tempDir).filter((name) => name.startsWith('course-archive-')).length;
  return out;
}

/** Imports the archive on both routes (XML and JSON answers) and through GraphQL: each refused with `status`, nothing left behind. */
async function refused(archive: Buffer, status: number, message: RegExp) {
  const before = await counts();
  const xml = await call(t.base, 'POST', '/restapi/repo/courses', { headers: author.auth, body: archiveForm(archive, 'hostile.zip') });
  expect({ status: xml.status, type: xml.headers.get('content-type') }).toEqual({ status, type: expect.stringMatching(/^application\/xml/) });
  expect(xml.text).toMatch(/<errorVO>/);
  const json = await call(t.base, 'PUT', '/restapi/repo/entries', { headers: { ...author.auth, ...JSON_TYPE }, body: archiveForm(archive, 'hostile.zip') });
  expect(json.status).toBe(status);
  expect(json.json.translation).toMatch(message);
  if (archive.length <= UPLOAD_LIMIT) {
    const reply = await graphql(
      t.base,
      author.auth,
      `
        mutation ($a: CourseImportInput!) {
          importCourse(courseArchive: $a) {
            key
          }
        }
      `,
      {
        a: { file: archive.toString('base64') },
      },
    );
    expect(reply.body.errors?.[0]?.message).toMatch(message);
  }
  expect(await counts()).toEqual(before);
}

it('a valid archive written the same way imports (the traps below are what is refused)', async () => {
  const reply = await call(t.base, 'POST', '/restapi/repo/courses', {
    headers: { ...author.auth, ...JSON_TYPE },
    body: archiveForm(rawZip(courseParts), 'ok.zip'),
  });
  expect(reply.status).toBe(200);
});

it('not a ZIP: 400', () => refused(Buffer.from('this is no zip archive at all'), 400, /not a ZIP/));

it('a ZIP that is no course (no runstructure.xml or editortreemodel.xml): 400', async () => {
  await refused(rawZip([{ name: 'readme.txt', data: Buffer.from('hello') }]), 400, /no course export/);
  await refused(rawZip(courseParts.filter((part) => part.name !== 'editortreemodel.xml')), 400, /no course export/);
});

it('an entry with ../ in its path: 400', () =>
  refused(rawZip([...courseParts, { name: 'coursefolder/../../evil.txt', data: Buffer.from('x') }]), 400, /outside|relative path/));

it('an entry with an absolute path: 400', () => refused(rawZip([...courseParts, { name: '/etc/evil.txt', data: Buffer.from('x') }]), 400, /absolute/));

it('a symbolic link: 400', () =>
  refused(rawZip([...courseParts, { name: 'coursefolder/link', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]), 400, /symbolic link/));

it('more entries than the limit: 400', () =>
  refused(
    rawZip([...courseParts, ...Array.from({ length: ENTRY_LIMIT }, (_, i) => ({ name: `coursefolder/f${i}.txt`, data: Buffer.from('x') }))]),
    400,
    /more than 50 entries/,
  ));

it('a zip bomb that says what it expands to: 400 before inflating', () =>
  refused(
    rawZip([...courseParts, ...[1, 2, 3].map((i) => ({ name: `coursefolder/zeros${i}.bin`, data: Buffer.alloc(1024 * 1024), deflate: true }))]),
    400,
    /expands to more than/,
  ));

it('a zip bomb whose headers lie about its size: 400 while inflating, inside the transaction (nothing kept)', () =>
  refused(
    rawZip([...courseParts, { name: 'coursefolder/zeros.bin', data: Buffer.alloc(3 * 1024 * 1024), deflate: true, declaredSize: 1000 }]),
    400,
    /expands to more than|too many bytes|malformed/,
  ));

it('an upload over the size limit: 413, on both routes', async () => {
  const before = await counts();
  const big = Buffer.concat([rawZip(courseParts), Buffer.alloc(UPLOAD_LIMIT + 1)]);
  const xml = await call(t.base, 'POST', '/restapi/repo/courses', { headers: author.auth, body: archiveForm(big, 'big.zip') });
  expect(xml.status).toBe(413);
  expect(xml.text).toMatch(/<errorVO>/);
  const json = await call(t.base, 'PUT', '/restapi/repo/entries', { headers: { ...author.auth, ...JSON_TYPE }, body: archiveForm(big, 'big.zip') });
  expect(json.status).toBe(413);
  // GraphQL: a Base64 archive within the GraphQL body limit but over the archive limit.
  const reply = await graphql(
    t.base,
    author.auth,
    `
      mutation ($a: CourseImportInput!) {
        importCourse(courseArchive: $a) {
          key
        }
      }
    `,
    {
      a: { file: big.toString('base64') },
    },
  );
  expect(reply.body.errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
  expect(await counts()).toEqual(before);
});

it('a client that goes away mid-upload leaves no temporary file and nothing in the database', async () => {
  const before = await counts();
  const boundary = 'broken-off';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\nContent-Type: application/zip\r\n\r\n`;
  await new Promise<void>((resolve) => {
    const req = http.request(`${t.base}/restapi/repo/courses`, {
      method: 'POST',
      headers: { ...author.auth, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': 10 * 1024 * 1024 },
    });
    req.on('error', () => resolve());
    req.write(head);
    req.write(Buffer.alloc(256 * 1024));
    setTimeout(() => {
      req.destroy();
      resolve();
    }, 300);
  });
  for (let i = 0; i < 50 && JSON.stringify(await counts()) !== JSON.stringify(before); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await counts()).toEqual(before);
});

it('malformed bodies: 400 in the client’s format (a multipart body without boundary, malformed JSON)', async () => {
  const before = await counts();
  const noBoundary = await call(t.base, 'POST', '/restapi/repo/courses', { headers: author.auth, body: 'x', contentType: 'multipart/form-data' });
  expect(noBoundary.status).toBe(400);
  expect(noBoundary.text).toMatch(/<errorVO>/);
  const json = await call(t.base, 'PUT', '/restapi/repo/entries', {
    headers: { ...author.auth, ...JSON_TYPE },
    body: '{"file": ',
    contentType: 'application/json',
  });
  expect(json.status).toBe(400);
  expect(await counts()).toEqual(before);
});

it('malformed node XML: 400', () =>
  refused(
    rawZip([
      ...courseParts.filter((part) => part.name !== 'runstructure.xml'),
      { name: 'runstructure.xml', data: Buffer.from('<org.olat.course.Structure><rootNode>') },
    ]),
    400,
    /not well-formed|no rootNode|ident/,
  ));
