/**
 * Registers the service worker of production builds (offline page, installable app) and offers a
 * newer version with a toast; the new version also takes over by itself at the next page load.
 */
import { loadSonner } from './toast';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page's load, so registering competes with nothing; main.tsx may call this after the load
  // already happened (it first awaits the stored session), and then registers at once: a listener added
  // too late would never run, and no update would ever be offered.
  whenLoaded(() => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        // sonner is loaded only when there is something to say: the first screen does without it.
        const offer = async (worker: ServiceWorker) => {
          const { toast } = await loadSonner();
          toast('New version available', {
            description: 'Reload to get the latest Plaza.',
            duration: Infinity,
            action: {
              label: 'Reload',
              onClick: () => {
                navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
                worker.postMessage('SKIP_WAITING');
              },
            },
          });
        };
        // A version already installed and waiting from an earlier visit.
        if (registration.waiting && navigator.serviceWorker.controller) void offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            // The first install has no controller yet: nothing to update from.
            if (installing.state === 'installed' && navigator.serviceWorker.controller) void offer(installing);
          });
        });
      })
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  });
}

function whenLoaded(task: () => void): void {
  if (document.readyState === 'complete') task();
  else window.addEventListener('load', task, { once: true });
}
