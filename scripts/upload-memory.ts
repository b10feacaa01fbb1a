import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { openBenchDatabase } from './bench/database';
import { memoryOf, startServer, type ChildServer } from './bench/processes';

/**
 * `npm run build && node dist/scripts/upload-memory.js [--mb 100] [--fixture path/to/course.zip]`:
 * how much memory the service takes to import and to export a large course archive. It starts the
 * gateway in a child process (DATABASE_URL's server, a fresh database dropped at the end, else an
 * embedded PostgreSQL), writes a course archive to a temp file (the fixture, default
 * Very_small_course.zip, plus `--mb` MB of incompressible bytes in coursefolder/), uploads it as a
 * stream (POST /restapi/repo/courses), downloads its export (GET …/file) to nowhere, and reports the
 * service's RSS (sampled every 20 ms from /proc) and its peak (VmHWM) against its idle baseline.
 * Run by hand; it reports and never asserts.
 */

const ADMIN = { login: 'administrator', password: 'upload-memory-admin-password' };
const GATEWAY_SCRIPT = path.resolve(__dirname, '../src/main.js');
const MB = 1024 * 1024;

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const auth = `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}`;

/** The fixture's entries plus `megabytes` of random bytes (stored, not compressed) in coursefolder/big.bin, written to `target`. */
async function writeArchive(fixture: string, megabytes: number, target: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, fs.createWriteStream(target));
  const source = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(fixture, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  await new Promise<void>((resolve, reject) => {
    source.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) {
        zip.addEmptyDirectory(entry.fileName);
        return source.readEntry();
      }
      source.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const parts: Buffer[] = [];
        stream.on('data', (part: Buffer) => parts.push(part));
        stream.on('end', () => {
          zip.addBuffer(Buffer.concat(parts), entry.fileName);
          source.readEntry();
        });
      });
    });
    source.on('end', resolve);
    source.on('error', reject);
    source.readEntry();
  });
  let left = megabytes * MB;
  const random = new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const size = Math.min(left, MB);
      left -= size;
      this.push(randomBytes(size));
    },
  });
  zip.addReadStream(random, 'coursefolder/big.bin', { compress: false });
  zip.end();
  await written;
}

/** Samples the server's RSS every 20 ms while `work` runs. */
async function sampled<T>(server: ChildServer, work: () => Promise<T>): Promise<{ result: T; maxRss: number; peak: number; ms: number }> {
  let maxRss = memoryOf(server.pid).rss;
  const timer = setInterval(() => (maxRss = Math.max(maxRss, memoryOf(server.pid).rss)), 20);
  const start = Date.now();
  try {
    const result = await work();
    return { result, maxRss, peak: memoryOf(server.pid).peak, ms: Date.now() - start };
  } finally {
    clearInterval(timer);
  }
}

/** POST /restapi/repo/courses with the archive streamed from its file as the multipart part `file`. */
function upload(base: string, archive: string): Promise<{ status: number; body: string }> {
  const boundary = `----upload-memory-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large-course.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(archive).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/restapi/repo/courses`, {
      method: 'POST',
      headers: { Authorization: auth, Accept: 'application/json', 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': length },
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString('utf8') }));
    });
    req.on('error', reject);
    req.write(head);
    const file = fs.createReadStream(archive);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

/** GET the export, counting its bytes. */
function download(base: string, courseKey: number): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/restapi/repo/courses/${courseKey}/file`, { headers: { Authorization: auth, Accept: 'application/zip' } }, (res) => {
        let bytes = 0;
        res.on('data', (part: Buffer) => (bytes += part.length));
        res.on('end', () => resolve({ status: res.statusCode!, bytes }));
      })
      .on('error', reject);
  });
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

async function main() {
  const megabytes = Number(option('mb', '100'));
  const fixture = option('fixture', path.resolve(__dirname, '../../test/fixtures/courses/Very_small_course.zip'));
  const archive = path.join(os.tmpdir(), `upload-memory-${process.pid}.zip`);
  const database = await openBenchDatabase();
  let server: ChildServer | undefined;
  try {
    await writeArchive(fixture, megabytes, archive);
    console.log(`archive: ${mb(fs.statSync(archive).size)} (${path.basename(fixture)} + ${megabytes} MB of random bytes in coursefolder/big.bin)`);
    console.log(`database: ${database.description}`);
    server = await startServer('gateway', GATEWAY_SCRIPT, {
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      ADMIN_LOGIN: ADMIN.login,
      ADMIN_PASSWORD: ADMIN.password,
      BCRYPT_COST: '4',
      COURSE_UPLOAD_LIMIT_BYTES: String((megabytes + 64) * MB),
    });
    // Warm up (authentication, schema, a first import of the small fixture), then the idle baseline.
    await upload(server.base, fixture);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = memoryOf(server.pid);
    console.log(`idle after warm-up: RSS ${mb(idle.rss)} (peak so far ${mb(idle.peak)})`);

    const imported = await sampled(server, () => upload(server!.base, archive));
    if (imported.result.status !== 200) throw new Error(`import answered ${imported.result.status}: ${imported.result.body.slice(0, 500)}`);
    const courseKey = (JSON.parse(imported.result.body) as { key: number }).key;
    console.log(
      `import:  ${imported.ms} ms, max RSS ${mb(imported.maxRss)} (+${mb(imported.maxRss - idle.rss)} over idle), peak (VmHWM) ${mb(imported.peak)} (+${mb(imported.peak - idle.rss)})`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = memoryOf(server.pid);
    const exported = await sampled(server, () => download(server!.base, courseKey));
    if (exported.result.status !== 200) throw new Error(`export answered ${exported.result.status}`);
    console.log(
      `export:  ${exported.ms} ms, ${mb(exported.result.bytes)} sent, max RSS ${mb(exported.maxRss)} (+${mb(exported.maxRss - before.rss)} over its start, +${mb(exported.maxRss - idle.rss)} over idle), peak (VmHWM) ${mb(exported.peak)}`,
    );
  } finally {
    await server?.stop();
    await database.drop();
    fs.rmSync(archive, { force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
