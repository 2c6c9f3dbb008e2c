// GET /api/oops?limit=10 (docs/product.md §7, §9): the report fetches 10 incidents and shows the newest 5.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { listOopsResponse } from '../../../../common/contracts/oops';
import { REPORT_LIMITS } from '../../../../common/domain/report-texts';
import { request } from '../../../lib/transport';

export type OopsList = z.infer<typeof listOopsResponse>;

export function getRecentOops(signal?: AbortSignal): Promise<OopsList> {
  return request(`/api/oops?limit=${REPORT_LIMITS.recentFetch}`, { schema: listOopsResponse, signal });
}

export const recentOopsQuery = () =>
  queryOptions({
    queryKey: ['report', 'recent-oops'],
    queryFn: ({ signal }) => getRecentOops(signal),
  });

export function useRecentOops() {
  return useQuery(recentOopsQuery());
}
