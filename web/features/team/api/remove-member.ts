// DELETE /api/team/current/members/{id} (decision 035): the member list and the team's actions change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeMemberResponse, type RemoveMemberResult } from '../../../../common/contracts/team-members';
import { request } from '../../../lib/transport';
import { teamMembersQuery } from '../../../lib/api/team-members';

export function deleteMember(id: number): Promise<RemoveMemberResult> {
  return request(`/api/team/current/members/${id}`, {
    method: 'DELETE',
    schema: removeMemberResponse,
    retries: 0,
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamMembersQuery().queryKey }),
  });
}
