// A repeat reopens the verified fixes of the incident it repeats (decision 048): the fix did not hold, so those
// verifications go back to pending (the owner is asked "Did it hold?" again, the e-mail once more) and both
// incidents show it. Called where a repeat link is made (the /related endpoints, a create with repeat_of), and by
// the daily run for any repeat whose call did not happen.
import { sql } from 'drizzle-orm';
import type { FixNotHeld } from '../../../common/contracts/actions';
import { idSlugOf } from '../../../common/domain/tags';
import type { Db } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';
import { emitActionEvent, type ActionEventActor } from './actions';

/**
 * Reopens the verified fixes of `earlierId` (or, without it, of every incident) that a repeat linked after their
 * verification; with an actor, each reopened action is an `action.updated` event of it. Answers how many reopened.
 */
export async function reopenVerifiedFixes(
  db: Db,
  scope: { teamId: number; earlierId: number; actor: ActionEventActor } | null,
): Promise<number> {
  const reopened = await queryRows<{ id: number; oops_id: number }>(
    db,
    sql`update oops_actions a
        set verification_state = 'pending', verification_prompted_at = null, verification_repeated_by = l.oops_id,
            updated_at = now()
        from oops_links l
        where l.is_repeat and l.other_id = a.oops_id
          and a.verification_state = 'verified' and l.created_at >= a.verification_answered_at
          ${scope ? sql`and a.oops_id = ${scope.earlierId} and l.team_id = ${scope.teamId}` : sql``}
        returning a.id, a.oops_id`,
  );
  if (scope) {
    for (const row of reopened) await emitActionEvent(db, scope.actor, 'action.updated', row.oops_id, row.id);
  }
  return reopened.length;
}

/** The fixes that did not hold as incident `oopsId` shows them: its own actions a repeat reopened, and those of the incident it repeats. */
export async function fixesNotHeld(db: Db, oopsId: number): Promise<FixNotHeld[]> {
  const rows = await queryRows<{
    action_id: number;
    action_title: string;
    earlier_id: number;
    earlier_slug: string;
    repeat_id: number;
    repeat_slug: string;
  }>(
    db,
    sql`select a.id as action_id, a.title as action_title, e.id as earlier_id, e.slug as earlier_slug,
               r.id as repeat_id, r.slug as repeat_slug
        from oops_actions a
        join oops e on e.id = a.oops_id
        join oops r on r.id = a.verification_repeated_by
        where (a.oops_id = ${oopsId} or a.verification_repeated_by = ${oopsId})
        order by a.id
        limit 50`,
  );
  return rows.map((r) => ({
    action_id: Number(r.action_id),
    action_title: r.action_title,
    earlier: { id: Number(r.earlier_id), id_slug: idSlugOf({ id: r.earlier_id, slug: r.earlier_slug }) },
    repeat: { id: Number(r.repeat_id), id_slug: idSlugOf({ id: r.repeat_id, slug: r.repeat_slug }) },
  }));
}
