import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { log, tokenHeaders, type Bench } from './context';
import { count, perSecond, row, seconds, times, type Row } from './report';
import { measureWrites, userRequest, warmUpCount } from './writes';

/**
 * What webhooks cost and deliver (issue 24). The gateway creates people (PUT /restapi/users, the bench's write
 * clients) first without subscriptions, then with SUBSCRIPTIONS of `user.created` pointing at a receiver in this
 * process, while the instance delivers: the ratio of the two rates is what subscribers cost a write on this machine
 * (the delivery's work competes for the same cores). Delivery: a backlog of as many people, written while the
 * subscriptions were off, drained once they are on again (events per second the receiver got), beside a plain
 * baseline that POSTs the same count of signed bodies to the same receiver, one after another per subscription, as
 * the dispatcher does.
 */
const SUBSCRIPTIONS = 4;

function startReceiver(): Promise<{ server: Server; port: number; received: () => number; lastAt: () => number }> {
  let received = 0;
  let lastAt = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      lastAt = Date.now();
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, received: () => received, lastAt: () => lastAt })),
  );
}

/** The baseline sender: `total` signed POSTs on one keep-alive-less connection after another, as the dispatcher sends them. */
async function plainDeliveries(port: number, total: number, body: string): Promise<void> {
  const signer = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
  for (let i = 0; i < total; i++) {
    const id = `1-${i}`;
    const now = new Date();
    await new Promise<void>((resolve, reject) => {
      const sent = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/plain',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
            'webhook-signature': signer.sign(id, now, body),
          },
        },
        (res) => res.resume().on('end', resolve),
      );
      sent.on('error', reject);
      sent.end(body);
    });
  }
}

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('deliveries did not arrive within the time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function webhooks(bench: Bench): Promise<Row[]> {
  const receiver = await startReceiver();
  const total = bench.options.creates;
  const make = (tag: string) => Array.from({ length: total }, (_, i) => userRequest(tag, i));
  try {
    await measureWrites(
      bench,
      bench.gateway,
      Array.from({ length: warmUpCount(total) }, (_, i) => userRequest('whw', i)),
    );
    const without = await measureWrites(bench, bench.gateway, make('wh0'));
    const keys: number[] = [];
    const headers = { ...tokenHeaders(bench), 'Content-Type': 'application/json', Accept: 'application/json' };
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const created = await fetch(`${bench.gateway.base}/restapi/webhooks`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ url: `http://127.0.0.1:${receiver.port}/hook-${i}`, types: ['user.created'] }),
      });
      if (created.status !== 200) throw new Error(`PUT /restapi/webhooks: ${created.status} ${await created.text()}`);
      keys.push(((await created.json()) as { key: number }).key);
    }
    const withSubscribers = await measureWrites(bench, bench.gateway, make('wh1'));
    const expected = total * SUBSCRIPTIONS;
    await waitFor(() => receiver.received() >= expected, 300_000);
    // The delivery rate: a backlog written while the subscriptions were off, sent once they are on again.
    const switchAll = async (active: boolean) => {
      for (const key of keys) {
        const switched = await fetch(`${bench.gateway.base}/restapi/webhooks/${key}`, { method: 'POST', headers, body: JSON.stringify({ active }) });
        if (switched.status !== 200) throw new Error(`POST /restapi/webhooks/${key}: ${switched.status}`);
      }
    };
    await switchAll(false);
    await measureWrites(bench, bench.gateway, make('wh2'));
    const before = receiver.received();
    const started = Date.now();
    await switchAll(true);
    await waitFor(() => receiver.received() >= before + expected, 300_000);
    const deliveryMs = receiver.lastAt() - started;
    const deliveryRate = expected / (deliveryMs / 1000);
    // The same count of bodies of the same size, SUBSCRIPTIONS senders at once.
    const body = JSON.stringify({ type: 'user.created', timestamp: new Date().toISOString(), data: { padding: 'x'.repeat(900) } });
    const plainStart = Date.now();
    await Promise.all(Array.from({ length: SUBSCRIPTIONS }, () => plainDeliveries(receiver.port, total, body)));
    const plainRate = expected / ((Date.now() - plainStart) / 1000);
    log(
      `  people: without subscriptions ${perSecond(without.rate, 'creates')}, with ${SUBSCRIPTIONS} ${perSecond(withSubscribers.rate, 'creates')}; ` +
        `${count(expected)} deliveries in ${seconds(deliveryMs)} = ${perSecond(deliveryRate, 'deliveries')}, plain POSTs ${perSecond(plainRate, 'deliveries')}`,
    );
    return [
      row({
        scenario: `webhooks-writes (${SUBSCRIPTIONS} subs)`,
        gateway: perSecond(withSubscribers.rate, 'creates'),
        baseline: perSecond(without.rate, 'creates'),
        ratio: times(withSubscribers.rate / without.rate),
        target: 'none',
        verdict: 'with subscribers / without (same gateway, same run)',
      }),
      row({
        scenario: 'webhooks-delivery',
        gateway: perSecond(deliveryRate, 'deliveries'),
        baseline: perSecond(plainRate, 'deliveries'),
        ratio: times(deliveryRate / plainRate),
        target: 'none',
        verdict: 'a backlog drained / plain signed POSTs',
      }),
    ];
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
    await bench.db.query(`delete from webhook_subscription`);
  }
}
