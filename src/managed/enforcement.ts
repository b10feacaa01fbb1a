import { isDeepStrictEqual } from 'node:util';
import { getNamedType, isInputObjectType, type GraphQLFieldConfig, type GraphQLSchema } from 'graphql';
import { getDirective } from '@graphql-tools/utils';
import { DomainError } from '../domain/errors';
import type { RequestContext } from '../domain/context';
import { isManaged, parseManagedFlags, resolveKind } from './flags';
import type { ManagedElement } from './elements';

interface Guard {
  /** Input argument name → input field name → flag. */
  inputFlags: { arg: string; field: string; flag: string }[];
  operationFlag: string | null;
}

function guardOf(schema: GraphQLSchema, field: GraphQLFieldConfig<unknown, RequestContext>): Guard {
  const operationFlag = (getDirective(schema, field, 'managed')?.[0]?.flag as string | undefined) ?? null;
  const inputFlags: Guard['inputFlags'] = [];
  for (const [arg, config] of Object.entries(field.args ?? {})) {
    const type = getNamedType(config.type);
    if (!isInputObjectType(type)) continue;
    for (const inputField of Object.values(type.getFields())) {
      const flag = getDirective(schema, inputField, 'managed')?.[0]?.flag as string | undefined;
      if (flag) inputFlags.push({ arg, field: inputField.name, flag });
    }
  }
  return { operationFlag, inputFlags };
}

/** A given input value changes the element when it is not equal to the current one (lists compared by content). */
const differs = (given: unknown, current: unknown) => given !== undefined && !isDeepStrictEqual(given ?? null, current ?? null);

/**
 * Wraps a mutation carrying `@managed(kind:)`: a GraphQL caller may not touch a flagged field of a
 * managed element; the REST channel is the managing system and may. `any` guards while any flag is set.
 */
export function withManagedGuard(schema: GraphQLSchema, field: GraphQLFieldConfig<unknown, RequestContext>): GraphQLFieldConfig<unknown, RequestContext> {
  const check = managedCheck(schema, field);
  if (!check) return field;
  const resolve = field.resolve!;
  return {
    ...field,
    async resolve(source, args, ctx, info) {
      await check(args, ctx);
      return resolve(source, args, ctx, info);
    },
  };
}

/** What `@managed(kind:)` on a mutation asks of its arguments, as a check that throws the MANAGED error; null without the directive. */
export function managedCheck(
  schema: GraphQLSchema,
  field: GraphQLFieldConfig<unknown, RequestContext>,
): ((args: Record<string, any>, ctx: RequestContext) => Promise<void>) | null {
  const kindName = getDirective(schema, field, 'managed')?.[0]?.kind as string | undefined;
  if (!kindName) return null;
  const kind = resolveKind(kindName);
  const element = field.extensions?.managedElement as ManagedElement | undefined;
  if (!kind || element?.kind !== kind) throw new Error(`@managed(kind: ${kindName}) without its element: declare it with @Managed`);
  const guard = guardOf(schema, field);
  return async (args, ctx) => {
    if (ctx.transport !== 'graphql' || !ctx.settings.managedEnforced) return;
    await element.authorize?.(args, ctx);
    const target = await element.load(args, ctx);
    const flags = target ? parseManagedFlags(kind, target.managedFlags) : [];
    if (!target || !flags.length) return;
    const touched = [
      ...(guard.operationFlag ? [guard.operationFlag] : []),
      ...guard.inputFlags.filter((f) => differs(args[f.arg]?.[f.field], target.values[f.field])).map((f) => f.flag),
    ];
    const locked = touched.find((flag) => (flag === 'any' ? true : isManaged(kind, flags, flag)));
    if (locked) {
      throw new DomainError('MANAGED', `this ${kind} is managed by an external system (flag ${locked}); change it through the managing system`, [], {
        kind,
        flag: locked,
        managedFlags: flags,
      });
    }
  };
}
