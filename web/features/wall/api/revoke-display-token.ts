// DELETE /api/team/current/display-tokens/{id}: the screen using it is refused from its next refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeDisplayTokenResponse } from '../../../../common/contracts/wall';
import { request } from '../../../lib/transport';
import { displayTokensQuery } from './list-display-tokens';

export function deleteDisplayToken(id: number): Promise<{ success: true }> {
  return request(`/api/team/current/display-tokens/${id}`, {
    method: 'DELETE',
    schema: revokeDisplayTokenResponse,
    retries: 0,
  });
}

export function useRevokeDisplayToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDisplayToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: displayTokensQuery().queryKey }),
  });
}
