// The sign-ins a user sees on their profile (decision 033): each remembered device, and each browser session
// opened without one. Sessions opened from a device are shown as the device.
import Bowser from 'bowser';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SignIn } from '../../../common/contracts/sessions';
import { SESSION_TEXTS } from '../../../common/domain/session-texts';
import type { Db } from '../../db/client';
import { devices, sessions } from '../../db/schema';

/** The most a user is shown of each kind; far above one person's browsers. */
const LIST_LIMIT = 100;

/** "Chrome on Linux" from a user agent; the raw string never leaves the server. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return SESSION_TEXTS.unknownDevice;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? SESSION_TEXTS.unknownDevice;
}

export async function listSignIns(db: Db, actor: { userId: number; sessionId: number }): Promise<SignIn[]> {
  const [current] = await db
    .select({ deviceId: sessions.deviceId })
    .from(sessions)
    .where(eq(sessions.id, actor.sessionId));
  const deviceRows = await db
    .select({
      id: devices.id,
      userAgent: devices.userAgent,
      ip: devices.ip,
      createdAt: devices.createdAt,
      expiresAt: devices.expiresAt,
      // The device was last used when it last refreshed or one of its sessions was last seen.
      lastUsedAt:
        sql<Date>`greatest(${devices.lastUsedAt}, (select max(${sessions.lastSeenAt}) from ${sessions} where ${sessions.deviceId} = ${devices.id}))`.mapWith(
          devices.lastUsedAt,
        ),
    })
    .from(devices)
    .where(and(eq(devices.userId, actor.userId), gt(devices.expiresAt, sql`now()`)))
    .orderBy(desc(devices.lastUsedAt))
    .limit(LIST_LIMIT);
  const sessionRows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(eq(sessions.userId, actor.userId), isNull(sessions.deviceId), gt(sessions.expiresAt, sql`now()`)),
    )
    .orderBy(desc(sessions.lastSeenAt))
    .limit(LIST_LIMIT);
  const shape = (kind: SignIn['kind'], row: (typeof sessionRows)[number], isCurrent: boolean): SignIn => ({
    kind,
    id: row.id,
    device: describeDevice(row.userAgent),
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    current: isCurrent,
  });
  const list = [
    ...deviceRows.map((row) => shape('device', row, row.id === current?.deviceId)),
    ...sessionRows.map((row) => shape('session', row, row.id === actor.sessionId)),
  ];
  // The current sign-in first, then the most recently used.
  return list.sort(
    (a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at),
  );
}
