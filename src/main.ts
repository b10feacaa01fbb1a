import 'reflect-metadata';
import { loadConfig } from './config/config';
import { startService } from './server';

async function main() {
  const service = await startService(loadConfig());
  const shutdown = (signal: string) => {
    console.log(`${signal}: finishing in-flight requests and stopping`);
    service.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
