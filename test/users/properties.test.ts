import { buildUser, uniqueLogin } from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** User properties checked as OpenOLAT's property handlers check them in its REST context: every failing field answered at once. */

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const P = 'org.olat.user.propertyhandlers';
const person = (properties: { name: string; value: string }[], email?: string) => {
  const login = uniqueLogin('props');
  return { login, firstName: 'Prop', lastName: 'Erty', email: email ?? `${login}@example.org`, properties };
};
const codes = (reply: { json: { code: string }[] }) => reply.json.map((error) => error.code);

it('an empty e-mail and an unknown gender: both answered, the e-mail first, as OpenOLAT lists them; GraphQL carries the same codes', async () => {
  const body = person([{ name: 'gender', value: 'lu' }], '');
  const reply = await call(t.base, 'PUT', '/restapi/users', { headers: asAdmin, body });
  expect(reply.status).toBe(406);
  expect(reply.json).toEqual([
    { code: 'org.olat.core:new.form.mandatory:email', translation: expect.any(String) },
    { code: `${P}:gender.error`, translation: 'Invalid gender value' },
  ]);
  const viaGraphql = await graphql(t.base, adminAuth(), 'mutation ($u: UserVOInput!) { createUser(user: $u) { key } }', { u: body });
  expect(viaGraphql.body.errors[0].extensions.errors.map((e: { code: string }) => e.code)).toEqual(codes(reply));
});

it('each handler’s rule, in the order of the REST context, one error per property; nothing is written', async () => {
  const body = person([
    { name: 'institutionalEmail', value: 'not-an-address' },
    { name: 'street', value: 'x'.repeat(128) },
    { name: 'icq', value: '12' },
    { name: 'homepage', value: 'ftp://files.example.org' },
    { name: 'linkedin', value: 'https://linkedin.com/in/someone' },
    { name: 'telMobile', value: 'call me' },
    { name: 'gender', value: 'm' },
    { name: 'birthDay', value: '20260230' },
    { name: 'favouriteColour', value: 'anything: no handler reads it' },
  ]);
  const reply = await call(t.base, 'PUT', '/restapi/users', { headers: asAdmin, body });
  expect(reply.status).toBe(406);
  expect(codes(reply)).toEqual([
    `${P}:form.name.birthDay.error`,
    `${P}:gender.error`,
    `${P}:form.name.telMobile.error.valid`,
    `${P}:form.name.linkedin.error`,
    `${P}:form.name.icq.error`,
    `${P}:form.name.homepage.error.valid`,
    `${P}:general.error.max.127`,
    `${P}:form.name.institutionalEmail.error.valid`,
  ]);
  const search = await call(t.base, 'GET', `/restapi/users?login=${body.login}`, { headers: asAdmin });
  expect(search.json).toEqual([]);
});

it('accepts what the handlers accept', async () => {
  const body = person([
    { name: 'birthDay', value: '19991231' },
    { name: 'gender', value: 'female' },
    { name: 'telMobile', value: '+41 (0)79 123-45-67 ext. 12' },
    { name: 'telOffice', value: '044/123 45 67' },
    { name: 'homepage', value: 'https://www.example.org/~ada' },
    { name: 'linkedin', value: 'https://www.linkedin.com/in/ada' },
    { name: 'icq', value: '123456789' },
    { name: 'institutionalEmail', value: 'ada@uni.example.org' },
    { name: 'street', value: 'x'.repeat(127) },
  ]);
  const reply = await call(t.base, 'PUT', '/restapi/users', { headers: asAdmin, body });
  expect(reply.status).toBe(200);
});

it('an update is checked the same way, and a name longer than 127 characters is refused', async () => {
  const user = await buildUser(t);
  const reply = await call(t.base, 'POST', `/restapi/users/${user.key}`, {
    headers: asAdmin,
    body: { firstName: 'x'.repeat(128), lastName: 'Same', email: `${user.login}@example.org`, properties: [{ name: 'telOffice', value: 'office' }] },
  });
  expect(reply.status).toBe(406);
  expect(codes(reply)).toEqual([`${P}:general.error.max.127`, `${P}:form.name.telOffice.error.valid`]);
  const unchanged = await call(t.base, 'GET', `/restapi/users/${user.key}`, { headers: asAdmin });
  expect(unchanged.json.firstName).not.toBe('x'.repeat(128));
});

it('a sync reports the same errors for the person it cannot create', async () => {
  const login = uniqueLogin('syncprop');
  const document = {
    users: [
      { externalId: `${login}-ext`, login, firstName: 'Sync', lastName: 'Prop', email: `${login}@example.org`, properties: [{ name: 'gender', value: 'lu' }] },
    ],
  };
  const plan = await call(t.base, 'POST', '/restapi/sync?dryRun=true', { headers: asAdmin, body: document });
  expect(plan.status).toBe(200);
  const items = await call(t.base, 'GET', `/restapi/sync/${plan.json.key}/items?section=users`, { headers: asAdmin });
  expect(items.json).toEqual([expect.objectContaining({ action: 'error', error: expect.stringContaining('Invalid gender value') })]);
});
