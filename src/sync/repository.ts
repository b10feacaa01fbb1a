import type { EntityManager } from '@mikro-orm/postgresql';
import type { Transport } from '../domain/context';
import { sql, textArray } from '../db/sql';
import type { Section, StagedObject } from './document';

export type JobState = 'staging' | 'queued' | 'running' | 'planned' | 'done' | 'failed' | 'refused' | 'stopped';
export const ACTIONS = ['create', 'update', 'unchanged', 'remove', 'error'] as const;
export type Action = (typeof ACTIONS)[number];

/** Per section: how many objects, how many the job has come to, and what it did with them. */
export interface SectionProgress {
  total: number;
  done: number;
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
  failed: number;
}

export interface JobRow {
  key: number;
  ownerKey: number;
  /** The organisation the submitter's credential was bound to. */
  organisationKey: number | null;
  transport: Transport;
  mode: 'merge' | 'mirror';
  dryRun: boolean;
  atomic: boolean;
  force: boolean;
  state: JobState;
  error: string | null;
  progress: Partial<Record<Section, SectionProgress>>;
  attempts: number;
  prepared: boolean;
  /** How many objects the document staged. */
  staged: number;
  submitted: Date;
  started: Date | null;
  finished: Date | null;
}

export interface ItemRow {
  seq: number;
  section: Section;
  ref: string;
  container: string | null;
  role: string | null;
  memberKey: number | null;
  payload: Record<string, unknown>;
  action: Action | null;
  changes: { field: string; before: string | null; after: string | null }[] | null;
  error: string | null;
  key: number | null;
  /** Not stored: the hash of the password the item gives, where it is not the person's already (src/sync/sections/people.ts). */
  passwordHash?: string;
}

/** What a job did with one object. */
export interface Outcome {
  seq: number;
  action: Action;
  changes?: ItemRow['changes'];
  error?: string | null;
  key?: number | null;
}

const JOB_COLUMNS = `j.id::int as key, j.owner_key as "ownerKey", j.organisation_key as "organisationKey", j.transport, j.mode, j.dry_run as "dryRun", j.atomic, j.force, j.state, j.error,
  j.progress, j.attempts, j.prepared, j.staged, j.creation_date as submitted, j.started_at as started, j.finished_at as finished`;

const OBJECT_COLUMNS = `i.seq, i.section, i.ref, i.container, i.role, i.member_key as "memberKey", i.payload`;
/** An object and what the job did with it: `sync_item i`, `sync_outcome o` (none: the job has not come to it). */
const ITEM_COLUMNS = `${OBJECT_COLUMNS}, o.action, o.changes, o.error, o.result_key as key`;

export async function insertJob(
  em: EntityManager,
  job: Pick<JobRow, 'ownerKey' | 'organisationKey' | 'transport' | 'mode' | 'dryRun' | 'atomic' | 'force'>,
): Promise<number> {
  const [row] = await sql<{ key: number }>(
    em,
    `insert into sync_job (owner_key, organisation_key, transport, mode, dry_run, atomic, force, state)
     values (?, ?, ?, ?, ?, ?, ?, 'staging') returning id::int as key`,
    [job.ownerKey, job.organisationKey, job.transport, job.mode, job.dryRun, job.atomic, job.force],
  );
  return row.key;
}

export async function jobByKey(em: EntityManager, key: number): Promise<JobRow | null> {
  const [row] = await sql<JobRow>(em, `select ${JOB_COLUMNS} from sync_job j where j.id = ?`, [key]);
  return row ?? null;
}

/** The newest jobs, of one owner or (null) of all. */
export function jobsOf(em: EntityManager, ownerKey: number | null, limit: number): Promise<JobRow[]> {
  return ownerKey == null
    ? sql<JobRow>(em, `select ${JOB_COLUMNS} from sync_job j order by j.id desc limit ?`, [limit])
    : sql<JobRow>(em, `select ${JOB_COLUMNS} from sync_job j where j.owner_key = ? order by j.id desc limit ?`, [ownerKey, limit]);
}

