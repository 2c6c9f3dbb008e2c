// GET /api/oops/department-stats (docs/product.md §7): per-department totals for the report's department cards.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { departmentStatsSchema } from '../../../../common/contracts/stats';
import { request } from '../../../lib/transport';

export type DepartmentStats = z.infer<typeof departmentStatsSchema>;

export function getDepartmentStats(signal?: AbortSignal): Promise<DepartmentStats> {
  return request('/api/oops/department-stats', { schema: departmentStatsSchema, signal });
}

export const departmentStatsQuery = () =>
  queryOptions({
    queryKey: ['report', 'department-stats'],
    queryFn: ({ signal }) => getDepartmentStats(signal),
  });

export function useDepartmentStats() {
  return useQuery(departmentStatsQuery());
}
