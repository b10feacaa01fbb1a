import type { RelationRole } from '../entities/relations';
import { normaliseManagedFlags } from '../managed/flags';
import type { IdentityToIdentityRelationVO, RelationRoleVO } from '../schema/relation-types';
import { knownRights } from './relation-rights';

export function toRelationRoleVO(role: RelationRole): RelationRoleVO {
  return {
    key: role.id,
    role: role.role,
    externalId: role.externalId ?? null,
    externalRef: role.externalRef ?? null,
    managedFlags: normaliseManagedFlags('role', role.managedFlags),
    rights: knownRights(role.rights),
  };
}

export interface RelationRow {
  key: number;
  identitySourceKey: number;
  identityTargetKey: number;
  externalId: string | null;
  managedFlags: string | null;
  relationRoleKey: number;
  relationRole: string;
}

/** Columns of a RelationRow from `identity_relation r join relation_role rr on rr.id = r.role_id`. */
export const RELATION_ROW_COLUMNS =
  'r.id as key, r.source_id as "identitySourceKey", r.target_id as "identityTargetKey", r.external_id as "externalId", r.managed_flags as "managedFlags", r.role_id as "relationRoleKey", rr.role as "relationRole"';

export function toRelationVO(row: RelationRow): IdentityToIdentityRelationVO {
  return {
    key: row.key,
    identitySourceKey: row.identitySourceKey,
    identityTargetKey: row.identityTargetKey,
    externalId: row.externalId ?? null,
    managedFlagsString: normaliseManagedFlags('relation', row.managedFlags),
    relationRoleKey: row.relationRoleKey,
    relationRole: row.relationRole,
  };
}
