// PUT /api/oops/{id} (docs/product.md §7): a partial body of changed fields (one field, a batch, status or timeline_events).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import type { OopsDetail, updateOopsBody } from '../../../../common/contracts/oops';
import { request } from '../../../lib/transport';
import { oopsDetailResponse } from './get-oops-detail';
import { oopsKeys } from '../../../lib/api/oops-keys';

export type UpdateOopsInput = z.input<typeof updateOopsBody>;

export function putOops(id: number, body: UpdateOopsInput): Promise<OopsDetail> {
  return request(`/api/oops/${id}`, { method: 'PUT', body, schema: oopsDetailResponse });
}

/** Sends a change and puts the server's answer in the cache, so every section shows the saved incident. */
export function useUpdateOops(id: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: UpdateOopsInput): Promise<OopsDetail> => {
      const updated = await putOops(id, body);
      queryClient.setQueryData(oopsKeys.detail(id), updated);
      void queryClient.invalidateQueries({ queryKey: oopsKeys.lists() });
      return updated;
    },
    [id, queryClient],
  );
}
