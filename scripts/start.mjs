// `npm start`: builds the SPA when dist/ is missing or older than its sources (and Vite is installed), then runs the server in this
// process (so SIGTERM/SIGINT reach it directly and it can shut down gracefully).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['web', 'common', 'index.html', 'vite.config.ts', 'package.json', 'public'];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtIndex = path.join(root, 'dist', 'index.html');
const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestMtime));
const viteInstalled = fs.existsSync(path.join(root, 'node_modules/vite/bin/vite.js'));
// `npm install --omit=dev` leaves Vite and the web libraries out (the container image builds the SPA beforehand).
if (builtAt < sourcesAt && !viteInstalled) {
  if (!builtAt) {
    console.error('The web app is not built and Vite is not installed: run `npm install`, then `npm start`.');
    process.exit(1);
  }
  console.warn('Sources look newer than dist/, but Vite is not installed: serving the existing build.');
} else if (builtAt < sourcesAt) {
  console.log(
    builtAt ? 'Sources changed since the last build: rebuilding the web app…' : 'Building the web app…',
  );
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) {
    console.error('The web build failed; see above.');
    process.exit(build.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
