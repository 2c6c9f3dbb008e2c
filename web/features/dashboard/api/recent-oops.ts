// GET /api/oops?limit=N (docs/product.md §7: the recent list uses the setting limit, default 5).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { listOopsResponse } from '../../../../common/contracts/oops';
import { request } from '../../../lib/transport';
import { dashboardKeys, widgetPolling } from './query-keys';

export const RECENT_OOPS_DEFAULT = 5;
export type OopsList = z.infer<typeof listOopsResponse>;

export function fetchRecentOops(limit: number, signal?: AbortSignal): Promise<OopsList> {
  return request(`/api/oops?limit=${limit}`, { schema: listOopsResponse, signal });
}

export const recentOopsQuery = (limit = RECENT_OOPS_DEFAULT) =>
  queryOptions({
    queryKey: dashboardKeys.recent(limit),
    queryFn: ({ signal }) => fetchRecentOops(limit, signal),
    ...widgetPolling,
  });

export const useRecentOops = (limit = RECENT_OOPS_DEFAULT) => useQuery(recentOopsQuery(limit));
