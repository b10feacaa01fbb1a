import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { call } from './support/http';
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

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

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
  console.warn(`browser tests skipped: ${CHROMIUM} is missing (npm test installs it through scripts/ensure-chromium.sh when run as root)`);
}

(haveChromium || process.env.CI ? describe : describe.skip)('in headless Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    if (!haveChromium) throw new Error(`${CHROMIUM} is missing and CI is set: the browser tests must run; see scripts/ensure-chromium.sh`);
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

  it('runs GET /users/me from the try-it page', async () => {
    const { page, requested } = await adminPage();
    await page.goto(`${t.base}/restapi/api-docs/`);
    const operation = page.locator('#operations-users-me');
    await operation.locator('.opblock-summary-control').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    const response = operation.locator('.live-responses-table .response');
    await response.waitFor();
    expect((await response.locator('.response-col_status').innerText()).trim()).toBe('200');
    expect(await response.locator('.response-col_description').innerText()).toMatch(new RegExp(`<login>${ADMIN.login}</login>|"login": "${ADMIN.login}"`));
    expect(requested).toContain(`${t.base}/restapi/openapi.json`);
    expect(onlyLocal(requested)).toEqual([]);
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
});
