// Magic-link and password-reset tokens: 256-bit, stored hashed, single use, with a lifetime; a newer token for the
// same address and purpose replaces older ones.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';

type Kind = (typeof oneTimeTokens.$inferInsert)['kind'];
export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

export async function issueOneTimeToken(
  db: Db,
  input: { kind: Kind; email: string; userId: number | null; ttlMs: number; data?: Record<string, unknown> },
): Promise<{ token: string; id: number }> {
  const { token, hash } = newToken();
  const id = await db.transaction(async (tx) => {
    await tx
      .delete(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.kind, input.kind),
          eq(oneTimeTokens.email, input.email),
          isNull(oneTimeTokens.usedAt),
        ),
      );
    const [row] = await tx
      .insert(oneTimeTokens)
      .values({
        kind: input.kind,
        email: input.email,
        userId: input.userId,
        tokenHash: hash,
        data: input.data ?? null,
        expiresAt: new Date(Date.now() + input.ttlMs),
      })
      .returning({ id: oneTimeTokens.id });
    return row!.id;
  });
  return { token, id };
}

export async function deleteOneTimeToken(db: Db, id: number): Promise<void> {
  await db.delete(oneTimeTokens).where(eq(oneTimeTokens.id, id));
}

export type TokenProblem = 'invalid' | 'used' | 'expired';

/** Reads a token without using it (to validate a reset link before showing the form). */
export async function peekOneTimeToken(
  db: Db,
  kind: Kind,
  token: string,
): Promise<OneTimeToken | TokenProblem> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.kind, kind), eq(oneTimeTokens.tokenHash, hashToken(token))))
    .limit(1);
  if (!row) return 'invalid';
  if (row.usedAt) return 'used';
  if (row.expiresAt.getTime() <= Date.now()) return 'expired';
  return row;
}

/**
 * Uses a token once. The conditional UPDATE is the single point of truth: of two parallel uses, exactly one
 * flips used_at and wins; the other sees 'used'.
 */
export async function consumeOneTimeToken(
  db: Db,
  kind: Kind,
  token: string,
): Promise<OneTimeToken | TokenProblem> {
  const peeked = await peekOneTimeToken(db, kind, token);
  if (typeof peeked === 'string') return peeked;
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.id, peeked.id),
        isNull(oneTimeTokens.usedAt),
        sql`${oneTimeTokens.expiresAt} > now()`,
      ),
    )
    .returning();
  return row ?? 'used';
}

export const mailFailed = (message: string) => new AppError('unavailable', message);
