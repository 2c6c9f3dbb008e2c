// POST /api/unsubscribe?token= (RFC 8058's one-click call): the e-mail's unsubscribe page sends it once per
// token, as a query (deduplicated across StrictMode's double mount), never refetched or retried. Idempotent anyway.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unsubscribeResponse } from '../../../../common/contracts/digest';
import { request } from '../../../lib/transport';

export const unsubscribeQuery = (token: string) =>
  queryOptions({
    queryKey: ['digest', 'unsubscribe', token],
    queryFn: () =>
      request(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        schema: unsubscribeResponse,
        retries: 0,
      }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

export function useUnsubscribe(token: string | null) {
  return useQuery({ ...unsubscribeQuery(token ?? ''), enabled: Boolean(token) });
}
