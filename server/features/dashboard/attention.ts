// The dashboard's "Needs attention" panel (decision 038): the team's lists come through the team cache (they change
// only with the team's incidents, whose events make it stale); the caller's own due actions and the checklist are
// read fresh on every call (one is per user, the other hangs on invitations and webhooks, which no team event marks).
import { sql, type SQL } from 'drizzle-orm';
import {
  ATTENTION_LIST_LIMIT,
  ONBOARDING_STEPS,
  type AttentionAction,
  type AttentionIncident,
  type AttentionResponse,
} from '../../../common/contracts/dashboard-attention';
import { actionToday } from '../../../common/domain/actions';
import { teamCached } from '../../cache/team-reads';
import type { Db } from '../../db/client';
import { AUDIT, recordAudit } from '../../lib/audit';
import { queryRows } from '../../lib/sql-rows';
import type { TeamActor } from '../../lib/actor';

interface Ctx {
  db: Db;
  actor: TeamActor;
}
interface IncidentRow {
  id: number;
  slug: string;
  title: string;
  severity: string;
  kind: AttentionIncident['kind'];
  owner_name: string | null;
  created_at: Date | string;
  resolved_at: Date | string | null;
  rank: number;
}
const LIMIT = ATTENTION_LIST_LIMIT;
const iso = (v: Date | string) => new Date(v).toISOString();
const incidentOf = (r: IncidentRow): AttentionIncident => ({
  id: r.id,
  id_slug: `${r.id}-${r.slug}`,
  title: r.title,
  severity: r.severity,
  kind: r.kind,
  owner_name: r.owner_name,
  created_at: iso(r.created_at),
  resolved_at: r.resolved_at === null ? null : iso(r.resolved_at),
});
const COLUMNS = sql`id, slug, title, severity, kind, owner_name, created_at, resolved_at`;

/**
 * A page of the team's incidents in the order of (team_id, status, created_at, id), which oops_team_status_created_idx
 * serves: the scan stops after `LIMIT` matches however many incidents the team has.
 */
const head = (team: number, status: 'Open' | 'Closed', where: SQL, rank: number, newest = false) =>
  sql`(select ${COLUMNS}, ${rank}::int as rank from oops
       where team_id = ${team} and status = ${status} and ${where}
       order by created_at ${newest ? sql`desc` : sql`asc`}, id ${newest ? sql`desc` : sql`asc`} limit ${LIMIT})`;

const notResolved = sql`resolved_at is null`;
const noLesson = sql`coalesce(btrim(lesson_learned), '') = ''`;

/** The team's part: the three incident lists and their totals, one statement. */
async function teamLists(db: Db, team: number) {
  const heads = sql.join(
    [
      head(team, 'Open', sql`${notResolved} and severity = 'Critical'`, 0),
      head(team, 'Open', sql`${notResolved} and severity = 'High'`, 1),
      head(team, 'Open', sql`${notResolved} and severity not in ('Critical', 'High')`, 2),
      head(team, 'Open', sql`resolved_at is not null`, 3),
      head(team, 'Closed', noLesson, 4, true),
    ],
    sql` union all `,
  );
  const [rows, [totals]] = await Promise.all([
    queryRows<IncidentRow>(db, heads),
    queryRows<{ open: number; review: number; lessonless: number }>(
      db,
      sql`select count(*) filter (where status = 'Open' and ${notResolved})::int as open,
                 count(*) filter (where status = 'Open' and resolved_at is not null)::int as review,
                 count(*) filter (where status = 'Closed' and ${noLesson})::int as lessonless
          from oops where team_id = ${team}`,
    ),
  ]);
  const ranked = (ranks: number[]) => rows.filter((r) => ranks.includes(r.rank)).map(incidentOf);
  return {
    // The union keeps each head's order; the three open heads are concatenated by rank and cut to the limit.
    open: { items: ranked([0, 1, 2]).slice(0, LIMIT), total: totals?.open ?? 0 },
    awaiting_review: { items: ranked([3]), total: totals?.review ?? 0 },
    without_lesson: { items: ranked([4]), total: totals?.lessonless ?? 0 },
  };
}

