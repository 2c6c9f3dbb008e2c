// GET /api/oops/{id}/related: the incident's related incidents and repeats (decision 019).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RelatedResponse } from '../../../../common/contracts/links';
import { schemaLater } from '../../../lib/schema-later';
import { request } from '../../../lib/transport';
import { JUST_FETCHED_MS } from '../../../lib/api/just-fetched';
import { oopsKeys } from '../../../lib/api/oops-keys';
import { READ_PATHS } from '../../../lib/api/first-reads';

const relatedResponse = schemaLater(
  async () => (await import('../../../../common/contracts/links')).relatedResponse,
);

export function fetchRelated(id: number, signal?: AbortSignal): Promise<RelatedResponse> {
  return request(READ_PATHS.related(id), { schema: relatedResponse, signal });
}

export const relatedQueryOptions = (id: number) =>
  queryOptions({
    queryKey: oopsKeys.related(id),
    queryFn: ({ signal }) => fetchRelated(id, signal),
    // The incident page asks for them with the incident (oops-detail-page.tsx).
    staleTime: JUST_FETCHED_MS,
  });

export function useRelated(id: number) {
  return useQuery(relatedQueryOptions(id));
}
