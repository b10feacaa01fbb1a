import { DEFAULT_LOGIN_PATTERN, loadConfig } from '../../src/config/config';
import { configureLoginPattern, validateLogin } from '../../src/users/validation';
import { call, graphql, JSON_TYPE, XML_TYPE } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

const stem = `lp${Date.now().toString(36)}`;
const user = (login: string) => ({ login, firstName: 'Login', lastName: 'Pattern', email: `${stem}-${Math.random().toString(36).slice(2)}@example.org` });
const EMPTY = 'org.olat.admin.user:new.error.loginname.empty';

describe('LOGIN_PATTERN', () => {
  it("defaults to OpenOLAT's REST rule without white space, invisible or format characters and U+FFFD, 3 to 128 characters", () => {
    expect(loadConfig({}).loginPattern.source).toBe(DEFAULT_LOGIN_PATTERN);
    const pattern = loadConfig({}).loginPattern;
    for (const ok of [
      'administrator',
      'jane.doe',
      'j_doe-2',
      'jane@example.org',
      'jane+test@example.org',
      'zoë',
      'müller',
      '李小龍',
      'utf8-valid-ÿ',
      'wc%',
      'wc\\1',
      "o'neil",
    ])
      expect([ok, pattern.test(ok)]).toEqual([ok, true]);
    for (const bad of [
      'ab',
      'jane doe',
      'tab\tbed',
      'a/b',
      'jane\u00a0doe',
      'bad\ufffdlogin',
      'zero\u200bwidth',
      'bidi\u202egnp',
      'private\ue000use',
      'x'.repeat(129),
    ])
      expect([bad, pattern.test(bad)]).toEqual([bad, false]);
    expect(() => loadConfig({ LOGIN_PATTERN: '[' })).toThrow(/LOGIN_PATTERN/);
  });

  it('a configured pattern replaces the default, OpenOLAT’s rule still applies', () => {
    configureLoginPattern(loadConfig({ LOGIN_PATTERN: '^[a-z]+$' }).loginPattern);
    try {
      expect(validateLogin('lower')).toEqual([]);
      expect(validateLogin('Upper')).toEqual([expect.objectContaining({ code: EMPTY, translation: expect.stringContaining('^[a-z]+$') })]);
      expect(validateLogin('ab')).toEqual([expect.objectContaining({ code: EMPTY })]);
    } finally {
      configureLoginPattern(loadConfig({}).loginPattern);
    }
  });

  it('creating a user with a login outside the pattern: 406 ErrorVO list on REST (JSON and XML), VALIDATION_FAILED on GraphQL', async () => {
    const json = await call(t.base, 'PUT', '/restapi/users', { headers: { ...adminAuth(), ...JSON_TYPE }, body: user(`${stem} spaced`) });
    expect(json.status).toBe(406);
    expect(json.json).toEqual([expect.objectContaining({ code: EMPTY })]);
    const xml = await call(t.base, 'PUT', '/restapi/users', { headers: { ...adminAuth(), ...XML_TYPE }, body: user(`${stem}\ufffd`) });
    expect(xml.status).toBe(406);
    expect(xml.text).toContain(`<code>${EMPTY}</code>`);
    const viaGraphql = await graphql(t.base, adminAuth(), 'mutation ($u: UserVOInput!) { createUser(user: $u) { key } }', {
      u: user(`${stem}\u200bzero-width`),
    });
    expect(viaGraphql.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    // Within the pattern: created.
    const ok = await call(t.base, 'PUT', '/restapi/users', { headers: { ...adminAuth(), ...JSON_TYPE }, body: user(`${stem}.ok+tag@example.org`) });
    expect(ok.status).toBe(200);
    expect(ok.json.login).toBe(`${stem}.ok+tag@example.org`);
  });

  it('changing a login to one outside the pattern: 409 ErrorVO list on REST, CONFLICT on GraphQL; the login stays', async () => {
    const created = await call(t.base, 'PUT', '/restapi/users', { headers: { ...adminAuth(), ...JSON_TYPE }, body: user(`${stem}-rename`) });
    expect(created.status).toBe(200);
    const key = created.json.key as number;
    const refused = await call(t.base, 'POST', `/restapi/users/${key}/username?username=${encodeURIComponent(`${stem} renamed`)}`, {
      headers: { ...adminAuth(), ...JSON_TYPE },
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual([expect.objectContaining({ code: EMPTY })]);
    const viaGraphql = await graphql(t.base, adminAuth(), 'mutation ($k: Long!, $u: String) { changeUserName(identityKey: $k, username: $u) { login } }', {
      k: key,
      u: `${stem}\ufffd`,
    });
    expect(viaGraphql.body.errors[0].extensions.code).toBe('CONFLICT');
    const renamed = await call(t.base, 'POST', `/restapi/users/${key}/username?username=${stem}-renamed`, { headers: { ...adminAuth(), ...JSON_TYPE } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.login).toBe(`${stem}-renamed`);
  });
});
