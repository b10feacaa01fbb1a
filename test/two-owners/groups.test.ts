import { twoOwnersNet } from '../support/two-owners';
import { startTestService } from '../support/service';

/** The two-owners net for groups (and their calendars) and catalog entries. */
twoOwnersNet(['group', 'catalog'], () => startTestService());
