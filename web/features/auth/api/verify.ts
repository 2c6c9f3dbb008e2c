// GET /api/auth/verify?token= (docs/product.md §7). The token is single use, so the call must run once per token: a query
// (deduplicated across StrictMode's double mount) rather than an effect, never refetched and never retried by
// React Query (the transport still retries network failures, which cannot have consumed the token).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { verifyResponse } from '../../../../common/contracts/recovery';
import { request } from '../../../lib/transport';

export type VerifyResult = z.infer<typeof verifyResponse>;

export function fetchVerify(token: string, signal?: AbortSignal): Promise<VerifyResult> {
  return request(`/api/auth/verify?token=${encodeURIComponent(token)}`, { schema: verifyResponse, signal });
}

export const verifyQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify', token],
    // No abort signal: a consumed token cannot be used twice, so the answer must be read even if StrictMode unmounts.
    queryFn: () => fetchVerify(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });

export function useVerify(token: string | null) {
  return useQuery({ ...verifyQuery(token ?? ''), enabled: Boolean(token) });
}
