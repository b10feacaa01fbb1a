import 'reflect-metadata';
import { loadConfig } from './config/config';
import { createLogger, type Logger } from './ops/logger';
import { StartRefusal } from './ops/start-refusal';
import { startService, type RunningService } from './server';

/**
 * The service's process: started directly or by `npm start` (npm passes a supervisor's SIGTERM on;
 * `exec` leaves no shell between them). SIGTERM or SIGINT: in-flight requests finish, new
 * connections are refused, the embedded database stops, exit 0; a second signal exits at once.
 */
async function main(logger: Logger, config: ReturnType<typeof loadConfig>) {
  const started: { service?: RunningService } = {};
  let signalled: string | undefined;
  const shutdown = (signal: string) => {
    if (signalled) {
      logger.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    signalled = signal;
    logger.info(`${signal}: finishing in-flight requests and stopping`);
    // During the start, the stop waits for it: the embedded database must not be left running.
    if (started.service) stop(started.service);
  };
  const stop = (running: RunningService) => {
    // A connection that never answers (a database gone silent) must not hold the stop forever.
    setTimeout(
      () => {
        logger.error('the stop did not finish in time: exiting');
        process.exit(1);
      },
      (config.shutdownGraceSeconds + 15) * 1000,
    ).unref();
    return running.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'the stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  started.service = await startService(config, undefined, { logger });
  if (signalled) stop(started.service);
}

let logger: Logger = createLogger({ level: 'info', production: process.env.NODE_ENV === 'production' });
try {
  const config = loadConfig();
  logger = createLogger({ level: config.logLevel, production: config.production });
  main(logger, config).catch((error: unknown) => {
    if (error instanceof StartRefusal) logger.fatal(`the service did not start: ${error.message}`);
    else logger.fatal({ err: error }, 'the service did not start');
    process.exit(1);
  });
} catch (error) {
  logger.fatal(`the configuration is not valid: ${(error as Error).message}`);
  process.exit(1);
}
