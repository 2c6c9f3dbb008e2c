// GET /api/oops/stats (docs/product.md §3 Oops stats): counts, streaks, the last incident's time and near-misses.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OopsStats } from '../../../../common/contracts/stats';
import { schemaLater } from '../../../lib/schema-later';
import { request } from '../../../lib/transport';
import { dashboardKeys, widgetPolling } from './query-keys';
import { READ_PATHS } from '../../../lib/api/first-reads';

const oopsStatsSchema = schemaLater(
  async () => (await import('../../../../common/contracts/stats')).oopsStatsSchema,
);

export function fetchOopsStats(signal?: AbortSignal): Promise<OopsStats> {
  return request(READ_PATHS.oopsStats, { schema: oopsStatsSchema, signal });
}

export const oopsStatsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.stats,
    queryFn: ({ signal }) => fetchOopsStats(signal),
    ...widgetPolling,
  });

export const useOopsStats = () => useQuery(oopsStatsQuery());
