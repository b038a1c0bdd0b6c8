import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Suites that set the clock (fake timers): uuid's v7 clock and module caches must not carry it to another suite. */
const OWN_PROCESS = ['src/lib/ids.test.ts', 'src/modules/auth/auth.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // With the modules shared, the suites use about three quarters of the cores (the rest is waiting on
    // PostgreSQL, sockets, timers, ffmpeg): one worker more than the cores fills it. Each suite has
    // databases and Redis keys of its own (test/harness.ts).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        // Loading the app's modules costs a suite more CPU than most of its tests (3–4 s on two cores), so
        // the suites of a worker share them; each still builds its own app on its own database.
        test: { name: 'server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: OWN_PROCESS, isolate: false },
      },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, isolate: true } },
    ],
  },
});
