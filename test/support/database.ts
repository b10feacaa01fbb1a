import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Shared between jest's global setup and the test files (they run in other processes). */
export const STATE_FILE = path.join(os.tmpdir(), 'gateway-test-db.json');

export interface TestDatabaseState {
  /** Server URL without a database name (ends with '/'). */
  serverUrl: string;
  embeddedDir?: string;
}

export function readState(): TestDatabaseState {
  return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
}
