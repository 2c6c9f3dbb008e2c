// GET /api/oops/department-stats?t= (docs/product.md §3 Department stats; the dashboard adds a timestamp parameter t, §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { departmentStatsSchema as contract } from '../../../../common/contracts/stats';
import { schemaLater } from '../../../lib/schema-later';
import { request } from '../../../lib/transport';
import { dashboardKeys, widgetPolling } from './query-keys';
import { READ_PATHS } from '../../../lib/api/first-reads';

export type DepartmentStats = z.infer<typeof contract>;
export type DepartmentStat = DepartmentStats[number];

const departmentStatsSchema = schemaLater(
  async () => (await import('../../../../common/contracts/stats')).departmentStatsSchema,
);

export function fetchDepartmentStats(signal?: AbortSignal): Promise<DepartmentStats> {
  // t keeps caches between browser and server (proxies on wall-display networks) from answering stale counts.
  return request(`${READ_PATHS.departmentStats}?t=${Date.now()}`, { schema: departmentStatsSchema, signal });
}

export const departmentStatsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.departmentStats,
    queryFn: ({ signal }) => fetchDepartmentStats(signal),
    ...widgetPolling,
  });

export const useDepartmentStats = () => useQuery(departmentStatsQuery());
