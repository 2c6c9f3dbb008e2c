// GET /api/lessons with the page's filters, a page at a time ("Show more" asks for the next offset).
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { lessonsResponse, type LessonsResponse } from '../../../../common/contracts/lessons';
import { request } from '../../../lib/transport';
import { lessonKeys, type LessonFilters } from './lessons-keys';

export const LESSONS_PAGE_SIZE = 50;

export function lessonFilterParams(filters: LessonFilters, offset: number): URLSearchParams {
  const params = new URLSearchParams({ limit: String(LESSONS_PAGE_SIZE) });
  if (offset > 0) params.set('offset', String(offset));
  for (const [name, value] of Object.entries(filters) as [string, string][])
    if (value.trim()) params.set(name, value.trim());
  return params;
}

export function fetchLessons(
  filters: LessonFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<LessonsResponse> {
  return request(`/api/lessons?${lessonFilterParams(filters, offset).toString()}`, {
    schema: lessonsResponse,
    signal,
  });
}

export function useLessons(filters: LessonFilters) {
  return useInfiniteQuery({
    queryKey: lessonKeys.list(filters),
    queryFn: ({ signal, pageParam }) => fetchLessons(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_offset ?? undefined,
    // Typing in the search or switching a filter keeps the last answer on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
  });
}
