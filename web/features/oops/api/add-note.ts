// POST /api/oops/{id}/notes {note}: the note comes back with added_by and added_at.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noteSchema, type Note, type OopsDetail } from '../../../../common/contracts/oops';
import { request } from '../../../lib/transport';
import { oopsKeys } from '../../../lib/api/oops-keys';

export function postNote(id: number, note: string): Promise<Note> {
  return request(`/api/oops/${id}/notes`, { method: 'POST', body: { note }, schema: noteSchema, retries: 0 });
}

export function useAddNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => postNote(id, note),
    onSuccess: (note) =>
      queryClient.setQueryData<OopsDetail>(oopsKeys.detail(id), (old) =>
        old ? { ...old, notes: [...old.notes, note] } : old,
      ),
  });
}
