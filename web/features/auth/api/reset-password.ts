// POST /api/auth/reset-password (docs/product.md §7). Not retried: the token is single use, so a retry after a 5xx that
// did reset the password would answer 'Invalid or expired reset token'.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { messageBody } from '../../../../common/contracts/common';
import type { resetPasswordBody } from '../../../../common/contracts/recovery';
import { request } from '../../../lib/transport';

export type ResetPasswordInput = z.input<typeof resetPasswordBody>;

export function postResetPassword(body: ResetPasswordInput): Promise<z.infer<typeof messageBody>> {
  return request('/api/auth/reset-password', { method: 'POST', body, schema: messageBody, retries: 0 });
}

export function useResetPassword() {
  return useMutation({ mutationFn: postResetPassword });
}
