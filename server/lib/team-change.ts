// A team's name, members, roles or departments changed: every process drops the team's cached answers (team stats
// carry its name and member count) and open dashboards refetch. The domain-events work will emit this from the
// services' transactions; until then the routes that change a team call it after their write.
import type { FastifyInstance } from 'fastify';

export function announceTeamChange(app: FastifyInstance, teamId: number): Promise<void> {
  return app.live.publish(teamId, { type: 'team.updated', id: teamId });
}
