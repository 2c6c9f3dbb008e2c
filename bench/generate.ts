// Data generator for benchmarks: a team with an owner and `count` incidents spread over the past two years,
// inserted in SQL with generate_series (seconds, not minutes, for 100,000 rows).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { completenessPercent } from '../common/domain/completeness';

export async function seedTeam(
  app: FastifyInstance,
  count: number,
): Promise<{ token: string; teamId: number }> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const email = `bench${suffix}@example.com`;
  const password = 'Bench!Pass1';
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email,
      password,
      name: 'Bench Owner',
      username: `bench${suffix}`,
      teamName: `Bench ${suffix}`,
      industry: 'Technology',
    },
  });
  const { user } = reg.json<{ user: { id: number; team: { id: number } } }>();
  const teamId = user.team.id;
  const userId = user.id;
  const completeness = completenessPercent({
    title: 'x',
    what_happened: 'x',
    severity: 'x',
    oops_type: 'x',
    area_department: 'x',
    tags: ['x'],
  });
  // Batches keep each statement's memory small on PGlite.
  for (let start = 1; start <= count; start += 20_000) {
    const end = Math.min(count, start + 19_999);
    await app.db.execute(sql`
      insert into oops (team_id, slug, kind, title, description, severity, status, area_department, oops_type,
                        downtime_hours, tags, created_by, created_at, updated_at, completeness)
      select ${teamId}, 'incident-' || g, (array['incident','incident','incident','near_miss','learning_moment'])[1 + g % 5]::oops_kind,
             'Incident ' || g || ' in ' || (array['checkout','search','billing','login','reports'])[1 + g % 5],
             'Something went wrong with component ' || (g % 97) || ' during the nightly run.',
             (array['Low','Medium','High','Critical'])[1 + g % 4],
             (case when g % 3 = 0 then 'Closed' else 'Open' end)::oops_status,
             (array['Engineering','Support','Operations','Security','Finance'])[1 + g % 5],
             (array['Service Outage','Performance Issue','Data Issue'])[1 + g % 3],
             (g % 7)::float, array['bench'], ${userId},
             now() - (g || ' minutes')::interval * 7, now() - (g || ' minutes')::interval * 7, ${completeness}
      from generate_series(${start}::int, ${end}::int) as g`);
  }
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return { token: login.json<{ token: string }>().token, teamId };
}
