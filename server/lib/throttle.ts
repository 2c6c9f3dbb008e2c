// Throttling from the audit log, so it holds across app processes without shared memory. A sliding window: once
// the oldest event leaves the window, the next attempt is allowed, so nobody is locked out for longer than the window
// (docs/decisions/003-sessions.md).
import { and, count, eq, gt } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';
import { AUDIT } from './audit';

/** How many `action` events with this target (or IP) happened within the window. */
export async function recentCount(
  db: Db,
  action: string,
  by: { target: string } | { ip: string },
  windowMs: number,
): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const match = 'target' in by ? eq(auditEvents.target, by.target) : eq(auditEvents.ip, by.ip);
  const rows = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), match, gt(auditEvents.at, since)));
  return rows[0]?.n ?? 0;
}

export async function isLoginThrottled(db: Db, config: Config, email: string, ip: string): Promise<boolean> {
  const { windowMs, perAccount, perIp } = config.loginThrottle;
  const [byAccount, byIp] = await Promise.all([
    recentCount(db, AUDIT.loginFailure, { target: email }, windowMs),
    recentCount(db, AUDIT.loginFailure, { ip }, windowMs),
  ]);
  return byAccount >= perAccount || byIp >= perIp;
}

/** E-mails (magic links, resets, invitations) per address and per IP within the window. */
export async function isEmailThrottled(
  db: Db,
  config: Config,
  action: string,
  email: string,
  ip: string,
): Promise<boolean> {
  const { windowMs, perAddress, perIp } = config.emailThrottle;
  const [byAddress, byIp] = await Promise.all([
    recentCount(db, action, { target: email }, windowMs),
    recentCount(db, action, { ip }, windowMs),
  ]);
  return byAddress >= perAddress || byIp >= perIp;
}
