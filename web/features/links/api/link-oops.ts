// POST and DELETE /api/oops/{id}/related/{otherId}: link (optionally as a repeat) and unlink (decision 019).
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { relatedResponse, type RelatedResponse } from '../../../../common/contracts/links';
import { request } from '../../../lib/transport';
import { oopsKeys } from '../../../lib/api/oops-keys';

export function linkOops(id: number, otherId: number, repeat: boolean): Promise<RelatedResponse> {
  return request(`/api/oops/${id}/related/${otherId}`, {
    method: 'POST',
    body: repeat ? { repeat: true } : {},
    schema: relatedResponse,
    // A retry after a lost answer would meet its own link (409).
    retries: 0,
  });
}

export function unlinkOops(id: number, otherId: number): Promise<RelatedResponse> {
  return request(`/api/oops/${id}/related/${otherId}`, { method: 'DELETE', schema: relatedResponse });
}

/** Both incidents changed (their related_incidents and completeness), and so may lists and statistics. */
function refresh(queryClient: QueryClient, id: number, otherId: number, result: RelatedResponse) {
  queryClient.setQueryData(oopsKeys.related(id), result);
  for (const key of [
    oopsKeys.related(otherId),
    oopsKeys.detail(id),
    oopsKeys.detail(otherId),
    oopsKeys.lists(),
  ])
    void queryClient.invalidateQueries({ queryKey: key });
}

export function useLinkOops(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ otherId, repeat }: { otherId: number; repeat: boolean }) => linkOops(id, otherId, repeat),
    onSuccess: (result, { otherId }) => refresh(queryClient, id, otherId, result),
  });
}

export function useUnlinkOops(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otherId: number) => unlinkOops(id, otherId),
    onSuccess: (result, otherId) => refresh(queryClient, id, otherId, result),
  });
}
