// GET /api/teams/stats (docs/product.md §3 Team stats row), for the Team performance widget.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { teamStatsSchema } from '../../../../common/contracts/stats';
import { request } from '../../../lib/transport';
import { dashboardKeys, widgetPolling } from './query-keys';

export type TeamStats = z.infer<typeof teamStatsSchema>;

export function fetchTeamStats(signal?: AbortSignal): Promise<TeamStats> {
  return request('/api/teams/stats', { schema: teamStatsSchema, signal });
}

export const teamStatsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.teamStats,
    queryFn: ({ signal }) => fetchTeamStats(signal),
    ...widgetPolling,
  });

export const useTeamStats = () => useQuery(teamStatsQuery());