/** The caller's open actions due today or earlier in this team, served by oops_actions_owner_idx. */
async function myDueActions({ db, actor }: Ctx): Promise<AttentionResponse['my_actions']> {
  const today = actionToday();
  const mine = sql`a.owner_id = ${actor.userId} and a.status = 'open' and a.due_date <= ${today}::date
                   and o.team_id = ${actor.teamId}`;
  const [rows, [count]] = await Promise.all([
    queryRows<{
      id: number;
      title: string;
      due_date: string;
      oops_id: number;
      slug: string;
      oops_title: string;
    }>(
      db,
      sql`select a.id, a.title, a.due_date::text as due_date, o.id as oops_id, o.slug, o.title as oops_title
          from oops_actions a join oops o on o.id = a.oops_id
          where ${mine} order by a.due_date, a.id limit ${LIMIT}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from oops_actions a join oops o on o.id = a.oops_id where ${mine}`,
    ),
  ]);
  const items: AttentionAction[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    due_date: r.due_date,
    overdue: r.due_date < today,
    oops: { id: r.oops_id, id_slug: `${r.oops_id}-${r.slug}`, title: r.oops_title },
  }));
  return { items, total: count?.total ?? 0 };
}

/** The checklist's steps, each derived from the team's data; null once dismissed or all done. */
async function onboardingOf({ db, actor }: Ctx): Promise<AttentionResponse['onboarding']> {
  const team = actor.teamId;
  const [row] = await queryRows<{
    dismissed: boolean;
    invite: boolean;
    first_incident: boolean;
    webhook: boolean;
    alerts: boolean;
    import: boolean;
  }>(
    db,
    sql`select t.onboarding_dismissed_at is not null as dismissed,
          (exists (select 1 from memberships m where m.team_id = t.id and m.user_id <> ${actor.userId})
            or exists (select 1 from invitations i where i.team_id = t.id)) as invite,
          exists (select 1 from oops o where o.team_id = t.id) as first_incident,
          exists (select 1 from webhook_endpoints w where w.team_id = t.id) as webhook,
          exists (select 1 from oops o where o.team_id = t.id and o.alert_fingerprint is not null) as alerts,
          exists (select 1 from audit_events e where e.action = ${AUDIT.oopsImported} and e.team_id = t.id) as import
        from teams t where t.id = ${team}`,
  );
  if (!row || row.dismissed) return null;
  const steps = ONBOARDING_STEPS.map((key) => ({ key, done: Boolean(row[key]) }));
  if (steps.every((s) => s.done)) return null;
  return { steps, can_dismiss: actor.role === 'owner' };
}

/** What needs the caller's attention on the dashboard (docs/product.md §2 Dashboard, decision 038). */
export async function getAttention(ctx: Ctx): Promise<AttentionResponse> {
  const [lists, myActions, onboarding] = await Promise.all([
    teamCached('attention', () => teamLists(ctx.db, ctx.actor.teamId)),
    myDueActions(ctx),
    onboardingOf(ctx),
  ]);
  return { ...lists, my_actions: myActions, onboarding };
}

/** Puts the team's checklist away for everyone (owners only; the route checks the role). */
export async function dismissOnboarding({ db, actor }: Ctx, ip: string): Promise<{ dismissed: true }> {
  await db.transaction(async (tx) => {
    // Dismissing again keeps the first time.
    await tx.execute(
      sql`update teams set onboarding_dismissed_at = coalesce(onboarding_dismissed_at, now()) where id = ${actor.teamId}`,
    );
    await recordAudit(tx, {
      action: AUDIT.teamUpdated,
      actorId: actor.userId,
      teamId: actor.teamId,
      ip,
      details: { onboarding_dismissed: true },
    });
  });
  return { dismissed: true };
}
