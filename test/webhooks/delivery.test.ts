import { Webhook } from 'standardwebhooks';
import { addOrganisationMember, buildOrganisation, buildUser, uniqueLogin, type TestUser } from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { eventually } from '../support/eventually';
import { cli } from '../support/cli';
import { Receiver, type Delivery } from '../support/receiver';
import { adminAuth, startTestService, testConfig, type TestService } from '../support/service';

/** Webhooks end to end: a real receiver on loopback, the service delivering from the change feed. */

const webhookConfig = (overrides: Partial<ReturnType<typeof testConfig>['webhooks']> = {}) => ({
  webhooks: { ...testConfig().webhooks, allowHttp: true, allowedHosts: ['127.0.0.1'], timeoutSeconds: 2, maxBackoffSeconds: 1, ...overrides },
});

let t: TestService;
let receiver: Receiver;
/** Every receiver a test starts, stopped at the end even when the test fails. */
const receivers: Receiver[] = [];
const newReceiver = () => {
  const started = new Receiver();
  receivers.push(started);
  return started.start();
};
beforeAll(async () => {
  t = await startTestService(webhookConfig());
  receiver = await new Receiver().start();
});
afterAll(async () => {
  await t.stop();
  await receiver.stop();
  for (const started of receivers) await started.stop();
});

const asAdmin = { ...adminAuth(), ...JSON_TYPE };

async function subscribe(body: Record<string, unknown>, as = asAdmin): Promise<{ key: number; secret: string }> {
  const reply = await call(t.base, 'PUT', '/restapi/webhooks', { headers: as, body });
  expect(reply.status).toBe(200);
  expect(reply.json.secret).toMatch(/^whsec_/);
  return reply.json;
}

const userBody = (login: string, firstName = 'Hook') => ({ login, firstName, lastName: 'Receiver', email: `${login}@example.org` });

/** Checks the delivery's Standard Webhooks signature against `secret` (throws when it does not verify). */
const verify = (secret: string, delivery: Delivery) =>
  new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as Delivery['json'];

describe('delivery', () => {
  it('600 writes through both transports arrive as 600 signed deliveries, in order per object', async () => {
    const { secret } = await subscribe({ url: receiver.url('/all'), types: ['user.created', 'user.updated'] });
    const PEOPLE = 300;
    const prefix = uniqueLogin('hook');
    // Each person: created on REST, then renamed on GraphQL; eight people at a time.
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < PEOPLE; index = next++) {
        const login = `${prefix}-${index}`;
        const created = await call(t.base, 'PUT', '/restapi/users', { headers: asAdmin, body: userBody(login) });
        expect(created.status).toBe(200);
        const renamed = await graphql(t.base, adminAuth(), 'mutation($k: Long!, $u: UserVOInput!) { updateUser(identityKey: $k, user: $u) { key } }', {
          k: created.json.key,
          u: userBody(login, 'Renamed'),
        });
        expect(renamed.body.errors).toBeUndefined();
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const ours = (delivery: Delivery) => !!delivery.json.data.object?.login?.toString().startsWith(prefix);
    await eventually(
      async () => expect(new Set(receiver.deliveries.filter(ours).map((delivery) => delivery.headers['webhook-id'])).size).toBe(2 * PEOPLE),
      120_000,
    );
    // At least once: a delivery whose answer came after the timeout goes again, with the same id and body; receivers
    // keep the first of each id, as this does.
    const deliveries: Delivery[] = [];
    const firstById = new Map<string, Delivery>();
    for (const delivery of receiver.deliveries.filter(ours)) {
      const id = String(delivery.headers['webhook-id']);
      const first = firstById.get(id);
      if (first) {
        expect(delivery.body).toBe(first.body);
        continue;
      }
      firstById.set(id, delivery);
      deliveries.push(delivery);
    }
    expect(deliveries).toHaveLength(2 * PEOPLE);
    const byPerson = new Map<string, string[]>();
    for (const delivery of deliveries) {
      const payload = verify(secret, delivery);
      expect(payload.data.cursor).toBe(delivery.headers['webhook-id']);
      const login = String(payload.data.object!.login);
      byPerson.set(login, [...(byPerson.get(login) ?? []), `${payload.type}:${String(payload.data.object!.firstName)}`]);
    }
    expect(byPerson.size).toBe(PEOPLE);
    for (const events of byPerson.values()) expect(events).toEqual(['user.created:Hook', 'user.updated:Renamed']);
    // A wrong secret does not verify.
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, deliveries[0])).toThrow();
  }, 180_000);
});

