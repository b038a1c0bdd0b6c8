import { Search } from 'lucide-react';

/** Navbar user search (the people feature fills in results). */
export function NavbarSearch() {
  return (
    <label className="relative block">
      <span className="sr-only">Search people</span>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input type="search" placeholder="Search people..." className="input rounded-full py-2 pl-9" />
    </label>
  );
}
