/** What other features use of search: the navbar combobox and the debounce it shares with the network page. */
export { NavbarSearch } from './NavbarSearch';
export { useDebouncedValue } from './useDebouncedValue';
