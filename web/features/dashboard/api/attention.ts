// GET /api/dashboard/attention and POST /api/dashboard/onboarding/dismiss (decision 038).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttentionResponse } from '../../../../common/contracts/dashboard-attention';
import { schemaLater } from '../../../lib/schema-later';
import { request } from '../../../lib/transport';
import { dashboardKeys, widgetPolling } from './query-keys';
import { READ_PATHS } from '../../../lib/api/first-reads';

const contract = () => import('../../../../common/contracts/dashboard-attention');
const attentionResponse = schemaLater(async () => (await contract()).attentionResponse);
const onboardingDismissResponse = schemaLater(async () => (await contract()).onboardingDismissResponse);

export function fetchAttention(signal?: AbortSignal): Promise<AttentionResponse> {
  return request(READ_PATHS.attention, { schema: attentionResponse, signal });
}

export const attentionQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.attention,
    queryFn: ({ signal }) => fetchAttention(signal),
    ...widgetPolling,
  });

export const useAttention = () => useQuery(attentionQuery());

export function useDismissOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request('/api/dashboard/onboarding/dismiss', {
        method: 'POST',
        schema: onboardingDismissResponse,
        retries: 0,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.attention }),
  });
}
