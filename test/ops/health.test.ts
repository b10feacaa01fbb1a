import { Client } from 'pg';
import { call } from '../support/http';
import { startTestService, type TestService } from '../support/service';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

async function sql(url: string, statement: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('/health and /ready', () => {
  it('answer 200 without credentials, never cached, outside /restapi', async () => {
    for (const path of ['/health', '/ready']) {
      const reply = await call(t.base, 'GET', path);
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ status: 'ok' });
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect((await call(t.base, 'GET', '/restapi/health')).status).toBe(401);
    expect((await call(t.base, 'POST', '/health')).status).toBe(405);
    expect((await call(t.base, 'HEAD', '/ready')).status).toBe(200);
  });

  it('/ready is 503 with Retry-After and the reason while a migration is pending', async () => {
    const other = await startTestService();
    try {
      // As if the service had started on an older database: its last migration not yet applied.
      const last = await sql(other.databaseUrl, 'delete from mikro_orm_migrations where id = (select max(id) from mikro_orm_migrations) returning name');
      const reply = await call(other.base, 'GET', '/ready');
      expect(reply.status).toBe(503);
      expect(reply.headers.get('retry-after')).toBe('1');
      expect(reply.json.status).toBe('unavailable');
      expect(reply.json.reason).toContain(last.rows[0].name);
      expect((await call(other.base, 'GET', '/health')).status).toBe(200);
    } finally {
      await other.stop();
    }
  });

  it('/ready is 503 when the database does not answer; /health stays 200', async () => {
    const other = await startTestService();
    try {
      expect((await call(other.base, 'GET', '/ready')).status).toBe(200);
      await other.service.orm.close();
      const reply = await call(other.base, 'GET', '/ready');
      expect(reply.status).toBe(503);
      expect(reply.headers.get('retry-after')).toBe('1');
      expect(reply.json).toEqual({ status: 'unavailable', reason: 'the database does not answer' });
      expect((await call(other.base, 'GET', '/health')).status).toBe(200);
    } finally {
      await other.stop().catch(() => undefined);
    }
  });
});
