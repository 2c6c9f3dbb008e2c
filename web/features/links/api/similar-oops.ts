// GET /api/oops/similar?text=: up to 3 of the team's incidents like the text being typed.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { similarResponse } from '../../../../common/contracts/links';
import { request } from '../../../lib/transport';
import { oopsKeys } from '../../../lib/api/oops-keys';

export type SimilarOops = z.infer<typeof similarResponse>['oops'][number];

export async function fetchSimilar(text: string, signal?: AbortSignal): Promise<SimilarOops[]> {
  const params = new URLSearchParams({ text });
  // A hint while typing: not worth retrying, the next keystroke asks again.
  const result = await request(`/api/oops/similar?${params.toString()}`, {
    schema: similarResponse,
    signal,
    retries: 0,
  });
  return result.oops;
}

export const similarQueryOptions = (text: string) =>
  queryOptions({
    queryKey: oopsKeys.similar(text),
    queryFn: ({ signal }) => fetchSimilar(text, signal),
    staleTime: 60_000,
  });

export function useSimilarOops(text: string) {
  return useQuery({
    ...similarQueryOptions(text),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}
