import { twoOwnersNet } from '../support/two-owners';
import { startTestService } from '../support/service';

/** The two-owners net for courses and repository entries: their members, groups, elements, lecture blocks, roll calls and calendars. */
twoOwnersNet(['course'], () => startTestService());
