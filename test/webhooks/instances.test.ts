import { Webhook } from 'standardwebhooks';
import { uniqueLogin } from '../factories';
import { onTestServer, readState } from '../support/database';
import { JSON_TYPE, call } from '../support/http';
import { startServiceProcess, type ServiceProcess } from '../support/process';
import { Receiver } from '../support/receiver';
import { adminAuth, startTestInstances, testConfig } from '../support/service';

/** Several instances share the delivery; an instance killed while delivering loses nothing. */

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const userBody = (login: string) => ({ login, firstName: 'Many', lastName: 'Instances', email: `${login}@example.org` });

const receivers: Receiver[] = [];
afterAll(async () => {
  for (const receiver of receivers) await receiver.stop();
});
const newReceiver = async () => {
  const receiver = new Receiver();
  receivers.push(receiver);
  return receiver.start();
};

it('three instances on one database deliver each event once', async () => {
  const receiver = await newReceiver();
  // A delivery the busy test process answers after its timeout is sent again (at least once): the timeout is long
  // enough that a repeat here means two instances delivered one event.
  const { instances, stop } = await startTestInstances(
    3,
    { webhooks: { ...testConfig().webhooks, allowHttp: true, allowedHosts: ['127.0.0.1'], timeoutSeconds: 15, maxBackoffSeconds: 1 } },
    { migrated: true },
  );
  try {
    // Two subscriptions: the instances take them in turns, each one at a time.
    for (const path of ['/first', '/second'])
      expect(
        (await call(instances[0].base, 'PUT', '/restapi/webhooks', { headers: asAdmin, body: { url: receiver.url(path), types: ['user.created'] } })).status,
      ).toBe(200);
    const prefix = uniqueLogin('three');
    const WRITES = 150;
    await Promise.all(
      Array.from({ length: 6 }, async (_, worker) => {
        for (let index = worker; index < WRITES; index += 6) {
          const instance = instances[index % 3];
          expect((await call(instance.base, 'PUT', '/restapi/users', { headers: asAdmin, body: userBody(`${prefix}-${index}`) })).status).toBe(200);
        }
      }),
    );
    await receiver.received(2 * WRITES, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a second delivery of anything would have come by now
    expect(receiver.deliveries).toHaveLength(2 * WRITES);
    // Each subscription got each event once: per path, every login once, under one id each.
    const expected = Array.from({ length: WRITES }, (_, index) => `${prefix}-${index}`).sort();
    for (const path of ['/first', '/second']) {
      const deliveries = receiver.deliveries.filter((delivery) => delivery.path === path);
      expect({ path, logins: deliveries.map((delivery) => String(delivery.json.data.object?.login)).sort() }).toEqual({ path, logins: expected });
      expect(new Set(deliveries.map((delivery) => delivery.headers['webhook-id'])).size).toBe(WRITES);
    }
  } finally {
    await stop();
  }
}, 120_000);

describe('kill -9 during delivery', () => {
  const name = `gateway_webhook_kill_${process.pid}`;
  beforeAll(() => onTestServer(`create database ${name} template ${readState().templateDatabase}`));
  afterAll(() => onTestServer(`drop database if exists ${name} with (force)`));

  it('every event is delivered at least once after a restart, none is lost', async () => {
    const receiver = await newReceiver();
    receiver.delayMs = 20;
    const env = {
      DATABASE_URL: `${readState().serverUrl}${name}`,
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_TIMEOUT_SECONDS: '1',
    };
    let first: ServiceProcess | undefined = await startServiceProcess(env);
    let second: ServiceProcess | undefined;
    try {
      const created = await call(first.base, 'PUT', '/restapi/webhooks', { headers: asAdmin, body: { url: receiver.url(), types: ['user.created'] } });
      const { secret } = created.json;
      const prefix = uniqueLogin('killed');
      const WRITES = 100;
      for (let index = 0; index < WRITES; index++)
        expect((await call(first.base, 'PUT', '/restapi/users', { headers: asAdmin, body: userBody(`${prefix}-${index}`) })).status).toBe(200);
      await receiver.received(25, 30_000);
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      first = undefined;
      const beforeRestart = new Set(receiver.deliveries.map((delivery) => delivery.json.data.object?.login));
      expect(beforeRestart.size).toBeLessThan(WRITES); // killed in the middle of the backlog
      second = await startServiceProcess(env);
      const expected = Array.from({ length: WRITES }, (_, index) => `${prefix}-${index}`);
      const until = Date.now() + 60_000;
      const logins = () => new Set(receiver.deliveries.map((delivery) => String(delivery.json.data.object?.login)));
      while (expected.some((login) => !logins().has(login)) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(expected.filter((login) => !logins().has(login))).toEqual([]);
      // In order: each event's first delivery comes after the first delivery of the one before it.
      expect([...new Set(receiver.deliveries.map((delivery) => String(delivery.json.data.object?.login)))]).toEqual(expected);
      for (const delivery of receiver.deliveries) new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
    } finally {
      first?.child.kill('SIGKILL');
      if (second) {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    }
  }, 180_000);
});
