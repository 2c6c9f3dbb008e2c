// Ending a person's access to a team when they are removed from it or leave it (decision 035). One call site ends
// everything of theirs that could still act in the team, so that a new kind of credential is added here once.
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens, devices, sessions } from '../db/schema';
import { AUDIT, recordAudit } from './audit';
import { emitEvents } from '../events/outbox';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface EndedAccess {
  sessions: number;
  tokens: number;
}

/**
 * Inside the removal's transaction: revokes the user's API tokens made for this team (and those whose team is
 * unknown) and, when they were removed by someone else, ends every session and remembered device of theirs (they sign in again, into a
 * team they still belong to). Someone who leaves keeps their sessions: they now work in their next team. The events
 * make every process forget its remembered actors before the answer leaves, so the next request with any ended
 * credential is a 401.
 */
export async function endTeamAccess(
  tx: Tx,
  userId: number,
  teamId: number,
  by: { actorId: number; ip?: string | null; reason: 'removed' | 'left' },
): Promise<EndedAccess> {
  let ended: { id: number }[] = [];
  if (by.reason === 'removed') {
    // Remembered devices first: a refresh credential must not open a new session after the removal.
    await tx.delete(devices).where(eq(devices.userId, userId));
    ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  }
  const revoked = await tx
    .delete(apiTokens)
    .where(and(eq(apiTokens.userId, userId), or(eq(apiTokens.teamId, teamId), isNull(apiTokens.teamId))))
    .returning({ id: apiTokens.id, name: apiTokens.name });
  for (const token of revoked) {
    await recordAudit(tx, {
      action: AUDIT.tokenRevoked,
      actorId: by.actorId,
      teamId,
      target: String(token.id),
      ip: by.ip ?? null,
      details: { name: token.name, owner_id: userId, reason: `member_${by.reason}` },
    });
  }
  await emitEvents(
    tx,
    { type: 'session.ended', teamId, payload: { user_id: userId } },
    { type: 'token.revoked', teamId, payload: { user_id: userId } },
  );
  return { sessions: ended.length, tokens: revoked.length };
}
