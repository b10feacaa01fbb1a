import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** The message of the access line each request gets (src/ops/access-log.ts). */
export const ACCESS_LINE = 'request';

/** How much of the access lines is gathered before a write (at most 100 ms pass before one anyway). */
const GATHERED_BYTES = 64 * 1024;

export interface LoggerOptions {
  level: string;
  production: boolean;
  /** Where the lines go; standard output when not given (tests capture them here). */
  destination?: DestinationStream;
}

/**
 * JSON lines (pino) on standard output; readable lines (pino-pretty) instead when standard output
 * is a terminal and the service does not run in production.
 */
export function createLogger({ level, production, destination }: LoggerOptions): Logger {
  const options = { level, timestamp: isoTimeByMillisecond() };
  if (destination) return pino(options, destination);
  if (process.stdout.isTTY && !production) {
    // Loaded only here: a development aid, never on the production path.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pretty = require('pino-pretty') as typeof import('pino-pretty');
    return pino(options, pretty.build({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
  }
  // Lines are written asynchronously (a request does not wait for its access line's write). Access lines are gathered
  // up to 64 KiB or 100 ms a write: each write hands the text to a thread of libuv's pool and is woken back, which
  // held the event loop about 150 µs a write on a virtual machine (8–10 µs a request at 4 KiB a write). Any other
  // line goes out at once with what is gathered, so that what the service says of itself (listening, stopping,
  // errors) is not held back. pino writes what is still buffered when the process exits.
  const stdout = pino.destination({ dest: 1, sync: false, minLength: GATHERED_BYTES, maxWrite: 4 * GATHERED_BYTES, periodicFlush: 100 });
  const hooks = {
    logMethod(this: Logger, args: unknown[], write: (...args: unknown[]) => void) {
      write.apply(this, args);
      if (args[1] !== ACCESS_LINE) stdout.flush();
    },
  };
  return pino({ ...options, hooks }, stdout);
}

/** pino's `isoTime`, written once a millisecond: under load several lines share one (a Date and its ISO text each). */
function isoTimeByMillisecond(): () => string {
  let millisecond = -1;
  let field = '';
  return () => {
    const now = Date.now();
    if (now !== millisecond) {
      millisecond = now;
      field = `,"time":"${new Date(now).toISOString()}"`;
    }
    return field;
  };
}
