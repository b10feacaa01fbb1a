import sharp from 'sharp';
import { sql } from '../../src/db/sql';
import { buildUser, type TestUser } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql, type Headers } from '../support/http';
import { UNKNOWN_KEY } from '../support/operations';
import { startTestService, type TestService, adminAuth } from '../support/service';

const UPLOAD_LIMIT = 256 * 1024;

let t: TestService;
let manager: TestUser;
let plain: TestUser;

beforeAll(async () => {
  t = await startTestService({ uploadLimitBytes: UPLOAD_LIMIT });
  manager = await buildUser(t, { userManager: true });
  plain = await buildUser(t);
});
afterAll(() => t.stop());

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: channels === 4 ? { r: 200, g: 30, b: 30, alpha: 0.5 } : '#3366cc' } });
const jpeg = () => solid(640, 480).jpeg().toBuffer();
const png = () => solid(500, 200, 4).png().toBuffer();
const gif = () => solid(60, 90).gif().toBuffer();

function form(content: Buffer | string, name = 'portrait.jpg', type = 'image/jpeg', fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  body.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), name);
  for (const [field, value] of Object.entries(fields)) body.append(field, value);
  return body;
}

const portraitPath = (key: number, size?: string) => `/restapi/users/${key}/portrait${size ? `/${size}` : ''}`;
const upload = (key: number, body: FormData, auth: Headers = adminAuth()) =>
  call(t.base, 'POST', portraitPath(key), { headers: { ...auth, ...JSON_TYPE }, body });

