// POST /api/team/current/invite (docs/product.md §7 Team). An existing user joins at once ('added to team' in the message),
// so the member list is reloaded then; the pending list changes either way. Not retried: each try may send mail.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { inviteResponse, type inviteBody } from '../../../../common/contracts/team';
import { ADDED_TO_TEAM_MARKER } from '../../../../common/domain/account-texts';
import { request } from '../../../lib/transport';
import { invitationsQuery } from './invitations';
import { teamMembersQuery } from '../../../lib/api/team-members';

export type InviteInput = z.input<typeof inviteBody>;

export function postInvite(body: InviteInput): Promise<z.infer<typeof inviteResponse>> {
  return request('/api/team/current/invite', { method: 'POST', body, schema: inviteResponse, retries: 0 });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postInvite,
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: invitationsQuery().queryKey });
      if (message.includes(ADDED_TO_TEAM_MARKER)) {
        void queryClient.invalidateQueries({ queryKey: teamMembersQuery().queryKey });
      }
    },
  });
}
