// Builds web/early-reads.ts (decision 057) into a small classic script of its own, with everything it imports inlined,
// and puts it first in index.html's head: it must run before the app's scripts have arrived, so it cannot share their
// chunks. Its file name carries a hash of its content, so the server may let browsers keep it (assets/).
import { createHash } from 'node:crypto';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';

const ENTRY = 'web/early-reads.ts';
/** The tag index.html runs first today; the early script goes just before it. */
const BEFORE_APP_TAG = '<script src="/before-app.js"></script>';

export function earlyReads(): Plugin {
  let config: ResolvedConfig;
  let fileName = '';
  return {
    name: 'oopsboard-early-reads',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      // The prerender plugin's Node build loads this configuration again: it needs no script for the browser.
      if (config.build.ssr) return;
      const result = await build({
        configFile: false,
        root: config.root,
        logLevel: 'warn',
        build: {
          write: false,
          copyPublicDir: false,
          sourcemap: false,
          minify: true,
          lib: { entry: ENTRY, formats: ['iife'], name: 'oopsboardEarlyReads' },
        },
      });
      const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
      const [chunk] = output.output;
      if (chunk?.type !== 'chunk') throw new Error(`${ENTRY} built no script`);
      const hash = createHash('sha256').update(chunk.code).digest('base64url').slice(0, 8);
      fileName = `assets/early-reads-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source: chunk.code });
    },
    transformIndexHtml(html) {
      if (!fileName) return html;
      if (!html.includes(BEFORE_APP_TAG)) throw new Error(`index.html must contain ${BEFORE_APP_TAG}`);
      return html.replace(BEFORE_APP_TAG, `<script src="/${fileName}"></script>\n    ${BEFORE_APP_TAG}`);
    },
  };
}
