// POST /api/team/current (docs/product.md §7 Team): owners rename the team and change its industry.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { teamSchema, type updateTeamBody } from '../../../../common/contracts/team';
import { SESSION_USER_KEY } from '../../../lib/session/session-context';
import { request } from '../../../lib/transport';
import { currentTeamQuery, type CurrentTeam } from './current-team';

export type UpdateTeamInput = z.input<typeof updateTeamBody>;

export function postTeam(body: UpdateTeamInput): Promise<CurrentTeam> {
  return request('/api/team/current', { method: 'POST', body, schema: teamSchema });
}

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTeam,
    onSuccess: (team) => {
      queryClient.setQueryData(currentTeamQuery().queryKey, team);
      // The session user carries the team name (user menu, /team).
      void queryClient.invalidateQueries({ queryKey: SESSION_USER_KEY });
    },
  });
}
