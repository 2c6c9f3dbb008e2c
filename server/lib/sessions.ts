// Session lifecycle: create on sign-in, end on logout, password change, reset and disable.
import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { emitEvents } from '../events/outbox';
import { sessions } from '../db/schema';
import { newToken } from './tokens';

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

/** Creates a session and returns the raw token; only its hash is stored. */
export async function createSession(
  db: Db,
  config: Config,
  userId: number,
  meta: SessionMeta,
): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(sessions).values({
    tokenHash: hash,
    userId,
    expiresAt: new Date(Date.now() + config.sessionAbsoluteMs),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

// Ending sessions emits session.ended in the same transaction: every process forgets its cached actors, so the
// ended token stops working on its very next call (docs/decisions/010-actor-cache.md).
export async function endSession(db: Db, sessionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.id, sessionId))
      .returning({ userId: sessions.userId });
    if (ended[0]) await emitEvents(tx, sessionEnded(ended[0].userId));
  });
}

/** Ends every session of a user, except the one given (the one that just changed the password). */
export async function endUserSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(sessions)
      .where(
        exceptSessionId === undefined
          ? eq(sessions.userId, userId)
          : and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)),
      );
    await emitEvents(tx, sessionEnded(userId));
  });
}

const sessionEnded = (userId: number) =>
  ({ type: 'session.ended', teamId: null, payload: { user_id: userId } }) as const;
