import { buildUser, type TestUser } from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { refusals } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** The change feed's one operation: its refusals and a success on both transports. */

let t: TestService;
let plain: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
});
afterAll(() => t.stop());

describe('GET /changes', () => {
  // Every caller reads the feed, each the events of what they manage (test/changes/readers.test.ts).
  refusals('GET /changes', () => ({ t, values: {} }), { everyCallerMay: true });

  it('answers the administrator and any other caller on both transports', async () => {
    const reply = await call(t.base, 'GET', '/restapi/changes', { headers: { ...adminAuth(), ...JSON_TYPE } });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ events: expect.any(Array), next: expect.stringMatching(/^\d+-\d+$/) });
    const viaGraphql = await graphql(t.base, adminAuth(), '{ changes { events { cursor } next } }');
    expect(viaGraphql.body.data.changes.next).toBe(reply.json.next);
    const asPlain = await call(t.base, 'GET', '/restapi/changes', { headers: { ...plain.auth, ...JSON_TYPE } });
    expect(asPlain.status).toBe(200);
    expect((await graphql(t.base, plain.auth, '{ changes { next } }')).body.data.changes.next).toEqual(expect.any(String));
  });
});
