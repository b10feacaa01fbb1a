import type { GraphQLFieldConfig, GraphQLSchema } from 'graphql';
import { getDirective } from '@graphql-tools/utils';
import { forbidden, unauthenticated } from '../domain/errors';
import { hasAnyRole, type RequestContext } from '../domain/context';
import { isOrganisationRole, type OrganisationRole } from '../domain/roles';

/**
 * Level two for one root field (or a field of another type that carries `@auth`): `@auth` requires a caller, `@auth(roles: [...])` one of the roles.
 * Root fields without `@auth` are refused to every caller, so a forgotten directive fails closed.
 */
export function withAuthGuard(schema: GraphQLSchema, fieldName: string, field: GraphQLFieldConfig<unknown, RequestContext>) {
  const admit = admission(schema, fieldName, field);
  const { resolve, subscribe } = field;
  return {
    ...field,
    resolve(source: unknown, args: Record<string, unknown>, ctx: RequestContext, info: any) {
      admit(ctx);
      return resolve!(source, args, ctx, info);
    },
    // A subscription is admitted before its source stream opens, and its every event again (above).
    ...(subscribe && {
      subscribe(source: unknown, args: Record<string, unknown>, ctx: RequestContext, info: any) {
        admit(ctx);
        return subscribe(source, args, ctx, info);
      },
    }),
  };
}

/** What `@auth` on the field asks of a caller, as a check that throws the error a refused caller gets. */
export function admission(schema: GraphQLSchema, fieldName: string, field: GraphQLFieldConfig<unknown, RequestContext>): (ctx: RequestContext) => void {
  const directive = getDirective(schema, field, 'auth')?.[0];
  const roles = (directive?.roles ?? []) as string[];
  const unknown = roles.filter((role) => !isOrganisationRole(role));
  if (unknown.length) throw new Error(`@auth on ${fieldName}: unknown roles ${unknown.join(', ')}`);
  const admit = (ctx: RequestContext) => {
    if (!directive) throw forbidden(`${fieldName} is not available`);
    if (!ctx.caller) throw unauthenticated();
    if (roles.length && !hasAnyRole(ctx.caller, roles as OrganisationRole[])) {
      throw forbidden(`${fieldName} requires one of the roles ${roles.join(', ')}`);
    }
  };
  return admit;
}
