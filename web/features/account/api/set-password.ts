// POST /api/user/set-password (docs/product.md §7 User): a first password for an account made by magic link.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { passwordResponse, type setPasswordBody } from '../../../../common/contracts/account';
import { MESSAGES } from '../../../../common/domain/messages';
import { toastSuccess } from '../../../lib/toast';
import { request } from '../../../lib/transport';
import { hasPasswordQuery } from './has-password';

export type SetPasswordInput = z.input<typeof setPasswordBody>;

export function postSetPassword(body: SetPasswordInput): Promise<z.infer<typeof passwordResponse>> {
  return request('/api/user/set-password', { method: 'POST', body, schema: passwordResponse, retries: 0 });
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSetPassword,
    onSuccess: () => {
      // Said here, not by the form: the cache update below swaps the Set form for the Change form, and callbacks
      // given to mutate() do not run once their component is gone.
      toastSuccess(MESSAGES.passwordSet);
      queryClient.setQueryData(hasPasswordQuery().queryKey, { hasPassword: true });
    },
  });
}
