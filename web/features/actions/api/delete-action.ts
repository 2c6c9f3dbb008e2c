// DELETE /api/oops/{id}/actions/{actionId}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Action } from '../../../../common/contracts/actions';
import { request } from '../../../lib/transport';
import { oopsKeys } from '../../../lib/api/oops-keys';

const deleted = z.object({ success: z.literal(true) });

export function deleteAction(id: number, actionId: number): Promise<unknown> {
  return request(`/api/oops/${id}/actions/${actionId}`, { method: 'DELETE', schema: deleted });
}

export function useDeleteAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actionId: number) => deleteAction(id, actionId),
    onSuccess: (_result, actionId) => {
      queryClient.setQueryData<Action[]>(oopsKeys.actions(id), (old) =>
        old?.filter((a) => a.id !== actionId),
      );
      void queryClient.invalidateQueries({ queryKey: oopsKeys.lists() });
    },
  });
}
