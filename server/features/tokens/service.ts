// Personal access tokens of the signed-in user (/api/user/tokens). Every function acts on the actor's own tokens
// only: a token id of someone else is "not found". The secret leaves the server once, in createApiToken's answer.
import { and, count, desc, eq } from 'drizzle-orm';
import type { ApiToken, CreatedApiToken } from '../../../common/contracts/tokens';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_SCOPES,
  API_TOKEN_TEXTS,
  type ApiTokenScope,
} from '../../../common/domain/api-tokens';
import type { Db } from '../../db/client';
import { apiTokens, users } from '../../db/schema';
import { AUDIT, recordAudit } from '../../lib/audit';
import { emitEvents } from '../../events/outbox';
import { AppError, notFound } from '../../lib/errors';
import { newApiToken } from '../../lib/tokens';
import type { Actor } from '../../lib/actor';

export interface TokensContext {
  db: Db;
  actor: Actor;
  ip?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const view = {
  id: apiTokens.id,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  tokenHint: apiTokens.tokenHint,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
};
type ViewRow = {
  id: number;
  name: string;
  scopes: ApiTokenScope[];
  tokenHint: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
};

function toApiToken(row: ViewRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    token_hint: row.tokenHint,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The actor's tokens, newest first (at most API_TOKEN_LIMITS.perUser exist). */
export async function listApiTokens({ db, actor }: TokensContext): Promise<ApiToken[]> {
  const rows = await db
    .select(view)
    .from(apiTokens)
    .where(eq(apiTokens.userId, actor.userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(API_TOKEN_LIMITS.perUser);
  return rows.map(toApiToken);
}

/** Creates a token and answers it once with its secret; only the hash and a 4-character hint are stored. */
export async function createApiToken(
  { db, actor, ip }: TokensContext,
  input: { name: string; scopes: ApiTokenScope[]; expires_in_days?: number | null },
): Promise<CreatedApiToken> {
  const { token, hash, hint } = newApiToken();
  // Canonical order, so that lists and audit entries read the same whatever order the client sent.
  const scopes = API_TOKEN_SCOPES.filter((s) => input.scopes.includes(s));
  const expiresAt = input.expires_in_days ? new Date(Date.now() + input.expires_in_days * DAY_MS) : null;
  const row = await db.transaction(async (tx) => {
    // The user's row is the lock that keeps two concurrent creates from both passing the cap.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.userId)).for('update');
    const [held] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, actor.userId));
    if ((held?.n ?? 0) >= API_TOKEN_LIMITS.perUser) throw new AppError('conflict', API_TOKEN_TEXTS.tooMany);
    const [inserted] = await tx
      .insert(apiTokens)
      .values({
        userId: actor.userId,
        teamId: actor.teamId,
        name: input.name,
        tokenHash: hash,
        tokenHint: hint,
        scopes,
        expiresAt,
      })
      .returning(view);
    return inserted!;
  });
  await recordAudit(db, {
    action: AUDIT.tokenCreated,
    actorId: actor.userId,
    teamId: actor.teamId,
    target: String(row.id),
    ip,
    details: { name: row.name, scopes, expires_at: row.expiresAt?.toISOString() ?? null },
  });
  return { ...toApiToken(row), token };
}

/** Deletes one of the actor's tokens; it stops working at once (token.revoked makes every process forget it). */
export async function revokeApiToken({ db, actor, ip }: TokensContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(apiTokens)
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, actor.userId)))
      .returning({ id: apiTokens.id, name: apiTokens.name });
    if (!row) throw notFound(API_TOKEN_TEXTS.notFound);
    await recordAudit(tx, {
      action: AUDIT.tokenRevoked,
      actorId: actor.userId,
      teamId: actor.teamId,
      target: String(row.id),
      ip,
      details: { name: row.name, reason: 'deleted' },
    });
    await emitEvents(tx, { type: 'token.revoked', teamId: null, payload: { user_id: actor.userId } });
  });
}
