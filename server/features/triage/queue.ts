// The triage queue (decision 049): the team's near-misses and learning moments without an outcome, oldest first.
import { sql } from 'drizzle-orm';
import type { TriageQueue } from '../../../common/contracts/triage';
import { CONFIDENTIAL_REPORTER } from '../../../common/domain/confidential-texts';
import type { OopsKind } from '../../../common/domain/oops-options';
import { TRIAGE_KINDS, TRIAGE_QUEUE_MAX } from '../../../common/domain/triage';
import type { Db } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';
import type { TeamActor } from '../../lib/actor';

interface QueueRow {
  id: number;
  slug: string;
  title: string;
  kind: OopsKind;
  area_department: string | null;
  created_at: Date | string;
  author: string | null;
  confidential: boolean;
  total: number;
}

const kinds = sql.join(
  TRIAGE_KINDS.map((k) => sql`${k}::oops_kind`),
  sql`, `,
);

/** The untriaged reports of the actor's team (at most TRIAGE_QUEUE_MAX, the oldest first) and how many there are. */
export async function listTriageQueue(db: Db, actor: TeamActor): Promise<TriageQueue> {
  const rows = await queryRows<QueueRow>(
    db,
    sql`select o.id, o.slug, o.title, o.kind, o.area_department, o.created_at, o.confidential,
               coalesce(nullif(u.name, ''), u.email) as author, count(*) over ()::int as total
        from oops o
        left join users u on u.id = o.created_by
        where o.team_id = ${actor.teamId} and o.kind in (${kinds})
          and not exists (select 1 from oops_triage t where t.oops_id = o.id)
        order by o.created_at, o.id
        limit ${TRIAGE_QUEUE_MAX}`,
  );
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      id_slug: `${r.id}-${r.slug}`,
      title: r.title,
      kind: r.kind,
      area_department: r.area_department,
      created_at: new Date(r.created_at).toISOString(),
      // A confidential report has no author row (created_by is null, decision 024).
      created_by: r.confidential ? CONFIDENTIAL_REPORTER : r.author,
      confidential: r.confidential,
    })),
  };
}
