// GET /api/team/current/display-tokens: the team's display tokens (never the secrets, only a hint of each).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { displayTokensResponse, type DisplayToken } from '../../../../common/contracts/wall';
import { request } from '../../../lib/transport';

export async function fetchDisplayTokens(signal?: AbortSignal): Promise<DisplayToken[]> {
  return (await request('/api/team/current/display-tokens', { schema: displayTokensResponse, signal }))
    .tokens;
}

export const displayTokensQuery = () =>
  queryOptions({
    queryKey: ['team', 'display-tokens'] as const,
    queryFn: ({ signal }) => fetchDisplayTokens(signal),
  });

export function useDisplayTokens() {
  return useQuery(displayTokensQuery());
}
