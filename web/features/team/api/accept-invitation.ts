// POST /api/team/accept-invitation (docs/product.md §7 Team): a signed-in invitee joins the team; the server also makes it
// their current team. Not retried: the invitation is single use.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { messageBody } from '../../../../common/contracts/common';
import type { acceptInvitationBody } from '../../../../common/contracts/team';
import { request } from '../../../lib/transport';

export type AcceptInvitationInput = z.input<typeof acceptInvitationBody>;

export function postAcceptInvitation(body: AcceptInvitationInput): Promise<z.infer<typeof messageBody>> {
  return request('/api/team/accept-invitation', { method: 'POST', body, schema: messageBody, retries: 0 });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: postAcceptInvitation });
}
