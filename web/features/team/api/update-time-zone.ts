// PUT /api/team/current/time-zone: owners and admins set the zone of the weekly digest's schedule.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamSchema } from '../../../../common/contracts/team';
import { request } from '../../../lib/transport';
import { currentTeamQuery, type CurrentTeam } from './current-team';

export function putTimeZone(timeZone: string): Promise<CurrentTeam> {
  return request('/api/team/current/time-zone', {
    method: 'PUT',
    body: { time_zone: timeZone },
    schema: teamSchema,
  });
}

export function useUpdateTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putTimeZone,
    onSuccess: (team) => queryClient.setQueryData(currentTeamQuery().queryKey, team),
  });
}
