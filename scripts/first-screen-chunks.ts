// Puts the code that the pages opened cold from a link (the dashboard, an incident) need for their first screen,
// beyond the entry's, in one chunk per page (decision 056). Left to itself the bundler makes a chunk of every set of
// modules that the same pages share: about 50 files of 1-2 KB before the dashboard could draw, 80 before an incident,
// each a request and, over HTTP/1.1's six connections, a round trip in turn.
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
// With extensions, as vite.config.ts imports this file.
import { PAGE_MODULES } from '../common/domain/app-pages.js';

/**
 * Each group holds what its modules need, directly or through the modules they import, that neither the entry nor
 * an earlier group holds. A page's group starts at its page module (which stays in a chunk of its own) and the
 * modules named beside it: the signed-in navigation (menus, search, the presentation toggle), which the app loads
 * once the session is known and draws with either page, comes with the dashboard's. The dashboard's group comes
 * first: it is small and an incident needs most of it (an incident loads both). The incident's part below its
 * first screen, which it loads after its first paint, is a group without a page.
 */
interface Group {
  name: string;
  page?: string;
  with: string[];
  /**
   * Holds only what no other lazily loaded module (another page, a dialog) needs as well: a module it shares with,
   * say, the sign-in page stays out of it, or that page would load the whole group.
   */
  alone?: true;
}
const GROUPS: Group[] = [
  {
    name: 'dashboard-screen',
    page: PAGE_MODULES.dashboard!,
    with: ['web/app/layout/signed-in-nav.ts'],
  },
  { name: 'incident-screen', page: PAGE_MODULES.oopsDetail!, with: [] },
  { name: 'incident-rest', with: ['web/features/oops/incident-rest.tsx'], alone: true },
];

/** The API's contracts and the library they are written with (those the grouped pages need go in a group). */
const CONTRACTS = /[\\/](node_modules[\\/]zod|common[\\/]contracts)[\\/]/;

type Context = Rollup.PluginContext;
type Name = { name?: string; value?: string };
const nameOf = (node: Name) => node.name ?? node.value ?? '';

/** One top-level statement of a module, as far as imports and exports go. */
interface Statement {
  type: string;
  source: string | undefined;
  /** A named export with its own declaration (`export const …`) rather than a list of names. */
  declares: boolean;
  /** The names such a declaration exports. */
  declared: string[];
  /** `local` is the name in this module; `imported` the name taken from the source ('*' for all of it). */
  specifiers: { local: string; imported: string; exported: string }[];
}

// A module is read by many walks (one per group, and one per lazily loaded module for a group `alone`).
const parsed = new Map<string, Statement[] | null>();
function statementsOf(context: Context, id: string): Statement[] | null {
  if (!parsed.has(id)) parsed.set(id, parseStatements(context, id));
  return parsed.get(id)!;
}

function parseStatements(context: Context, id: string): Statement[] | null {
  const code = context.getModuleInfo(id)?.code;
  if (!code) return null;
  return context.parse(code).body.map((node) => {
    const raw = node as unknown as {
      type: string;
      source?: { value?: string } | null;
      declaration?: { id?: Name | null; declarations?: { id: Name }[] } | null;
      specifiers?: { type: string; local: Name; imported?: Name; exported?: Name }[];
      exported?: Name | null;
    };
    const declaration = raw.declaration;
    // `export * as name from …` names the whole module.
    const namespace = raw.type === 'ExportAllDeclaration' && raw.exported;
    return {
      type: raw.type,
      source: raw.source?.value,
      declares: Boolean(declaration),
      declared: declaration
        ? (declaration.declarations?.map((d) => nameOf(d.id)) ?? [nameOf(declaration.id ?? {})])
        : [],
      specifiers: namespace
        ? [{ local: '*', imported: '*', exported: nameOf(namespace) }]
        : (raw.specifiers ?? []).map((s) => ({
            local: nameOf(s.local),
            imported:
              s.type === 'ImportSpecifier' || s.type === 'ExportSpecifier'
                ? nameOf(s.imported ?? s.local)
                : '*',
            exported: nameOf(s.exported ?? s.local),
          })),
    };
  });
}

/** What a module imports: each source with the names taken from it ('*' for the whole module). */
function importsOf(context: Context, id: string): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  const add = (source: string, name: string) =>
    imports.set(source, (imports.get(source) ?? new Set()).add(name));
  for (const { type, source, specifiers } of statementsOf(context, id) ?? []) {
    if (!source) continue;
    if (type === 'ImportDeclaration' && specifiers.length > 0) {
      for (const s of specifiers) add(source, s.imported);
    } else add(source, '*'); // a bare import, `export *` or a re-export: all of it
  }
  return imports;
}

interface Index {
  /** For each name the index exports by name, the module and name it comes from ('*': the whole module). */
  names: Map<string, { source: string; name: string }>;
  /** The modules it exports everything of (`export * from …`). */
  stars: string[];
}

/**
 * A package's index that only re-exports its modules (Mantine's, lucide's, zod's core) names every module of the
 * package; a page needs the modules behind the names it imports.
 */
