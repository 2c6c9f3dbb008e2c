// GET /api/admin/stats (docs/product.md §7 Administration): platform counts for the admin dashboard.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminStatsSchema } from '../../../../common/contracts/admin';
import { request } from '../../../lib/transport';

export type AdminStats = z.infer<typeof adminStatsSchema>;

export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return request('/api/admin/stats', { schema: adminStatsSchema, signal });
}

export const adminStatsQuery = () =>
  queryOptions({ queryKey: ['admin', 'stats'], queryFn: ({ signal }) => getAdminStats(signal) });

export function useAdminStats() {
  return useQuery(adminStatsQuery());
}