/** Adds objects to a job, numbered from `firstSeq`; an object that could not be read is its error already. */
export async function stage(em: EntityManager, jobKey: number, firstSeq: number, objects: StagedObject[]): Promise<void> {
  const rows = objects.map((object, index) => ({
    seq: firstSeq + index,
    section: object.section,
    ref: object.ref.slice(0, 255),
    container: object.container?.slice(0, 300) ?? null,
    role: object.role?.slice(0, 32) ?? null,
    payload: object.payload,
  }));
  await sql(
    em,
    `insert into sync_item (job_id, seq, section, ref, container, role, payload)
     select ?, r.seq, r.section, r.ref, r.container, r.role, r.payload
     from jsonb_to_recordset(?::jsonb) as r(seq int, section text, ref text, container text, role text, payload jsonb)`,
    [jobKey, JSON.stringify(rows)],
  );
  await recordOutcomes(
    em,
    jobKey,
    objects.flatMap((object, index) => (object.error ? [{ seq: firstSeq + index, action: 'error' as const, error: object.error }] : [])),
  );
}

/** The objects per section; those that could not be read count as done and failed from the start. */
export async function stagedCounts(em: EntityManager, jobKey: number): Promise<{ section: Section; total: number; failed: number }[]> {
  return sql(
    em,
    `select i.section, count(*)::int as total, count(o.seq)::int as failed
       from sync_item i left join sync_outcome o on o.job_id = i.job_id and o.seq = i.seq and o.action = 'error' where i.job_id = ? group by i.section`,
    [jobKey],
  );
}

/** The number of objects the document staged, kept with the job when it is queued. */
export async function noteStaged(em: EntityManager, jobKey: number, staged: number): Promise<void> {
  await sql(em, 'update sync_job set staged = ? where id = ?', [staged, jobKey]);
}

/** Whether the job's objects are there: a database that restarted after a crash has lost them (unlogged tables). */
export async function itemsKept(em: EntityManager, jobKey: number): Promise<boolean> {
  const [row] = await sql(em, 'select 1 from sync_item i where i.job_id = ? limit 1', [jobKey]);
  return row !== undefined;
}

export async function lastSeq(em: EntityManager, jobKey: number): Promise<number> {
  const [row] = await sql<{ seq: number | null }>(em, 'select max(i.seq) as seq from sync_item i where i.job_id = ?', [jobKey]);
  return row.seq ?? 0;
}

/** The containers and roles of a job's memberships, each once. */
export function containersOf(em: EntityManager, jobKey: number): Promise<{ container: string; role: string }[]> {
  return sql(
    em,
    `select distinct i.container, i.role from sync_item i where i.job_id = ? and i.section = 'memberships'
       and not exists (select 1 from sync_outcome o where o.job_id = i.job_id and o.seq = i.seq and o.action = 'error') order by 1, 2`,
    [jobKey],
  );
}

/** The next objects of a section the job has not come to, in document order. */
export function pendingItems(em: EntityManager, jobKey: number, section: Section, afterSeq: number, limit: number): Promise<ItemRow[]> {
  return sql<ItemRow>(
    em,
    `select ${OBJECT_COLUMNS}, null as action, null as changes, null as error, null as key from sync_item i
     where i.job_id = ? and i.section = ? and i.seq > ? and not exists (select 1 from sync_outcome d where d.job_id = i.job_id and d.seq = i.seq)
     order by i.seq limit ?`,
    [jobKey, section, afterSeq, limit],
  );
}

