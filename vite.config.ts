// The SPA build: Vite root is the repository root (index.html → /web/main.tsx), output in dist/ which the server
// serves. In development the API, health and readiness paths are proxied to the server on port 3000.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json maps each page to its chunks; scripts/measure-bundle.mjs reads it.
    manifest: true,
    // Keep the CSS of lazy pages with their chunk rather than in the entry.
    cssCodeSplit: true,
    // Minified size is not the measure that matters; scripts/measure-bundle.mjs checks gzip per route.
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/healthz': { target: API_TARGET },
      '/readyz': { target: API_TARGET },
    },
  },
  preview: { port: 4173 },
});
