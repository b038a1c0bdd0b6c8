import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { webcrypto } from 'node:crypto';
import { afterEach } from 'vitest';
import { startI18n } from '../i18n/setup';

// jsdom lacks SubtleCrypto; Node's is the same Web Crypto API the browser has.
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto });

// What a screen shows "right after" (a transition after a timer, a refetch) can take over the default 1 s on a
// machine busy with other suites, where CI runs; a screen that never shows it still fails, 5 s later.
configure({ asyncUtilTimeout: 5000 });

// Screens read English, as the texts the tests look for are written (the build's tests run without a DOM).
if (typeof document !== 'undefined') {
  await startI18n('en');
  // The chat's English comes with its own chunk; components rendered alone still read it.
  await import('../features/chat/chat-catalog');
  // So do the people screens', the lists of posts' and the story viewer's.
  await Promise.all([import('../i18n/people-catalog'), import('../i18n/lists-catalog'), import('../features/stories/stories-catalog')]);
}

afterEach(() => cleanup());
