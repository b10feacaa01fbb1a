import { startTestService } from '../support/service';
import { tenantNet } from '../support/tenant-net';

/** The tenant net for courses and repository entries (their lectures in ./lectures.test.ts): callers of organisation A against the courses of B, P and the default organisation. */
tenantNet(
  ['course'],
  () => startTestService(),
  (name) => !/lecture|rollcall/.test(name),
);
