// Sign-in throttling from the audit log, so it holds across app processes without shared memory.
// A sliding window: once the oldest failure leaves the window, the account can try again, so the real
// user is never locked out for longer than the window (docs/decisions/003-sessions.md).
import { and, count, eq, gt } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { AUDIT } from '../../lib/audit';

export async function isLoginThrottled(db: Db, config: Config, email: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - config.loginThrottle.windowMs);
  const failures = (column: typeof auditEvents.target | typeof auditEvents.ip, value: string) =>
    db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, AUDIT.loginFailure), eq(column, value), gt(auditEvents.at, since)));
  const [byAccount, byIp] = await Promise.all([failures(auditEvents.target, email), failures(auditEvents.ip, ip)]);
  return (
    (byAccount[0]?.n ?? 0) >= config.loginThrottle.perAccount || (byIp[0]?.n ?? 0) >= config.loginThrottle.perIp
  );
}
