import { SyncMode, type SyncItemVO, type SyncJobVO } from '../schema/sync';
import { SECTIONS } from './document';
import type { ItemRow, JobRow } from './repository';

export const toSyncItemVO = (row: ItemRow): SyncItemVO => ({
  seq: row.seq,
  section: row.section,
  ref: row.ref,
  container: row.container,
  role: row.role,
  action: row.action,
  key: row.key,
  changes: row.changes ?? [],
  error: row.error,
});

export const toSyncJobVO = (row: JobRow, failures: ItemRow[]): SyncJobVO => ({
  key: row.key,
  state: row.state,
  mode: row.mode === 'mirror' ? SyncMode.mirror : SyncMode.merge,
  dryRun: row.dryRun,
  atomic: row.atomic,
  force: row.force,
  ownerKey: row.ownerKey,
  submitted: row.submitted,
  started: row.started,
  finished: row.finished,
  error: row.error,
  sections: SECTIONS.map((section) => ({
    section,
    ...{ total: 0, done: 0, created: 0, updated: 0, unchanged: 0, removed: 0, failed: 0 },
    ...row.progress[section],
  })),
  failures: failures.map(toSyncItemVO),
});
