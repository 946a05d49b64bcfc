// Fixtures for tests of the server, the web app and this package; not part of the runtime API.
export { aGraft } from './graft-fixture';
export { aWaitingListRequest } from './waiting-list-fixture';
