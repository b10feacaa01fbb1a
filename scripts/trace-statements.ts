import { Client } from 'pg';

export interface TracedStatement {
  text: string;
  values: unknown[];
}

/** The service's own periodic statements, sent whatever request happens to be traced: the settings reload, and those marked as background work with a leading comment (webhook delivery). */
const BACKGROUND = new Set(['select key, value from app_setting']);
const isBackground = (text: string) => BACKGROUND.has(text) || text.startsWith('/* background */');

/**
 * Records the statements every pg client of this process sends while `work` runs (MikroORM's, the
 * read pool's and a baseline's alike), with their bound values; background statements are left out.
 * They are added to `seen` as they are sent, for a test that watches them while `work` runs.
 */
export async function traceStatements(work: () => Promise<unknown>, seen: TracedStatement[] = []): Promise<TracedStatement[]> {
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as string | { text?: string; values?: unknown[] };
    const text = typeof config === 'string' ? config : config?.text;
    const values = (Array.isArray(args[1]) ? args[1] : typeof config === 'object' ? config?.values : undefined) ?? [];
    if (text && !isBackground(text)) seen.push({ text, values });
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto.query = original;
  }
  return seen;
}

/** The statement as SQL text with its values written in (MikroORM sends values inline, pg pools as $n), for comparing. */
export function inlined({ text, values }: TracedStatement): string {
  const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);
  return text
    .replace(/\$(\d+)/g, (_, n: string) => literal(values[Number(n) - 1]))
    .replace(/\s+/g, ' ')
    .trim();
}
