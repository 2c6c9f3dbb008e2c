// Draws the signed-out pages of PRERENDERED_PAGES at build time (decision 054). After the browser build, it builds
// web/prerender.tsx for Node with the same configuration (so CSS module class names match the browser's), renders
// each page into the built index.html and writes dist/prerendered/<page>.html with brotli and gzip copies beside it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build, type Plugin, type ResolvedConfig } from 'vite';
// With extensions, as vite.config.ts imports this file.
import {
  NOT_FOUND_PAGE_MODULE,
  PAGE_MODULES,
  PRERENDERED_PAGES,
  pageOf,
} from '../common/domain/app-pages.js';
import { entryChunks, reach, type Manifest } from '../server/plugins/page-preloads.js';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Links to the stylesheets of the page's own chunks: the drawing needs them before the app loads the chunks (Vite's
 * loader then finds them linked and adds nothing). The entry's stylesheet is in index.html already.
 */
function pageStylesheets(manifest: Manifest, inEntry: ReadonlySet<string>, pathname: string): string {
  const page = pageOf(pathname);
  const moduleKey = (page && PAGE_MODULES[page]) ?? NOT_FOUND_PAGE_MODULE;
  const files = [...reach(manifest, [moduleKey], inEntry)].flatMap((key) => manifest[key]!.css ?? []);
  return [...new Set(files)]
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join('\n    ');
}

function writeCompressed(file: string, html: string) {
  fs.writeFileSync(file, html);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
}

export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'oopsboard-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // The Node build below loads this same configuration; it must not start another one.
      if (config.build.ssr || process.env.PRERENDER === 'false') return;
      const distDir = path.resolve(config.root, config.build.outDir);
      const serverDir = path.join(config.root, 'node_modules', '.cache', 'oopsboard-prerender');
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: 'web/prerender.tsx',
          outDir: serverDir,
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
          sourcemap: false,
        },
      });
      // No cache-busting query: the page chunks import the entry by its plain URL and must share its module instance.
      const entry = pathToFileURL(path.join(serverDir, 'prerender.js')).href;
      const { renderPage } = (await import(entry)) as {
        renderPage: (pathname: string) => Promise<string>;
      };
      const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(
        fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest;
      const inEntry = entryChunks(manifest);
      if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html must contain ${ROOT_ELEMENT}`);
      const outDir = path.join(distDir, 'prerendered');
      fs.mkdirSync(outDir, { recursive: true });
      for (const [name, pathname] of Object.entries(PRERENDERED_PAGES)) {
        const markup = await renderPage(pathname);
        const html = template
          .replace(ROOT_ELEMENT, `<div id="root" data-prerendered>${markup}</div>`)
          .replace('</head>', `  ${pageStylesheets(manifest, inEntry, pathname)}\n  </head>`)
          .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ')
          .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
        writeCompressed(path.join(outDir, `${name}.html`), html);
      }
    },
  };
}
