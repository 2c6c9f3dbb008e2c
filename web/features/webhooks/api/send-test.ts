// POST /api/team/current/webhooks/{id}/test: one test delivery, sent now; answers its log entry.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookDeliverySchema, type WebhookDelivery } from '../../../../common/contracts/webhooks';
import { request } from '../../../lib/transport';
import { deliveriesQuery } from './list-deliveries';

export function postTest(id: number): Promise<WebhookDelivery> {
  return request(`/api/team/current/webhooks/${id}/test`, {
    method: 'POST',
    schema: webhookDeliverySchema,
    retries: 0,
  });
}

export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTest,
    onSettled: (_data, _error, id) =>
      queryClient.invalidateQueries({ queryKey: deliveriesQuery(id).queryKey }),
  });
}
