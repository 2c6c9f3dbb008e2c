// Sends the weekly digests that are due (decision 021): on Monday from 09:00 in each team's time zone, once per team,
// member and ISO week however many processes run, never to disabled users, members who left or who turned it off.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';
import type { MailJobDeps } from '../../lib/mail-jobs';
import { digestEmail } from './email';
import { loadDigest, loadTeamDigest, type TeamDigest } from './model';
import { digestWeek, type DigestWeek } from './week';

/** A digest whose sending failed is tried again by later runs of the same week, this many times in all. */
export const DIGEST_MAX_ATTEMPTS = 3;
/** At most this many e-mails per run; the next run (a quarter of an hour later by default) sends the rest. */
const BATCH = 500;

export type DigestDeps = MailJobDeps;

interface Candidate {
  team_id: number;
  team_name: string;
  user_id: number;
  email: string;
  name: string;
}

/**
 * Members of the zone's teams still without this week's digest: active, opted in, in the team since before it was
 * due (a newcomer's first digest is next week's), and not sent a later week already (a team that moved its zone
 * westwards would otherwise get the week it already had again).
 */
function findDue(
  db: Db,
  timeZone: string,
  week: DigestWeek,
  limit: number,
  teamIds: number[] | undefined,
): Promise<Candidate[]> {
  return queryRows<Candidate>(
    db,
    sql`select t.id as team_id, t.name as team_name, u.id as user_id, u.email,
               coalesce(nullif(u.name, ''), u.email) as name
        from teams t
        join memberships m on m.team_id = t.id
        join users u on u.id = m.user_id
        where t.time_zone = ${timeZone}
          ${
            teamIds
              ? sql`and t.id in ${sql`(${sql.join(
                  teamIds.map((id) => sql`${id}`),
                  sql`, `,
                )})`}`
              : sql``
          }
          and u.is_active and u.notify_digest
          and m.created_at <= ${week.sendFrom.toISOString()}::timestamptz
          and not exists (
            select 1 from digest_sends s
            where s.team_id = t.id and s.user_id = u.id
              and (s.week > ${week.week}
                or (s.week = ${week.week} and (s.status <> 'failed' or s.attempts >= ${DIGEST_MAX_ATTEMPTS}))))
        order by t.id, u.id
        limit ${limit}`,
  );
}

/**
 * Claims one digest: a new row, or a failed one of this week with attempts left. Answers null when another process
 * holds it (PostgreSQL re-checks the update's condition on the row it waited for, so only one claimer wins).
 */
async function claim(db: Db, teamId: number, userId: number, week: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into digest_sends (team_id, user_id, week) values (${teamId}, ${userId}, ${week})
        on conflict (team_id, user_id, week) do update
          set status = 'sending', attempts = digest_sends.attempts + 1, claimed_at = now()
          where digest_sends.status = 'failed' and digest_sends.attempts < ${DIGEST_MAX_ATTEMPTS}
        returning id`,
  );
  return row?.id ?? null;
}

const mark = (db: Db, id: number, status: 'sent' | 'failed') =>
  db.execute(
    sql`update digest_sends set status = ${status}, sent_at = ${status === 'sent' ? sql`now()` : null}
        where id = ${id}`,
  );

export interface DigestRunOptions {
  /** Only these teams (tests: on PostgreSQL every test file shares one database). */
  teamIds?: number[];
}

/** Sends every digest due at `now`; answers how many went out. */
export async function sendWeeklyDigests(
  deps: DigestDeps,
  now: Date = new Date(),
  { teamIds }: DigestRunOptions = {},
): Promise<number> {
  const { db, log } = deps;
  if (teamIds?.length === 0) return 0;
  const zones = await queryRows<{ time_zone: string }>(
    db,
    sql`select distinct time_zone from teams order by time_zone`,
  );
  let sent = 0;
  let budget = BATCH;
  for (const { time_zone: timeZone } of zones) {
    if (budget <= 0) break;
    let week: DigestWeek;
    try {
      week = digestWeek(now, timeZone);
    } catch (error) {
      // Only a zone this runtime no longer knows (the setting checks names on write): its teams wait, others go.
      log.warn({ err: error, timeZone }, 'digest: unknown time zone');
      continue;
    }
    if (!week.due) continue;
    const candidates = await findDue(db, timeZone, week, budget, teamIds);
    budget -= candidates.length;
    const teams = new Map<number, Promise<TeamDigest>>();
    for (const c of candidates) {
      const id = await claim(db, c.team_id, c.user_id, week.week);
      if (id === null) continue;
      try {
        let team = teams.get(c.team_id);
        if (!team) {
          team = loadTeamDigest(db, { id: c.team_id, name: c.team_name }, week, now);
          teams.set(c.team_id, team);
        }
        const model = await loadDigest(
          db,
          await team,
          { id: c.user_id, name: c.name, email: c.email },
          week,
          now,
        );
        await deps.mailer.send(
          digestEmail(model, {
            appUrl: deps.appUrl,
            unsubscribePage: deps.links.pageUrl(c.user_id, 'digest'),
            headers: deps.links.headers(c.user_id, 'digest'),
          }),
        );
        await mark(db, id, 'sent');
        sent += 1;
      } catch (error) {
        // Left for a later run of this week (at most DIGEST_MAX_ATTEMPTS in all); the e-mail address is not logged.
        await mark(db, id, 'failed');
        log.warn({ err: error, teamId: c.team_id, userId: c.user_id }, 'weekly digest not sent');
      }
    }
  }
  return sent;
}
