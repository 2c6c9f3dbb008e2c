// POST /api/team/current/webhooks/{id}/deliveries/{deliveryId}/redeliver: back in the queue.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookDeliverySchema, type WebhookDelivery } from '../../../../common/contracts/webhooks';
import { request } from '../../../lib/transport';
import { deliveriesQuery } from './list-deliveries';

export type RedeliverInput = { id: number; deliveryId: number };

export function postRedeliver({ id, deliveryId }: RedeliverInput): Promise<WebhookDelivery> {
  return request(`/api/team/current/webhooks/${id}/deliveries/${deliveryId}/redeliver`, {
    method: 'POST',
    schema: webhookDeliverySchema,
    retries: 0,
  });
}

export function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRedeliver,
    onSettled: (_data, _error, { id }) =>
      queryClient.invalidateQueries({ queryKey: deliveriesQuery(id).queryKey }),
  });
}
