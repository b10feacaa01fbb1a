import { getNamedType, type GraphQLFieldConfig, type GraphQLResolveInfo } from 'graphql';
import { kindOfMutation } from '../changes/objects';
import { KIND_POLICIES } from '../changes/policy';
import type { RequestContext } from '../domain/context';
import { forbidden } from '../domain/errors';

/**
 * A mutation of what the whole institution shares (the kinds src/changes/policy.ts marks `institutionWide`: taxonomies,
 * types, relation roles, the catalog, the settings) refuses a caller whose credential is bound to an organisation
 * (src/domain/bound.ts): one tenant's key changes nothing the other tenants see.
 */
export function refusingBoundCallers(fieldName: string, field: GraphQLFieldConfig<unknown, RequestContext>): GraphQLFieldConfig<unknown, RequestContext> {
  const kind = kindOfMutation(fieldName, Object.keys(field.args ?? {}), getNamedType(field.type).name);
  if (!kind || !KIND_POLICIES[kind]?.institutionWide) return field;
  const resolve = field.resolve!;
  return {
    ...field,
    resolve(source: unknown, args: Record<string, unknown>, ctx: RequestContext, info: GraphQLResolveInfo) {
      const bound = ctx.caller?.organisationKey;
      if (bound !== undefined)
        throw forbidden(`${fieldName} changes what the whole institution shares: this credential acts within organisation ${bound} only`);
      return resolve(source, args, ctx, info);
    },
  };
}
