// "Feedback on your reports" (decision 049): the outcomes of the caller's own reports. A confidential report is the
// caller's when its keyed hash matches theirs (decision 024), so only its reporter ever sees it here.
import { sql } from 'drizzle-orm';
import type { FeedbackList } from '../../../common/contracts/triage';
import type { OopsKind } from '../../../common/domain/oops-options';
import { FEEDBACK_DAYS, type FixVerification, type TriageOutcome } from '../../../common/domain/triage';
import { DAY_MS } from '../../../common/domain/dashboard';
import type { Db } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';
import type { TeamActor } from '../../lib/actor';
import { listReportedByMe } from '../confidential';

interface FeedbackRow {
  oops_id: number;
  slug: string;
  title: string;
  kind: OopsKind;
  confidential: boolean;
  outcome: TriageOutcome;
  note: string;
  triaged_at: Date | string;
  action_id: number | null;
  fix_verification: FixVerification | null;
  fix_verified_at: Date | string | null;
}

/** How many outcomes the list shows at most (the newest). */
const FEEDBACK_MAX = 50;
const iso = (v: Date | string) => new Date(v).toISOString();

/** The outcomes of the caller's reports in their current team, triaged in the last FEEDBACK_DAYS, newest first. */
export async function listFeedback(db: Db, key: Buffer, actor: TeamActor): Promise<FeedbackList> {
  const mine = await listReportedByMe(db, key, actor);
  const confidentialIds = mine.length
    ? sql`o.id in (${sql.join(
        mine.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
  const since = new Date(Date.now() - FEEDBACK_DAYS * DAY_MS).toISOString();
  const rows = await queryRows<FeedbackRow>(
    db,
    sql`select t.oops_id, o.slug, o.title, o.kind, o.confidential, t.outcome, t.note, t.triaged_at, t.action_id,
               t.fix_verification, t.fix_verified_at
        from oops_triage t join oops o on o.id = t.oops_id
        where t.team_id = ${actor.teamId} and t.triaged_at >= ${since}::timestamptz
          and ((not o.confidential and o.created_by = ${actor.userId}) or ${confidentialIds})
        order by t.triaged_at desc, t.oops_id desc
        limit ${FEEDBACK_MAX}`,
  );
  return {
    items: rows.map((r) => ({
      oops_id: r.oops_id,
      id_slug: `${r.oops_id}-${r.slug}`,
      title: r.title,
      kind: r.kind,
      confidential: r.confidential,
      outcome: r.outcome,
      note: r.note,
      triaged_at: iso(r.triaged_at),
      fix: r.fix_verification ?? (r.action_id === null ? 'none' : 'pending'),
      verified_at: r.fix_verified_at === null ? null : iso(r.fix_verified_at),
    })),
  };
}
