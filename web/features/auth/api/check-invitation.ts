// GET /api/team/accept-invitation?token= (docs/product.md §7 Team): sign-up validates its invitation on load.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { invitationCheckResponse } from '../../../../common/contracts/team';
import { request } from '../../../lib/transport';

export type InvitationCheck = z.infer<typeof invitationCheckResponse>;

export function fetchInvitationCheck(token: string, signal?: AbortSignal): Promise<InvitationCheck> {
  return request(`/api/team/accept-invitation?token=${encodeURIComponent(token)}`, {
    schema: invitationCheckResponse,
    signal,
  });
}

export const invitationCheckQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'invitation', token],
    queryFn: ({ signal }) => fetchInvitationCheck(token, signal),
    staleTime: Infinity,
  });

export function useInvitationCheck(token: string | null) {
  return useQuery({ ...invitationCheckQuery(token ?? ''), enabled: Boolean(token) });
}
