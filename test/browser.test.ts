import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { eventually } from './support/eventually';
import { basic, call } from './support/http';
import { ADMIN, startTestService, type TestService } from './support/service';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const HTML = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** A page of another origin (an empty document on a port of its own), whose scripts call the service. */
async function otherOrigin(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer(
    (_req, res) => void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><title>dashboard</title>'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let t: TestService;
let listed: Awaited<ReturnType<typeof otherOrigin>>;
let unlisted: Awaited<ReturnType<typeof otherOrigin>>;
beforeAll(async () => {
  [listed, unlisted] = await Promise.all([otherOrigin(), otherOrigin()]);
  t = await startTestService({ corsOrigins: [listed.origin] });
});
afterAll(async () => {
  await t.stop();
  await Promise.all([listed.close(), unlisted.close()]);
});

describe('pages without a browser', () => {
  it('serves the try-it page without credentials and redirects to its folder', async () => {
    const redirect = await call(t.base, 'GET', '/restapi/api-docs');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/restapi/api-docs/');
    const page = await call(t.base, 'GET', '/restapi/api-docs/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui-bundle.js');
    const initializer = await call(t.base, 'GET', '/restapi/api-docs/swagger-initializer.js');
    expect(initializer.text).toContain('"/restapi/openapi.json"');
    expect(initializer.text).not.toContain('petstore');
  });

  it('serves the GraphQL explorer to browsers only; operations still need credentials', async () => {
    const page = await call(t.base, 'GET', '/graphql', { headers: HTML });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await call(t.base, 'GET', '/graphql/explorer/graphiql.js')).status).toBe(200);
    expect((await call(t.base, 'GET', '/graphql', { headers: { Accept: 'application/json' } })).status).toBe(401);
    expect((await call(t.base, 'POST', '/graphql', { headers: HTML, body: { query: '{ me { login } }' } })).status).toBe(401);
  });
});

const haveChromium = fs.existsSync(CHROMIUM);
if (!haveChromium && !process.env.CI) {
  console.warn(`browser tests skipped: ${CHROMIUM} is missing (npm test installs it through scripts/ensure-test-packages.sh when run as root)`);
}

