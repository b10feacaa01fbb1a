import type { Collection, EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../audit/audit-log';
import type { RequestContext } from '../domain/context';

/** The sub-types a type (of organisation, curriculum element or taxonomy level) allows, by key. */
export async function allowedSubTypes<Type extends { id: number }, VO>(type: { allowedSubTypes: Collection<Type> }, toVO: (type: Type) => VO): Promise<VO[]> {
  await type.allowedSubTypes.init();
  return type.allowedSubTypes
    .getItems()
    .sort((a, b) => a.id - b.id)
    .map(toVO);
}

/** `change` (allow or disallow) of the type and its sub-type in a transaction, once `findType` has found both (404 otherwise, the type first). */
export function changeSubType(
  ctx: RequestContext,
  key: number,
  subTypeKey: number,
  findType: (em: EntityManager, key: number) => Promise<unknown>,
  change: (em: EntityManager, key: number, subTypeKey: number) => Promise<boolean>,
): Promise<boolean> {
  return inTransaction(ctx, async (em) => {
    await findType(em, key);
    await findType(em, subTypeKey);
    return change(em, key, subTypeKey);
  });
}
