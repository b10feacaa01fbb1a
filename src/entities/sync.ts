import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Nullable, Varchar } from './base';

/**
 * A sync job (src/sync): one desired-state document, planned (a dry run) or applied in batches. The lease says which
 * instance runs it now and until when; an instance that stops leaves it to the next one, which resumes after the last
 * committed batch.
 */
@Entity({ tableName: 'sync_job' })
@Index({ name: 'sync_job_due_index', properties: ['state', 'leasedUntil'] })
@Index({ name: 'sync_job_owner_index', properties: ['ownerKey', 'id'] })
export class SyncJob {
  @PrimaryKey({ type: 'bigint', autoincrement: true }) id!: string;
  @Property({ type: 'datetime', defaultRaw: 'now()' }) creationDate: Date = new Date();

  /** Who submitted it: its writes are made as this person, by this person's rights. */
  @Property({ type: 'integer' }) ownerKey!: number;

  /** The organisation the submitter's credential was bound to (src/domain/bound.ts): the job acts within it only. */
  @Nullable('integer') organisationKey?: number | null;

  /** The transport it came through, for its audit rows. */
  @Varchar(16) transport!: string;
  @Varchar(16) mode!: string;
  @Property({ type: 'boolean', default: false }) dryRun = false;
  @Property({ type: 'boolean', default: false }) atomic = false;
  @Property({ type: 'boolean', default: false }) force = false;

  /** queued, running, planned (a dry run), done, failed, refused (the mirror guard) or stopped. */
  @Varchar(16) state!: string;
  @Nullable('text') error?: string | null;

  /** Per section: total, done, created, updated, unchanged, removed, failed. */
  @Property({ type: 'json', default: '{}' }) progress: Record<string, unknown> = {};

  /** How often an instance took it up: one that keeps stopping it is given up. */
  @Property({ type: 'integer', default: 0 }) attempts = 0;
  @Nullable('datetime') startedAt?: Date | null;

  @Nullable('datetime')
  @Index()
  finishedAt?: Date | null;

  /** The members are found and a mirror's removals added (and checked by the guard): done once, before any write. */
  @Property({ type: 'boolean', default: false }) prepared = false;

  /**
   * How many objects the document staged, kept with the job: its objects and outcomes are kept without the write-ahead
   * log (unlogged tables), and a database that restarts after a crash has none of them.
   */
  @Property({ type: 'integer', default: 0 }) staged = 0;
  @Nullable('string', 64) leaseHolder?: string | null;
  @Nullable('datetime') leasedUntil?: Date | null;
}

/**
 * One object of a sync document (or one membership, or one removal a mirror adds), in document order (`seq`); what
 * the job did with it is its SyncOutcome.
 */
@Entity({ tableName: 'sync_item' })
@Index({ name: 'sync_item_section_index', properties: ['job', 'section', 'seq'] })
@Index({ name: 'sync_item_member_index', properties: ['job', 'container', 'role', 'memberKey'] })
export class SyncItem {
  @PrimaryKey({ type: 'bigint', fieldName: 'job_id' }) job!: string;
  @PrimaryKey({ type: 'integer' }) seq!: number;
  @Varchar(32) section!: string;

  /** The object's externalId (a person's, or login); for a membership, the member's. */
  @Varchar() ref!: string;

  /** A membership's container, `group:<externalId>`, and role. */
  @Nullable('string', 300) container?: string | null;
  @Nullable('string', 32) role?: string | null;

  /** A membership's person, found before the job writes anything (null: not there yet). */
  @Nullable('integer') memberKey?: number | null;
  @Property({ type: 'json' }) payload!: Record<string, unknown>;
}

/** What a job did with one object of it: written once the job has come to it (an object that could not be read: when staged). */
@Entity({ tableName: 'sync_outcome' })
@Index({ name: 'sync_outcome_action_index', properties: ['job', 'action', 'seq'] })
export class SyncOutcome {
  @PrimaryKey({ type: 'bigint', fieldName: 'job_id' }) job!: string;
  @PrimaryKey({ type: 'integer' }) seq!: number;

  /** create, update, unchanged, remove or error. */
  @Varchar(16) action!: string;

  /** The changed fields: `[{field, before, after}]`. */
  @Nullable('json') changes?: unknown[] | null;
  @Nullable('text') error?: string | null;

  /** The key of the object it created or changed. */
  @Property({ type: 'bigint', nullable: true }) resultKey?: string | null;
}

/** A container a running mirror job may remove members from: one mirror job per container at a time. */
@Entity({ tableName: 'sync_claim' })
export class SyncClaim {
  @PrimaryKey({ type: 'string', length: 300 }) container!: string;

  @Property({ type: 'bigint' })
  @Index()
  jobId!: string;
}

export const syncEntities = [SyncJob, SyncItem, SyncOutcome, SyncClaim];
