/** Plaza's logo, a link home: the navbar and the login and signup pages show it. */
import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/feeds" className="flex items-center gap-2 text-lg font-extrabold tracking-tight">
      <img src="/favicon.svg" alt="" className="h-8 w-8" />
      <span className="hidden sm:inline">Plaza</span>
    </Link>
  );
}