/** A page of a job's objects after `afterSeq`, of one section and action if given: a statement per combination, each with its index. */
export function items(
  em: EntityManager,
  jobKey: number,
  filter: { section?: string | null; action?: string | null },
  afterSeq: number,
  limit: number,
): Promise<ItemRow[]> {
  const section = filter.section == null ? '' : ' and i.section = ?';
  // By action: the outcomes' index leads; else the objects in order, with what was done with them.
  const text =
    filter.action == null
      ? `select ${ITEM_COLUMNS} from sync_item i left join sync_outcome o on o.job_id = i.job_id and o.seq = i.seq
         where i.job_id = ?${section} and i.seq > ? order by i.seq limit ?`
      : `select ${ITEM_COLUMNS} from sync_outcome o join sync_item i on i.job_id = o.job_id and i.seq = o.seq
         where o.job_id = ? and o.action = ?${section} and o.seq > ? order by o.seq limit ?`;
  return sql<ItemRow>(em, text, [
    jobKey,
    ...(filter.action == null ? [] : [filter.action]),
    ...(filter.section == null ? [] : [filter.section]),
    afterSeq,
    limit,
  ]);
}

/** What the job did with these objects: one row each, once (an object done again, after its batch was lost, is done alike). */
export async function recordOutcomes(em: EntityManager, jobKey: number, outcomes: Outcome[]): Promise<void> {
  if (!outcomes.length) return;
  const rows = outcomes.map((outcome) => ({
    seq: outcome.seq,
    action: outcome.action,
    changes: outcome.changes?.length ? outcome.changes : null,
    error: outcome.error ?? null,
    key: outcome.key ?? null,
  }));
  await sql(
    em,
    `insert into sync_outcome (job_id, seq, action, changes, error, result_key)
     select ?, r.seq, r.action, r.changes, r.error, r.key from jsonb_to_recordset(?::jsonb) as r(seq int, action text, changes jsonb, error text, key bigint)
     on conflict (job_id, seq) do update set action = excluded.action, changes = excluded.changes, error = excluded.error, result_key = excluded.result_key`,
    [jobKey, JSON.stringify(rows)],
  );
}

/** Notes the person each membership names, as found before the job writes anything. */
export async function noteMembers(em: EntityManager, jobKey: number, found: { seq: number; key: number }[]): Promise<void> {
  if (!found.length) return;
  await sql(em, `update sync_item i set member_key = r.key from jsonb_to_recordset(?::jsonb) as r(seq int, key int) where i.job_id = ? and i.seq = r.seq`, [
    JSON.stringify(found),
    jobKey,
  ]);
}

export async function markPrepared(em: EntityManager, jobKey: number, progress: JobRow['progress']): Promise<void> {
  await sql(em, 'update sync_job set prepared = true, progress = ?::jsonb where id = ?', [JSON.stringify(progress), jobKey]);
}

/** Adds a batch's counts to its section's progress, in the batch's transaction. */
export async function addProgress(em: EntityManager, jobKey: number, section: Section, counts: SectionProgress): Promise<void> {
  await sql(
    em,
    `update sync_job set progress = jsonb_set(progress, array[?::text],
       (select jsonb_object_agg(c.key, coalesce((progress -> ?::text ->> c.key)::int, 0) + c.value::int) from jsonb_each_text(?::jsonb) c))
     where id = ?`,
    [section, section, JSON.stringify(counts), jobKey],
  );
}

export async function saveProgress(em: EntityManager, jobKey: number, progress: JobRow['progress']): Promise<void> {
  await sql(em, 'update sync_job set progress = ?::jsonb where id = ?', [JSON.stringify(progress), jobKey]);
}

export async function setState(em: EntityManager, jobKey: number, state: JobState, error: string | null = null): Promise<void> {
  const ended = !['staging', 'queued', 'running'].includes(state);
  await sql(
    em,
    `update sync_job set state = ?, error = ?, started_at = case when ? then coalesce(started_at, now()) else started_at end,
       finished_at = case when ? then now() else null end, lease_holder = case when ? then null else lease_holder end,
       leased_until = case when ? then null else leased_until end where id = ?`,
    [state, error, ended, ended, ended, ended, jobKey],
  );
  if (ended) await releaseClaims(em, jobKey);
}

/**
 * A mirror job's hold on its containers: answers the containers another running job holds (then none is taken).
 * The caller's transaction rolls back on a conflict.
 */
