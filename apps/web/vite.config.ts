import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import { headStart } from './build/head-start';
import { operationTable } from './build/operation-table';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/service-worker';

const FEED = 'src/features/feed/FeedPage.tsx';
const api = process.env.PLAZA_API ?? 'http://localhost:3000';
// React Router's package exports only its development build, whose warnings a user's console never needs; its
// production build, the same code without them, sits beside it.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    operationTable(),
    headStart({
      script: 'src/head-start.ts',
      // The start and the step it imports as it runs (src/app/start.tsx).
      app: ['src/app/start.tsx', 'src/app/mount.tsx'],
      // A signed-in visit to `/` or a public screen is sent on to the feed.
      pages: {
        '/': FEED,
        '/auth/login': FEED,
        '/auth/signup': FEED,
        '/feeds': FEED,
        '/network': 'src/features/network/NetworkPage.tsx',
        '/chat': 'src/features/chat/ChatPage.tsx',
        '/favorites': 'src/features/favorites/FavoritesPage.tsx',
      },
      keepOut: {
        pattern: /\/node_modules\/zod\//,
        why: 'zod comes with a schema module of @plaza/contract; take constants from constants.ts and operations from src/api/operations.ts',
      },
    }),
    serviceWorker(),
    precompress(),
  ],
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] },
  build: { target: 'es2022', sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/media': api,
      '/socket.io': { target: api, ws: true },
    },
  },
}));
