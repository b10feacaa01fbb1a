import { badRequest, type ErrorDetail } from './errors';

/** Text columns hold at most 255 characters, as OpenOLAT's do. */
export const MAX_LENGTH = 255;

/** OpenOLAT's form error for a value longer than its field allows. */
export const tooLong = (property: string, max = MAX_LENGTH): ErrorDetail => ({
  code: `org.olat.core:form.error.toolong:${property}`,
  translation: `${property} is longer than ${max} characters.`,
});

/**
 * A search value (a pattern matched against text columns of every row in scope) is at most as long as
 * the longest column it is matched against: a longer one can match nothing, and a pattern of
 * hundreds of kilobytes held a database connection for seconds.
 */
export function requireSearchValues(values: Record<string, string | null | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if ((value?.length ?? 0) > MAX_LENGTH) throw badRequest(`the search value ${name} is longer than ${MAX_LENGTH} characters`);
  }
}

/** OpenOLAT's form error for a missing mandatory value. */
export const mandatory = (property: string): ErrorDetail => ({
  code: `org.olat.core:new.form.mandatory:${property}`,
  translation: `${property} is mandatory.`,
});

/** A `tooLong` error for each of the named values that is longer than `max`. */
export const tooLongValues = (values: Record<string, string | null | undefined>, max = MAX_LENGTH): ErrorDetail[] =>
  Object.entries(values)
    .filter(([, value]) => (value?.length ?? 0) > max)
    .map(([property]) => tooLong(property, max));
