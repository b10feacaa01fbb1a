import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { nameWrittenObject } from '../audit/audit-log';
import { requireCaller, type RequestContext } from '../domain/context';
import { notFound, validationFailed, type ErrorDetail } from '../domain/errors';
import { mandatory, tooLong, tooLongValues } from '../domain/validation';
import { ENTRY_STATUSES, type EntryStatus } from '../entities/courses';
import type { CourseVOInput, RepositoryEntryLifecycleVOInput } from '../schema/courses';
import { identityExists } from '../users/repository';
import type { EntryRow } from './presenter';
import * as entries from './repository';
import type { EntryLocator } from './repository';

/** What the course operations share: the entry an address names, a course's status and lifecycle as clients send them, and its first owner. */

export const COURSE_TYPE = 'CourseModule';

export async function locateEntry(ctx: RequestContext, entry: string): Promise<EntryRow> {
  const row = await entries.findEntryByKeyOrSoftkey(ctx.em, entry);
  if (!row) throw notFound('repository entry');
  return row;
}

export async function findCourse(ctx: RequestContext, courseKey: number): Promise<EntryRow> {
  const row = await entries.findEntry(ctx.em, { olatResourceId: courseKey } satisfies EntryLocator);
  if (!row || row.resourceTypeName !== COURSE_TYPE) throw notFound('course');
  return row;
}

/** The entry a course or entry operation names: `{ courseKey }` (the OLAT resource id) or `{ entry }` (key or softkey). */
export type EntryAddress = { courseKey: number } | { entry: string };

export const locate = (ctx: RequestContext, address: EntryAddress) =>
  'courseKey' in address ? findCourse(ctx, address.courseKey) : locateEntry(ctx, address.entry);

/** The legacy `access` integer with `membersOnly` as a status (catalogue 2.4 "Legacy access integer"). */
export function statusOfAccess(access: number, membersOnly: boolean): EntryStatus {
  if (access <= 0) return 'trash';
  if (access === 1) return membersOnly ? 'published' : 'preparation';
  if (access === 2) return 'review';
  return 'published';
}

export const isStatus = (value: string): value is EntryStatus => (ENTRY_STATUSES as readonly string[]).includes(value);

const NODE_ACCESS_TYPES = ['condition', 'learningpath'];

/** OpenOLAT's node idents: a random 15-digit number. */
export const nodeIdent = () => `${randomInt(1, 10)}${String(randomInt(0, 100_000_000_000_000)).padStart(14, '0')}`;

/** A lifecycle date: OpenOLAT's zone-less `yyyy-MM-ddTHH:mm:ss` read as UTC, or ISO 8601 with a zone; undefined when unreadable. */
export function lifecycleDateOf(value: string | null | undefined): Date | null | undefined {
  if (!value) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value}Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function validateCourse(input: CourseVOInput): { status: EntryStatus; title: string } {
  const status = input.status ?? input.repoEntryStatus;
  const title = input.title ?? input.displayName ?? input.shortTitle;
  const errors: ErrorDetail[] = [
    ...(title?.trim() ? [] : [mandatory('title')]),
    ...(input.softKey && input.softKey.length > 30 ? [tooLong('softKey', 30)] : []),
    ...(status && !isStatus(status)
      ? [{ code: 'org.olat.repository:status.unknown', translation: `Unknown status "${status}"; the statuses are ${ENTRY_STATUSES.join(', ')}.` }]
      : []),
    ...(input.nodeAccessType && !NODE_ACCESS_TYPES.includes(input.nodeAccessType)
      ? [{ code: 'org.olat.course:nodeAccessType.unknown', translation: `nodeAccessType is ${NODE_ACCESS_TYPES.join(' or ')}.` }]
      : []),
    ...(['validFrom', 'validTo'] as const)
      .filter((field) => lifecycleDateOf(input.lifecycle?.[field]) === undefined)
      .map((field) => ({ code: `org.olat.repository:lifecycle.${field}.invalid`, translation: `lifecycle ${field} is no date (yyyy-MM-ddTHH:mm:ss).` })),
    ...tooLongValues({
      title: input.title,
      lifecycleLabel: input.lifecycle?.label,
    }),
    ...tooLongValues({ lifecycleSoftkey: input.lifecycle?.softkey }, 128),
    ...tooLongValues({ expenditureOfWork: input.expenditureOfWork, sharedFolderSoftKey: input.sharedFolderSoftKey }),
    ...tooLongValues({
      shortTitle: input.shortTitle,
      displayName: input.displayName,
      teaser: input.teaser,
      location: input.location,
      externalId: input.externalId,
      externalRef: input.externalRef,
      managedFlags: input.managedFlags,
    }),
  ];
  if (errors.length) throw validationFailed(errors);
  return {
    status: status ? (status as EntryStatus) : input.access != null ? statusOfAccess(input.access, input.membersOnly === true) : 'preparation',
    title: title!.trim(),
  };
}

/**
 * The one owner of a course PUT /repo/courses creates or copies, as CoursesWebService.createEmptyCourse
 * picks it: with setAuthor (default true) the person initialAuthor names when there is one, else the
 * caller; with setAuthor false nobody. A CourseVO body has neither field: its owner is the caller.
 */
export async function initialOwnerOf(ctx: RequestContext, em: EntityManager, input: CourseVOInput): Promise<number | null> {
  if (input.setAuthor === false) return null;
  if (input.initialAuthor != null && (await identityExists(em, input.initialAuthor))) return input.initialAuthor;
  return requireCaller(ctx).key;
}

/** The columns of a private lifecycle as the VO gives it (absent: none); a date that cannot be read is a validation error. */
export function lifecycleColumns(lifecycle: RepositoryEntryLifecycleVOInput | null | undefined) {
  const validFrom = lifecycleDateOf(lifecycle?.validFrom);
  const validTo = lifecycleDateOf(lifecycle?.validTo);
  const errors = [
    ...(validFrom === undefined ? [{ code: 'org.olat.repository:lifecycle.validFrom.invalid', translation: 'lifecycle validFrom is no date.' }] : []),
    ...(validTo === undefined ? [{ code: 'org.olat.repository:lifecycle.validTo.invalid', translation: 'lifecycle validTo is no date.' }] : []),
    ...tooLongValues({ lifecycleLabel: lifecycle?.label }),
    ...tooLongValues({ lifecycleSoftkey: lifecycle?.softkey }, 128),
  ];
  if (errors.length) throw validationFailed(errors);
  return {
    lifecycle_valid_from: validFrom ?? null,
    lifecycle_valid_to: validTo ?? null,
    lifecycle_label: lifecycle?.label ?? null,
    lifecycle_softkey: lifecycle?.softkey ?? null,
  };
}

/**
 * The entry a creation made (or met), read in its transaction: it is its mutation's object, by its course id, and
 * the transaction answers what the mutation answers (its change event carries that).
 */
export async function createdEntry(ctx: RequestContext, em: EntityManager, entryKey: number): Promise<EntryRow> {
  const row = (await entries.findEntry(em, { key: entryKey }))!;
  nameWrittenObject(ctx, { type: 'course', key: String(row.olatResourceId) });
  return row;
}
