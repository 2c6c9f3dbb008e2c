// GET /api/oops?limit=&cursor=&search=&status=&cf.<key>= (docs/product.md §7, custom fields): newest first, paged so a long list never loads at once.
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { listOopsResponse } from '../../../../common/contracts/oops';
import { request } from '../../../lib/transport';
import { oopsKeys, type ListOopsFilters } from '../../../lib/api/oops-keys';

export type ListOopsResult = z.infer<typeof listOopsResponse>;

/** Rows per page; the API caps a page at 100. */
export const OOPS_PAGE_SIZE = 25;

/** The query string of a filter, shared by the list and its CSV export so both show the same rows. */
export function filterParams(filters: ListOopsFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.status) params.set('status', filters.status);
  for (const [name, value] of filters.table ?? []) params.set(name, value);
  for (const [key, value] of filters.custom ?? []) params.set(`cf.${key}`, value);
  return params;
}

/** A page of the filter's incidents: the first without a cursor, each next one from the last's next_cursor. */
export function fetchOopsPage(
  filters: ListOopsFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ListOopsResult> {
  const params = filterParams(filters);
  params.set('limit', String(OOPS_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return request(`/api/oops?${params.toString()}`, { schema: listOopsResponse, signal });
}

export const listOopsQueryOptions = (filters: ListOopsFilters) =>
  infiniteQueryOptions({
    queryKey: oopsKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchOopsPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    // A keyset cursor, not an offset: incidents logged while the user reads are newer than every loaded row, so
    // the next page neither repeats nor skips one (decision 017).
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/**
 * The previous rows stay while another sort or filter loads: the table is not swapped for "Loading...", so a sort
 * header pressed from the keyboard keeps the focus (decision 041).
 */
export function useOopsList(filters: ListOopsFilters) {
  return useInfiniteQuery({ ...listOopsQueryOptions(filters), placeholderData: keepPreviousData });
}
