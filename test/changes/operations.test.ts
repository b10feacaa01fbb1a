import { buildUser, type TestUser } from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { refusals } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** The change feed's one operation: its refusals and a success on both transports. */

let t: TestService;
let userManager: TestUser;
beforeAll(async () => {
  t = await startTestService();
  userManager = await buildUser(t, { userManager: true });
});
afterAll(() => t.stop());

describe('GET /changes', () => {
  // A user manager manages people, not the gateway: the feed names every object.
  refusals('GET /changes', () => ({ t, values: {}, forbidden: userManager }));

  it('answers the administrator on both transports', async () => {
    const reply = await call(t.base, 'GET', '/restapi/changes', { headers: { ...adminAuth(), ...JSON_TYPE } });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ events: expect.any(Array), next: expect.stringMatching(/^\d+-\d+$/) });
    const viaGraphql = await graphql(t.base, adminAuth(), '{ changes { events { cursor } next } }');
    expect(viaGraphql.body.data.changes.next).toBe(reply.json.next);
  });
});
