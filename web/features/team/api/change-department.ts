// POST /api/users/{id}/department (docs/product.md §7 Team).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberSchema, type Member } from '../../../../common/contracts/team';
import { request } from '../../../lib/transport';
import { teamMembersQuery } from '../../../lib/api/team-members';

/** '' clears the department (the contract maps it to none). */
export type DepartmentInput = { id: number; user_department: string };

export function postMemberDepartment({ id, user_department }: DepartmentInput): Promise<Member> {
  return request(`/api/users/${id}/department`, {
    method: 'POST',
    body: { user_department },
    schema: memberSchema,
  });
}

export function useChangeDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMemberDepartment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamMembersQuery().queryKey }),
  });
}
