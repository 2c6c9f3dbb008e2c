// POST /api/user/change-password (docs/product.md §7 User). Ends the user's other sessions; this one stays.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { passwordResponse, type changePasswordBody } from '../../../../common/contracts/account';
import { request } from '../../../lib/transport';

export type ChangePasswordInput = z.input<typeof changePasswordBody>;

export function postChangePassword(body: ChangePasswordInput): Promise<z.infer<typeof passwordResponse>> {
  return request('/api/user/change-password', {
    method: 'POST',
    body,
    schema: passwordResponse,
    retries: 0,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: postChangePassword });
}
