// GET /api/team/current/invitations (docs/product.md §7 Team): pending invitations, for owners and admins only.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { invitationsResponse } from '../../../../common/contracts/team';
import { request } from '../../../lib/transport';

export type PendingInvitation = z.infer<typeof invitationsResponse>['invitations'][number];

export async function fetchInvitations(signal?: AbortSignal): Promise<PendingInvitation[]> {
  const { invitations } = await request('/api/team/current/invitations', {
    schema: invitationsResponse,
    signal,
  });
  return invitations;
}

export const invitationsQuery = () =>
  queryOptions({ queryKey: ['team', 'invitations'], queryFn: ({ signal }) => fetchInvitations(signal) });

export function useInvitations(enabled: boolean) {
  return useQuery({ ...invitationsQuery(), enabled });
}
