// GET /api/team/current/webhooks/{id}/deliveries: the newest deliveries of one webhook.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookDeliveriesResponse, type WebhookDelivery } from '../../../../common/contracts/webhooks';
import { request } from '../../../lib/transport';

export async function fetchDeliveries(id: number, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  const { deliveries } = await request(`/api/team/current/webhooks/${id}/deliveries`, {
    schema: webhookDeliveriesResponse,
    signal,
  });
  return deliveries;
}

export const deliveriesQuery = (id: number) =>
  queryOptions({
    queryKey: ['webhooks', id, 'deliveries'],
    queryFn: ({ signal }) => fetchDeliveries(id, signal),
  });

export function useDeliveries(id: number, enabled: boolean) {
  return useQuery({ ...deliveriesQuery(id), enabled });
}
