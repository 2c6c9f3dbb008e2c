// GET /api/team/current/distributions (decision 051): time to detect, resolve and review as median, p90 and histogram.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { distributionsResponse, type DistributionsResponse } from '../../../../common/contracts/trends';
import { request } from '../../../lib/transport';
import { trendsSearch, type TrendsParams } from './params';

export function getDistributions(params: TrendsParams, signal?: AbortSignal): Promise<DistributionsResponse> {
  return request(`/api/team/current/distributions${trendsSearch(params)}`, {
    schema: distributionsResponse,
    signal,
  });
}

export const distributionsQueryOptions = (params: TrendsParams) =>
  queryOptions({
    queryKey: ['trends', 'distributions', params],
    queryFn: ({ signal }) => getDistributions(params, signal),
  });

export function useDistributions(params: TrendsParams) {
  return useQuery(distributionsQueryOptions(params));
}
