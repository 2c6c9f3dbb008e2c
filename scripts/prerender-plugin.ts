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
import { escapeHtml } from '../common/domain/note-html.js';
import { TOKEN_STORAGE_KEY } from '../common/domain/options.js';
import { DEVICE_HINT_COOKIE } from '../common/domain/session-texts.js';

const ROOT_ELEMENT = '<div id="root"></div>';

/** The chunks of the page's own code, beyond the entry's. */
function pageChunks(manifest: Manifest, inEntry: ReadonlySet<string>, pathname: string) {
  const page = pageOf(pathname);
  const moduleKey = (page && PAGE_MODULES[page]) ?? NOT_FOUND_PAGE_MODULE;
  return [...reach(manifest, [moduleKey], inEntry)].map((key) => manifest[key]!);
}

/**
 * Links to the stylesheets of the page's own chunks: the drawing needs them before the app loads the chunks (Vite's
 * loader then finds them linked and adds nothing). The entry's stylesheet is in index.html already.
 */
function pageStylesheets(chunks: readonly { css?: string[] }[]): string {
  const files = new Set(chunks.flatMap((chunk) => chunk.css ?? []));
  return [...files].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('\n    ');
}

const APP_SCRIPT_TAG = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/**
 * The drawn page does not start the app by itself (decision 054): the entry's script and the module preloads move
 * into an inert <template> that public/before-app.js puts in the document when the app is needed, with the page's own
 * chunks beside them so they load together. The template names where a session would be, which starts the app at once.
 */
function deferAppScripts(html: string, chunks: readonly { file: string }[]): string {
  const tags = html.match(APP_SCRIPT_TAG)?.map((tag) => tag.trim()) ?? [];
  if (!tags.some((tag) => tag.startsWith('<script'))) throw new Error('index.html must load the entry script');
  const own = chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
  const template =
    `<template id="app-start" data-session-key="${TOKEN_STORAGE_KEY}" data-session-cookie="${DEVICE_HINT_COOKIE}">` +
    `\n      ${[...tags, ...own].join('\n      ')}\n    </template>`;
  return html.replace(APP_SCRIPT_TAG, '').replace('</body>', `  ${template}\n  </body>`);
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
        renderPage: (pathname: string) => Promise<{ markup: string; title: string }>;
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
        const { markup, title } = await renderPage(pathname);
        const chunks = pageChunks(manifest, inEntry, pathname);
        const html = deferAppScripts(
          template
            .replace(ROOT_ELEMENT, `<div id="root" data-prerendered>${markup}</div>`)
            .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
            .replace('</head>', `  ${pageStylesheets(chunks)}\n  </head>`),
          chunks.filter((chunk) => chunk.file.endsWith('.js')),
        );
        writeCompressed(path.join(outDir, `${name}.html`), html);
      }
    },
  };
}
