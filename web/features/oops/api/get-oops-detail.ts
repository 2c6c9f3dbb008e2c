// GET /api/oops/detail/{idSlug} (docs/product.md §7): the incident with its notes and timeline.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OopsDetail } from '../../../../common/contracts/oops';
import { schemaLater } from '../../../lib/schema-later';
import { request } from '../../../lib/transport';
import { JUST_FETCHED_MS } from '../../../lib/api/just-fetched';
import { oopsKeys } from '../../../lib/api/oops-keys';
import { READ_PATHS } from '../../../lib/api/first-reads';

/** The incident as every call about it answers; its contract loads after the first paint (decision 059). */
export const oopsDetailResponse = schemaLater(
  async () => (await import('../../../../common/contracts/oops')).oopsDetailSchema,
);

export function fetchOopsDetail(id: number, signal?: AbortSignal): Promise<OopsDetail> {
  // The id part of the id-slug decides (docs/product.md §2), so the numeric id alone addresses the incident.
  return request(READ_PATHS.incident(id), { schema: oopsDetailResponse, signal });
}

export const oopsDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: oopsKeys.detail(id),
    queryFn: ({ signal }) => fetchOopsDetail(id, signal),
    // Asked for as the app starts on the page (readIncidentAhead): the page mounting just after takes that answer.
    staleTime: JUST_FETCHED_MS,
  });

export function useOopsDetail(id: number | null) {
  return useQuery({ ...oopsDetailQueryOptions(id ?? 0), enabled: id !== null });
}
