import { buildUser, type TestUser } from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { graphqlOf, pathOf, refusals, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** The sync operations: refusals on both transports, another person's job, and each operation once on each transport. */

let t: TestService;
let plain: TestUser;
let otherManager: TestUser;
let jobKey: number;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  otherManager = await buildUser(t, { userManager: true });
  const submitted = await call(t.base, 'POST', '/restapi/sync?dryRun=true', {
    headers: { ...adminAuth(), ...JSON_TYPE },
    body: { groups: [{ externalId: 'OPS-1', name: 'Operations' }] },
  });
  jobKey = submitted.json.key;
});
afterAll(() => t.stop());

const world = () => ({ t, values: { jobKey }, forbidden: plain, stranger: otherManager });

const NAMES = ['POST /sync', 'GET /sync', 'GET /sync/:jobKey', 'GET /sync/:jobKey/items'];

for (const name of NAMES) describe(name, () => refusals(name, world));

describe("another person's job", () => {
  it.each(NAMES.filter((name) => name.includes(':jobKey')))('%s is refused (403) on both transports', async (name) => {
    const route = routeNamed(name);
    const reply = await call(t.base, route.method, pathOf(route, { jobKey }), { headers: { ...otherManager.auth, ...JSON_TYPE } });
    expect(reply.status).toBe(403);
    const op = graphqlOf(route);
    const viaGraphql = await graphql(t.base, otherManager.auth, op.document, op.variables({ jobKey }));
    expect(viaGraphql.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('is not in their list; the system administrator sees it', async () => {
    const theirs = await call(t.base, 'GET', '/restapi/sync', { headers: { ...otherManager.auth, ...JSON_TYPE } });
    expect(theirs.status).toBe(200);
    expect(theirs.json).toEqual([]);
    const all = await graphql(t.base, adminAuth(), '{ syncJobs { key state } }');
    expect(all.body.data.syncJobs).toContainEqual({ key: jobKey, state: 'planned' });
  });
});

describe('each operation on both transports', () => {
  it('plans, reads, lists and pages on REST', async () => {
    const headers = { ...adminAuth(), ...JSON_TYPE };
    const job = await call(t.base, 'GET', `/restapi/sync/${jobKey}`, { headers });
    expect(job.json).toMatchObject({ key: jobKey, state: 'planned', mode: 'merge', dryRun: true, failures: [] });
    expect(job.json.sections.map((section: { section: string }) => section.section)).toEqual([
      'organisations',
      'users',
      'groups',
      'courses',
      'curricula',
      'elements',
      'memberships',
    ]);
    const items = await call(t.base, 'GET', `/restapi/sync/${jobKey}/items?section=groups&action=create&after=0&limit=10`, { headers });
    expect(items.json).toEqual([
      {
        seq: 1,
        section: 'groups',
        ref: 'OPS-1',
        container: null,
        role: null,
        action: 'create',
        key: null,
        // What it would create, field by field.
        changes: expect.arrayContaining([{ field: 'name', before: null, after: 'Operations' }]),
        error: null,
      },
    ]);
    expect((await call(t.base, 'GET', `/restapi/sync/${jobKey}/items?after=1`, { headers })).json).toEqual([]);
    const list = await call(t.base, 'GET', '/restapi/sync?limit=1', { headers });
    expect(list.json.map((listed: { key: number }) => listed.key)).toEqual([expect.any(Number)]);
  });

  it('does the same on GraphQL', async () => {
    const reply = await graphql(
      t.base,
      adminAuth(),
      `
        query ($k: Long!) {
          syncJob(jobKey: $k) {
            state
            dryRun
            sections {
              section
              total
            }
          }
          syncItems(jobKey: $k, limit: 5) {
            ref
            action
          }
        }
      `,
      { k: jobKey },
    );
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data.syncJob).toMatchObject({ state: 'planned', dryRun: true });
    expect(reply.body.data.syncItems).toEqual([{ ref: 'OPS-1', action: 'create' }]);
  });
});
