// POST /api/user/tokens: the answer carries the secret once. Not retried: each try would mint another token.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createdApiTokenResponse,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '../../../../common/contracts/tokens';
import { request } from '../../../lib/transport';
import { apiTokensQuery } from './list-tokens';

export function postApiToken(body: CreateApiTokenBody): Promise<CreatedApiToken> {
  return request('/api/user/tokens', { method: 'POST', body, schema: createdApiTokenResponse, retries: 0 });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery().queryKey }),
  });
}