/** A request whose answer is read as bytes. */
async function fetchBytes(method: 'GET' | 'HEAD', path: string, headers: Headers = {}) {
  const response = await fetch(`${t.base}${path}`, { method, headers: { ...adminAuth(), ...headers } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const PORTRAIT_QUERY = `query ($identityKey: Long!, $size: PortraitSize!) {
  userPortrait(identityKey: $identityKey, size: $size) { identityKey size contentType length lastModified content }
}`;
const UPLOAD_MUTATION = `mutation ($identityKey: Long!, $portrait: PortraitUploadInput!) { uploadUserPortrait(identityKey: $identityKey, portrait: $portrait) }`;
const DELETE_MUTATION = `mutation ($identityKey: Long!) { deleteUserPortrait(identityKey: $identityKey) }`;

describe('REST', () => {
  it('stores a JPEG and answers its big variant, with Last-Modified; HEAD answers every size', async () => {
    const user = await buildUser(t);
    const reply = await upload(user.key, form(await jpeg()));
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('');

    const big = await fetchBytes('GET', portraitPath(user.key));
    expect(big.status).toBe(200);
    expect(big.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(big.headers.get('content-length'))).toBe(big.bytes.length);
    expect(new Date(big.headers.get('last-modified')!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await sharp(big.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 225 });

    for (const size of ['master', 'big', 'small']) {
      const head = await fetchBytes('HEAD', portraitPath(user.key, size));
      expect({ size, status: head.status, type: head.headers.get('content-type') }).toEqual({ size, status: 200, type: 'image/jpeg' });
      expect(head.headers.get('last-modified')).toBe(big.headers.get('last-modified'));
      expect(head.bytes.length).toBe(0);
    }
    const head = await fetchBytes('HEAD', portraitPath(user.key));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(big.bytes.length));
    expect(head.headers.get('last-modified')).toBe(big.headers.get('last-modified'));
  });

  it('keeps a PNG and a GIF as the master, and scales them to JPEG within 300 and 100 pixels', async () => {
    for (const [image, name, type, master, big, small] of [
      [await png(), 'me.png', 'image/png', { width: 500, height: 200 }, { width: 300, height: 120 }, { width: 100, height: 40 }],
      [await gif(), 'me.gif', 'image/gif', { width: 60, height: 90 }, { width: 60, height: 90 }, { width: 60, height: 90 }],
    ] as const) {
      const user = await buildUser(t);
      expect((await upload(user.key, form(image, name, type))).status).toBe(200);
      expect((await fetchBytes('HEAD', portraitPath(user.key, 'master'))).headers.get('content-type')).toBe(type);
      const variants = await Promise.all(
        ['master', 'big', 'small'].map(async (size) => {
          const reply = await graphql(t.base, adminAuth(), PORTRAIT_QUERY, { identityKey: user.key, size });
          const bytes = Buffer.from(reply.body.data.userPortrait.content, 'base64');
          expect(reply.body.data.userPortrait.length).toBe(bytes.length);
          const { format, width, height } = await sharp(bytes).metadata();
          return { format, width, height };
        }),
      );
      // A small image is never enlarged.
      expect(variants).toEqual([
        { format: type.slice('image/'.length), ...master },
        { format: 'jpeg', ...big },
        { format: 'jpeg', ...small },
      ]);
    }
  });

  it('answers 304 to If-Modified-Since at or after the upload, 200 before it', async () => {
    const user = await buildUser(t);
    await upload(user.key, form(await jpeg()));
    const lastModified = (await fetchBytes('HEAD', portraitPath(user.key))).headers.get('last-modified')!;
    // fetch adds Cache-Control: no-cache to conditional requests unless given one; a client asking so gets the image again.
    const unchanged = await fetchBytes('GET', portraitPath(user.key), { 'If-Modified-Since': lastModified, 'Cache-Control': 'max-age=0' });
    expect((await fetchBytes('GET', portraitPath(user.key), { 'If-Modified-Since': lastModified })).status).toBe(200);
    expect(unchanged.status).toBe(304);
    expect(unchanged.bytes.length).toBe(0);
    const earlier = new Date(new Date(lastModified).getTime() - 60_000).toUTCString();
    const changed = await fetchBytes('GET', portraitPath(user.key), { 'If-Modified-Since': earlier, 'Cache-Control': 'max-age=0' });
    expect(changed.status).toBe(200);
    expect(changed.bytes.length).toBeGreaterThan(0);
  });

  it('sends the image as application/octet-stream to a client accepting only that, and 406 to one accepting JSON only', async () => {
    const user = await buildUser(t);
    await upload(user.key, form(await jpeg()));
    const octets = await fetchBytes('GET', portraitPath(user.key), { Accept: 'application/octet-stream' });
    expect(octets.headers.get('content-type')).toBe('application/octet-stream');
    expect((await sharp(octets.bytes).metadata()).format).toBe('jpeg');
    const refused = await fetchBytes('GET', portraitPath(user.key), JSON_TYPE);
    expect(refused.status).toBe(406);
    expect(JSON.parse(refused.bytes.toString()).code).toBe('NOT_ACCEPTABLE');
  });

  it('refuses what is not a JPEG, PNG or GIF by its content (415), whatever its name, and keeps the old portrait', async () => {
    const user = await buildUser(t);
    await upload(user.key, form(await png(), 'me.png', 'image/png'));
    const text = await upload(user.key, form('I am not an image, only named like one', 'portrait.jpg', 'image/jpeg'));
    expect(text.status).toBe(415);
    expect(text.json.translation).toMatch(/JPEG, PNG or GIF/);
    const webp = await upload(user.key, form(await solid(20, 20).webp().toBuffer(), 'portrait.png', 'image/png'));
    expect(webp.status).toBe(415);
    expect((await fetchBytes('HEAD', portraitPath(user.key, 'master'))).headers.get('content-type')).toBe('image/png');
  });

  it('refuses a broken JPEG (400), a form without the file (400), a body that is not multipart (415); ignores fields it does not read', async () => {
    const user = await buildUser(t);
    const broken = (await jpeg()).subarray(0, 600);
    expect((await upload(user.key, form(broken))).status).toBe(400);
    const noFile = new FormData();
    noFile.append('filename', 'portrait.jpg');
    const missing = await upload(user.key, noFile);
    expect(missing.status).toBe(400);
    expect(missing.json.translation).toMatch(/file/);
    const json = await call(t.base, 'POST', portraitPath(user.key), { headers: { ...adminAuth(), ...JSON_TYPE }, body: { file: 'AAAA' } });
    expect(json.status).toBe(415);
    expect((await fetchBytes('HEAD', portraitPath(user.key))).status).toBe(404);
    expect((await upload(user.key, form(await jpeg(), 'a.jpg', 'image/jpeg', { colour: 'blue' }))).status).toBe(200);
    expect((await fetchBytes('HEAD', portraitPath(user.key))).status).toBe(200);
  });

  it('refuses a file over the upload limit (413) and an image of more than 25 million pixels (413)', async () => {
    const user = await buildUser(t);
    const noise = await sharp(Buffer.from(Array.from({ length: 400 * 400 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 400, height: 400, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(UPLOAD_LIMIT);
    const large = await upload(user.key, form(noise, 'noise.png', 'image/png'));
    expect(large.status).toBe(413);
    expect(large.json.code).toBe('PAYLOAD_TOO_LARGE');
    const huge = await solid(6000, 5000).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(UPLOAD_LIMIT);
    const pixels = await upload(user.key, form(huge, 'huge.png', 'image/png'));
    expect(pixels.status).toBe(413);
    expect(pixels.json.translation).toMatch(/25 million pixels/);
  });

  it('answers 404 for an unknown user and for a user without a portrait, in the error format the client reads', async () => {
    const user = await buildUser(t);
    for (const path of [portraitPath(UNKNOWN_KEY), portraitPath(user.key)]) {
      expect((await fetchBytes('GET', path)).status).toBe(404);
      expect((await fetchBytes('HEAD', path)).status).toBe(404);
      expect((await fetchBytes('HEAD', `${path}/small`)).status).toBe(404);
    }
    const xml = await fetchBytes('GET', portraitPath(user.key), { Accept: 'image/jpeg' });
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(xml.bytes.toString()).toContain('<errorVO><code>NOT_FOUND</code>');
    expect((await upload(UNKNOWN_KEY, form(await jpeg()))).status).toBe(404);
    expect((await call(t.base, 'DELETE', portraitPath(UNKNOWN_KEY), { headers: adminAuth() })).status).toBe(404);
  });

  it('answers 404 for a size other than master, big and small', async () => {
    const user = await buildUser(t);
    await upload(user.key, form(await jpeg()));
    expect((await fetchBytes('HEAD', portraitPath(user.key, 'medium'))).status).toBe(404);
    expect((await fetchBytes('HEAD', portraitPath(user.key, 'small'))).status).toBe(200);
  });

  it('deletes the portrait (200, also when there is none); the person themself and their user managers may change it, others not', async () => {
    const user = await buildUser(t);
    expect((await upload(user.key, form(await jpeg()), user.auth)).status).toBe(200);
    expect((await upload(user.key, form(await jpeg()), plain.auth)).status).toBe(403);
    expect((await call(t.base, 'DELETE', portraitPath(user.key), { headers: plain.auth })).status).toBe(403);
    expect((await fetchBytes('GET', portraitPath(user.key), plain.auth)).status).toBe(200);

    expect((await call(t.base, 'DELETE', portraitPath(user.key), { headers: manager.auth })).status).toBe(200);
    expect((await fetchBytes('GET', portraitPath(user.key))).status).toBe(404);
    expect((await call(t.base, 'DELETE', portraitPath(user.key), { headers: user.auth })).status).toBe(200);
    expect((await upload(user.key, form(await gif(), 'me.gif', 'image/gif'), manager.auth)).status).toBe(200);
    expect((await fetchBytes('HEAD', portraitPath(user.key, 'master'))).headers.get('content-type')).toBe('image/gif');
  });

  it('GET /users/{k}?withPortrait=true carries the small portrait as base64, in JSON and XML', async () => {
    const user = await buildUser(t);
    const without = await call(t.base, 'GET', `/restapi/users/${user.key}?withPortrait=true`, { headers: { ...adminAuth(), ...JSON_TYPE } });
    expect(without.json.portrait).toBeNull();
    await upload(user.key, form(await png(), 'me.png', 'image/png'));
    const small = await fetchBytes('HEAD', portraitPath(user.key, 'small'));
    const withIt = await call(t.base, 'GET', `/restapi/users/${user.key}?withPortrait=true`, { headers: plain.auth });
    const bytes = Buffer.from(withIt.text.match(/<portrait>([^<]+)<\/portrait>/)![1], 'base64');
    expect(bytes.length).toBe(Number(small.headers.get('content-length')));
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 100, height: 40 });
    const plainRead = await call(t.base, 'GET', `/restapi/users/${user.key}`, { headers: { ...adminAuth(), ...JSON_TYPE } });
    expect(plainRead.json.portrait).toBeNull();
    const xml = await call(t.base, 'GET', `/restapi/users/${user.key}`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(xml.text).not.toContain('<portrait>');
  });

  it('keeps the upload in the audit by its length and file name, and removes the files with the person', async () => {
    const user = await buildUser(t);
    const image = await jpeg();
    await upload(user.key, form(image, 'holiday.jpg'));
    const em = t.service.orm.em.fork();
    const [audit] = await sql<{ changes: unknown; transport: string }>(
      em,
      `select changes, transport from audit_log where operation = 'uploadUserPortrait' and object_key = ? order by id desc limit 1`,
      [String(user.key)],
    );
    expect(audit).toEqual({ transport: 'rest', changes: { identityKey: user.key, portrait: { file: `${image.length} bytes`, filename: 'holiday.jpg' } } });
    const files = async () =>
      Number((await sql<{ count: string }>(em, `select count(*) from stored_file where path like ?`, [`users/${user.key}/portrait/%`]))[0].count);
    expect(await files()).toBe(3);
    expect((await call(t.base, 'DELETE', `/restapi/users/${user.key}`, { headers: adminAuth() })).status).toBe(200);
    expect(await files()).toBe(0);
  });
});

describe('GraphQL', () => {
  it('uploads base64, reads each size with its metadata, deletes, with the rules of REST', async () => {
    const user = await buildUser(t);
    const image = await png();
    const refused = await graphql(t.base, plain.auth, UPLOAD_MUTATION, { identityKey: user.key, portrait: { file: image.toString('base64') } });
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const stored = await graphql(t.base, user.auth, UPLOAD_MUTATION, {
      identityKey: user.key,
      portrait: { file: image.toString('base64'), filename: 'me.png' },
    });
    expect(stored.body).toEqual({ data: { uploadUserPortrait: true } });

    const master = await graphql(t.base, plain.auth, PORTRAIT_QUERY, { identityKey: user.key, size: 'master' });
    expect(master.body.data.userPortrait).toMatchObject({ identityKey: user.key, size: 'master', contentType: 'image/png' });
    expect(master.body.data.userPortrait.lastModified).toBeGreaterThan(Date.now() - 60_000);
    const defaultSize = await graphql(
      t.base,
      plain.auth,
      `
        query ($k: Long!) {
          userPortrait(identityKey: $k) {
            size
            contentType
          }
        }
      `,
      { k: user.key },
    );
    expect(defaultSize.body.data.userPortrait).toEqual({ size: 'big', contentType: 'image/jpeg' });
    const withPortrait = await graphql(
      t.base,
      plain.auth,
      `
        query ($k: Long!) {
          user(identityKey: $k, withPortrait: true) {
            portrait
          }
        }
      `,
      { k: user.key },
    );
    const small = await graphql(t.base, plain.auth, PORTRAIT_QUERY, { identityKey: user.key, size: 'small' });
    expect(withPortrait.body.data.user.portrait).toBe(small.body.data.userPortrait.content);

    expect((await graphql(t.base, manager.auth, DELETE_MUTATION, { identityKey: user.key })).body).toEqual({ data: { deleteUserPortrait: true } });
    expect((await graphql(t.base, manager.auth, DELETE_MUTATION, { identityKey: user.key })).body).toEqual({ data: { deleteUserPortrait: false } });
    const gone = await graphql(t.base, plain.auth, PORTRAIT_QUERY, { identityKey: user.key, size: 'big' });
    expect(gone.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('refuses content that is not an image, text that is not base64, and unknown people', async () => {
    const user = await buildUser(t);
    const text = await graphql(t.base, user.auth, UPLOAD_MUTATION, { identityKey: user.key, portrait: { file: Buffer.from('plain text').toString('base64') } });
    expect(text.body.errors[0].extensions.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const notBase64 = await graphql(t.base, user.auth, UPLOAD_MUTATION, { identityKey: user.key, portrait: { file: 'not base64!' } });
    expect(notBase64.status).toBe(400);
    expect(notBase64.body.errors[0].message).toMatch(/base64/);
    const unknown = await graphql(t.base, adminAuth(), UPLOAD_MUTATION, { identityKey: UNKNOWN_KEY, portrait: { file: (await gif()).toString('base64') } });
    expect(unknown.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
