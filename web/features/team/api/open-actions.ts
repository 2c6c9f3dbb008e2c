// GET /api/actions?owner_id=…&status=open: a member's open follow-up actions, listed before they are removed
// (owners and admins see the whole team's actions, decision 018).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamActionsResponse } from '../../../../common/contracts/actions';
import { request } from '../../../lib/transport';

export const memberOpenActionsQuery = (ownerId: number) =>
  queryOptions({
    queryKey: ['team', 'member-open-actions', ownerId] as const,
    queryFn: ({ signal }) =>
      request(`/api/actions?owner_id=${ownerId}&status=open&limit=500`, {
        schema: teamActionsResponse,
        signal,
      }),
    staleTime: 0,
  });

export function useMemberOpenActions(ownerId: number | null) {
  return useQuery({ ...memberOpenActionsQuery(ownerId ?? 0), enabled: ownerId !== null });
}
