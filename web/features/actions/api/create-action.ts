// POST /api/oops/{id}/actions {title, owner_id, due_date}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { actionSchema, type Action, type createActionBody } from '../../../../common/contracts/actions';
import { request } from '../../../lib/transport';
import { oopsKeys } from '../../../lib/api/oops-keys';
import { withActions, type ActionList } from './list-actions';

export type CreateActionInput = z.input<typeof createActionBody>;

export function postAction(id: number, body: CreateActionInput): Promise<Action> {
  return request(`/api/oops/${id}/actions`, { method: 'POST', body, schema: actionSchema, retries: 0 });
}

export function useCreateAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateActionInput) => postAction(id, body),
    onSuccess: (action) => {
      queryClient.setQueryData(
        oopsKeys.actions(id),
        (old: ActionList | undefined) => withActions((list) => [...list, action])(old) ?? { actions: [action] },
      );
      // The list shows each incident's open-action count.
      void queryClient.invalidateQueries({ queryKey: oopsKeys.lists() });
    },
  });
}
