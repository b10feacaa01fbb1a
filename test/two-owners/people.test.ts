import { twoOwnersNet } from '../support/two-owners';
import { startTestService } from '../support/service';

/** The two-owners net for people (accounts, credentials, relations, calendars, their lists) and organisations. */
twoOwnersNet(['person', 'organisation'], () => startTestService());
