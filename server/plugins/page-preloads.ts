// What the browser should fetch together with a page's HTML: the page's own scripts and stylesheets, which it
// would otherwise ask for only once the entry script has loaded and run (one more round trip on a slow network
// before anything is drawn). Read once from the build's manifest and sent as a `Link` header (decision 052).
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_MODULES, pageOf } from '../../common/domain/app-pages';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The keys of the chunks `from` reaches through static imports, `from` included, minus those in `skip`. */
export function reach(
  manifest: Manifest,
  from: string[],
  skip: ReadonlySet<string> = new Set(),
): Set<string> {
  const found = new Set<string>();
  const visit = (key: string) => {
    if (!manifest[key] || found.has(key) || skip.has(key)) return;
    found.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  from.forEach(visit);
  return found;
}

/** The keys of the chunks the entry loads (what every page has before its own code). */
export function entryChunks(manifest: Manifest): Set<string> {
  return reach(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]!.isEntry),
  );
}

/**
 * The `Link` header value for a page: its stylesheets, then (unless its scripts wait, below) the entry's files first
 * (the browser fetches what the header names before what the HTML names, and nothing draws without the entry), then
 * the page's chunk and the chunks it imports.
 */
function linksOf(
  manifest: Manifest,
  moduleKey: string,
  inEntry: ReadonlySet<string>,
  scripts: PageScripts,
): string {
  const keys = [...inEntry, ...reach(manifest, [moduleKey], inEntry)];
  const chunks = keys.map((key) => manifest[key]!);
  const styles = new Set(chunks.flatMap((chunk) => chunk.css ?? []));
  // `crossorigin` as on the stylesheet links Vite writes: a preload fetched in another mode is not used, but fetched
  // twice.
  return [
    ...[...styles].map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
    ...(scripts === 'preload' ? chunks.map((chunk) => `</${chunk.file}>; rel=modulepreload`) : []),
  ].join(', ');
}

/**
 * Whether a page's scripts come with it: yes for a page the script draws ('preload'); no for a page whose HTML the
 * build drew (decision 054), which starts the app only once the visitor needs it ('later').
 */
export type PageScripts = 'preload' | 'later';

/**
 * A lookup from a URL path to the `Link` header of its page, or null when the build has no manifest (the API-only
 * server of the tests) or the page has no code of its own (a redirect).
 */
export function pagePreloads(distDir: string): (pathname: string, scripts: PageScripts) => string | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => null;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const inEntry = entryChunks(manifest);
  const byModule = new Map<string, Record<PageScripts, string>>();
  for (const moduleKey of new Set(Object.values(PAGE_MODULES))) {
    if (!manifest[moduleKey]) continue;
    byModule.set(moduleKey, {
      preload: linksOf(manifest, moduleKey, inEntry, 'preload'),
      later: linksOf(manifest, moduleKey, inEntry, 'later'),
    });
  }
  return (pathname, scripts) => {
    const key = pageOf(pathname);
    const moduleKey = key ? PAGE_MODULES[key] : undefined;
    return (moduleKey && byModule.get(moduleKey)?.[scripts]) || null;
  };
}
