// POST /api/team/current/leave (decision 035): afterwards the user works in another team (or none), so everything
// cached for the team they left is dropped and their session's user is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leaveTeamResponse } from '../../../../common/contracts/team-members';
import { request } from '../../../lib/transport';
import { SESSION_USER_KEY } from '../../../lib/session/session-context';

export function postLeaveTeam() {
  return request('/api/team/current/leave', { method: 'POST', schema: leaveTeamResponse, retries: 0 });
}

export function useLeaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLeaveTeam,
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_USER_KEY[0] });
      await queryClient.invalidateQueries({ queryKey: SESSION_USER_KEY });
    },
  });
}
