import { addOrganisationMember, buildOrganisation, buildUser, type TestUser } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { refusals, routeNamed, graphqlOf, pathOf } from '../support/operations';
import { adminAuth, startTestService, testConfig, type TestService } from '../support/service';

/** The webhook operations: refusals on both transports, another administrator's webhook, and each operation once on each transport. */

let t: TestService;
let plain: TestUser;
let otherAdministrator: TestUser;
let webhookKey: number;
beforeAll(async () => {
  // No delivery here: the subscriptions point nowhere reachable.
  t = await startTestService({ webhooks: { ...testConfig().webhooks, deliver: false } });
  plain = await buildUser(t);
  otherAdministrator = await buildUser(t);
  await addOrganisationMember(t, await buildOrganisation(t), otherAdministrator.key, 'administrator');
  webhookKey = (await call(t.base, 'PUT', '/restapi/webhooks', { headers: { ...adminAuth(), ...JSON_TYPE }, body: { url: 'https://hooks.example.org/a' } }))
    .json.key;
});
afterAll(() => t.stop());

const world = () => ({ t, values: { webhookKey, from: '1-1' }, forbidden: plain });

const NAMES = [
  'GET /webhooks',
  'PUT /webhooks',
  'GET /webhooks/:webhookKey',
  'POST /webhooks/:webhookKey',
  'POST /webhooks/:webhookKey/secret',
  'GET /webhooks/:webhookKey/failures',
  'POST /webhooks/:webhookKey/replay',
  'DELETE /webhooks/:webhookKey',
];

for (const name of NAMES) describe(name, () => refusals(name, world));

describe("another administrator's webhook", () => {
  it.each(NAMES.filter((name) => name.includes(':webhookKey')))('%s is refused (403) on both transports', async (name) => {
    const route = routeNamed(name);
    const reply = await call(t.base, route.method, `${pathOf(route, { webhookKey })}${name.endsWith('/replay') ? '?from=1-1' : ''}`, {
      headers: { ...otherAdministrator.auth, ...JSON_TYPE },
      body: route.bodyArg ? { active: false } : undefined,
    });
    expect(reply.status).toBe(403);
    const op = graphqlOf(route);
    const viaGraphql = await graphql(t.base, otherAdministrator.auth, op.document, op.variables({ webhookKey, from: '1-1' }));
    expect(viaGraphql.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('is not in their list; the system administrator sees it', async () => {
    const theirs = await call(t.base, 'GET', '/restapi/webhooks', { headers: { ...otherAdministrator.auth, ...JSON_TYPE } });
    expect(theirs.json).toEqual([]);
    const all = await graphql(t.base, adminAuth(), '{ webhooks { key } }');
    expect(all.body.data.webhooks.map((hook: { key: number }) => hook.key)).toContain(webhookKey);
  });
});

describe('each operation on both transports', () => {
  it('creates, reads, changes, rotates, lists failures, replays and deletes on REST (JSON and XML)', async () => {
    const headers = { ...adminAuth(), ...JSON_TYPE };
    const created = await call(t.base, 'PUT', '/restapi/webhooks', {
      headers,
      body: { url: 'https://hooks.example.org/rest', types: ['user.created', 'group.created'] },
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      url: 'https://hooks.example.org/rest',
      types: ['user.created', 'group.created'],
      organisationKey: null,
      active: true,
      attempts: 0,
    });
    const { key, secret } = created.json;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const read = await call(t.base, 'GET', `/restapi/webhooks/${key}`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(read.status).toBe(200);
    expect(read.text).toMatch(
      /^(<\?xml[^>]*>)?<webhook><key>\d+<\/key><url>https:\/\/hooks.example.org\/rest<\/url><types><type>user.created<\/type><type>group.created<\/type><\/types>/,
    );
    expect(read.text).not.toContain(secret);
    const changed = await call(t.base, 'POST', `/restapi/webhooks/${key}`, { headers, body: { active: false } });
    expect(changed.json).toMatchObject({ active: false, url: 'https://hooks.example.org/rest', types: ['user.created', 'group.created'], secret: null });
    const rotated = await call(t.base, 'POST', `/restapi/webhooks/${key}/secret`, { headers });
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(secret);
    expect((await call(t.base, 'GET', `/restapi/webhooks/${key}/failures`, { headers })).json).toEqual([]);
    const replayed = await call(t.base, 'POST', `/restapi/webhooks/${key}/replay?from=${created.json.cursor.replace(/-\d+$/, '-1')}`, { headers });
    expect(replayed.status).toBe(200);
    expect((await call(t.base, 'POST', `/restapi/webhooks/${key}/replay`, { headers })).status).toBe(400);
    expect((await call(t.base, 'POST', `/restapi/webhooks/${key}`, { headers, body: { types: ['Not A Type'] } })).status).toBe(400);
    expect((await call(t.base, 'DELETE', `/restapi/webhooks/${key}`, { headers })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/webhooks/${key}`, { headers })).status).toBe(404);
  });

  it('does the same on GraphQL, and its change events mask the secret', async () => {
    const created = await graphql(
      t.base,
      adminAuth(),
      'mutation { createWebhook(webhook: { url: "https://hooks.example.org/graphql" }) { key secret types active } }',
    );
    const { key, secret, types } = created.body.data.createWebhook;
    expect(secret).toMatch(/^whsec_/);
    expect(types).toEqual([]);
    const steps = [
      `mutation { updateWebhook(webhookKey: ${key}, webhook: { active: false }) { active } }`,
      `mutation { rotateWebhookSecret(webhookKey: ${key}) { secret } }`,
      `{ webhook(webhookKey: ${key}) { secret url } }`,
      `{ webhookFailures(webhookKey: ${key}) { key } }`,
      `mutation { deleteWebhook(webhookKey: ${key}) }`,
    ];
    const answers = [];
    for (const step of steps) {
      const reply = await graphql(t.base, adminAuth(), step);
      expect(reply.body.errors).toBeUndefined();
      answers.push(reply.body.data);
    }
    expect(answers[0].updateWebhook.active).toBe(false);
    expect(answers[2].webhook).toEqual({ secret: null, url: 'https://hooks.example.org/graphql' });
    const feed = await call(t.base, 'GET', '/restapi/changes?types=webhook.created,webhook.secret.rotated&limit=1000', {
      headers: { ...adminAuth(), ...JSON_TYPE },
    });
    const events = feed.json.events.filter((event: { objectKey: number }) => event.objectKey === key);
    expect(events.map((event: { type: string }) => event.type)).toEqual(['webhook.created', 'webhook.secret.rotated']);
    for (const event of events) expect(event.object.secret).toBe('***');
    expect(JSON.stringify(feed.json)).not.toContain(secret);
  });
});
