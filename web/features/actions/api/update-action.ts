// PUT /api/oops/{id}/actions/{actionId}: title, owner, due date or status (open/done).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { actionSchema, type Action, type updateActionBody } from '../../../../common/contracts/actions';
import { request } from '../../../lib/transport';
import { oopsKeys } from '../../../lib/api/oops-keys';
import { withActions } from './list-actions';

export type UpdateActionInput = z.input<typeof updateActionBody>;

export function putAction(id: number, actionId: number, body: UpdateActionInput): Promise<Action> {
  return request(`/api/oops/${id}/actions/${actionId}`, { method: 'PUT', body, schema: actionSchema });
}

export function useUpdateAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ actionId, body }: { actionId: number; body: UpdateActionInput }) =>
      putAction(id, actionId, body),
    onSuccess: (action) => {
      queryClient.setQueryData(
        oopsKeys.actions(id),
        withActions((old) => old.map((a) => (a.id === action.id ? action : a))),
      );
      void queryClient.invalidateQueries({ queryKey: oopsKeys.lists() });
    },
  });
}
