import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server of `apps/server`; the dev server and `vite preview` forward API calls to it.
const apiTarget = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/healthz': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
});
