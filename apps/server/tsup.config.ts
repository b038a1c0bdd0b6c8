import { defineConfig } from 'tsup';

// The contract is TypeScript source in the workspace, so it is bundled in; everything else stays a dependency.
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    seed: 'src/seed/main.ts',
    'rebuild-timelines': 'src/maintenance/rebuild-timelines.ts',
    // The SQLite writer thread (db/sqlite-writer/client.ts loads it from beside the bundle).
    'chat-writer-thread': 'src/db/sqlite-writer/thread.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  outDir: 'dist',
  clean: false,
  sourcemap: true,
  noExternal: ['@plaza/contract'],
});
