/** The federation feature's public API: building it (its directory finds people of other servers for the search). */
export { createFederation } from './feature';
