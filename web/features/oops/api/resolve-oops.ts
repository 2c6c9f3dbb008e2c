// POST /api/oops/{id}/resolve (decision 042): marks an open incident resolved, now or at the time sent.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { OopsDetail, ResolveOopsBody } from '../../../../common/contracts/oops';
import { request } from '../../../lib/transport';
import { oopsDetailResponse } from './get-oops-detail';
import { oopsKeys } from '../../../lib/api/oops-keys';

export function postResolve(id: number, body: ResolveOopsBody): Promise<OopsDetail> {
  return request(`/api/oops/${id}/resolve`, { method: 'POST', body, schema: oopsDetailResponse });
}

/** Marks it resolved and puts the answer in the cache, as an edit does (update-oops.ts). */
export function useResolveOops(id: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: ResolveOopsBody): Promise<OopsDetail> => {
      const updated = await postResolve(id, body);
      queryClient.setQueryData(oopsKeys.detail(id), updated);
      void queryClient.invalidateQueries({ queryKey: oopsKeys.lists() });
      return updated;
    },
    [id, queryClient],
  );
}
