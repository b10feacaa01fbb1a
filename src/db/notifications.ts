import { Client } from 'pg';

type Handler = (payload: string) => void;

/**
 * The one LISTEN connection of an instance: the channels through which instances tell each other
 * of changes (settings, principals). While the connection is down, `connected` is false and the
 * `onDown` handlers run, so that caches stop trusting what they hold; it reconnects every second.
 */
export class DatabaseNotifications {
  private readonly handlers = new Map<string, Handler[]>();
  private readonly downHandlers: (() => void)[] = [];
  private client?: Client;
  private retry?: NodeJS.Timeout;
  private stopped = false;
  connected = false;

  constructor(private readonly databaseUrl: string) {}

  /** Channel names are fixed identifiers of this code base (they are written into LISTEN). */
  on(channel: string, handler: Handler): void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`channel name ${channel}`);
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
  }

  onDown(handler: () => void): void {
    this.downHandlers.push(handler);
  }

  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`listen ${channel}`);
    if (this.stopped) return void (await client.end());
    this.client = client;
    this.connected = true;
  }

  private lost(client: Client) {
    if (this.client !== client) return;
    this.client = undefined;
    this.connected = false;
    for (const handler of this.downHandlers) handler();
    void client.end().catch(() => undefined);
    this.reconnectLater();
  }

  private reconnectLater() {
    if (this.stopped) return;
    this.retry = setTimeout(() => void this.connect().catch(() => this.reconnectLater()), 1000).unref();
  }
}
