// Revoking a user's personal access tokens wholesale (a disabled account), shared by the admin API and the CLI.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens } from '../db/schema';
import { AUDIT, recordAudit } from './audit';

/** Deletes every API token of `userId`, with one audit entry per token; returns how many there were. */
export async function revokeUserApiTokens(
  db: Db,
  userId: number,
  by: { actorId?: number | null; ip?: string | null; reason: string },
): Promise<number> {
  const rows = await db
    .delete(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .returning({ id: apiTokens.id, name: apiTokens.name });
  for (const row of rows) {
    await recordAudit(db, {
      action: AUDIT.tokenRevoked,
      actorId: by.actorId ?? null,
      target: String(row.id),
      ip: by.ip ?? null,
      details: { name: row.name, owner_id: userId, reason: by.reason },
    });
  }
  return rows.length;
}
