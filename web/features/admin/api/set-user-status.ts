// PUT /api/admin/users/{id}/status {is_active} (docs/product.md §7 Administration). Disabling ends the user's sessions at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminUserSchema } from '../../../../common/contracts/admin';
import { request } from '../../../lib/transport';

export type UpdatedUser = z.infer<typeof adminUserSchema>;

export function putUserStatus(id: number, isActive: boolean): Promise<UpdatedUser> {
  return request(`/api/admin/users/${id}/status`, {
    method: 'PUT',
    body: { is_active: isActive },
    schema: adminUserSchema,
  });
}

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => putUserStatus(id, isActive),
    // Totals on the users page and the dashboard change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
