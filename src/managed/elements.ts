import { Directive, Extensions } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { managed } from '../schema/directives';
import type { ManagedKind } from './flags';

/** The current state of a managed element: its flags and its field values, keyed like the input type. */
export interface ManagedTarget {
  managedFlags: string | null | undefined;
  values: Record<string, unknown>;
}

/** How the managed guard finds the element of one kind that an operation acts on. */
export interface ManagedElement {
  kind: ManagedKind;
  /** The element named by the operation's arguments; null when there is none (yet), e.g. a create. Reads only. */
  load(args: Record<string, any>, ctx: RequestContext): Promise<ManagedTarget | null>;
  /** The family policy's object check, decided before any flag, so that a caller without rights is told 403 rather than 409. */
  authorize?(args: Record<string, any>, ctx: RequestContext): Promise<void>;
}

/**
 * `@Managed(element, flag)` on a mutation: the `@managed(kind:, flag:)` directive the SDL shows, and
 * the element loader the guard (src/managed/enforcement.ts) uses. `flag` null: only the flags of
 * the input fields guard the operation.
 */
export function Managed(element: ManagedElement, flag: string | null): MethodDecorator {
  return (prototype, property, descriptor) => {
    Directive(managed(element.kind, flag))(prototype, property, descriptor);
    Extensions({ managedElement: element })(prototype, property, descriptor);
  };
}
