// Session lifecycle: create on sign-in, end on logout, password change, reset and disable.
import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
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

export async function endSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, except the one given (the one that just changed the password). */
export async function endUserSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)),
    );
}
