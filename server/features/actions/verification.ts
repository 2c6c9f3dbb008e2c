// Verified fixes (decision 048): the answer to "Did it hold?" and an action's verification as other features read
// it. Yes verifies the fix; no reopens the action with the note kept. Only the action's owner and the team's owners
// and admins answer, and only once the action is done, pending and its day to check has come.
import { and, eq } from 'drizzle-orm';
import type { TeamAction, VerificationAnswer } from '../../../common/contracts/actions';
import { actionToday } from '../../../common/domain/actions';
import { MANAGER_ROLES } from '../../../common/domain/options';
import type { VerificationState } from '../../../common/domain/verification';
import { VERIFICATION_ERRORS } from '../../../common/domain/verification';
import type { Db } from '../../db/client';
import { oops, oopsActions } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { emitActionEvent, statusChange } from './actions';
import { ACTIONS_MESSAGES, readTeamAction, type ActionsContext } from './team-actions';

/** POST /api/actions/{id}/verification: records whether the fix held; answers the action as it is now. */
export async function answerVerification(
  { db, actor, today = actionToday() }: ActionsContext,
  actionId: number,
  answer: VerificationAnswer,
  now: Date = new Date(),
): Promise<TeamAction> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        oopsId: oopsActions.oopsId,
        ownerId: oopsActions.ownerId,
        status: oopsActions.status,
        state: oopsActions.verificationState,
        verifyOn: oopsActions.verifyOn,
      })
      .from(oopsActions)
      .innerJoin(oops, eq(oops.id, oopsActions.oopsId))
      .where(and(eq(oopsActions.id, actionId), eq(oops.teamId, actor.teamId)))
      .for('update', { of: oopsActions });
    // Another team's action is as unknown as a missing one.
    if (!found) throw notFound(ACTIONS_MESSAGES.notFound);
    if (found.ownerId !== actor.userId && !MANAGER_ROLES.includes(actor.role)) {
      throw forbidden(VERIFICATION_ERRORS.notAllowed);
    }
    if (found.status !== 'done' || found.state !== 'pending' || found.verifyOn === null) {
      throw conflict(VERIFICATION_ERRORS.notWaiting);
    }
    if (found.verifyOn > today) throw conflict(VERIFICATION_ERRORS.notDue(found.verifyOn));
    const answered = { verificationAnsweredAt: now, verificationAnsweredBy: actor.userId, updatedAt: now };
    await tx
      .update(oopsActions)
      .set(
        answer.held
          ? // A fix that held again is no longer flagged by the repeat that had reopened it.
            {
              ...answered,
              verificationState: 'verified',
              verificationNote: null,
              verificationRepeatedBy: null,
            }
          : {
              ...answered,
              ...statusChange('open', now),
              verificationState: 'failed',
              verificationNote: answer.note ?? null,
            },
      )
      .where(eq(oopsActions.id, actionId));
    await emitActionEvent(tx, actor, 'action.updated', found.oopsId, actionId);
  });
  return readTeamAction(db, actor, actionId, today);
}

/** An action's verification as other features read it (decision 048); null for an unknown action of the team. */
export interface ActionVerificationState {
  state: VerificationState | null;
  verifyOn: string | null;
  check: string | null;
  answeredAt: Date | null;
  note: string | null;
}

export async function readActionVerification(
  db: Db,
  teamId: number,
  actionId: number,
): Promise<ActionVerificationState | null> {
  const [row] = await db
    .select({
      state: oopsActions.verificationState,
      verifyOn: oopsActions.verifyOn,
      check: oopsActions.verificationCheck,
      answeredAt: oopsActions.verificationAnsweredAt,
      note: oopsActions.verificationNote,
    })
    .from(oopsActions)
    .innerJoin(oops, eq(oops.id, oopsActions.oopsId))
    .where(and(eq(oopsActions.id, actionId), eq(oops.teamId, teamId)))
    .limit(1);
  return row ?? null;
}
