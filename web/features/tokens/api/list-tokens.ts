// GET /api/user/tokens: the signed-in user's personal access tokens (never the secrets, only a hint of each).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiTokensResponse, type ApiToken } from '../../../../common/contracts/tokens';
import { request } from '../../../lib/transport';

export async function fetchApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return (await request('/api/user/tokens', { schema: apiTokensResponse, signal })).tokens;
}

export const apiTokensQuery = () =>
  queryOptions({ queryKey: ['user', 'tokens'] as const, queryFn: ({ signal }) => fetchApiTokens(signal) });

export function useApiTokens() {
  return useQuery(apiTokensQuery());
}
