import { DirectiveLocation, GraphQLDirective, GraphQLList, GraphQLNonNull, GraphQLString } from 'graphql';

/** Level two: who may run an operation. No roles: any authenticated caller. Object-level rules live in the services. */
export const authDirective = new GraphQLDirective({
  name: 'auth',
  description: 'The caller must be authenticated and, when roles are given, hold one of them in some organisation.',
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: { roles: { type: new GraphQLList(new GraphQLNonNull(GraphQLString)) } },
});

/** Which managed flag of which kind of element guards an operation or an input field. */
export const managedDirective = new GraphQLDirective({
  name: 'managed',
  description:
    'Guarded by a managed flag: interactive (GraphQL) callers cannot change it while the element is managed. flag "any": guarded while any flag is set.',
  locations: [DirectiveLocation.FIELD_DEFINITION, DirectiveLocation.INPUT_FIELD_DEFINITION],
  args: { kind: { type: GraphQLString }, flag: { type: GraphQLString } },
});

export const directives = [authDirective, managedDirective];

const list = (roles: readonly string[]) => roles.map((role) => JSON.stringify(role)).join(', ');

/** `@auth(roles: [...])` as a type-graphql `@Directive` argument. */
export const auth = (...roles: string[]) => (roles.length ? `@auth(roles: [${list(roles)}])` : '@auth');

export const managed = (kind: string | null, flag: string | null) =>
  `@managed(${[kind && `kind: "${kind}"`, flag && `flag: "${flag}"`].filter(Boolean).join(', ')})`;
