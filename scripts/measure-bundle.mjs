#!/usr/bin/env node
// Prints the gzip size (and the brotli size the server sends) of the JavaScript a route needs for its first paint:
// the entry chunk, the page's lazy chunk, any further lazy modules with a chunk of their own that the page shows at
// once, and everything they import statically (the dashboard's and the incident's chunks import the signed-in
// navigation's code, decision 056). Reads dist/.vite/manifest.json, so run `vite build` first.
// Usage: node scripts/measure-bundle.mjs [page module] [budget KB] [further lazy module…]
//   e.g. node scripts/measure-bundle.mjs web/app/oops-log-route.tsx 400 web/app/layout/mobile-menu.tsx
// BUNDLE_MAX_FILES=<n> also fails when the page needs more files than that: each is a request before the first paint
// (decision 056).
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
const further = process.argv.slice(4);

for (const module of [page, ...further]) {
  if (!manifest[module]) {
    console.error(
      `${module} is not a chunk in the manifest. Known modules:\n${Object.keys(manifest).join('\n')}`,
    );
    process.exit(1);
  }
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
further.forEach(visit);

const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(8)} KB`;
let total = 0;
let totalBrotli = 0;
for (const file of files) {
  const source = fs.readFileSync(path.join(dist, file));
  const gzip = zlib.gzipSync(source, { level: 9 }).length;
  const brotli = zlib.brotliCompressSync(source).length;
  total += gzip;
  totalBrotli += brotli;
  console.log(`${kb(gzip)}  ${kb(brotli)} br  ${file}`);
}
console.log(
  `${kb(total)}  ${kb(totalBrotli)} br  initial JS (gzip, brotli) for ${page}, ${files.size} files`,
);
const maxFiles = process.env.BUNDLE_MAX_FILES ? Number(process.env.BUNDLE_MAX_FILES) : undefined;
if (maxFiles !== undefined && files.size > maxFiles) {
  console.error(`Too many files: ${files.size} > ${maxFiles}`);
  process.exit(1);
}
if (budgetKb !== undefined && total / 1024 > budgetKb) {
  console.error(`Over budget: ${(total / 1024).toFixed(1)} KB > ${budgetKb} KB`);
  process.exit(1);
}
