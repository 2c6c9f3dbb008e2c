// POST /api/team/current/webhooks: the answer carries the signing secret, shown once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createdWebhookResponse,
  type CreateWebhookBody,
  type CreatedWebhook,
} from '../../../../common/contracts/webhooks';
import { request } from '../../../lib/transport';
import { webhooksQuery } from './list-webhooks';

export function postWebhook(body: CreateWebhookBody): Promise<CreatedWebhook> {
  // Not retried: a lost answer must not add the webhook twice.
  return request('/api/team/current/webhooks', {
    method: 'POST',
    body,
    schema: createdWebhookResponse,
    retries: 0,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQuery().queryKey }),
  });
}
