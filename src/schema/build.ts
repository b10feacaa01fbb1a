import 'reflect-metadata';
import { MapperKind, getDirective, mapSchema } from '@graphql-tools/utils';
import { specifiedDirectives, type GraphQLFieldConfig, type GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { withAudit } from '../audit/audit-log';
import { withAuthGuard } from '../auth/auth-directive';
import { forgettingPrincipals } from '../auth/principal-cache';
import type { RequestContext } from '../domain/context';
import { withManagedGuard } from '../managed/enforcement';
import { resolvers } from '../resolvers';
import { directives } from './directives';

/**
 * The one schema both transports execute: resolvers (mutations audited), then managed guard, then
 * auth guard outermost (mutations also make this instance forget its cached principals); fields of other types are guarded where they carry `@auth`.
 */
export function buildGatewaySchema(): GraphQLSchema {
  const base = buildSchemaSync({
    resolvers,
    // Named directives replace graphql's own unless listed: @include, @skip, @deprecated and @specifiedBy stay.
    directives: [...specifiedDirectives, ...directives],
    validate: false,
  });
  const wrap = (field: GraphQLFieldConfig<unknown, RequestContext>, fieldName: string) => withAuthGuard(base, fieldName, withManagedGuard(base, field));
  return mapSchema(base, {
    [MapperKind.QUERY_ROOT_FIELD]: (field, fieldName) => wrap(field, fieldName),
    [MapperKind.MUTATION_ROOT_FIELD]: (field, fieldName) => wrap(forgettingPrincipals(withAudit(fieldName, field)), fieldName),
    [MapperKind.OBJECT_FIELD]: (field, fieldName, typeName) =>
      getDirective(base, field, 'auth') ? withAuthGuard(base, `${typeName}.${fieldName}`, field) : field,
  });
}
