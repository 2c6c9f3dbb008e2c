// The team's display tokens (decision 050): owners and admins list, make and revoke them. They belong to the team:
// a token id of another team is "not found", and the secret leaves the server once, in createDisplayToken's answer.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { CreatedDisplayToken, DisplayToken } from '../../../common/contracts/wall';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { WALL_LIMITS, WALL_TEXTS } from '../../../common/domain/wall';
import type { Db } from '../../db/client';
import { displayTokens, teams, users } from '../../db/schema';
import type { TeamActor } from '../../lib/actor';
import { AUDIT, recordAudit } from '../../lib/audit';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { newDisplayToken } from '../../lib/tokens';

export interface DisplayTokensContext {
  db: Db;
  actor: TeamActor;
  ip?: string;
}

/** Display tokens are the team's credentials: its owners and admins manage them. */
export function requireDisplayManager(actor: TeamActor): TeamActor {
  if (!MANAGER_ROLES.includes(actor.role)) throw forbidden(WALL_TEXTS.managersOnly);
  return actor;
}

const view = {
  id: displayTokens.id,
  name: displayTokens.name,
  tokenHint: displayTokens.tokenHint,
  createdBy: sql<string | null>`coalesce(${users.name}, ${users.email})`,
  createdAt: displayTokens.createdAt,
  lastUsedAt: displayTokens.lastUsedAt,
};
interface ViewRow {
  id: number;
  name: string;
  tokenHint: string;
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const toDisplayToken = (row: ViewRow): DisplayToken => ({
  id: row.id,
  name: row.name,
  token_hint: row.tokenHint,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** The team's display tokens, newest first (at most WALL_LIMITS.tokensPerTeam exist). */
export async function listDisplayTokens({ db, actor }: DisplayTokensContext): Promise<DisplayToken[]> {
  const rows = await db
    .select(view)
    .from(displayTokens)
    .leftJoin(users, eq(users.id, displayTokens.createdBy))
    .where(eq(displayTokens.teamId, actor.teamId))
    .orderBy(desc(displayTokens.createdAt), desc(displayTokens.id))
    .limit(WALL_LIMITS.tokensPerTeam);
  return rows.map(toDisplayToken);
}

/** Makes a display token for the actor's team and answers it once with its secret. */
export async function createDisplayToken(
  { db, actor, ip }: DisplayTokensContext,
  input: { name: string },
): Promise<CreatedDisplayToken> {
  const { token, hash, hint } = newDisplayToken();
  const id = await db.transaction(async (tx) => {
    // The team's row is the lock that keeps two concurrent creates from both passing the cap.
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, actor.teamId)).for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(displayTokens)
      .where(eq(displayTokens.teamId, actor.teamId));
    if ((held?.n ?? 0) >= WALL_LIMITS.tokensPerTeam) throw new AppError('conflict', WALL_TEXTS.tooMany);
    const [inserted] = await tx
      .insert(displayTokens)
      .values({
        teamId: actor.teamId,
        name: input.name,
        tokenHash: hash,
        tokenHint: hint,
        createdBy: actor.userId,
      })
      .returning({ id: displayTokens.id });
    await recordAudit(tx, {
      action: AUDIT.displayTokenCreated,
      actorId: actor.userId,
      teamId: actor.teamId,
      target: String(inserted!.id),
      ip,
      details: { name: input.name },
    });
    return inserted!.id;
  });
  const [row] = await db
    .select(view)
    .from(displayTokens)
    .leftJoin(users, eq(users.id, displayTokens.createdBy))
    .where(eq(displayTokens.id, id));
  return { ...toDisplayToken(row!), token };
}

/** Deletes one of the team's display tokens: its screen is refused from its next request on (nothing caches it). */
export async function revokeDisplayToken({ db, actor, ip }: DisplayTokensContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(displayTokens)
      .where(and(eq(displayTokens.id, id), eq(displayTokens.teamId, actor.teamId)))
      .returning({ id: displayTokens.id, name: displayTokens.name });
    if (!row) throw notFound(WALL_TEXTS.notFound);
    await recordAudit(tx, {
      action: AUDIT.displayTokenRevoked,
      actorId: actor.userId,
      teamId: actor.teamId,
      target: String(row.id),
      ip,
      details: { name: row.name },
    });
  });
}
