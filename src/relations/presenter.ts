import type { RelationRole } from '../entities/relations';
import { normaliseManagedFlags } from '../managed/flags';
import type { IdentityToIdentityRelationVO, RelationRoleVO } from '../schema/relations';
import { knownRights } from './rights';

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

/** A row of RELATION_COLUMNS (src/relations/repository.ts). */
export interface RelationRow {
  id: number;
  identitySourceKey: number;
  identityTargetKey: number;
  externalId: string | null;
  managedFlags: string | null;
  relationRoleKey: number;
  relationRole: string;
}

export function toRelationVO(row: RelationRow): IdentityToIdentityRelationVO {
  return {
    key: row.id,
    identitySourceKey: row.identitySourceKey,
    identityTargetKey: row.identityTargetKey,
    externalId: row.externalId ?? null,
    managedFlagsString: normaliseManagedFlags('relation', row.managedFlags),
    relationRoleKey: row.relationRoleKey,
    relationRole: row.relationRole,
  };
}
