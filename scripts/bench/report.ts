/** The bench's final table and the formatting of its figures. */

export interface Row {
  scenario: string;
  gateway: string;
  baseline: string;
  ratio: string;
  target: string;
  p99Gateway: string;
  p99Baseline: string;
  /** RSS growth during the measured phase, gateway / baseline. */
  rss: string;
  /** CPU time of the server process per request during the measured phase, gateway / baseline: steadier than rates on a busy machine. */
  cpu: string;
  verdict: string;
  /** Something did not work (not: a target was missed); the bench exits non-zero. */
  failed?: boolean;
}

export const HEADINGS: Row = {
  scenario: 'scenario',
  gateway: 'gateway',
  baseline: 'baseline',
  ratio: 'ratio',
  target: 'target',
  p99Gateway: 'p99 gateway',
  p99Baseline: 'p99 baseline',
  rss: 'RSS growth gw / bl',
  cpu: 'CPU/req gw / bl',
  verdict: 'verdict',
};

/** A row with only some cells filled. */
export const row = (cells: Partial<Row> & Pick<Row, 'scenario'>): Row => ({
  gateway: '',
  baseline: '',
  ratio: '',
  target: '',
  p99Gateway: '',
  p99Baseline: '',
  rss: '',
  cpu: '',
  verdict: '',
  ...cells,
});

export const failedRow = (scenario: string, why: string): Row => row({ scenario, verdict: `FAILED: ${why}`, failed: true });

export function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((cells) => cells[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd();
  return [line(rows[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export const rowsTable = (rows: Row[]) => table([HEADINGS, ...rows].map((r) => Object.keys(HEADINGS).map((key) => r[key as keyof Row] as string)));

export const mb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : 'n/a');
export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : 'n/a');
export const seconds = (valueMs: number) => `${(valueMs / 1000).toFixed(2)} s`;
export const perSecond = (value: number, unit: string) => `${value.toFixed(value < 100 ? 1 : 0)} ${unit}/s`;
export const times = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a');
export const count = (value: number) => value.toLocaleString('en-US');
export const microseconds = (seconds: number) => (Number.isFinite(seconds) ? `${Math.round(seconds * 1e6)} µs` : 'n/a');
export const growth = (gateway: number, baseline?: number) => `${mb(gateway)}${baseline === undefined ? '' : ` / ${mb(baseline)}`}`;

/** 'meets target' when `ok`, else 'MISSES target'; a run with problems is a failure whatever the figures. */
export function verdict(ok: boolean, problems: string[] = []): Pick<Row, 'verdict' | 'failed'> {
  if (problems.length) return { verdict: `FAILED: ${problems.join('; ')}`, failed: true };
  return { verdict: ok ? 'meets target' : 'MISSES target' };
}

/** A figure without a target: 'info', unless the run had problems. */
export const info = (problems: string[] = []): Pick<Row, 'verdict' | 'failed'> => (problems.length ? verdict(false, problems) : { verdict: 'info' });