export async function claimContainers(em: EntityManager, jobKey: number): Promise<{ container: string; jobKey: number }[]> {
  const taken = await sql<{ container: string }>(
    em,
    `insert into sync_claim (container, job_id)
     select distinct i.container, ?::bigint from sync_item i where i.job_id = ? and i.section = 'memberships'
       and not exists (select 1 from sync_outcome o where o.job_id = i.job_id and o.seq = i.seq and o.action = 'error')
     on conflict do nothing returning container`,
    [jobKey, jobKey],
  );
  return sql(
    em,
    `select c.container, c.job_id::int as "jobKey" from sync_item i join sync_claim c on c.container = i.container
     where i.job_id = ? and i.section = 'memberships' and c.job_id <> ? and c.container <> all(?::text[])
     group by c.container, c.job_id order by 1 limit 10`,
    [jobKey, jobKey, textArray(taken.map((row) => row.container))],
  );
}

export async function releaseClaims(em: EntityManager, jobKey: number): Promise<void> {
  await sql(em, 'delete from sync_claim where job_id = ?', [jobKey]);
}

/** Takes up a queued job, or one whose instance stopped (its lease ran out). */
export async function claimDue(em: EntityManager, holder: string, leaseSeconds: number, only?: number): Promise<JobRow | null> {
  const [row] = await sql<JobRow>(
    em,
    `/* background */ update sync_job j set lease_holder = ?, leased_until = now() + make_interval(secs => ?), attempts = j.attempts + 1,
       state = 'running', started_at = coalesce(j.started_at, now())
     where j.id = (select id from sync_job where state in ('queued', 'running') and (leased_until is null or leased_until < now())
                   ${only === undefined ? '' : 'and id = ?'} order by id limit 1 for update skip locked)
     returning ${JOB_COLUMNS}`,
    only === undefined ? [holder, leaseSeconds] : [holder, leaseSeconds, only],
  );
  return row ?? null;
}

/** Extends the lease for the next batch; false when it was lost (another instance took the job up, or it ended). */
export async function holdForBatch(em: EntityManager, jobKey: number, holder: string, leaseSeconds: number): Promise<boolean> {
  const rows = await sql(
    em,
    `update sync_job set leased_until = now() + make_interval(secs => ?) where id = ? and lease_holder = ? and state = 'running' returning id`,
    [leaseSeconds, jobKey, holder],
  );
  return rows.length > 0;
}

/** An instance that stops lets go of its job at once, for the next to take it up. */
export async function giveUp(em: EntityManager, jobKey: number, holder: string): Promise<void> {
  await sql(em, 'update sync_job set lease_holder = null, leased_until = null where id = ? and lease_holder = ?', [jobKey, holder]);
}

/** The passwords a job's users gave, once the job has ended. */
export async function forgetPasswords(em: EntityManager, jobKey: number): Promise<void> {
  await sql(em, `update sync_item set payload = payload - 'password' where job_id = ? and section = 'users' and payload->'password' is not null`, [jobKey]);
}

/** A job whose document broke off, with what was staged of it. */
export async function deleteJob(em: EntityManager, jobKey: number): Promise<void> {
  await sql(em, 'delete from sync_outcome where job_id = ?', [jobKey]);
  await sql(em, 'delete from sync_item where job_id = ?', [jobKey]);
  await sql(em, 'delete from sync_job where id = ?', [jobKey]);
}

/** Deletes jobs that finished more than `retentionDays` ago, and those whose staging an instance left a day ago, with their objects. */
export async function purgeJobs(em: EntityManager, retentionDays: number): Promise<void> {
  const ended = `select id from sync_job where finished_at < now() - make_interval(days => ?)
    union select id from sync_job where state = 'staging' and creation_date < now() - interval '1 day'`;
  await sql(em, `delete from sync_outcome where job_id in (${ended})`, [retentionDays]);
  await sql(em, `delete from sync_item where job_id in (${ended})`, [retentionDays]);
  await sql(em, `delete from sync_job where id in (${ended})`, [retentionDays]);
}
