// Session lifecycle: create on sign-in, end on logout, password change, reset and disable. Ending a user's sessions
// also ends their remembered devices (docs/decisions/033-remembered-devices.md), so no refresh credential can open
// a new session afterwards.
import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { emitEvents } from '../events/outbox';
import { devices, sessions } from '../db/schema';
import { newToken } from './tokens';

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

export interface SessionOptions {
  /** The remembered device that opens the session: signing the device out ends the session too. */
  deviceId?: number;
  /** A session opened from a device lives no longer than the device. */
  notAfter?: Date;
}

/** Creates a session and returns the raw token; only its hash is stored. */
export async function createSession(
  db: Db,
  config: Config,
  userId: number,
  meta: SessionMeta,
  options: SessionOptions = {},
): Promise<string> {
  const { token, hash } = newToken();
  const absolute = Date.now() + config.sessionAbsoluteMs;
  const expiresAt = new Date(Math.min(absolute, options.notAfter?.getTime() ?? absolute));
  await db.insert(sessions).values({
    tokenHash: hash,
    userId,
    expiresAt,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    deviceId: options.deviceId ?? null,
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

/**
 * Ends every session and every remembered device (refresh credentials) of a user, except the session given (the
 * one that just changed the password) and the device it was opened from. Removing a member, disabling an account,
 * a password reset and "sign out everywhere" all come here.
 */
export async function endUserSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (exceptSessionId === undefined) {
      // Sessions of the user's devices go with them (on delete cascade).
      await tx.delete(devices).where(eq(devices.userId, userId));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    } else {
      const [kept] = await tx
        .select({ deviceId: sessions.deviceId })
        .from(sessions)
        .where(and(eq(sessions.id, exceptSessionId), eq(sessions.userId, userId)));
      const keptDevice = kept?.deviceId ?? null;
      await tx
        .delete(devices)
        .where(
          keptDevice === null
            ? eq(devices.userId, userId)
            : and(eq(devices.userId, userId), ne(devices.id, keptDevice)),
        );
      await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)));
    }
    await emitEvents(tx, sessionEnded(userId));
  });
}

/** Ends one remembered device of the user and every session opened from it; false when there is no such device. */
export async function endDevice(db: Db, userId: number, deviceId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(devices)
      .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)))
      .returning({ id: devices.id });
    if (ended.length === 0) return false;
    await emitEvents(tx, sessionEnded(userId));
    return true;
  });
}

/** Ends one session of the user; false when there is no such session. */
export async function endUserSession(db: Db, userId: number, sessionId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .returning({ id: sessions.id });
    if (ended.length === 0) return false;
    await emitEvents(tx, sessionEnded(userId));
    return true;
  });
}

export const sessionEnded = (userId: number) =>
  ({ type: 'session.ended', teamId: null, payload: { user_id: userId } }) as const;
