// GET /api/oops/stats?days= (docs/product.md §7): the report's figures for the chosen period. Unlike the spec's client the
// period is sent, so the figures really change with it (docs/decisions/008-trend-rules.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { oopsStatsSchema, type OopsStats } from '../../../../common/contracts/stats';
import { request } from '../../../lib/transport';

export function getReportStats(days: number, signal?: AbortSignal): Promise<OopsStats> {
  return request(`/api/oops/stats?days=${days}`, { schema: oopsStatsSchema, signal });
}

export const reportStatsQuery = (days: number) =>
  queryOptions({
    queryKey: ['report', 'stats', days],
    queryFn: ({ signal }) => getReportStats(days, signal),
  });

export function useReportStats(days: number) {
  return useQuery(reportStatsQuery(days));
}
