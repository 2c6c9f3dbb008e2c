// POST /api/team/current/member/{id}/role (docs/product.md §7 Team).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { memberSchema, type Member, type roleBody } from '../../../../common/contracts/team';
import { request } from '../../../lib/transport';
import { teamMembersQuery } from '../../../lib/api/team-members';

export type RoleInput = { id: number } & z.input<typeof roleBody>;

export function postMemberRole({ id, role }: RoleInput): Promise<Member> {
  return request(`/api/team/current/member/${id}/role`, {
    method: 'POST',
    body: { role },
    schema: memberSchema,
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMemberRole,
    // Settled, not success: after a refusal the list shows what the server holds again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamMembersQuery().queryKey }),
  });
}
