import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/service-worker';

const api = process.env.PLAZA_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  build: { target: 'es2022', sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/media': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
