// POST /api/team/current/transfer-ownership (decision 035): the viewer becomes an admin, so their own session's
// role is read again along with the member list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transferOwnershipResponse } from '../../../../common/contracts/team-members';
import { request } from '../../../lib/transport';
import { teamMembersQuery } from '../../../lib/api/team-members';
import { SESSION_USER_KEY } from '../../../lib/session/session-context';

export function postTransferOwnership(userId: number) {
  return request('/api/team/current/transfer-ownership', {
    method: 'POST',
    body: { user_id: userId },
    schema: transferOwnershipResponse,
    retries: 0,
  });
}

export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTransferOwnership,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: teamMembersQuery().queryKey });
      await queryClient.invalidateQueries({ queryKey: SESSION_USER_KEY });
    },
  });
}
