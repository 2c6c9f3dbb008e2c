// GET /api/team/current/members: the people a follow-up action can be given to.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersResponse, type Member } from '../../../../common/contracts/team';
import { request } from '../../../lib/transport';
import { oopsKeys } from './oops-keys';

export async function fetchMembers(signal?: AbortSignal): Promise<Member[]> {
  return (await request('/api/team/current/members', { schema: membersResponse, signal })).members;
}

export const membersQueryOptions = () =>
  queryOptions({
    queryKey: oopsKeys.members(),
    queryFn: ({ signal }) => fetchMembers(signal),
    staleTime: 60_000,
  });

export function useTeamMembers() {
  return useQuery(membersQueryOptions());
}
