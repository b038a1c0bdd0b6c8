import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Typing through user-event is slow on a busy two-core machine; a test that needs longer is stuck, not slow.
    testTimeout: 20_000,
    // Vitest's default leaves a core free; every core runs suites here (two workers on a two-core machine).
    maxWorkers: availableParallelism(),
  },
});
