// POST /api/oops (docs/product.md §7 Incidents, create).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { oopsDetailSchema, type createOopsBody, type OopsDetail } from '../../../../common/contracts/oops';
import { request } from '../../../lib/transport';
import { oopsKeys } from '../../../lib/api/oops-keys';

export type CreateOopsInput = z.input<typeof createOopsBody>;

export function postOops(body: CreateOopsInput): Promise<OopsDetail> {
  // Not retried: a 5xx after the row was written would log the incident twice.
  return request('/api/oops', { method: 'POST', body, schema: oopsDetailSchema, retries: 0 });
}

export function useCreateOops() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postOops,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oopsKeys.all }),
  });
}
