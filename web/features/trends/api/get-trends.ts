// GET /api/team/current/trends (decision 051): weekly counts and monthly figures of a period, with the previous
// period's totals.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { trendsResponse, type TrendsResponse } from '../../../../common/contracts/trends';
import { request } from '../../../lib/transport';
import { trendsSearch, type TrendsParams } from './params';

export function getTrends(params: TrendsParams, signal?: AbortSignal): Promise<TrendsResponse> {
  return request(`/api/team/current/trends${trendsSearch(params)}`, { schema: trendsResponse, signal });
}

export const trendsQueryOptions = (params: TrendsParams) =>
  queryOptions({
    queryKey: ['trends', 'trends', params],
    queryFn: ({ signal }) => getTrends(params, signal),
  });

export function useTrends(params: TrendsParams) {
  return useQuery(trendsQueryOptions(params));
}
