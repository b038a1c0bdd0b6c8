/**
 * The contract's operations as the web app calls them. The build swaps this module for the method and
 * path of each operation (build/operation-table.ts), all the app reads at run time, so the schemas stay
 * out of the bundle; types, dev and the unit tests use the contract's own table.
 */
export { operations } from '@plaza/contract';
