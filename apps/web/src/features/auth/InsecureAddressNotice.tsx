/**
 * Said instead of the log-in and sign-up forms on a plain-http address other than localhost (a server's
 * address on a home network, say): the browser withholds what the session is kept with there, so a form
 * would create the account and then hang.
 */
import { ShieldAlert } from 'lucide-react';
import { ta, taNodes } from './auth-texts';

export function InsecureAddressNotice() {
  const local = `http://localhost${window.location.port ? `:${window.location.port}` : ''}`;
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="space-y-2">
        <p className="font-semibold">{ta('insecureTitle')}</p>
        <p>
          {taNodes('insecureBody', {
            origin: <span className="font-mono break-all">{window.location.origin}</span>,
            local: <span className="font-mono break-all">{local}</span>,
          })}
        </p>
      </div>
    </div>
  );
}
