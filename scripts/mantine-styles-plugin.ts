// Mantine's stylesheet per component (decision 058). Each Mantine component keeps its class names in a module of
// its own (`esm/components/Button/Button.module.mjs`), and beside its whole stylesheet the package ships one per
// component (`styles/Button.layer.css`). In the build the plugin makes each such module import its component's
// stylesheet, so a chunk's CSS holds the components its code holds and comes with it, rather than the whole
// stylesheet with the entry. The `.layer` files put Mantine's rules in the `mantine` cascade layer, so the app's
// own rules, outside any layer, win over them whichever file arrives last. A component's module is imported after
// the components it builds on, so their rules come first within the layer, as in Mantine's whole stylesheet.
// The development server serves Mantine pre-bundled, past this plugin: there the app takes the whole stylesheet.
import fs from 'node:fs';
import type { Plugin } from 'vite';

/** What web/main.tsx imports for Mantine's styles: the base styles in the build, everything in development. */
export const MANTINE_STYLES = 'virtual:mantine-styles';
const RESOLVED = `\0${MANTINE_STYLES}.css`;
const BASE = ['baseline', 'default-css-variables', 'global'];

// In `esm/components/` and `esm/utils/` (InlineInput, the layout of checkboxes, radios and switches).
const CLASS_NAMES_MODULE = /([\\/]@mantine[\\/]core[\\/])esm[\\/].*?([A-Za-z]+)\.module\.mjs$/;

const importOf = (file: string) => `@import ${JSON.stringify(`@mantine/core/styles/${file}.layer.css`)};`;

export function mantineStylesPerComponent(): Plugin {
  let perComponent = false;
  return {
    name: 'oopsboard:mantine-styles-per-component',
    configResolved(config) {
      perComponent = config.command === 'build';
    },
    resolveId(id) {
      return id === MANTINE_STYLES ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      if (!perComponent) return `@import "@mantine/core/styles.layer.css";`;
      return BASE.map(importOf).join('\n');
    },
    transform: {
      filter: { id: CLASS_NAMES_MODULE },
      handler(code, id) {
        const match = perComponent ? CLASS_NAMES_MODULE.exec(id) : null;
        if (!match) return null;
        const [, packageDir, component] = match;
        const file = `styles/${component}.layer.css`;
        // A Mantine upgrade that moves or renames a stylesheet fails the build rather than unstyling a component.
        if (!fs.existsSync(id.slice(0, match.index) + packageDir + file)) {
          this.error(
            `Mantine's ${component} has no stylesheet ${file}: see scripts/mantine-styles-plugin.ts.`,
          );
        }
        const stylesheet = `@mantine/core/${file}`;
        return { code: `import ${JSON.stringify(stylesheet)};\n${code}`, map: null };
      },
    },
  };
}
