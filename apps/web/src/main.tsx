/**
 * Boots the web app. A signed-out visitor on login or signup gets the light public screens (React and
 * a few kilobytes); everyone else, and that visitor once signed in, gets the signed-in app, loaded as
 * its own chunk. Idle time on the public screens fetches that chunk ahead of the login.
 */
import type { SelfUser } from '@plaza/contract';
import { STORAGE_KEYS } from '@plaza/contract/constants';
import { createRoot } from 'react-dom/client';
import { loadAuthTexts } from './features/auth/auth-texts';
import { isPublicPath, PublicApp } from './features/auth/PublicApp';
import { applyTheme, loadTheme } from './features/theme/theme-state';
import './index.css';
import { readSession } from './lib/secure-storage';
import { registerServiceWorker } from './lib/service-worker';
import { whenIdle } from './lib/when-idle';
import { browserLanguage, pseudoAsked, PSEUDO } from './i18n/languages';

const loadApp = () => import('./app/start');
// Signed in last time: fetch the app while the stored session is decrypted.
const signedInBefore = Boolean(localStorage.getItem(STORAGE_KEYS.accessToken));
if (signedInBefore) void loadApp();
// Otherwise the public screens come next: their texts in the browser's language, fetched meanwhile too.
const authTexts = signedInBefore ? null : loadAuthTexts(pseudoAsked() ? PSEUDO : browserLanguage());

const stored = await readSession<SelfUser>();
const theme = loadTheme();
document.documentElement.classList.toggle('dark', theme.isDarkMode);
registerServiceWorker();

const container = document.getElementById('root')!;

/** The signed-in app could not be fetched (offline on a screen never visited, or a removed build): say so. */
function AppLoadFailed() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-extrabold">This page couldn&apos;t be loaded</h1>
      <p className="max-w-sm text-slate-600 dark:text-slate-300">
        Plaza may have just been updated, or your connection dropped. Reload to get the latest version.
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-xl bg-brand-primary px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-primary-hover"
      >
        Reload
      </button>
    </main>
  );
}

async function startSignedInApp(): Promise<void> {
  try {
    const app = await loadApp();
    // The start loads its steps' chunks as it goes: one may fail to load as the app's own chunk can.
    await app.startApp(container, await readSession<SelfUser>());
  } catch {
    createRoot(container).render(<AppLoadFailed />);
  }
}

if (!stored.accessToken && isPublicPath(location.pathname)) {
  const root = createRoot(container);
  const onSignedIn = (to: string) => {
    void loadApp().then(async ({ startApp }) => {
      const session = await readSession<SelfUser>();
      history.replaceState(null, '', to);
      await startApp(container, session, () => root.unmount());
    });
  };
  await (authTexts ?? loadAuthTexts(pseudoAsked() ? PSEUDO : browserLanguage()));
  root.render(<PublicApp initialDark={theme.isDarkMode} onTheme={applyTheme} onSignedIn={onSignedIn} />);
  whenIdle(() => void loadApp().then((app) => app.loadSteps()));
} else {
  void startSignedInApp();
}
