// Data generator for benchmarks: teams, each with an owner who is signed in (a session of our own format, so the
// token works as a bearer token), and incidents spread over the past (the closed third resolved 1 to 72 hours after
// logging, half with a time of occurrence, so durations have samples), all inserted in SQL with generate_series
// (seconds, not minutes, for 100,000 rows or 2,000 teams). Every benchmark's incidents are written here.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { completenessPercent } from '../common/domain/completeness';
import type { Db } from '../server/db/client';
import { queryRows } from '../server/lib/sql-rows';
import { newToken } from '../server/lib/tokens';

export interface SeededTeam {
  teamId: number;
  userId: number;
  /** The owner's session token. */
  token: string;
  /** Further sessions of the owner (other browsers): the load mix reads with these, as dashboards do. */
  readerTokens: string[];
}

// Rows per statement: keeps each statement's memory small on PGlite.
const BATCH_ROWS = 20_000;

/** `teams` new teams, each with its owner signed in (`readers` more sessions) and `size` incidents. */
export async function seedTeams(db: Db, teams: number, size: number, readers = 0): Promise<SeededTeam[]> {
  const owners = await createOwners(db, teams, readers);
  await insertIncidents(db, owners, size);
  return owners;
}

/** One new team with `count` incidents. */
export async function seedTeam(db: Db, count: number): Promise<SeededTeam> {
  const [team] = await seedTeams(db, 1, count);
  return team!;
}

async function createOwners(db: Db, teams: number, readers: number): Promise<SeededTeam[]> {
  const run = randomBytes(4).toString('hex');
  const owners = await queryRows<{ teamId: number; userId: number }>(
    db,
    sql`
      with u as (
        insert into users (email, name, username)
        select 'bench-' || ${run} || '-' || g || '@example.com', 'Bench Owner ' || g, 'bench' || ${run} || g
        from generate_series(1, ${teams}::int) as g
        returning id
      ), t as (
        insert into teams (name, industry, owner_id)
        select 'Bench ' || ${run} || ' ' || u.id, 'Technology', u.id from u
        returning id, owner_id
      ), m as (
        insert into memberships (user_id, team_id, role) select owner_id, id, 'owner'::team_role from t
      )
      select id as "teamId", owner_id as "userId" from t order by id`,
  );
  // A statement's own inserts are invisible to its other parts, so the owners' current team is set afterwards.
  await db.execute(sql`
    update users set current_team_id = t.id from teams t
    where t.owner_id = users.id and users.email like ${`bench-${run}-%`}`);
  const seeded = owners.map((o) => ({
    ...o,
    sessions: Array.from({ length: 1 + readers }, () => newToken()),
  }));
  const rows = seeded.flatMap((o) =>
    o.sessions.map((t) => sql`(${t.hash}, ${o.userId}::int, now() + interval '30 days')`),
  );
  for (let i = 0; i < rows.length; i += BATCH_ROWS / 10) {
    await db.execute(
      sql`insert into sessions (token_hash, user_id, expires_at) values ${sql.join(rows.slice(i, i + BATCH_ROWS / 10), sql`, `)}`,
    );
  }
  return seeded.map(({ teamId, userId, sessions }) => ({
    teamId,
    userId,
    token: sessions[0]!.token,
    readerTokens: sessions.slice(1).map((t) => t.token),
  }));
}

/** `count` incidents in each owner's team, a few teams or a slice of one team per statement. */
async function insertIncidents(db: Db, owners: SeededTeam[], count: number): Promise<void> {
  const completeness = completenessPercent({
    title: 'x',
    what_happened: 'x',
    severity: 'x',
    oops_type: 'x',
    area_department: 'x',
    tags: ['x'],
  });
  const teamsPerStatement = Math.max(1, Math.floor(BATCH_ROWS / Math.max(1, count)));
  for (let i = 0; i < owners.length; i += teamsPerStatement) {
    const teams = owners
      .slice(i, i + teamsPerStatement)
      .map((o) => sql`(${o.teamId}::int, ${o.userId}::int)`);
    for (let start = 1; start <= count; start += BATCH_ROWS) {
      const end = Math.min(count, start + BATCH_ROWS - 1);
      await db.execute(sql`
        insert into oops (team_id, slug, kind, title, description, severity, status, area_department, oops_type,
                          downtime_hours, tags, created_by, created_at, updated_at, completeness, occurred_at,
                          resolved_at)
        select o.team_id, 'incident-' || g, (array['incident','incident','incident','near_miss','learning_moment'])[1 + g % 5]::oops_kind,
               'Incident ' || g || ' in ' || (array['checkout','search','billing','login','reports'])[1 + g % 5],
               'Something went wrong with component ' || (g % 97) || ' during the nightly run.',
               (array['Low','Medium','High','Critical'])[1 + g % 4],
               (case when g % 3 = 0 then 'Closed' else 'Open' end)::oops_status,
               (array['Engineering','Support','Operations','Security','Finance'])[1 + g % 5],
               (array['Service Outage','Performance Issue','Data Issue'])[1 + g % 3],
               (g % 7)::float, array['bench'], o.user_id,
               now() - (g || ' minutes')::interval * 7, now() - (g || ' minutes')::interval * 7, ${completeness},
               case when g % 2 = 0 then now() - (g || ' minutes')::interval * 7 - (g % 6) * interval '10 minutes' end,
               case when g % 3 = 0 then least(now(), now() - (g || ' minutes')::interval * 7
                 + (1 + g % 72) * interval '1 hour') end
        from (values ${sql.join(teams, sql`, `)}) as o(team_id, user_id)
          cross join generate_series(${start}::int, ${end}::int) as g`);
    }
  }
}

/** Up to `perTeam` open incidents of each team (closed ones refuse edits), for benchmarks that edit. */
export async function openIncidentIds(
  db: Db,
  teamIds: number[],
  perTeam: number,
): Promise<Map<number, number[]>> {
  const ids = new Map<number, number[]>(teamIds.map((id) => [id, []]));
  for (let i = 0; i < teamIds.length; i += 1000) {
    const teams = teamIds.slice(i, i + 1000).map((id) => sql`${id}::int`);
    const rows = await queryRows<{ teamId: number; id: number }>(
      db,
      sql`
        select team_id as "teamId", id from (
          select team_id, id, row_number() over (partition by team_id order by id desc) as n
          from oops where status = 'Open' and team_id in (${sql.join(teams, sql`, `)})
        ) recent where n <= ${perTeam}::int`,
    );
    for (const row of rows) ids.get(row.teamId)!.push(row.id);
  }
  return ids;
}
