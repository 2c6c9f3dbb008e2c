// POST /api/team/current/invitations (decision 035): several addresses, one answer per address. Existing users may
// have joined at once, so the member list is read again along with the pending invitations. Not retried: each try
// may send mail.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inviteManyResponse, type InviteManyResult } from '../../../../common/contracts/team-members';
import { request } from '../../../lib/transport';
import { invitationsQuery } from './invitations';
import { teamMembersQuery } from '../../../lib/api/team-members';

export function postInviteMany(emails: string[]): Promise<InviteManyResult> {
  return request('/api/team/current/invitations', {
    method: 'POST',
    body: { emails },
    schema: inviteManyResponse,
    retries: 0,
  });
}

export function useInviteMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postInviteMany,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: invitationsQuery().queryKey });
      await queryClient.invalidateQueries({ queryKey: teamMembersQuery().queryKey });
    },
  });
}
