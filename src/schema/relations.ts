import { RELATION_RIGHTS } from '../relations/rights';
import { field, long, text, wireType } from './wire-shape';

/** OpenOLAT's RelationRoleVO (catalogue 3.9); in XML every right is its own `<rights>` element. */
export const [RelationRoleVO, RelationRoleVOInput] = wireType(
  {
    name: 'RelationRoleVO',
    inputDescription:
      'A RelationRoleVO as a client sends it. On update, absent fields keep their value here (on REST they are cleared, as OpenOLAT does; the name stays); rights, when given, replace the set (unknown ids are dropped).',
  },
  {
    key: long.describeInput('On PUT/POST /users/relations/roles a key > 0 updates that role.'),
    role: text.describeInput('Required when creating.').managed('name'),
    externalId: text.nullable.managed('any'),
    externalRef: text.nullable.managed('any'),
    managedFlags: text.describe('Comma-separated managed flags (all, name, rights, delete), normalised; "" when none.').managed('any'),
    rights: field<string[]>(() => [String])
      .describe(`Right ids, in this order: ${RELATION_RIGHTS.join(', ')}.`)
      .describeInput('Unknown right ids are dropped; [] (or in XML one empty <rights/>) removes every right.')
      .managed('rights'),
  },
);
export type RelationRoleVO = InstanceType<typeof RelationRoleVO>;
export type RelationRoleVOInput = InstanceType<typeof RelationRoleVOInput>;

/** OpenOLAT's IdentityToIdentityRelationVO (catalogue 3.9): the source holds the role's rights over the target. */
export const [IdentityToIdentityRelationVO, IdentityToIdentityRelationVOInput] = wireType(
  {
    name: 'IdentityToIdentityRelationVO',
    inputDescription:
      'A new relation: identitySourceKey, identityTargetKey and relationRoleKey are required; a key is refused (relations are not updated); relationRole is ignored.',
  },
  {
    key: long,
    identitySourceKey: long,
    identityTargetKey: long,
    externalId: text.nullable,
    managedFlagsString: text.describe('Comma-separated managed flags (all, delete), normalised; "" when none.'),
    relationRoleKey: long,
    relationRole: text.describe('The name of the relation role.'),
  },
);
export type IdentityToIdentityRelationVO = InstanceType<typeof IdentityToIdentityRelationVO>;
export type IdentityToIdentityRelationVOInput = InstanceType<typeof IdentityToIdentityRelationVOInput>;
