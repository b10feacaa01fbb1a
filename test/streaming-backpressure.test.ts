import http from 'node:http';
import { Client } from 'pg';
import { inlined, traceStatements, type TracedStatement } from '../scripts/trace-statements';
import { BATCH_SIZE } from '../src/domain/lists';
import { JSON_TYPE, XML_TYPE } from './support/http';
import { adminAuth, startTestService, type TestService } from './support/service';

/**
 * A client that stops reading a whole list holds the gateway to what the sockets hold: it reads no further range until
 * the client reads again, compressed or not. What a slow reader of a million people costs the gateway's memory is
 * bounded by this, not by the list.
 */

// Six random MD5s each: ~190 characters that compress to about half, so that even the compressed list (some 15 MB)
// is far more than the loopback sockets' buffers take.
const PEOPLE = 150_000;
const RANGES = Math.ceil(PEOPLE / BATCH_SIZE);

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  const db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  await db.query(`insert into identity (login, first_name, last_name, email, properties)
                  select 'slow-' || n, 'Slow', 'Reader ' || n, 'slow-' || n || '@example.org',
                         jsonb_build_object('telOffice', md5(random()::text) || md5(random()::text) || md5(random()::text)
                                                      || md5(random()::text) || md5(random()::text) || md5(random()::text))
                  from generate_series(1, ${PEOPLE}) n`);
  await db.end();
}, 60_000);
afterAll(() => t.stop());

const ranges = (statements: TracedStatement[]) => statements.filter((s) => /from identity i where i\.id > /.test(inlined(s))).length;

it.each([
  ['JSON', 'none', JSON_TYPE],
  ['JSON', 'gzip', JSON_TYPE],
  ['XML', 'br', XML_TYPE],
] as const)(
  '%s, Accept-Encoding %s: a client that stops reading stops the reading of ranges',
  async (_, asked, type) => {
    const encoding = asked === 'none' ? undefined : asked;
    let encodingAnswered: string | undefined;
    let settledAt = 0;
    const seen: TracedStatement[] = [];
    await traceStatements(
      () =>
        new Promise<void>((resolve, reject) => {
          const headers: Record<string, string> = { ...adminAuth(), ...type, ...(encoding ? { 'Accept-Encoding': encoding } : {}) };
          const request = http.get(`${t.base}/restapi/users`, { headers }, (response) => {
            encodingAnswered = response.headers['content-encoding'];
            response.once('data', () => {
              response.pause();
              // Until the gateway has filled the sockets and waits: no new range for half a second.
              let last = -1;
              const watch = setInterval(() => {
                const now = ranges(seen);
                if (now === last) {
                  clearInterval(watch);
                  settledAt = now;
                  request.destroy();
                  setTimeout(resolve, 200);
                }
                last = now;
              }, 500);
            });
          });
          request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
        }),
      seen,
    );
    expect(encodingAnswered).toBe(encoding);
    expect(settledAt).toBeGreaterThan(0);
    expect(settledAt).toBeLessThan(RANGES / 2);
    // Nothing more was read once the client had gone.
    expect(ranges(seen)).toBeLessThanOrEqual(settledAt + 1);
  },
  60_000,
);