function reExports(context: Context, id: string): Index | null {
  const statements = id.includes('node_modules') ? statementsOf(context, id) : null;
  if (!statements) return null;
  const imported = new Map<string, { source: string; name: string }>();
  const exported = new Map<string, { source: string; name: string }>();
  const stars: string[] = [];
  for (const { type, source, declares, specifiers } of statements) {
    if (type === 'ImportDeclaration' && source) {
      for (const s of specifiers) imported.set(s.local, { source, name: s.imported });
    } else if (type === 'ExportAllDeclaration' && source) {
      if (specifiers[0]) exported.set(specifiers[0].exported, { source, name: '*' });
      else stars.push(source);
    } else if (type === 'ExportNamedDeclaration' && !declares) {
      for (const s of specifiers) {
        const from = source ? { source, name: s.local } : imported.get(s.local);
        if (!from) return null;
        exported.set(s.exported, from);
      }
    } else return null; // code of its own: not a pure index
  }
  return { names: exported, stars };
}

/** The modules that `from` need, following each import to the module behind the names it takes. */
async function needed(context: Context, from: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const visitedNames = new Set<string>();
  // A package's index is reached from many modules: read each once.
  const indexes = new Map<string, ReturnType<typeof reExports>>();
  const indexOf = (id: string) => {
    if (!indexes.has(id)) indexes.set(id, reExports(context, id));
    return indexes.get(id)!;
  };
  // Whether a module exports `name`, itself or through its own `export *`.
  const exportsName = async (id: string, name: string): Promise<boolean> => {
    for (const { type, source, declared, specifiers } of statementsOf(context, id) ?? []) {
      if (declared.includes(name) || specifiers.some((s) => s.exported === name)) return true;
      if (type === 'ExportDefaultDeclaration' && name === 'default') return true;
      if (type === 'ExportAllDeclaration' && source && specifiers.length === 0) {
        const target = await context.resolve(source, id);
        if (target && !target.external && (await exportsName(target.id, name))) return true;
      }
    }
    return false;
  };
  const starSourceOf = async (id: string, index: Index, name: string) => {
    for (const source of index.stars) {
      const target = await context.resolve(source, id);
      if (target && !target.external && (await exportsName(target.id, name))) return target.id;
    }
    return undefined;
  };
  const visit = async (id: string, names: ReadonlySet<string>): Promise<void> => {
    const index = names.has('*') ? null : indexOf(id);
    if (index) {
      for (const name of names) {
        if (visitedNames.has(`${id}\0${name}`)) continue;
        visitedNames.add(`${id}\0${name}`);
        const from = index.names.get(name);
        const target = from && (await context.resolve(from.source, id));
        if (target && from) await visit(target.id, new Set([from.name]));
        const star = from ? undefined : await starSourceOf(id, index, name);
        if (star) await visit(star, new Set([name]));
      }
      return;
    }
    if (found.has(id)) return;
    found.add(id);
    for (const [source, taken] of importsOf(context, id)) {
      const target = await context.resolve(source, id);
      if (target && !target.external) await visit(target.id, taken);
    }
  };
  for (const id of from) await visit(id, new Set(['*']));
  return found;
}

/** What the lazily loaded modules outside `own` (the other pages, their dialogs) need. */
function neededElsewhere(context: Context, own: ReadonlySet<string>): Promise<Set<string>> {
  const lazy = [...context.getModuleIds()].filter(
    (id) => !own.has(id) && (context.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0,
  );
  return needed(context, lazy);
}

/**
 * The plugin works the groups out once the module graph is built; the groups (for `codeSplitting.groups`) capture
 * the modules when the chunks are made, which comes after.
 */
export function firstScreenChunks(root: string) {
  const captured = new Map<string, string>();
  // Every module some group needs, whether or not the group holds it (a group `alone` leaves out what it shares).
  const wanted = new Set<string>();
  const plugin: Plugin = {
    name: 'oopsboard:first-screen-chunks',
    apply: 'build',
    async buildEnd() {
      // The build of the drawn pages for Node (scripts/prerender-plugin.ts) has no first load to speed up.
      if (this.environment.name !== 'client') return;
      const ids = (modules: readonly string[]) => modules.map((module) => path.join(root, module));
      // Each page module stays in a chunk of its own, which the build's manifest names (page preloads, decision 052).
      parsed.clear();
      const taken = new Set(ids(GROUPS.flatMap((group) => group.page ?? [])));
      for (const group of GROUPS) {
        const own = await needed(this, ids([...(group.page ? [group.page] : []), ...group.with]));
        const shared = group.alone ? await neededElsewhere(this, own) : new Set<string>();
        for (const id of own) {
          wanted.add(id);
          if (!taken.has(id) && !shared.has(id)) captured.set(id, group.name);
          taken.add(id);
        }
      }
    },
  };
  // Highest priority first: a module goes to the first group that takes it, with what it imports that no earlier
  // group took.
  const holding = ({ name }: Group) => ({ name, test: (id: string) => captured.get(id) === name });
  const order = [
    // The entry's own modules, all in the entry chunk (as the bundler would have them).
    { name: 'index', tags: ['$initial' as const] },
    ...GROUPS.filter((g) => g.page).map(holding),
    // The contracts and zod in a file of their own, which the pages, whose reads check their answers later
    // (decision 059), load after their first paint. After the pages' groups, which never import them: what they
    // import from common/ besides stays there, and a page does not load this file for the constants it shares with
    // a contract.
    { name: 'contracts', test: (id: string) => CONTRACTS.test(id) && wanted.has(id) },
    // The groups without a page. What a group `alone` shares with other lazily loaded modules is left to the
    // bundler's own chunks, which those modules load too, rather than pulled into the group with its importers.
    ...GROUPS.filter((g) => !g.page).map((g) => ({
      ...holding(g),
      ...(g.alone ? { includeDependenciesRecursively: false } : {}),
    })),
  ];
  const groups = order.map((group, index) => ({ ...group, priority: order.length - index }));
  return { plugin, groups };
}
