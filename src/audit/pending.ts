import type { GraphQLOutputType } from 'graphql';
import type { WriteObject } from '../changes/objects';

/** The audit row a mutation owes until it is written: in the mutation's transaction if it opens one, else after it. */
export interface PendingAudit {
  operation: string;
  args: Record<string, unknown>;
  resultTypeName: string | undefined;
  /** The mutation's GraphQL type: its event carries the result's REST JSON representation (the command line has none: keys only). */
  resultType?: GraphQLOutputType;
  written: boolean;
  /** The object its arguments name, read before the write (null: its result names it); absent: read with the write. */
  object?: WriteObject | null;
  /** A deletion's: the organisations its object belonged to before the write. */
  organisationKeys?: string[] | null;
}
