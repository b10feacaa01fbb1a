import 'reflect-metadata';
import { MapperKind, getDirective, mapSchema } from '@graphql-tools/utils';
import { specifiedDirectives, type GraphQLFieldConfig, type GraphQLSchema } from 'graphql';
import { buildSchemaSync, type PubSub } from 'type-graphql';
import { withAudit } from '../audit/audit-log';
import { withAuthGuard } from '../auth/auth-directive';
import { refusingBoundCallers } from '../auth/institution-guard';
import { forgettingPrincipals } from '../auth/principal-cache';
import type { RequestContext } from '../domain/context';
import { withManagedGuard } from '../managed/enforcement';
import { resolvers } from '../resolvers';
import { directives } from './directives';

/** type-graphql wants a PubSub once the schema has a subscription, also when each gives its own `subscribe` (ours do): none is used. */
const NO_PUBSUB: PubSub = {
  publish: () => {
    throw new Error('subscriptions read their own sources (their `subscribe`)');
  },
  subscribe: () => {
    throw new Error('subscriptions read their own sources (their `subscribe`)');
  },
};

/**
 * The one schema both transports execute: resolvers (mutations audited), then managed guard, then (mutations of what the
 * whole institution shares) the refusal of credentials bound to an organisation, then auth guard outermost (mutations also make this instance forget its cached principals; a subscription is guarded before its stream
 * opens and at every event); fields of other types are guarded where they carry `@auth`.
 */
export function buildGatewaySchema(): GraphQLSchema {
  // The schema depends on the code alone: built once per process (the tests start many services in one).
  return (built ??= build());
}

let built: GraphQLSchema | undefined;

function build(): GraphQLSchema {
  const base = buildSchemaSync({
    resolvers,
    // Named directives replace graphql's own unless listed: @include, @skip, @deprecated and @specifiedBy stay.
    directives: [...specifiedDirectives, ...directives],
    validate: false,
    pubSub: NO_PUBSUB,
  });
  const wrap = (field: GraphQLFieldConfig<unknown, RequestContext>, fieldName: string) => withAuthGuard(base, fieldName, withManagedGuard(base, field));
  return mapSchema(base, {
    [MapperKind.QUERY_ROOT_FIELD]: (field, fieldName) => wrap(field, fieldName),
    [MapperKind.MUTATION_ROOT_FIELD]: (field, fieldName) =>
      withAuthGuard(base, fieldName, refusingBoundCallers(fieldName, withManagedGuard(base, forgettingPrincipals(withAudit(fieldName, field))))),
    [MapperKind.SUBSCRIPTION_ROOT_FIELD]: (field, fieldName) => withAuthGuard(base, fieldName, field),
    [MapperKind.OBJECT_FIELD]: (field, fieldName, typeName) =>
      getDirective(base, field, 'auth') ? withAuthGuard(base, `${typeName}.${fieldName}`, field) : field,
  });
}
