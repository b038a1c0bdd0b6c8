import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // A suite spends much of its time waiting (on PostgreSQL, sockets, timers, ffmpeg): one worker more
    // than the cores keeps them busy. Each suite has databases and Redis keys of its own (test/harness.ts).
    maxWorkers: availableParallelism() + 1,
    // Each file loads its own modules (isolate, the default): module state such as uuid's v7 clock or a
    // cache never leaks from one file's fake timers or fixtures into another's.
  },
});
