// GET /api/auth/sessions, DELETE /api/auth/sessions/{id} and /api/auth/devices/{id}, POST
// /api/auth/sessions/end-all: where the user is signed in, and signing out of one or of all (decision 033).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endSignInResponse, signInsResponse, type SignIn } from '../../../../common/contracts/sessions';
import { request } from '../../../lib/transport';

export const signInsQuery = () =>
  queryOptions({
    queryKey: ['user', 'sessions'] as const,
    queryFn: async ({ signal }) =>
      (await request('/api/auth/sessions', { schema: signInsResponse, signal })).sessions,
  });

export function useSignIns() {
  return useQuery(signInsQuery());
}

export function endSignIn(signIn: Pick<SignIn, 'kind' | 'id'>): Promise<{ success: true }> {
  const path = signIn.kind === 'device' ? 'devices' : 'sessions';
  return request(`/api/auth/${path}/${signIn.id}`, {
    method: 'DELETE',
    schema: endSignInResponse,
    retries: 0,
  });
}

export function useEndSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSignIn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: signInsQuery().queryKey }),
  });
}

export function postEndAllSignIns(): Promise<{ success: true }> {
  return request('/api/auth/sessions/end-all', {
    method: 'POST',
    body: {},
    schema: endSignInResponse,
    retries: 0,
  });
}

export function useEndAllSignIns() {
  return useMutation({ mutationFn: postEndAllSignIns });
}
