// GET /api/search (decision 040): the palette's ranked search, asked once the typing pauses.
import { useQuery } from '@tanstack/react-query';
import { searchResponse, type SearchResponse } from '../../../../common/contracts/search';
import { request } from '../../../lib/transport';

export function fetchSearch(q: string, signal?: AbortSignal): Promise<SearchResponse> {
  return request(`/api/search?q=${encodeURIComponent(q)}`, { schema: searchResponse, signal });
}

/** The answer for `q` (already debounced and trimmed); nothing is asked for an empty text. */
export function useSearch(q: string) {
  return useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => fetchSearch(q, signal),
    enabled: q !== '',
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
}
