// GET /api/actions ("My actions" and the managers' view) and POST /api/actions/{id}/done.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  actionLinkResponse,
  teamActionSchema,
  teamActionsResponse,
  type TeamAction,
  type TeamActionsResponse,
} from '../../../../common/contracts/actions';
import { request } from '../../../lib/transport';
import { oopsKeys, type TeamActionFilters } from '../../../lib/api/oops-keys';

export function actionFilterParams(filters: TeamActionFilters): URLSearchParams {
  const params = new URLSearchParams({ mine: filters.mine ? '1' : '0' });
  if (filters.status) params.set('status', filters.status);
  if (filters.overdue) params.set('overdue', '1');
  if (!filters.mine && filters.ownerId !== null) params.set('owner_id', String(filters.ownerId));
  if (!filters.mine && filters.department) params.set('department', filters.department);
  return params;
}

export function fetchTeamActions(
  filters: TeamActionFilters,
  signal?: AbortSignal,
): Promise<TeamActionsResponse> {
  return request(`/api/actions?${actionFilterParams(filters).toString()}`, {
    schema: teamActionsResponse,
    signal,
  });
}

export function useTeamActions(filters: TeamActionFilters) {
  return useQuery({
    queryKey: oopsKeys.teamActions(filters),
    queryFn: ({ signal }) => fetchTeamActions(filters, signal),
    // Switching a filter keeps the last answer on screen instead of flashing the loading text.
    placeholderData: keepPreviousData,
  });
}

export function postActionDone(actionId: number): Promise<TeamAction> {
  return request(`/api/actions/${actionId}/done`, { method: 'POST', schema: teamActionSchema });
}

export function useCompleteAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postActionDone,
    onSuccess: (action) => {
      void queryClient.invalidateQueries({ queryKey: oopsKeys.allTeamActions() });
      // The incident's own list of actions and the cards' open and overdue counts.
      void queryClient.invalidateQueries({ queryKey: oopsKeys.actions(action.oops_id) });
      void queryClient.invalidateQueries({ queryKey: oopsKeys.lists() });
    },
  });
}

/**
 * POST /api/actions/done-by-link {token}: the reminder's one-click "mark done". The link works once, so the call
 * runs once per token: a query (deduplicated across StrictMode's double mount), never refetched or retried.
 */
export const actionLinkQuery = (token: string) =>
  queryOptions({
    queryKey: [...oopsKeys.all, 'action-link', token],
    queryFn: () =>
      request('/api/actions/done-by-link', {
        method: 'POST',
        body: { token },
        schema: actionLinkResponse,
        retries: 0,
      }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

export function useActionLink(token: string | null) {
  return useQuery({ ...actionLinkQuery(token ?? ''), enabled: Boolean(token) });
}
