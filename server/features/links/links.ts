// Related incidents and repeats (decisions 019 and 044): the /related endpoints. The link rows, the one store of
// links (both incidents' related_incidents fields list them when read), are written by the incident's own link
// writes (server/features/oops/link-writes.ts), which its create and edit use too.
import { sql } from 'drizzle-orm';
import type { RelatedResponse } from '../../../common/contracts/links';
import { OOPS_LIMITS } from '../../../common/domain/oops-options';
import { idSlugOf } from '../../../common/domain/tags';
import { queryRows } from '../../lib/sql-rows';
import { actionsAllDoneSql } from '../../lib/recurrence-sql';
import { writerOnId } from '../confidential';
import { findOopsRow, linkInTransaction, unlinkInTransaction, type OopsContext } from '../oops';
import { reopenVerifiedFixes } from '../actions';

/**
 * POST /api/oops/{id}/related/{otherId}: whoever may edit {id} (an open incident of their team). A repeat reopens
 * the verified fixes of the incident it repeats, in the same transaction (decision 048).
 */
export async function linkOops(
  { db, actor, confidentialKey }: OopsContext,
  id: number,
  otherId: number,
  repeat: boolean,
): Promise<RelatedResponse> {
  await db.transaction(async (tx) => {
    const writer = await writerOnId(tx, confidentialKey, actor, id);
    await linkInTransaction(tx, writer, id, otherId, repeat);
    if (repeat) await reopenVerifiedFixes(tx, { teamId: writer.teamId, earlierId: otherId, actor: writer });
  });
  return listRelated({ db, actor }, id);
}

/** DELETE /api/oops/{id}/related/{otherId}: either direction, by whoever may edit {id}. */
export async function unlinkOops(
  { db, actor: reader, confidentialKey }: OopsContext,
  id: number,
  otherId: number,
): Promise<RelatedResponse> {
  await db.transaction(async (tx) =>
    unlinkInTransaction(tx, await writerOnId(tx, confidentialKey, reader, id), id, otherId),
  );
  return listRelated({ db, actor: reader }, id);
}

interface RelatedRow {
  id: number;
  slug: string;
  title: string;
  severity: string;
  status: string;
  created_at: Date | string;
  repeat: 'repeat_of' | 'repeated_by' | null;
  despite_action: boolean;
}

/** GET /api/oops/{id}/related: the incident's links, newest other incident first. */
export async function listRelated({ db, actor }: OopsContext, id: number): Promise<RelatedResponse> {
  await findOopsRow(db, actor, id);
  const rows = await queryRows<RelatedRow>(
    db,
    sql`select o.id, o.slug, o.title, o.severity, o.status, o.created_at,
          case when not l.is_repeat then null when l.oops_id = ${id} then 'repeat_of' else 'repeated_by' end as repeat,
          (l.is_repeat and ${actionsAllDoneSql(sql`l.other_id`)}) as despite_action
        from oops_links l
        join oops o on o.id = case when l.oops_id = ${id} then l.other_id else l.oops_id end
        where (l.oops_id = ${id} or l.other_id = ${id}) and l.team_id = ${actor.teamId}
        order by o.created_at desc, o.id desc
        limit ${OOPS_LIMITS.relatedMax * 5}`,
  );
  const related = rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    id_slug: idSlugOf(r),
    title: r.title,
    severity: r.severity,
    status: r.status,
    created_at: new Date(r.created_at).toISOString(),
    repeat: r.repeat,
    despite_action: Boolean(r.despite_action),
  }));
  return {
    related,
    repeated_despite_action: related.some((r) => r.repeat === 'repeat_of' && r.despite_action),
  };
}
