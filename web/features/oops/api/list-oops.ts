// GET /api/oops?limit=&offset=&search=&status= (spec §7): newest first, paged so a long list never loads at once.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { listOopsResponse } from '../../../../common/contracts/oops';
import { request } from '../../../lib/transport';
import { oopsKeys, type ListOopsFilters } from './oops-keys';

export type ListOopsResult = z.infer<typeof listOopsResponse>;

/** Rows per page; the API caps a page at 100. */
export const OOPS_PAGE_SIZE = 25;

/** The query string of a filter, shared by the list and its CSV export so both show the same rows. */
export function filterParams(filters: ListOopsFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.status) params.set('status', filters.status);
  return params;
}

export function fetchOopsPage(
  filters: ListOopsFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<ListOopsResult> {
  const params = filterParams(filters);
  params.set('limit', String(OOPS_PAGE_SIZE));
  params.set('offset', String(offset));
  return request(`/api/oops?${params.toString()}`, { schema: listOopsResponse, signal });
}

export const listOopsQueryOptions = (filters: ListOopsFilters) =>
  infiniteQueryOptions({
    queryKey: oopsKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchOopsPage(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.oops.length, 0);
      return last.oops.length === OOPS_PAGE_SIZE && loaded < last.matched ? loaded : undefined;
    },
  });

export function useOopsList(filters: ListOopsFilters) {
  return useInfiniteQuery(listOopsQueryOptions(filters));
}
