// PUT /api/team/current/confidential (decision 024): owners and admins allow confidential near-miss reports.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamSchema } from '../../../../common/contracts/team';
import { request } from '../../../lib/transport';
import { currentTeamQuery, type CurrentTeam } from './current-team';

export function putConfidential(enabled: boolean): Promise<CurrentTeam> {
  return request('/api/team/current/confidential', { method: 'PUT', body: { enabled }, schema: teamSchema });
}

export function useUpdateConfidential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putConfidential,
    onSuccess: (team) => queryClient.setQueryData(currentTeamQuery().queryKey, team),
  });
}
