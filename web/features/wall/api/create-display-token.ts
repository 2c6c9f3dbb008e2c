// POST /api/team/current/display-tokens: the answer carries the secret once. Not retried: each try would make another.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createdDisplayTokenResponse,
  type CreateDisplayTokenBody,
  type CreatedDisplayToken,
} from '../../../../common/contracts/wall';
import { request } from '../../../lib/transport';
import { displayTokensQuery } from './list-display-tokens';

export function postDisplayToken(body: CreateDisplayTokenBody): Promise<CreatedDisplayToken> {
  return request('/api/team/current/display-tokens', {
    method: 'POST',
    body,
    schema: createdDisplayTokenResponse,
    retries: 0,
  });
}

export function useCreateDisplayToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDisplayToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: displayTokensQuery().queryKey }),
  });
}
