import { startTestService } from '../support/service';
import { tenantNet } from '../support/tenant-net';

/** The tenant net for curriculum: callers of organisation A against the objects and people of B, P and the default organisation, and up the privilege ladder. */
tenantNet(['curriculum'], () => startTestService());
