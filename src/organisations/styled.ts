import type { StyledEntity } from '../entities/base';
import { normaliseManagedFlags, type ManagedKind } from '../managed/flags';

/** What a named record with a CSS class of its own (an organisation, organisation and element types) takes of its input. */
type StyledFields = Pick<StyledEntity, 'identifier' | 'displayName' | 'description' | 'cssClass' | 'externalId' | 'managedFlags'>;

type StyledInput = Partial<Record<'identifier' | 'displayName' | 'description' | 'cssClass' | 'externalId' | 'managedFlagsString', string | null>>;

/** Copies the given fields (absent: unchanged, null: cleared); names are trimmed and managed flags normalised (unknown dropped, none: null). */
export function applyStyledInput(record: StyledFields, input: StyledInput, kind: ManagedKind): void {
  if (input.identifier !== undefined) record.identifier = input.identifier?.trim() ?? '';
  if (input.displayName !== undefined) record.displayName = input.displayName?.trim() ?? '';
  if (input.description !== undefined) record.description = input.description;
  if (input.cssClass !== undefined) record.cssClass = input.cssClass;
  if (input.externalId !== undefined) record.externalId = input.externalId;
  if (input.managedFlagsString !== undefined) record.managedFlags = normaliseManagedFlags(kind, input.managedFlagsString) || null;
}
