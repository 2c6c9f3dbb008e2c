// GET /api/lessons?similar_to=: the lessons of the team's past incidents most like the text being typed.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lessonsResponse, type Lesson } from '../../../../common/contracts/lessons';
import { request } from '../../../lib/transport';
import { oopsKeys } from '../../../lib/api/oops-keys';

/** A hint beside the form, not a list: a few lessons at most. */
export const SIMILAR_LESSONS_MAX = 3;

export async function fetchSimilarLessons(text: string, signal?: AbortSignal): Promise<Lesson[]> {
  const params = new URLSearchParams({ similar_to: text, limit: String(SIMILAR_LESSONS_MAX) });
  // Like the similar incidents: not worth retrying, the next keystroke asks again.
  const result = await request(`/api/lessons?${params.toString()}`, {
    schema: lessonsResponse,
    signal,
    retries: 0,
  });
  return result.lessons;
}

export function useSimilarLessons(text: string) {
  return useQuery({
    queryKey: [...oopsKeys.all, 'similar-lessons', text],
    queryFn: ({ signal }) => fetchSimilarLessons(text, signal),
    staleTime: 60_000,
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}
