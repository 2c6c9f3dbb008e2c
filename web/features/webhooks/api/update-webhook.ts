// PATCH /api/team/current/webhooks/{id}: URL, events, description, or pause/resume.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookSchema, type UpdateWebhookBody, type Webhook } from '../../../../common/contracts/webhooks';
import { request } from '../../../lib/transport';
import { webhooksQuery } from './list-webhooks';

export type UpdateWebhookInput = { id: number } & UpdateWebhookBody;

export function patchWebhook({ id, ...body }: UpdateWebhookInput): Promise<Webhook> {
  return request(`/api/team/current/webhooks/${id}`, { method: 'PATCH', body, schema: webhookSchema });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQuery().queryKey }),
  });
}
