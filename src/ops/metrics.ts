import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A connection pool as the metrics see it. */
export interface PoolStats {
  name: string;
  inUse: number;
  idle: number;
  waiting: number;
}

/**
 * The service's Prometheus metrics, in a registry of its own (several services may share a
 * process in tests): requests by route pattern, method and status, their durations, the database
 * pools, logins refused and throttled, and Node's default metrics (event-loop lag among them).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly durations: Histogram<'route' | 'method'>;
  private readonly loginsRefused: Counter;
  private readonly throttled: Counter;

  constructor(pools: () => PoolStats[]) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to the end of its answer, by route pattern and method',
      labelNames: ['route', 'method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.loginsRefused = new Counter({ name: 'logins_refused_total', help: 'Login attempts refused: wrong login or password', registers });
    this.throttled = new Counter({
      name: 'throttled_requests_total',
      help: 'Requests refused with 429 by the login throttle or the request budgets',
      registers,
    });
    const gauge = (state: 'inUse' | 'idle' | 'waiting', name: string, help: string) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'],
        registers,
        collect() {
          for (const pool of pools()) this.set({ pool: pool.name }, pool[state]);
        },
      });
    gauge('inUse', 'db_pool_connections_in_use', 'Database connections lent out');
    gauge('idle', 'db_pool_connections_idle', 'Database connections open and idle');
    gauge('waiting', 'db_pool_requests_waiting', 'Requests waiting for a database connection');
  }

  request(route: string, method: string, status: number, seconds: number) {
    this.requests.inc({ route, method, status: String(status) });
    this.durations.observe({ route, method }, seconds);
  }

  loginRefused() {
    this.loginsRefused.inc();
  }

  requestThrottled() {
    this.throttled.inc();
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `GET /metrics` with `Authorization: Bearer <token>`: the text format Prometheus scrapes; 401 without the token. */
export async function serveMetrics(metrics: Metrics, token: string, req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Cache-Control', 'no-store');
  const sent = req.headers.authorization?.match(/^bearer\s+(\S+)\s*$/i)?.[1];
  if (!sent || !timingSafeEqual(digest(sent), digest(token))) {
    res.statusCode = 401;
    res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    return void res.end(JSON.stringify({ status: 401, message: 'the metrics need Authorization: Bearer <METRICS_TOKEN>' }));
  }
  const body = await metrics.registry.metrics();
  res.setHeader('Content-Type', metrics.registry.contentType);
  res.end(req.method === 'HEAD' ? undefined : body);
}
