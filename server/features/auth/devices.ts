// Remembered devices and their rotating refresh credentials (docs/decisions/033-remembered-devices.md). A device is
// created by a sign-in with "keep me signed in"; each refresh replaces its credential and opens a bearer session.
// Presenting a replaced credential again, after a short grace for tabs that refreshed at the same moment, is reuse:
// someone holds a copy, so the whole device ends.
import { and, eq, isNull, max } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { devices, refreshCredentials, sessions, users } from '../../db/schema';
import { emitEvents } from '../../events/outbox';
import { createSession, sessionEnded, type SessionMeta } from '../../lib/sessions';
import { hashToken, newToken } from '../../lib/tokens';

/**
 * Tabs opened together (several links at once) present the same credential in parallel; only the first rotates it.
 * The others, within this window, get a session without a new credential: the browser keeps the first one's.
 */
export const REUSE_GRACE_MS = 30_000;

/** A new device for the user with its first refresh credential (the raw secret, for the cookie). */
export async function createDevice(
  db: Db,
  config: Config,
  userId: number,
  meta: SessionMeta,
): Promise<{ deviceId: number; credential: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + config.deviceAbsoluteMs);
  const [device] = await db
    .insert(devices)
    .values({ userId, expiresAt, ip: meta.ip ?? null, userAgent: meta.userAgent?.slice(0, 300) ?? null })
    .returning({ id: devices.id });
  const { token, hash } = newToken();
  await db.insert(refreshCredentials).values({ deviceId: device!.id, tokenHash: hash });
  return { deviceId: device!.id, credential: token, expiresAt };
}

/** The refresh credential of a remembered device, for the cookie. */
export interface RememberedCredential {
  credential: string;
  expiresAt: Date;
}

/**
 * Opens the session of a sign-in; with "keep me signed in" also a new remembered device, whose sessions live no
 * longer than it does.
 */
export async function openSignIn(
  db: Db,
  config: Config,
  userId: number,
  meta: SessionMeta,
  remember: boolean,
): Promise<{ token: string; refresh: RememberedCredential | null }> {
  if (!remember) return { token: await createSession(db, config, userId, meta), refresh: null };
  return db.transaction(async (tx) => {
    const device = await createDevice(tx, config, userId, meta);
    const token = await createSession(tx, config, userId, meta, {
      deviceId: device.deviceId,
      notAfter: device.expiresAt,
    });
    return { token, refresh: { credential: device.credential, expiresAt: device.expiresAt } };
  });
}

export type RefreshOutcome =
  | { kind: 'rotated'; userId: number; token: string; credential: string; expiresAt: Date }
  | { kind: 'grace'; userId: number; token: string }
  | { kind: 'reused'; userId: number; deviceId: number }
  | { kind: 'expired'; userId: number }
  | { kind: 'invalid' };

/** Trades a refresh credential for a bearer session, rotating the credential. */
export async function refreshDevice(
  db: Db,
  config: Config,
  presented: string,
  meta: SessionMeta,
): Promise<RefreshOutcome> {
  const now = Date.now();
  return db.transaction(async (tx): Promise<RefreshOutcome> => {
    const [found] = await tx
      .select({
        credentialId: refreshCredentials.id,
        replacedAt: refreshCredentials.replacedAt,
        deviceId: devices.id,
        userId: devices.userId,
        lastUsedAt: devices.lastUsedAt,
        expiresAt: devices.expiresAt,
        isActive: users.isActive,
      })
      .from(refreshCredentials)
      .innerJoin(devices, eq(devices.id, refreshCredentials.deviceId))
      .innerJoin(users, eq(users.id, devices.userId))
      .where(eq(refreshCredentials.tokenHash, hashToken(presented)))
      .limit(1);
    if (!found) return { kind: 'invalid' };
    const endDevice = async () => {
      await tx.delete(devices).where(eq(devices.id, found.deviceId));
      await emitEvents(tx, sessionEnded(found.userId));
    };
    if (!found.isActive) {
      await endDevice();
      return { kind: 'invalid' };
    }
    // Idle counts from the device's last refresh or the last use of any session it opened, whichever is later.
    const [activity] = await tx
      .select({ lastSeen: max(sessions.lastSeenAt) })
      .from(sessions)
      .where(eq(sessions.deviceId, found.deviceId));
    const lastActive = Math.max(found.lastUsedAt.getTime(), activity?.lastSeen?.getTime() ?? 0);
    if (found.expiresAt.getTime() <= now || lastActive + config.deviceIdleMs <= now) {
      await endDevice();
      return { kind: 'expired', userId: found.userId };
    }
    const openSession = () =>
      createSession(tx, config, found.userId, meta, { deviceId: found.deviceId, notAfter: found.expiresAt });

    if (found.replacedAt === null) {
      // A conditional update: of parallel refreshes with this credential exactly one replaces it.
      const replaced = await tx
        .update(refreshCredentials)
        .set({ replacedAt: new Date(now) })
        .where(and(eq(refreshCredentials.id, found.credentialId), isNull(refreshCredentials.replacedAt)))
        .returning({ id: refreshCredentials.id });
      if (replaced.length === 1) {
        const { token: credential, hash } = newToken();
        await tx.insert(refreshCredentials).values({ deviceId: found.deviceId, tokenHash: hash });
        await tx
          .update(devices)
          .set({ lastUsedAt: new Date(now), ip: meta.ip ?? null })
          .where(eq(devices.id, found.deviceId));
        const token = await openSession();
        return { kind: 'rotated', userId: found.userId, token, credential, expiresAt: found.expiresAt };
      }
      return { kind: 'grace', userId: found.userId, token: await openSession() };
    }
    if (now - found.replacedAt.getTime() <= REUSE_GRACE_MS) {
      return { kind: 'grace', userId: found.userId, token: await openSession() };
    }
    await endDevice();
    return { kind: 'reused', userId: found.userId, deviceId: found.deviceId };
  });
}

/**
 * Ends the device a refresh credential belongs to: signing out leaves nobody signed in on this browser, whoever
 * ticked "keep me signed in" on it. Nothing when the credential is unknown.
 */
export async function endDeviceOf(db: Db, presented: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ deviceId: refreshCredentials.deviceId, userId: devices.userId })
      .from(refreshCredentials)
      .innerJoin(devices, eq(devices.id, refreshCredentials.deviceId))
      .where(eq(refreshCredentials.tokenHash, hashToken(presented)))
      .limit(1);
    if (!found) return;
    await tx.delete(devices).where(eq(devices.id, found.deviceId));
    await emitEvents(tx, sessionEnded(found.userId));
  });
}