const subscriptionOf = async (key: number) => (await call(t.base, 'GET', `/restapi/webhooks/${key}`, { headers: asAdmin })).json;

async function createPerson(prefix: string, index: number): Promise<number> {
  const reply = await call(t.base, 'PUT', '/restapi/users', { headers: asAdmin, body: userBody(`${prefix}-${index}`) });
  expect(reply.status).toBe(200);
  return reply.json.key;
}

const loginsOf = (deliveries: Delivery[], prefix: string) =>
  deliveries.map((delivery) => String(delivery.json.data.object?.login)).filter((login) => login.startsWith(prefix));

describe('a receiver that is down', () => {
  it('gets the backlog once it is up again, in order, while the writes were not slowed', async () => {
    const down = await newReceiver();
    const { key } = await subscribe({ url: down.url(), types: ['user.created'] });
    await down.stop();
    const prefix = uniqueLogin('backlog');
    for (let index = 0; index < 20; index++) await createPerson(prefix, index);
    // Refused at the door: the subscription says so and waits.
    await eventually(async () => {
      const state = await subscriptionOf(key);
      expect(state.attempts).toBeGreaterThan(0);
      expect(state.lastError).toMatch(/ECONNREFUSED/);
      expect(state.nextAttemptAt).toEqual(expect.any(Number));
    }, 10_000);
    await down.start();
    await down.received(20);
    expect(loginsOf(down.deliveries, prefix)).toEqual(Array.from({ length: 20 }, (_, index) => `${prefix}-${index}`));
    await eventually(async () => expect((await subscriptionOf(key)).attempts).toBe(0), 10_000);
    await down.stop();
  }, 60_000);

  it('does not follow redirects, and reads a long answer no further than its start', async () => {
    const odd = await newReceiver();
    let answer = 302;
    odd.status = () => answer;
    // An answer that never ends: read to its end, it would outlast the timeout (2 s here) and count as no answer.
    let written = 0;
    odd.answerBody = (res) => {
      const more = () => {
        while (!res.destroyed && res.write('x'.repeat(1024))) written += 1024;
      };
      res.on('drain', more);
      more();
    };
    const { key } = await subscribe({ url: odd.url(), types: ['user.created'] });
    const prefix = uniqueLogin('redirect');
    await createPerson(prefix, 0);
    await eventually(async () => expect((await subscriptionOf(key)).lastError).toBe(`HTTP 302: ${'x'.repeat(200)}`), 10_000);
    expect(odd.deliveries).toHaveLength(0);
    answer = 200;
    await odd.received(1);
    await eventually(async () => expect(await subscriptionOf(key)).toMatchObject({ attempts: 0, lastDeliveryAt: expect.any(Number) }), 10_000);
    expect(written).toBeGreaterThan(4096);
    await odd.stop();
  }, 30_000);
});

