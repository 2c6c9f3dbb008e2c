// GET /api/team/current/members (spec §7 Team).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersResponse, type Member } from '../../../../common/contracts/team';
import { request } from '../../../lib/transport';

export async function fetchMembers(signal?: AbortSignal): Promise<Member[]> {
  const { members } = await request('/api/team/current/members', { schema: membersResponse, signal });
  return members;
}

export const membersQuery = () =>
  queryOptions({ queryKey: ['team', 'members'], queryFn: ({ signal }) => fetchMembers(signal) });

export function useMembers() {
  return useQuery(membersQuery());
}
