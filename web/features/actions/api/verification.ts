// "Did it hold?" (decision 048): the caller's due checks (GET /api/actions?mine=1&verification_due=1) and the
// answer, POST /api/actions/{id}/verification.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  teamActionSchema,
  teamActionsResponse,
  type TeamAction,
  type VerificationAnswer,
} from '../../../../common/contracts/actions';
import { request } from '../../../lib/transport';
import { oopsKeys } from '../../../lib/api/oops-keys';

export function fetchDueChecks(signal?: AbortSignal) {
  return request('/api/actions?mine=1&status=done&verification_due=1', {
    schema: teamActionsResponse,
    signal,
  });
}

export function useDueChecks() {
  return useQuery({
    // Under the team's actions: whatever refreshes those (marking done, an answer) refreshes this too.
    queryKey: [...oopsKeys.allTeamActions(), 'verification-due'],
    queryFn: ({ signal }) => fetchDueChecks(signal),
  });
}

export function postVerification(actionId: number, body: VerificationAnswer): Promise<TeamAction> {
  return request(`/api/actions/${actionId}/verification`, {
    method: 'POST',
    body,
    schema: teamActionSchema,
    retries: 0,
  });
}

export function useAnswerVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ actionId, body }: { actionId: number; body: VerificationAnswer }) =>
      postVerification(actionId, body),
    onSuccess: (action) => {
      void queryClient.invalidateQueries({ queryKey: oopsKeys.allTeamActions() });
      void queryClient.invalidateQueries({ queryKey: oopsKeys.actions(action.oops_id) });
      // A "no" reopens the action: the cards' open-action counts change.
      void queryClient.invalidateQueries({ queryKey: oopsKeys.lists() });
    },
  });
}
