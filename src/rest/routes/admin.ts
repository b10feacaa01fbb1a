import type { FamilyRoutes } from '../route';

/** The gateway's own administration: GraphQL only, so that it stays reachable while REST is switched off. */
export const admin: FamilyRoutes = {
  routes: [],
  graphqlOnly: ['Query.settings', 'Mutation.updateSettings', 'Query.auditLog', 'Mutation.logout'],
};
