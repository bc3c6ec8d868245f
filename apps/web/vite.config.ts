import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// The API server of `apps/server`; the dev server and `vite preview` forward API calls to it.
const apiTarget = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/healthz': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  plugins: [react(), precompress()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for error tooling but not announced by the scripts; the server answers them in
    // devel only (APP_ENV, docs/decisions/0019-web-delivery.md).
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every library the first screen needs, in one file that survives deploys of our own code.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
            // Libraries of single routes keep their own stable names (question view, analyze page).
            { name: 'katex', test: /[\\/]node_modules[\\/]katex[\\/]/ },
            { name: 'recharts', test: /[\\/]node_modules[\\/](?:recharts|d3-[a-z-]+|victory-vendor)[\\/]/ },
          ],
        },
      },
    },
  },
});
