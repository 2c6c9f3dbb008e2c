// Similar incidents while logging: PostgreSQL full-text ranking over title and description, within the team.
import { and, desc, eq, sql } from 'drizzle-orm';
import { OOPS_LIMITS } from '../../../common/domain/oops-options';
import { idSlugOf } from '../../../common/domain/tags';
import { oops } from '../../db/schema';
import type { OopsContext } from '../oops';

export async function findSimilarOops({ db, actor }: OopsContext, text: string) {
  // Any shared word should count, so the words are OR-ed; websearch_to_tsquery accepts any input safely.
  const words = text.match(/[\p{L}\p{N}]{3,}/gu)?.slice(0, 30) ?? [];
  if (words.length === 0) return [];
  const query = sql`websearch_to_tsquery('english', ${words.join(' or ')})`;
  const rank = sql<number>`ts_rank(${oops.searchVector}, ${query})`;
  const rows = await db
    .select({
      id: oops.id,
      slug: oops.slug,
      title: oops.title,
      severity: oops.severity,
      status: oops.status,
      createdAt: oops.createdAt,
      rank,
    })
    .from(oops)
    .where(and(eq(oops.teamId, actor.teamId), sql`${oops.searchVector} @@ ${query}`))
    .orderBy(desc(rank), desc(oops.createdAt))
    .limit(OOPS_LIMITS.similarMax);
  return rows.map((r) => ({
    id: r.id,
    id_slug: idSlugOf(r),
    title: r.title,
    severity: r.severity,
    status: r.status,
    created_at: r.createdAt.toISOString(),
  }));
}
