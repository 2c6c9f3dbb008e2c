// PATCH /api/lessons/{id} (adopt, verify, step back) and POST /api/lessons/{id}/merge.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lessonSchema, type Lesson, type UpdateLessonBody } from '../../../../common/contracts/lessons';
import { request } from '../../../lib/transport';
import { lessonKeys } from './lessons-keys';

export function patchLesson(id: number, body: UpdateLessonBody): Promise<Lesson> {
  return request(`/api/lessons/${id}`, { method: 'PATCH', body, schema: lessonSchema });
}

export function postMergeLesson(id: number, into: number): Promise<Lesson> {
  return request(`/api/lessons/${id}/merge`, { method: 'POST', body: { into }, schema: lessonSchema });
}

export function useUpdateLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateLessonBody }) => patchLesson(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: lessonKeys.lists() }),
  });
}

export function useMergeLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, into }: { id: number; into: number }) => postMergeLesson(id, into),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: lessonKeys.lists() }),
  });
}
