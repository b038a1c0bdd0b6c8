/**
 * One line under the navbar whenever Plaza cannot be reached (the browser is offline, or the server
 * does not answer): what still works, and that it comes back by itself. Never a dead end.
 */
import { WifiOff } from 'lucide-react';
import { useConnectivity } from '../../lib/connectivity';

export const OFFLINE_TEXT = {
  offline: "You're offline. What you see was loaded earlier; Plaza catches up when you're back online.",
  unreachable: "Can't reach Plaza right now. Retrying…",
} as const;

export function OfflineBanner() {
  const state = useConnectivity();
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-16 z-40 flex justify-center px-3">
      {state !== 'online' && (
        <p className="pointer-events-auto mt-2 inline-flex items-center gap-2 rounded-full border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 shadow-md dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <WifiOff aria-hidden className="h-4 w-4 shrink-0" />
          {OFFLINE_TEXT[state]}
        </p>
      )}
    </div>
  );
}
