// Triaging a report (decision 049): one outcome per near-miss or learning moment, by an owner or admin; "needs a fix"
// creates its follow-up action; the reporter is told.
import { eq, sql } from 'drizzle-orm';
import type { Triage, TriageBody } from '../../../common/contracts/triage';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { actionTitleOf, TRIAGE_KINDS, TRIAGE_MESSAGES } from '../../../common/domain/triage';
import type { Db } from '../../db/client';
import { oopsTriage } from '../../db/schema';
import { emitEvents, eventActor } from '../../events/outbox';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { queryRows } from '../../lib/sql-rows';
import type { TeamActor } from '../../lib/actor';
import { createAction } from '../actions';
import { reportColumnsSql, sendOutcomeFeedback, type FeedbackDeps, type ReportRow } from './feedback-mail';

export interface TriageContext {
  db: Db;
  actor: TeamActor;
}

/** 403 unless the actor is an owner or admin of their team: members see nothing of the queue. */
export function assertTriager(actor: TeamActor): void {
  if (!MANAGER_ROLES.includes(actor.role)) throw forbidden(TRIAGE_MESSAGES.managersOnly);
}

export const emitTriageChanged = (
  tx: Db,
  actor: Pick<TeamActor, 'teamId' | 'userId' | 'name' | 'email'> | null,
  teamId: number,
  oopsId: number,
) =>
  emitEvents(tx, {
    type: 'triage.changed',
    teamId,
    payload: { actor: actor ? eventActor(actor) : null, oops: { id: oopsId } },
  });

/**
 * POST /api/triage/{id}: records the outcome (409 when the report has one), creates the fix's action for "needs a
 * fix" (owned by the chosen member, else the triager), then e-mails the reporter. Nothing stays written if the action
 * cannot be created.
 */
export async function triageReport(
  { db, actor }: TriageContext,
  feedback: FeedbackDeps,
  oopsId: number,
  body: TriageBody,
): Promise<Triage> {
  assertTriager(actor);
  const [report] = await queryRows<ReportRow>(
    db,
    sql`select ${reportColumnsSql} from oops o where o.id = ${oopsId} and o.team_id = ${actor.teamId}`,
  );
  if (!report) throw notFound(TRIAGE_MESSAGES.notFound);
  if (!TRIAGE_KINDS.includes(report.kind)) throw badRequest(TRIAGE_MESSAGES.notTriageable);
  if (body.action_owner_id !== undefined && body.outcome !== 'needs_fix')
    throw badRequest(TRIAGE_MESSAGES.ownerOnlyForFix);
  // The row is the claim: of two triagers at once, one gets it and the other a 409.
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(oopsTriage)
      .values({
        oopsId,
        teamId: actor.teamId,
        outcome: body.outcome,
        note: body.note,
        triagedById: actor.userId > 0 ? actor.userId : null,
      })
      .onConflictDoNothing()
      .returning({ triagedAt: oopsTriage.triagedAt });
    if (row) await emitTriageChanged(tx, actor, actor.teamId, oopsId);
    return row;
  });
  if (!claimed) throw conflict(TRIAGE_MESSAGES.alreadyTriaged);
  let actionId: number | null = null;
  if (body.outcome === 'needs_fix') {
    try {
      const action = await createAction({ db, actor }, oopsId, {
        title: actionTitleOf(body.note),
        owner_id: body.action_owner_id ?? actor.userId,
      });
      actionId = action.id;
      await db.update(oopsTriage).set({ actionId }).where(eq(oopsTriage.oopsId, oopsId));
    } catch (error) {
      // A closed report or an owner from elsewhere: the outcome is not kept without its action.
      await db.transaction(async (tx) => {
        await tx.delete(oopsTriage).where(eq(oopsTriage.oopsId, oopsId));
        await emitTriageChanged(tx, actor, actor.teamId, oopsId);
      });
      throw error;
    }
  }
  await sendOutcomeFeedback(feedback, report, body);
  return {
    oops_id: oopsId,
    outcome: body.outcome,
    note: body.note,
    triaged_at: new Date(claimed.triagedAt).toISOString(),
    action_id: actionId,
  };
}
