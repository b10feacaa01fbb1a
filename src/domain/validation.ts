import type { ErrorDetail } from './errors';

/** Text columns hold at most 255 characters, as OpenOLAT's do. */
export const MAX_LENGTH = 255;

/** OpenOLAT's form error for a value longer than its field allows. */
export const tooLong = (property: string, max = MAX_LENGTH): ErrorDetail => ({
  code: `org.olat.core:form.error.toolong:${property}`,
  translation: `${property} is longer than ${max} characters.`,
});

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
