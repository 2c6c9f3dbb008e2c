// DELETE /api/oops/{id}/actions/{actionId}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../lib/transport';
import { oopsKeys } from '../../../lib/api/oops-keys';
import { withActions } from './list-actions';

const deleted = z.object({ success: z.literal(true) });

export function deleteAction(id: number, actionId: number): Promise<unknown> {
  return request(`/api/oops/${id}/actions/${actionId}`, { method: 'DELETE', schema: deleted });
}

export function useDeleteAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actionId: number) => deleteAction(id, actionId),
    onSuccess: (_result, actionId) => {
      queryClient.setQueryData(
        oopsKeys.actions(id),
        withActions((old) => old.filter((a) => a.id !== actionId)),
      );
      void queryClient.invalidateQueries({ queryKey: oopsKeys.lists() });
    },
  });
}