(haveChromium || process.env.CI ? describe : describe.skip)('in headless Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    if (!haveChromium) throw new Error(`${CHROMIUM} is missing and CI is set: the browser tests must run; see scripts/ensure-test-packages.sh`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  });
  afterAll(() => browser?.close());

  /** A page logged in as the administrator that records every URL it requests. */
  async function adminPage(): Promise<{ page: Page; requested: string[] }> {
    const context = await browser.newContext({ httpCredentials: { username: ADMIN.login, password: ADMIN.password } });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    return { page, requested };
  }

  const onlyLocal = (urls: string[]) => urls.filter((url) => !url.startsWith('data:') && new URL(url).hostname !== '127.0.0.1');

  it('runs GET /users/me from the try-it page in the media type its box shows: JSON unless XML is chosen', async () => {
    const { page, requested } = await adminPage();
    const accepted: string[] = [];
    page.on('request', (request) => void (request.url() === `${t.base}/restapi/users/me` && accepted.push(request.headers().accept)));
    await page.goto(`${t.base}/restapi/api-docs/`);
    const operation = page.locator('#operations-users-me');
    await operation.locator('.opblock-summary-control').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    const mediaType = operation.locator('.response-control-media-type--accept-controller select');
    expect(await mediaType.inputValue()).toBe('application/json');
    const response = operation.locator('.live-responses-table .response');
    const execute = async (expected: string[]) => {
      await operation.getByRole('button', { name: 'Execute' }).click();
      await eventually(async () => expect(accepted).toHaveLength(expected.length), 10_000);
      expect(accepted).toEqual(expected);
      await response.waitFor();
      expect((await response.locator('.response-col_status').innerText()).trim()).toBe('200');
    };
    await execute(['application/json']);
    await response.locator('.response-col_description', { hasText: `"login": "${ADMIN.login}"` }).waitFor();

    await mediaType.selectOption('application/xml');
    await execute(['application/json', 'application/xml']);
    await response.locator('.response-col_description', { hasText: `<login>${ADMIN.login}</login>` }).waitFor();
    expect(requested).toContain(`${t.base}/restapi/openapi.json`);
    expect(onlyLocal(requested)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('filters the operations of the try-it page by tag or path', async () => {
    const document = (await call(t.base, 'GET', '/restapi/openapi.json', { headers: basic(ADMIN.login, ADMIN.password) })).json as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const matching = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.values(operations)
        .filter((operation) => path.toLowerCase().includes('taxonomy') || operation.tags?.some((tag) => tag.toLowerCase().includes('taxonomy')))
        .map(() => path),
    );
    expect(matching.length).toBeGreaterThan(5);
    const { page } = await adminPage();
    await page.goto(`${t.base}/restapi/api-docs/`);
    await page.locator('#operations-users-me').waitFor();
    await page.getByPlaceholder('Filter by tag or path').fill('Taxonomy');
    await page.locator('#operations-users-me').waitFor({ state: 'detached' });
    const shown = page.locator('.opblock-summary-path');
    await eventually(async () => expect(await shown.count()).toBe(matching.length), 10_000);
    expect((await shown.evaluateAll((paths) => paths.map((path) => path.getAttribute('data-path')))).sort()).toEqual(matching.sort());
    await page.context().close();
  }, 60_000);

  it('runs a query typed into the GraphQL explorer', async () => {
    const { page, requested } = await adminPage();
    await page.goto(`${t.base}/graphql`);
    await page.locator('.graphiql-query-editor .CodeMirror').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{ me { login firstName } }');
    await page.locator('.graphiql-execute-button').click();
    const result = page.locator('.graphiql-response');
    await result.getByText('"System"').waitFor();
    expect(await result.innerText()).toContain(`"login": "${ADMIN.login}"`);
    expect(onlyLocal(requested)).toEqual([]);
    await page.context().close();
  }, 60_000);

  /** What a script of `origin` sees of a fetch to the service, sending its credentials (cookies) along; `error` when the browser blocks it. */
  async function fetchFrom(origin: string, path: string, init: { method?: string; headers: Record<string, string>; body?: string }) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${origin}/`);
    const seen = await page.evaluate(
      async ({ url, init }) => {
        try {
          const response = await fetch(url, { ...init, credentials: 'include' });
          return {
            status: response.status,
            token: response.headers.get('X-SERVICE-TOKEN'),
            requestId: response.headers.get('X-Request-Id'),
            body: await response.text(),
          };
        } catch (error) {
          return { error: String(error) };
        }
      },
      { url: `${t.base}${path}`, init },
    );
    await page.context().close();
    return seen;
  }

  it('lets a page of a listed origin call REST and GraphQL with credentials and read the token; blocks other origins', async () => {
    const login = { ...basic(ADMIN.login, ADMIN.password), Accept: 'application/json' };
    const me = await fetchFrom(listed.origin, '/restapi/users/me', { headers: login });
    expect(me).toMatchObject({ status: 200, requestId: expect.any(String) });
    expect(JSON.parse((me as { body: string }).body).login).toBe(ADMIN.login);
    const token = (me as { token: string | null }).token;
    expect(token).toBeTruthy();

    const withToken = await fetchFrom(listed.origin, '/graphql', {
      method: 'POST',
      headers: { 'X-SERVICE-TOKEN': token!, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ me { login } }' }),
    });
    expect(withToken).toMatchObject({ status: 200 });
    expect(JSON.parse((withToken as { body: string }).body)).toEqual({ data: { me: { login: ADMIN.login } } });

    expect(await fetchFrom(unlisted.origin, '/restapi/users/me', { headers: login })).toEqual({ error: expect.stringMatching(/Failed to fetch/) });
    expect(
      await fetchFrom(unlisted.origin, '/graphql', {
        method: 'POST',
        headers: { 'X-SERVICE-TOKEN': token!, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: '{ me { login } }' }),
      }),
    ).toEqual({ error: expect.stringMatching(/Failed to fetch/) });
  }, 60_000);
});
