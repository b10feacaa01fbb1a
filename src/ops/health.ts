import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Orm } from '../db/orm';

/** How long `/ready` waits for the database's answer to `select 1`. */
const DATABASE_TIMEOUT_MS = 2000;

const within = <T>(ms: number, work: Promise<T>) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });

/**
 * Readiness: the database answers `select 1` and no migration is pending. The migrator is asked
 * until it has once found none pending (migrations only run at start, so that stays true).
 */
export class Readiness {
  private migrated = false;

  constructor(private readonly orm: Orm) {}

  /** null when ready, else why not. */
  async problem(): Promise<string | null> {
    try {
      await within(DATABASE_TIMEOUT_MS, this.orm.em.fork().getConnection().execute('select 1'));
    } catch {
      return 'the database does not answer';
    }
    if (!this.migrated) {
      try {
        const pending = await within(DATABASE_TIMEOUT_MS, this.orm.getMigrator().getPendingMigrations());
        if (pending.length) return `${pending.length} migration(s) pending: ${pending.map((migration) => migration.name).join(', ')}`;
      } catch {
        return 'the migrations could not be read';
      }
      this.migrated = true;
    }
    return null;
  }
}

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
};

/** `/health`: 200 while the process serves. */
export function serveHealth(_req: IncomingMessage, res: ServerResponse) {
  sendJson(res, 200, { status: 'ok' });
}

/** `/ready`: 200 when the database answers and is migrated; 503 with `Retry-After: 1` and the reason otherwise. */
export async function serveReady(readiness: Readiness, _req: IncomingMessage, res: ServerResponse) {
  const problem = await readiness.problem();
  if (!problem) return sendJson(res, 200, { status: 'ok' });
  res.setHeader('Retry-After', '1');
  sendJson(res, 503, { status: 'unavailable', reason: problem });
}
