// Tag suggestions (docs/product.md §5): with no tags given, up to 3 tags are suggested from keywords in title and description.
import { QUICK_TAGS } from './oops-options';

const KEYWORDS: Record<string, readonly string[]> = {
  outage: ['outage', 'down', 'unavailable', 'offline', 'crash'],
  security: ['security', 'breach', 'vulnerab', 'phishing', 'leak', 'unauthori', 'attack'],
  performance: ['slow', 'latency', 'performance', 'timeout', 'lag', 'memory', 'cpu'],
  deployment: ['deploy', 'release', 'rollback', 'rollout', 'migration'],
  database: ['database', 'db ', 'sql', 'postgres', 'query', 'index'],
  api: ['api', 'endpoint', 'webhook', 'rest', 'graphql'],
  frontend: ['frontend', 'ui', 'button', 'page', 'browser', 'css'],
  backend: ['backend', 'server', 'service', 'worker', 'queue'],
};

export const MAX_SUGGESTED_TAGS = 3;

export function suggestTags(title: string, description: string): string[] {
  const text = ` ${title} ${description} `.toLowerCase();
  return QUICK_TAGS.filter((tag) => KEYWORDS[tag]?.some((word) => text.includes(word))).slice(
    0,
    MAX_SUGGESTED_TAGS,
  );
}

/** Tags are stored trimmed, lowercased and unique, in the order given. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const t = tag.trim().toLowerCase();
    if (t) seen.add(t);
  }
  return [...seen];
}

export function slugify(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'oops';
}

/** The id part of an id-slug ('42-database-outage' → 42) decides; null when there is none. */
export function parseIdSlug(idSlug: string): number | null {
  const match = /^(\d{1,10})(?:-|$)/.exec(idSlug);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export const idSlugOf = (oops: { id: number; slug: string }) => `${oops.id}-${oops.slug}`;
