import { loadConfig } from '../../src/config/config';
import { runCli } from '../../src/cli/main';
import type { TestService } from './service';

export interface CliResult {
  code: number;
  out: string[];
  err: string[];
}

/** `npm run cli -- …args` on the test service's database, in this process: its exit code and its lines. */
export async function cli(t: TestService, ...args: string[]): Promise<CliResult> {
  const result: CliResult = { code: 0, out: [], err: [] };
  const config = loadConfig({ ...process.env, DATABASE_URL: t.databaseUrl, ADMIN_LOGIN: 'administrator' });
  result.code = await runCli(args, { out: (line) => result.out.push(line), err: (line) => result.err.push(line) }, config);
  return result;
}
