import { twoOwnersNet } from '../support/two-owners';
import { startTestService } from '../support/service';

/** The two-owners net for curricula, their elements, linked courses, members and lecture blocks. */
twoOwnersNet(['curriculum'], () => startTestService());
