import { randomBytes } from 'node:crypto';
import { CHUNK_BYTES, fileStorage } from '../../src/files/storage';
import { startTestService, type TestService } from '../support/service';

/** The streamed side of the file storage (src/files/storage.ts) that course archives use: chunks in, chunks out, and the whole-file reads still whole. */

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

const storage = () => fileStorage(t.service.orm.em.fork() as never);

async function* pieces(content: Buffer, size: number) {
  for (let at = 0; at < content.length; at += size) yield content.subarray(at, at + size);
}

async function readAll(stream: AsyncIterable<Buffer> | null): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream!) parts.push(part);
  return Buffer.concat(parts);
}

it('stores a stream in chunks of CHUNK_BYTES and gives it back by stream, get and getMany', async () => {
  const content = randomBytes(CHUNK_BYTES * 5 + 123);
  const info = await storage().putStream('test/streamed/a.bin', pieces(content, 100_000), 'application/octet-stream');
  expect(info).toMatchObject({ path: 'test/streamed/a.bin', size: content.length });
  const chunks = await t.service.orm.em.fork().getConnection().execute(`select seq, length(data) as n from stored_file_chunk order by seq`);
  expect((chunks as { n: number }[]).map((chunk) => Number(chunk.n))).toEqual([CHUNK_BYTES, CHUNK_BYTES, CHUNK_BYTES, CHUNK_BYTES, CHUNK_BYTES, 123]);
  expect((await readAll(await storage().readStream('test/streamed/a.bin'))).equals(content)).toBe(true);
  expect((await storage().get('test/streamed/a.bin'))!.content.equals(content)).toBe(true);
  expect((await storage().getMany(['test/streamed/a.bin']))[0].content.equals(content)).toBe(true);
  expect(await storage().readStream('test/streamed/none')).toBeNull();
});

it('replaces, copies, lists and deletes by prefix', async () => {
  const content = randomBytes(CHUNK_BYTES + 5);
  await storage().putStream('test/prefix_1/a.bin', pieces(content, 7_000), 'application/octet-stream');
  expect(await storage().copy('test/prefix_1/a.bin', 'test/prefix_1/b.bin')).toBe(true);
  expect(await storage().copy('test/prefix_1/none', 'test/prefix_1/c.bin')).toBe(false);
  expect((await readAll(await storage().readStream('test/prefix_1/b.bin'))).equals(content)).toBe(true);
  await storage().put('test/prefix_1/a.bin', Buffer.from('whole'), 'text/plain');
  expect((await storage().get('test/prefix_1/a.bin'))!.content.toString()).toBe('whole');
  expect((await readAll(await storage().readStream('test/prefix_1/a.bin'))).toString()).toBe('whole');
  await storage().put('test/prefixX1/other', Buffer.from('x'), 'text/plain');
  // `_` and `%` in a prefix are no wildcards.
  expect((await storage().list('test/prefix_1/')).map((file) => file.path)).toEqual(['test/prefix_1/a.bin', 'test/prefix_1/b.bin']);
  expect(await storage().deleteUnder('test/prefix_1/')).toBe(2);
  expect(await storage().list('test/prefix_1/')).toEqual([]);
  expect((await storage().list('test/prefixX1/')).length).toBe(1);
});
