// POST /api/triage/{id}: an outcome and its note; the queue, the feedback and every incident read refresh after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { triageSchema, type Triage, type TriageBody } from '../../../../common/contracts/triage';
import { request } from '../../../lib/transport';
import { triageKeys } from './triage-keys';

export function postTriage(id: number, body: TriageBody): Promise<Triage> {
  return request(`/api/triage/${id}`, { method: 'POST', body, schema: triageSchema });
}

export function useTriageReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TriageBody }) => postTriage(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: triageKeys.all }),
  });
}
