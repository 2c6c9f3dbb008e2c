// The wall's one read (decision 050): the timer, open incidents, the last weeks' trend and the latest lesson of a
// team, in one statement. The caller has already decided which team (a display token's, or a member's current one).
import { sql } from 'drizzle-orm';
import type { WallData } from '../../../common/contracts/wall';
import type { LessonState } from '../../../common/domain/lesson-texts';
import { WALL_LIMITS } from '../../../common/domain/wall';
import type { Db } from '../../db/client';
import { severityRank } from '../../db/schema';
import { rowRead, rowsRead, runReads } from '../../lib/sql-rows';

export interface WallTeam {
  teamId: number;
  teamName: string;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const WEEK = sql`interval '7 days'`;

/** Everything the wall shows for `team`, as of the database's clock. */
export async function getWall(db: Db, { teamId, teamName }: WallTeam): Promise<WallData> {
  const open = sql`team_id = ${teamId} and kind = 'incident' and status = 'Open' and resolved_at is null`;
  const answers = await runReads(db, {
    now: rowRead<{ at: string }>(sql`select now() as at`),
    last: rowRead<{ at: string }>(
      sql`select created_at as at from oops where team_id = ${teamId} and kind = 'incident'
          order by created_at desc, id desc limit 1`,
    ),
    openItems: rowsRead<{ id: number; title: string; severity: string; created_at: string }>(
      sql`select id, title, severity, created_at from oops where ${open}
          order by ${severityRank(sql`severity`)} desc, created_at, id limit ${WALL_LIMITS.openIncidents}`,
    ),
    openTotal: rowRead<{ n: number }>(sql`select count(*)::int as n from oops where ${open}`),
    trend: rowsRead<{ start: string; incidents: number; near_misses: number }>(
      sql`select now() - (w.i + 1) * ${WEEK} as start,
                 count(o.id) filter (where o.kind = 'incident')::int as incidents,
                 count(o.id) filter (where o.kind = 'near_miss')::int as near_misses
          from generate_series(0, ${WALL_LIMITS.trendWeeks - 1}) as w(i)
          left join oops o on o.team_id = ${teamId}
            and coalesce(o.occurred_at, o.created_at) >= now() - (w.i + 1) * ${WEEK}
            and coalesce(o.occurred_at, o.created_at) < now() - w.i * ${WEEK}
          group by w.i order by w.i desc`,
    ),
    lesson: rowRead<{ text: string; state: LessonState; created_at: string }>(
      sql`select text, state, created_at from lessons where team_id = ${teamId}
          order by created_at desc, id desc limit 1`,
    ),
  });
  return {
    team_name: teamName,
    now: iso(answers.now!.at),
    last_incident_at: answers.last ? iso(answers.last.at) : null,
    open_incidents: {
      items: answers.openItems.map((row) => ({ ...row, created_at: iso(row.created_at) })),
      total: answers.openTotal?.n ?? 0,
    },
    trend: answers.trend.map((week) => ({ ...week, start: iso(week.start) })),
    latest_lesson: answers.lesson ? { ...answers.lesson, created_at: iso(answers.lesson.created_at) } : null,
  };
}
