// DELETE /api/user/tokens/{id}: the token stops working at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeApiTokenResponse } from '../../../../common/contracts/tokens';
import { request } from '../../../lib/transport';
import { apiTokensQuery } from './list-tokens';

export function deleteApiToken(id: number): Promise<{ success: true }> {
  return request(`/api/user/tokens/${id}`, { method: 'DELETE', schema: revokeApiTokenResponse, retries: 0 });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery().queryKey }),
  });
}
