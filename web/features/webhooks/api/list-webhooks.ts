// GET /api/team/current/webhooks: the team's webhooks (owners and admins).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhooksResponse, type Webhook } from '../../../../common/contracts/webhooks';
import { request } from '../../../lib/transport';

export async function fetchWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  const { webhooks } = await request('/api/team/current/webhooks', { schema: webhooksResponse, signal });
  return webhooks;
}

export const webhooksQuery = () =>
  queryOptions({ queryKey: ['webhooks'], queryFn: ({ signal }) => fetchWebhooks(signal) });

export function useWebhooks() {
  return useQuery(webhooksQuery());
}
