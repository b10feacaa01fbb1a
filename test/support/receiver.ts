import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  /** The path the delivery was POSTed to (a subscription's URL). */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: {
    type: string;
    timestamp: string;
    data: { cursor: string; type: string; objectType: string | null; objectKey: number | null; object: Record<string, unknown> | null };
  };
}

/** A webhook receiver on loopback, as an external system runs one: it records what arrives and answers `status(delivery)`. */
export class Receiver {
  readonly deliveries: Delivery[] = [];
  status: (delivery: Delivery) => number = () => 204;
  /** Writes the answer's body after its status line (none without). */
  answerBody?: (res: ServerResponse) => void;
  delayMs = 0;
  private server?: Server;
  port = 0;

  /** Listens on `port` (another free one when 0). */
  async start(port = this.port): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const delivery: Delivery = { path: req.url ?? '', headers: req.headers, body, json: JSON.parse(body) as Delivery['json'] };
        const status = this.status(delivery);
        if (status >= 200 && status < 300) this.deliveries.push(delivery);
        setTimeout(() => {
          res.writeHead(status);
          if (this.answerBody) this.answerBody(res);
          else res.end();
        }, this.delayMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  /** Stops listening: deliveries find the port closed. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  url(path = '/hook') {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Resolves once `count` deliveries were taken (or throws after `ms`). */
  async received(count: number, ms = 30_000): Promise<Delivery[]> {
    const until = Date.now() + ms;
    while (this.deliveries.length < count) {
      if (Date.now() > until) throw new Error(`${this.deliveries.length} of ${count} deliveries within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return this.deliveries;
  }
}
