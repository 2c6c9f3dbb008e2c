// GET /api/team/current/members (docs/product.md §7 Team): one fetcher and one cache key for every screen that lists the
// team's people (the Team Members tab, the follow-up action owner select), so a change made on one shows on all.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersResponse, type Member } from '../../../common/contracts/team';
import { request } from '../transport';

export async function fetchTeamMembers(signal?: AbortSignal): Promise<Member[]> {
  return (await request('/api/team/current/members', { schema: membersResponse, signal })).members;
}

export const teamMembersQuery = () =>
  queryOptions({
    queryKey: ['team', 'members'] as const,
    queryFn: ({ signal }) => fetchTeamMembers(signal),
    staleTime: 60_000,
  });

export function useTeamMembers() {
  return useQuery(teamMembersQuery());
}
