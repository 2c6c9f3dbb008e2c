// POST /api/auth/oidc/complete: trades the one-time hand-off code of /login/sso?code= for a session. The code works
// once, so the call must run once per code: a query (deduplicated across StrictMode's double mount), never
// refetched and never retried by React Query, as the magic-link check does.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { oidcCompleteResponse } from '../../../../common/contracts/sso';
import { request } from '../../../lib/transport';

export type OidcCompleteResult = z.infer<typeof oidcCompleteResponse>;

export function postOidcComplete(code: string): Promise<OidcCompleteResult> {
  return request('/api/auth/oidc/complete', { method: 'POST', body: { code }, schema: oidcCompleteResponse });
}

export const oidcCompleteQuery = (code: string) =>
  queryOptions({
    queryKey: ['auth', 'oidc-complete', code],
    queryFn: () => postOidcComplete(code),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

export function useOidcComplete(code: string | null) {
  return useQuery({ ...oidcCompleteQuery(code ?? ''), enabled: Boolean(code) });
}
