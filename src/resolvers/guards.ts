import { Directive, Extensions, FieldResolver, Mutation, Query } from 'type-graphql';
import { ORGANISATION_ADMINS } from '../access/roles';
import { auth } from '../schema/directives';
import { OrganisationVO } from '../schema/organisations';

type Returns = Parameters<typeof Query>[0];
type Options = Parameters<typeof Query>[1];

/** A query that only the callers its guard names may call; the guard is an `@auth` directive (src/schema/directives.ts). */
export function GuardedQuery(returns: Returns, guard: string, options?: Options): MethodDecorator {
  return (prototype, key, descriptor) => {
    Directive(guard)(prototype, key, descriptor);
    Query(returns, options)(prototype, key, descriptor);
  };
}

/** A mutation that only the callers its guard names may call; the guard is an `@auth` directive (src/schema/directives.ts). */
export function GuardedMutation(returns: Returns, guard: string, options?: Options): MethodDecorator {
  return (prototype, key, descriptor) => {
    Directive(guard)(prototype, key, descriptor);
    Mutation(returns, options)(prototype, key, descriptor);
  };
}

/** A field that leads from an object to others in GraphQL only: REST's wire shape of the object leaves it out (src/rest/wire.ts). */
export function Edge(returns: Returns, options?: Options): MethodDecorator {
  return (prototype, key, descriptor) => {
    Extensions({ rest: false })(prototype, key, descriptor);
    FieldResolver(returns, options)(prototype, key, descriptor);
  };
}

/** An edge to an organisation, as GET /organisations/{organisationKey}: for organisation administrators, null with an error for other callers. */
export function OrganisationEdge(
  description = 'The organisation, as GET /organisations/{organisationKey}: for organisation administrators (GraphQL only).',
): MethodDecorator {
  return (prototype, key, descriptor) => {
    Directive(auth(...ORGANISATION_ADMINS))(prototype, key, descriptor);
    Edge(() => OrganisationVO, { nullable: true, description })(prototype, key, descriptor);
  };
}
