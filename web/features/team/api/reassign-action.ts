// PUT /api/oops/{id}/actions/{actionId} with a new owner: taking over a removed member's open action.
import { useMutation } from '@tanstack/react-query';
import { actionSchema } from '../../../../common/contracts/actions';
import { request } from '../../../lib/transport';

export function putActionOwner(input: { oopsId: number; actionId: number; ownerId: number }) {
  return request(`/api/oops/${input.oopsId}/actions/${input.actionId}`, {
    method: 'PUT',
    body: { owner_id: input.ownerId },
    schema: actionSchema,
  });
}

export function useReassignAction() {
  return useMutation({ mutationFn: putActionOwner });
}
