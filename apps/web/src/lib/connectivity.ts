/**
 * Whether Plaza can be reached: the browser says it is offline, or requests to the API fail without an
 * answer. While unreachable, /healthz is asked every few seconds, so the indicator clears by itself
 * when the server is back (any answered request clears it sooner).
 */
import { useEffect, useSyncExternalStore } from 'react';

export type Connectivity = 'online' | 'offline' | 'unreachable';

/** What a person reads while Plaza cannot be reached: what still works, and that it comes back by itself. */
export const OFFLINE_TEXT = {
  offline: "You're offline. What you see was loaded earlier; Plaza catches up when you're back online.",
  unreachable: "Can't reach Plaza right now. Retrying…",
} as const;

const PROBE_MS = 5000;
let unreachable = false;
let probe: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((l) => l());

function current(): Connectivity {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  return unreachable ? 'unreachable' : 'online';
}

function scheduleProbe() {
  if (probe) return;
  probe = setTimeout(() => {
    probe = null;
    fetch('/healthz', { cache: 'no-store' })
      .then((res) => (res.ok ? reportReachable() : scheduleProbe()))
      .catch(() => scheduleProbe());
  }, PROBE_MS);
}

/** An API request got an answer (any status). */
export function reportReachable(): void {
  if (!unreachable) return;
  unreachable = false;
  if (probe) clearTimeout(probe);
  probe = null;
  notify();
}

/** An API request failed without an answer (not a cancel). */
export function reportUnreachable(): void {
  if (unreachable) return;
  unreachable = true;
  scheduleProbe();
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('online', notify);
    window.addEventListener('offline', notify);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', notify);
      window.removeEventListener('offline', notify);
    }
  };
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, current, () => 'online');
}

export const connectivity = { current };

/**
 * Pages that say they are offline in their own layout (the chat, in a line above its header) claim the
 * app-wide line, which would otherwise float over what they show; it comes back when they unmount.
 */
let claims = 0;
const claimListeners = new Set<() => void>();
const tellClaims = () => claimListeners.forEach((l) => l());

export function useConnectivityLineClaim(): void {
  useEffect(() => {
    claims += 1;
    tellClaims();
    return () => {
      claims -= 1;
      tellClaims();
    };
  }, []);
}

/** Whether a page shows its own connectivity line now. */
export function useConnectivityLineClaimed(): boolean {
  return useSyncExternalStore(
    (listener) => {
      claimListeners.add(listener);
      return () => void claimListeners.delete(listener);
    },
    () => claims > 0,
    () => false,
  );
}
