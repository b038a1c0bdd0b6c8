/**
 * One line under the navbar whenever Plaza cannot be reached (the browser is offline, or the server
 * does not answer): what still works, and that it comes back by itself. Never a dead end.
 */
import { WifiOff } from 'lucide-react';
import { OFFLINE_TEXT, useConnectivity, useConnectivityLineClaimed } from '../../lib/connectivity';
import { useTranslation } from 'react-i18next';

export { OFFLINE_TEXT };

export function OfflineBanner() {
  const state = useConnectivity();
  // A page that says it in its own layout (the chat) keeps its header in view: this line would cover it.
  const claimed = useConnectivityLineClaimed();
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-16 z-40 flex justify-center px-3">
      {state !== 'online' && !claimed && (
        <p className="pointer-events-auto mt-2 inline-flex items-center gap-2 rounded-full border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 shadow-md dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <WifiOff aria-hidden className="h-4 w-4 shrink-0" />
          {t(`offline.${state}`)}
        </p>
      )}
    </div>
  );
}
