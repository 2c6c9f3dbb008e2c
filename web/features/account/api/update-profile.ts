// POST /api/user/profile (docs/product.md §7 User). The answer is the updated user, which becomes the session's user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { profileResponse, type profileBody } from '../../../../common/contracts/account';
import { SESSION_USER_KEY } from '../../../lib/session/session-context';
import { request } from '../../../lib/transport';

export type ProfileInput = z.input<typeof profileBody>;
export type ProfileResult = z.infer<typeof profileResponse>;

export function postProfile(body: ProfileInput): Promise<ProfileResult> {
  return request('/api/user/profile', { method: 'POST', body, schema: profileResponse });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(SESSION_USER_KEY, user);
      // Member lists show names, usernames and departments.
      void queryClient.invalidateQueries({ queryKey: ['team', 'members'] });
    },
  });
}
