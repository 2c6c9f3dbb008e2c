// GET /api/auth/reset-password?token= (docs/product.md §7): validates the token before the new-password form is shown.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { resetTokenResponse } from '../../../../common/contracts/recovery';
import { request } from '../../../lib/transport';

export type ResetTokenCheck = z.infer<typeof resetTokenResponse>;

export function fetchResetTokenCheck(token: string, signal?: AbortSignal): Promise<ResetTokenCheck> {
  return request(`/api/auth/reset-password?token=${encodeURIComponent(token)}`, {
    schema: resetTokenResponse,
    signal,
  });
}

export const resetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-token', token],
    queryFn: ({ signal }) => fetchResetTokenCheck(token, signal),
    staleTime: Infinity,
  });

export function useResetTokenCheck(token: string) {
  return useQuery(resetTokenQuery(token));
}
