/**
 * Starts the signed-in app (store, router, every screen behind it) in `container` from the stored session.
 *
 * In steps, each a task of its own so that the browser paints and answers input in between: making the
 * store, evaluating the router's side (React Router, the shell: `./mount`), making the router (which starts
 * loading the page), the first render. This module holds the store's side (Redux Toolkit, the API layer,
 * the slices), evaluated when it loads; the router's side is a chunk of its own, loaded with `import()`:
 * statically imported, both sides were evaluated as one long task. The build preloads that chunk with this
 * one (vite.config.ts, `headStart`), so the import waits for no network.
 */
import type { SelfUser } from '@plaza/contract';
import type { StoredSession } from '../lib/secure-storage';
import { browserLanguage, pseudoAsked, PSEUDO } from '../i18n/languages';
import { startI18n } from '../i18n/setup';
import { startStore } from './start-store';

/** Lets the browser paint and answer input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const loadMount = () => import('./mount');

/** Fetches (and evaluates) the router's side ahead of a start: the public screens do so when idle, before a login. */
export async function loadSteps(): Promise<void> {
  await loadMount();
}

/** `beforeMount` removes what the container showed until now (the public screens), just before the app replaces it. */
export async function startApp(container: HTMLElement, stored: StoredSession<SelfUser>, beforeMount?: () => void): Promise<void> {
  await nextTask();
  const store = startStore(stored);
  await nextTask();
  // The account's language, else the browser's; its catalogs arrive with the router's side, not after it.
  const language = pseudoAsked() ? PSEUDO : (stored.userDetails?.language ?? browserLanguage());
  const [{ createRouter, mount }] = await Promise.all([loadMount(), startI18n(language)]);
  await nextTask();
  const router = createRouter();
  await nextTask();
  beforeMount?.();
  mount(container, store, router);
}
