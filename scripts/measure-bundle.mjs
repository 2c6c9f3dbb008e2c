#!/usr/bin/env node
// Prints the gzip size of the JavaScript a route needs for its first paint: the entry chunk, the page's lazy chunk
// and everything they import statically. Reads dist/.vite/manifest.json, so run `vite build` first.
// Usage: node scripts/measure-bundle.mjs [page module] [budget KB]
//   e.g. node scripts/measure-bundle.mjs web/features/dashboard/dashboard-page.tsx 250
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// BUNDLE_DIST_DIR points at another build (e.g. vite build --outDir dist-x when several builds share a checkout).
const dist = path.resolve(process.env.BUNDLE_DIST_DIR ?? 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: run `npx vite build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const page = process.argv[2] ?? 'web/features/dashboard/dashboard-page.tsx';
const budgetKb = process.argv[3] ? Number(process.argv[3]) : undefined;

if (!manifest[page]) {
  console.error(`${page} is not a chunk in the manifest. Known pages:\n${Object.keys(manifest).join('\n')}`);
  process.exit(1);
}

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit('index.html');
visit(page);

let total = 0;
for (const file of files) {
  const gzip = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gzip;
  console.log(`${(gzip / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(8)} KB  initial JS (gzip) for ${page}`);
if (budgetKb !== undefined && total / 1024 > budgetKb) {
  console.error(`Over budget: ${(total / 1024).toFixed(1)} KB > ${budgetKb} KB`);
  process.exit(1);
}