describe('safe targets', () => {
  it.each([
    ['ftp://127.0.0.1/hook', /https/],
    ['not a url', /absolute URL/],
    ['http://10.1.2.3/hook', /private or link-local/],
    ['http://169.254.169.254/latest/meta-data', /private or link-local/],
    ['http://[::1]:8080/hook', /private or link-local/],
    ['http://user:secret@127.0.0.1/hook', /user name or password/],
  ])('refuses %s with 400', async (url, why) => {
    const reply = await call(t.base, 'PUT', '/restapi/webhooks', { headers: asAdmin, body: { url } });
    expect(reply.status).toBe(400);
    expect(reply.json.message ?? reply.text).toMatch(why);
  });

  /** Each private, loopback, link-local and shared range at its edges, and IPv4 addresses written as IPv6 (`::ffff:`). */
  const INTERNAL = [
    '10.0.0.0',
    '10.255.255.255',
    '172.16.0.0',
    '172.31.255.255',
    '192.168.0.0',
    '192.168.255.255',
    '127.0.0.2',
    '127.255.255.255',
    '169.254.0.0',
    '169.254.255.255',
    '100.64.0.0',
    '100.127.255.255',
    '[fc00::]',
    '[fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]',
    '[fe80::1]',
    '[febf:ffff::1]',
    '[::ffff:10.0.0.1]',
    '[::ffff:172.16.0.1]',
    '[::ffff:192.168.0.1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:169.254.169.254]',
    '[::ffff:100.64.0.1]',
    '[::ffff:a9fe:a9fe]',
    '[::1]',
    '[::]',
    '[::a00:1]',
    // IPv4 as a URL may also write it: one number, hexadecimal, octal, fewer parts.
    '167772161',
    '0xac100001',
    '0300.0250.0.1',
    '10.1',
  ];
  /** The addresses just outside each range, and public IPv4 written as IPv6 (a `::ffff:0:0/96` entry in the block list refused every IPv4 address). */
  const PUBLIC = [
    '9.255.255.255',
    '11.0.0.0',
    '172.15.255.255',
    '172.32.0.1',
    '192.167.255.255',
    '192.169.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '[fbff:ffff::1]',
    '[fe00::1]',
    '[fec0::1]',
    '[::ffff:172.32.0.1]',
    '[::ffff:8.8.8.8]',
    '[2001:db8::1]',
  ];

  it('refuses every internal range at its edges, on both transports, and takes the addresses beside them', async () => {
    const refused: string[] = [];
    for (const host of INTERNAL) {
      const url = `https://${host}/hook`;
      const rest = await call(t.base, 'PUT', '/restapi/webhooks', { headers: asAdmin, body: { url, active: false } });
      const viaGraphql = await graphql(t.base, adminAuth(), 'mutation($w: WebhookVOInput!) { createWebhook(webhook: $w) { key } }', {
        w: { url, active: false },
      });
      const why = /is a loopback, private or link-local address/;
      if (!(rest.status === 400 && why.test(rest.json.translation) && viaGraphql.body.errors?.[0]?.extensions?.code === 'BAD_REQUEST')) refused.push(host);
    }
    expect(refused.length === 0 ? [] : `not refused: ${refused.join(', ')}`).toEqual([]);
    for (const host of PUBLIC) {
      const created = await call(t.base, 'PUT', '/restapi/webhooks', { headers: asAdmin, body: { url: `https://${host}/hook`, active: false } });
      expect({ host, status: created.status }).toEqual({ host, status: 200 });
      expect((await call(t.base, 'DELETE', `/restapi/webhooks/${created.json.key}`, { headers: asAdmin })).status).toBe(200);
    }
  });

  it('refuses a name that resolves to loopback when delivering (the allowlist names 127.0.0.1, not localhost)', async () => {
    const local = await newReceiver();
    const { key } = await subscribe({ url: `http://localhost:${local.port}/hook`, types: ['user.created'] });
    await createPerson(uniqueLogin('named'), 0);
    await eventually(async () => expect((await subscriptionOf(key)).lastError).toMatch(/internal address/), 10_000);
    expect(local.deliveries).toHaveLength(0);
    await call(t.base, 'DELETE', `/restapi/webhooks/${key}`, { headers: asAdmin });
    await local.stop();
  }, 30_000);
});

