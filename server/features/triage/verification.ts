// Telling a reporter how the fix their report led to was verified (decision 049). Follow-up actions call this when
// an action "needs a fix" created is verified; it finds the report by the action id the triage remembered.
import { and, eq, sql } from 'drizzle-orm';
import type { FixVerification } from '../../../common/domain/triage';
import { oopsTriage } from '../../db/schema';
import { queryRows } from '../../lib/sql-rows';
import {
  reportColumnsSql,
  sendVerificationFeedback,
  type FeedbackDeps,
  type ReportRow,
} from './feedback-mail';
import { emitTriageChanged } from './service';

/**
 * Records the verification of the fix `actionId` is, and e-mails the reporter of the report that asked for it (the
 * in-app feedback shows it too). Answers whether the action was a triage's fix; the same verification again sends
 * nothing.
 */
export async function notifyReporterOfVerification(
  deps: FeedbackDeps,
  actionId: number,
  verification: FixVerification,
): Promise<boolean> {
  const changed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(oopsTriage)
      .set({ fixVerification: verification, fixVerifiedAt: new Date() })
      .where(
        and(
          eq(oopsTriage.actionId, actionId),
          sql`${oopsTriage.fixVerification} is distinct from ${verification}`,
        ),
      )
      .returning({ oopsId: oopsTriage.oopsId, teamId: oopsTriage.teamId });
    if (row) await emitTriageChanged(tx, null, row.teamId, row.oopsId);
    return row;
  });
  if (!changed) return false;
  const [report] = await queryRows<ReportRow>(
    deps.db,
    sql`select ${reportColumnsSql} from oops o where o.id = ${changed.oopsId}`,
  );
  if (report) await sendVerificationFeedback(deps, report, verification);
  return true;
}
