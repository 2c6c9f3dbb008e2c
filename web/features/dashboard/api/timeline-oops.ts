// GET /api/oops?limit=100&kind=incident for the timeline (docs/product.md §7: limit 100). The timeline has its own failure
// rules (docs/product.md §4): only network failures are retried, 3 times, 2 s longer each time, with 'retry n/3' shown while
// waiting; so the transport's own retries are off here and React Query does the retrying where the widget sees it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { listOopsResponse as contract } from '../../../../common/contracts/oops';
import { TIMELINE_RETRY, timelineErrorKind } from '../../../../common/domain/dashboard-texts';
import { schemaLater } from '../../../lib/schema-later';
import { ApiError, request } from '../../../lib/transport';
import { dashboardKeys, widgetPolling } from './query-keys';
import { READ_PATHS } from '../../../lib/api/first-reads';

export type TimelineOops = z.infer<typeof contract>['oops'][number];

const listOopsResponse = schemaLater(
  async () => (await import('../../../../common/contracts/oops')).listOopsResponse,
);

export async function fetchTimelineOops(signal?: AbortSignal): Promise<TimelineOops[]> {
  const body = await request(READ_PATHS.timeline, {
    schema: listOopsResponse,
    signal,
    retries: 0,
  });
  return body.oops;
}

/** The spec's error kind of a failed timeline load. */
export function timelineErrorKindOf(error: unknown) {
  if (error instanceof ApiError) return timelineErrorKind(error.status, error.kind === 'invalid-response');
  return 'unknown' as const;
}

export const timelineOopsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.timeline,
    queryFn: ({ signal }) => fetchTimelineOops(signal),
    retry: (failureCount, error) =>
      timelineErrorKindOf(error) === 'network' && failureCount < TIMELINE_RETRY.max,
    // failureCount is 0 before the first retry: waits of 2 s, 4 s, 6 s.
    retryDelay: (failureCount) => TIMELINE_RETRY.stepMs * (failureCount + 1),
    ...widgetPolling,
  });

export const useTimelineOops = () => useQuery(timelineOopsQuery());