describe('secret rotation', () => {
  it('signs with the old and the new secret during the grace period', async () => {
    const rotating = await newReceiver();
    const { key, secret: old } = await subscribe({ url: rotating.url(), types: ['user.created'] });
    const rotated = await call(t.base, 'POST', `/restapi/webhooks/${key}/secret`, { headers: asAdmin });
    expect(rotated.status).toBe(200);
    const fresh = rotated.json.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);
    expect((await subscriptionOf(key)).secret).toBeNull();
    await createPerson(uniqueLogin('rotated'), 0);
    const [delivery] = await rotating.received(1);
    expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(fresh, delivery).type).toBe('user.created');
    expect(verify(old, delivery).type).toBe('user.created');
    await rotating.stop();
  }, 30_000);
});

describe('organisation scope', () => {
  it('a subscription limited to organisation A never gets an event about a person of organisation B', async () => {
    const scoped = await newReceiver();
    const [a, b] = [await buildOrganisation(t), await buildOrganisation(t)];
    const [personA, personB] = [await buildUser(t), await buildUser(t)];
    await addOrganisationMember(t, a, personA.key, 'user');
    await addOrganisationMember(t, b, personB.key, 'user');
    // An administrator of A (only) subscribes for A; B is not theirs to listen to.
    const administratorA = await buildUser(t);
    await addOrganisationMember(t, a, administratorA.key, 'administrator');
    const asAdministratorA = { ...administratorA.auth, ...JSON_TYPE };
    expect((await call(t.base, 'PUT', '/restapi/webhooks', { headers: asAdministratorA, body: { url: scoped.url(), organisationKey: b } })).status).toBe(403);
    await subscribe({ url: scoped.url(), organisationKey: a, types: ['user.updated'] }, asAdministratorA);
    const rename = (person: TestUser) =>
      call(t.base, 'POST', `/restapi/users/${person.key}`, {
        headers: asAdmin,
        body: { ...userBody(person.login, 'Scoped'), email: `${person.login}@example.org` },
      });
    for (const person of [personB, personA, personB]) expect((await rename(person)).status).toBe(200);
    await scoped.received(1);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // B's events, were they sent, would have come by now
    expect(scoped.deliveries.map((delivery) => delivery.json.data.objectKey)).toEqual([personA.key]);
    await scoped.stop();
  }, 30_000);
});

