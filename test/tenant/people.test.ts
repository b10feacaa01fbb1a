import { GRAPHQL_ONLY_OPERATIONS } from '../../src/rest/routes';
import { startTestService } from '../support/service';
import { GRAPHQL_ONLY, tenantNet } from '../support/tenant-net';

/** The tenant net for people (accounts, credentials, roles, relations, calendars): callers of organisation A against the objects and people of B, P and the default organisation, and up the privilege ladder. */
tenantNet(['person'], () => startTestService());

it('every GraphQL-only operation is tried by the net, or the net says why not', () => {
  expect(Object.keys(GRAPHQL_ONLY).sort()).toEqual([...GRAPHQL_ONLY_OPERATIONS].sort());
});
