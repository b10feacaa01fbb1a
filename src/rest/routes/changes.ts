import { GET, type FamilyRoutes } from '../route';

/** The change feed (beyond OpenOLAT, which has none): what committed writes changed, from a cursor on. */
export const changes: FamilyRoutes = {
  strictQuery: true,
  routes: [
    GET('/changes', 'Query.changes', 'What committed writes changed, oldest first, from `after` on: each caller the events of the objects they manage', {
      defaultFormat: 'json',
      errors: { 410: 'the cursor is older than the oldest event kept (CHANGES_RETENTION_DAYS): read again without `after`' },
    }),
  ],
};