describe("whose events a subscription receives: its owner's, of its types, while the owner may log in", () => {
  // A service of their own: the subscriptions of the tests above (thousands of events behind, receivers gone) share the
  // dispatcher of theirs.
  let shared: TestService;
  beforeAll(async () => {
    shared = t;
    t = await startTestService(webhookConfig());
  });
  afterAll(async () => {
    await t.stop();
    t = shared;
  });

  /** An organisation with a person, and an administrator of it alone. */
  async function organisationWithAdministrator() {
    const organisation = await buildOrganisation(t);
    const [person, administrator] = [await buildUser(t), await buildUser(t)];
    await addOrganisationMember(t, organisation, person.key, 'user');
    await addOrganisationMember(t, organisation, administrator.key, 'administrator');
    return { organisation, person, administrator };
  }

  const rename = async (person: TestUser, firstName = 'Renamed') =>
    expect((await call(t.base, 'POST', `/restapi/users/${person.key}`, { headers: asAdmin, body: userBody(person.login, firstName) })).status).toBe(200);

  /** A moment for deliveries that should not come: had they been sent, they would have come by now. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

  it("an organisation administrator's subscription without a scope gets her organisation's people, not another's", async () => {
    const hook = await newReceiver();
    const a = await organisationWithAdministrator();
    const b = await organisationWithAdministrator();
    const created = await graphql(t.base, a.administrator.auth, 'mutation($w: WebhookVOInput!) { createWebhook(webhook: $w) { key organisationKey } }', {
      w: { url: hook.url(), types: ['user.updated'] },
    });
    expect(created.body.data.createWebhook.organisationKey).toBeNull();
    for (const person of [b.person, a.person, b.person, b.administrator]) await rename(person);
    await hook.received(1);
    await settle();
    expect(hook.deliveries.map((delivery) => delivery.json.data.objectKey)).toEqual([a.person.key]);
  }, 60_000);

  it.each([
    ['may no longer log in', (owner: TestUser) => call(t.base, 'POST', `/restapi/users/${owner.key}/status`, { headers: asAdmin, body: { status: 101 } })],
    ['is deleted', (owner: TestUser) => call(t.base, 'DELETE', `/restapi/users/${owner.key}`, { headers: asAdmin })],
  ])(
    'stops delivering once its owner %s',
    async (_how, end) => {
      const hook = await newReceiver();
      const { person, administrator } = await organisationWithAdministrator();
      const { key } = await subscribe({ url: hook.url(), types: ['user.updated'] }, { ...administrator.auth, ...JSON_TYPE });
      await rename(person, 'Before');
      await hook.received(1);
      expect((await end(administrator)).status).toBe(200);
      await rename(person, 'After');
      await eventually(
        async () => expect(await subscriptionOf(key)).toMatchObject({ active: false, lastError: 'the owner no longer exists or may not log in' }),
        10_000,
      );
      await settle();
      expect(hook.deliveries.map((delivery) => delivery.json.data.object?.firstName)).toEqual(['Before']);
    },
    60_000,
  );

  it("a subscription limited to organisation A gets the creation and the deletion of A's group, not of B's, after the group is gone", async () => {
    const scoped = await newReceiver();
    const [a, b] = [await buildOrganisation(t), await buildOrganisation(t)];
    // Switched on only after the groups are gone: the creation of a group deleted since is judged by where it was.
    const { key } = await subscribe({ url: scoped.url(), organisationKey: a, types: ['group.created', 'group.deleted'], active: false });
    const groupIn = async (organisationKey: number) => {
      const created = await call(t.base, 'PUT', `/restapi/groups?organisationKey=${organisationKey}`, { headers: asAdmin, body: { name: 'Scoped group' } });
      expect(created.status).toBe(200);
      expect((await call(t.base, 'DELETE', `/restapi/groups/${created.json.key}`, { headers: asAdmin })).status).toBe(200);
      return created.json.key as number;
    };
    await groupIn(b);
    const groupOfA = await groupIn(a);
    await groupIn(b);
    expect((await call(t.base, 'POST', `/restapi/webhooks/${key}`, { headers: asAdmin, body: { active: true } })).status).toBe(200);
    await scoped.received(2);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // B's events, were they sent, would have come by now
    expect(scoped.deliveries.map((delivery) => [delivery.json.type, delivery.json.data.objectKey])).toEqual([
      ['group.created', groupOfA],
      ['group.deleted', groupOfA],
    ]);
  }, 60_000);

  it('a user.created subscription receives user.created and nothing else', async () => {
    const typed = await newReceiver();
    const { key } = await subscribe({ url: typed.url(), types: ['user.created'] });
    const prefix = uniqueLogin('typed');
    const first = await createPerson(prefix, 0);
    expect((await call(t.base, 'POST', `/restapi/users/${first}`, { headers: asAdmin, body: userBody(`${prefix}-0`, 'Renamed') })).status).toBe(200);
    expect((await call(t.base, 'PUT', '/restapi/groups', { headers: asAdmin, body: { name: `${prefix} group` } })).status).toBe(200);
    expect((await call(t.base, 'POST', `/restapi/webhooks/${key}/secret`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'DELETE', `/restapi/users/${first}`, { headers: asAdmin })).status).toBe(200);
    await createPerson(prefix, 1);
    await typed.received(2);
    await settle();
    expect(typed.deliveries.map((delivery) => [delivery.json.type, delivery.json.data.type])).toEqual([
      ['user.created', 'user.created'],
      ['user.created', 'user.created'],
    ]);
    expect(loginsOf(typed.deliveries, prefix)).toEqual([`${prefix}-0`, `${prefix}-1`]);
  }, 60_000);
});

describe('parked failures', () => {
  let short: TestService;
  beforeAll(async () => {
    short = await startTestService(webhookConfig({ retrySeconds: 2 }));
  });
  afterAll(() => short.stop());

  it('are listed after the retry period, delivery goes on, and a replay sends them again', async () => {
    const picky = await newReceiver();
    const prefix = uniqueLogin('parked');
    // The receiver refuses the first person until told otherwise.
    let refuse = true;
    picky.status = (delivery) => (refuse && delivery.json.data.object?.login === `${prefix}-0` ? 500 : 200);
    const created = await call(short.base, 'PUT', '/restapi/webhooks', { headers: asAdmin, body: { url: picky.url(), types: ['user.created'] } });
    const { key } = created.json;
    for (let index = 0; index < 3; index++)
      expect((await call(short.base, 'PUT', '/restapi/users', { headers: asAdmin, body: userBody(`${prefix}-${index}`) })).status).toBe(200);
    await picky.received(2, 20_000);
    expect(loginsOf(picky.deliveries, prefix)).toEqual([`${prefix}-1`, `${prefix}-2`]);
    const failures = await call(short.base, 'GET', `/restapi/webhooks/${key}/failures`, { headers: asAdmin });
    expect(failures.status).toBe(200);
    expect(failures.json).toEqual([
      {
        key: expect.any(Number),
        cursor: expect.stringMatching(/^\d+-\d+$/),
        type: 'user.created',
        attempts: expect.any(Number),
        lastError: 'HTTP 500',
        failedAt: expect.any(Number),
      },
    ]);
    const after = await call(short.base, 'GET', `/restapi/webhooks/${key}/failures?after=${failures.json[0].cursor}&limit=10`, { headers: asAdmin });
    expect(after.json).toEqual([]);
    expect((await call(short.base, 'GET', `/restapi/webhooks/${key}/failures?limit=0`, { headers: asAdmin })).status).toBe(400);
    const viaGraphql = await graphql(short.base, adminAuth(), 'query($k: Long!) { webhookFailures(webhookKey: $k) { cursor type } }', { k: key });
    expect(viaGraphql.body.data.webhookFailures).toEqual([{ cursor: failures.json[0].cursor, type: 'user.created' }]);
    refuse = false;
    const replayed = await call(short.base, 'POST', `/restapi/webhooks/${key}/replay?from=${failures.json[0].cursor}`, { headers: asAdmin });
    expect(replayed.status).toBe(200);
    await picky.received(5, 20_000);
    expect(loginsOf(picky.deliveries, prefix)).toEqual([`${prefix}-1`, `${prefix}-2`, `${prefix}-0`, `${prefix}-1`, `${prefix}-2`]);
    expect((await call(short.base, 'GET', `/restapi/webhooks/${key}/failures`, { headers: asAdmin })).json).toEqual([]);
    await picky.stop();
  }, 60_000);

  it('the command line lists the subscription and its failure, and replays from it', async () => {
    const picky = await newReceiver();
    const prefix = uniqueLogin('clihook');
    let refuse = true;
    picky.status = (delivery) => (refuse && delivery.json.data.object?.login === `${prefix}-0` ? 500 : 200);
    const { key } = (await call(short.base, 'PUT', '/restapi/webhooks', { headers: asAdmin, body: { url: picky.url(), types: ['user.created'] } })).json;
    for (let index = 0; index < 2; index++) await call(short.base, 'PUT', '/restapi/users', { headers: asAdmin, body: userBody(`${prefix}-${index}`) });
    await picky.received(1, 20_000);
    await eventually(
      async () => expect((await call(short.base, 'GET', `/restapi/webhooks/${key}/failures`, { headers: asAdmin })).json).toHaveLength(1),
      20_000,
    );
    const listed = await cli(short, 'webhooks', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out.find((line) => line.startsWith(`${key}\t`))).toMatch(
      new RegExp(`^${key}\\tactive\\t${picky.url()}\\tuser.created\\tcursor \\d+-\\d+\\tlast delivery 20`),
    );
    const failures = await cli(short, 'webhooks', 'failures', String(key));
    expect(failures.out).toEqual([expect.stringMatching(/^\d+-\d+\tuser\.created\t\d+ attempts\t20.*\tHTTP 500$/)]);
    const cursor = failures.out[0].split('\t')[0];
    refuse = false;
    const replayed = await cli(short, 'webhooks', 'replay', String(key), '--from', cursor);
    expect(replayed).toMatchObject({ code: 0, out: [expect.stringMatching(new RegExp(`^webhook ${key} delivers again from ${cursor} `))] });
    await picky.received(3, 20_000);
    expect(loginsOf(picky.deliveries, prefix)).toEqual([`${prefix}-1`, `${prefix}-0`, `${prefix}-1`]);
    expect((await cli(short, 'webhooks', 'failures', String(key))).out).toEqual(['(no failure)']);
    // Audited as the administrator's write from the command line; a key nobody has is the service's 404.
    const audit = await graphql(short.base, adminAuth(), 'query($f: AuditLogFilter) { auditLog(filter: $f) { transport operation identityLogin } }', {
      f: { operation: 'replayWebhook', limit: 1 },
    });
    expect(audit.body.data.auditLog).toEqual([{ transport: 'cli', operation: 'replayWebhook', identityLogin: 'administrator' }]);
    expect(await cli(short, 'webhooks', 'failures', '999999')).toMatchObject({ code: 1, err: [expect.any(String), expect.stringMatching(/^NOT_FOUND: /)] });
    expect((await cli(short, 'webhooks', 'replay', String(key))).code).toBe(2);
    await picky.stop();
  }, 60_000);

  it('a subscription behind what the feed keeps gets a failure that names the deleted events, and goes on after them', async () => {
    const created = await call(short.base, 'PUT', '/restapi/webhooks', { headers: asAdmin, body: { url: receiver.url('/expired'), active: false } });
    const { key, cursor } = created.json;
    const [xid, id] = (cursor as string).split('-');
    const { Client } = await import('pg');
    const db = new Client({ connectionString: short.databaseUrl });
    await db.connect();
    try {
      // As if the retention had deleted the events after the subscription's cursor while it was off.
      await db.query(`insert into change_feed_horizon (id, xid, event_id) values (1, $1, $2)`, [xid, Number(id) + 1000]);
      expect((await call(short.base, 'POST', `/restapi/webhooks/${key}`, { headers: asAdmin, body: { active: true } })).status).toBe(200);
      await eventually(async () => {
        const failures = await call(short.base, 'GET', `/restapi/webhooks/${key}/failures`, { headers: asAdmin });
        expect(failures.json).toEqual([
          expect.objectContaining({
            cursor: `${xid}-${Number(id) + 1000}`,
            type: 'changes.expired',
            lastError: expect.stringMatching(/were deleted \(CHANGES_RETENTION_DAYS\)/),
          }),
        ]);
      }, 10_000);
      // Delivery went on from the end of the deleted range (and past what committed since).
      const [afterXid, afterId] = ((await call(short.base, 'GET', `/restapi/webhooks/${key}`, { headers: asAdmin })).json.cursor as string)
        .split('-')
        .map(BigInt);
      expect(afterXid > BigInt(xid) || (afterXid === BigInt(xid) && afterId >= BigInt(id) + 1000n)).toBe(true);
    } finally {
      await db.query('delete from change_feed_horizon');
      await db.end();
    }
  }, 30_000);

  it('a replay from a cursor the feed no longer keeps is 410', async () => {
    const created = await call(short.base, 'PUT', '/restapi/webhooks', { headers: asAdmin, body: { url: receiver.url('/gone'), active: false } });
    const { Client } = await import('pg');
    const db = new Client({ connectionString: short.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `insert into change_feed_horizon (id, xid, event_id) values (1, '5000', 5000) on conflict (id) do update set xid = '5000', event_id = 5000`,
      );
      const replay = await call(short.base, 'POST', `/restapi/webhooks/${created.json.key}/replay?from=10-1`, { headers: asAdmin });
      expect(replay.status).toBe(410);
    } finally {
      await db.query('delete from change_feed_horizon');
      await db.end();
    }
  });
});
