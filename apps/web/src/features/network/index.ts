/** What other features use of the network page: the cached list, whose connection statuses the connections' test follows. */
export { networkApi } from './api';
