// The SPA build: Vite root is the repository root (index.html → /web/main.tsx), output in dist/ which the server
// serves. In development the API, health and readiness paths are proxied to the server on port 3000.
import { constants as zlib } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
// With an extension, which Vite's coming native config loader needs (it warns on every build otherwise).
import { prerenderPages } from './scripts/prerender-plugin.js';
import { firstScreenChunks } from './scripts/first-screen-chunks.js';
import { earlyReads } from './scripts/early-reads-plugin.js';
import { mantineStylesPerComponent } from './scripts/mantine-styles-plugin.js';

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';
// Source maps publish the whole client source; they are built only on request (decision 029).
const SOURCE_MAPS = process.env.SOURCE_MAPS === 'true';
const firstScreen = firstScreenChunks(import.meta.dirname);

export default defineConfig({
  plugins: [
    react(),
    mantineStylesPerComponent(),
    // Every text file gets a .br and a .gz beside it, made once at build time at the highest levels, which the
    // server picks by Accept-Encoding (@fastify/static preCompressed). Media files are compressed already.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|map)$/,
      threshold: 0,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
    earlyReads(),
    prerenderPages(),
    firstScreen.plugin,
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: SOURCE_MAPS,
    // dist/.vite/manifest.json maps each page to its chunks; scripts/measure-bundle.mjs reads it.
    manifest: true,
    // Keep the CSS of lazy pages with their chunk rather than in the entry.
    cssCodeSplit: true,
    // Minified size is not the measure that matters; scripts/measure-bundle.mjs checks gzip per route.
    chunkSizeWarningLimit: 700,
    rolldownOptions: { output: { codeSplitting: { groups: firstScreen.groups } } },
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
