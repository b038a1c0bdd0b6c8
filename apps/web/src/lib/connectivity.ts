/**
 * Whether Plaza can be reached: the browser says it is offline, or requests to the API fail without an
 * answer. While unreachable, /healthz is asked every few seconds, so the indicator clears by itself
 * when the server is back (any answered request clears it sooner).
 */
import { useSyncExternalStore } from 'react';

export type Connectivity = 'online' | 'offline' | 'unreachable';

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
