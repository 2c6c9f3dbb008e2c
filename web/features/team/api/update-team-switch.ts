// PUT /api/team/current/confidential (decision 024) and /metrics-sharing (decision 053): owners and admins turn
// one of the team's on/off settings on or off; the answer is the team.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamSchema } from '../../../../common/contracts/team';
import { request } from '../../../lib/transport';
import { currentTeamQuery, type CurrentTeam } from './current-team';

/** Each setting's name in the team's answer, and the call that changes it. */
export const TEAM_SWITCH_PATHS = {
  confidential_near_misses: '/api/team/current/confidential',
  share_metrics: '/api/team/current/metrics-sharing',
} as const;
export type TeamSwitchSetting = keyof typeof TEAM_SWITCH_PATHS;

export function useUpdateTeamSwitch(setting: TeamSwitchSetting) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean): Promise<CurrentTeam> =>
      request(TEAM_SWITCH_PATHS[setting], { method: 'PUT', body: { enabled }, schema: teamSchema }),
    onSuccess: (team) => queryClient.setQueryData(currentTeamQuery().queryKey, team),
  });
}
