/** What other features use of profiles: the cached profile, whose connection status the connections' test follows. */
export { profileApi } from './api';
