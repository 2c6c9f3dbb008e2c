// DELETE /api/team/current/webhooks/{id}: the webhook and its delivery log.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../lib/transport';
import { webhooksQuery } from './list-webhooks';

export function deleteWebhook(id: number): Promise<{ success: true }> {
  return request(`/api/team/current/webhooks/${id}`, {
    method: 'DELETE',
    schema: z.object({ success: z.literal(true) }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQuery().queryKey }),
  });
}
