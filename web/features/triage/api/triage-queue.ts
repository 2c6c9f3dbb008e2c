// GET /api/triage/queue: the reports waiting for an outcome, oldest first (owners and admins).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { triageQueueResponse, type TriageQueue } from '../../../../common/contracts/triage';
import { request } from '../../../lib/transport';
import { triageKeys } from './triage-keys';

export function fetchTriageQueue(signal?: AbortSignal): Promise<TriageQueue> {
  return request('/api/triage/queue', { schema: triageQueueResponse, signal });
}

export const triageQueueQuery = () =>
  queryOptions({ queryKey: triageKeys.queue(), queryFn: ({ signal }) => fetchTriageQueue(signal) });

export function useTriageQueue(enabled = true) {
  return useQuery({ ...triageQueueQuery(), enabled });
}
