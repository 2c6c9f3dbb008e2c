// Display tokens (decision 050) as plugins/auth resolves them: the team's row, no person. Nothing is cached, so a
// revoked token stops at its screen's next refresh; last_used_at is refreshed at most once a minute.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { displayTokens, teams } from '../db/schema';
import type { DisplayActor } from '../lib/actor';
import { hashToken } from '../lib/tokens';

const TOUCH_INTERVAL = sql`interval '1 minute'`;

/** The display actor of `token`, or null when no such token exists (revoked, mistyped, its team deleted). */
export async function resolveDisplayToken(db: Db, token: string): Promise<DisplayActor | null> {
  const [row] = await db
    .select({
      tokenId: displayTokens.id,
      teamId: teams.id,
      teamName: teams.name,
      lastUsedAt: displayTokens.lastUsedAt,
    })
    .from(displayTokens)
    .innerJoin(teams, eq(teams.id, displayTokens.teamId))
    .where(eq(displayTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(displayTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(displayTokens.id, row.tokenId),
          or(isNull(displayTokens.lastUsedAt), lt(displayTokens.lastUsedAt, sql`now() - ${TOUCH_INTERVAL}`)),
        ),
      );
  }
  return { tokenId: row.tokenId, teamId: row.teamId, teamName: row.teamName };
}
