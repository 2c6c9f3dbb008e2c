// POST /api/auth/request-password-reset (docs/product.md §7). The answer is the same for every address (no enumeration).
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { messageBody } from '../../../../common/contracts/common';
import type { requestResetBody } from '../../../../common/contracts/recovery';
import { request } from '../../../lib/transport';

export type RequestResetInput = z.input<typeof requestResetBody>;

export function postRequestPasswordReset(body: RequestResetInput): Promise<z.infer<typeof messageBody>> {
  return request('/api/auth/request-password-reset', {
    method: 'POST',
    body,
    schema: messageBody,
    retries: 0,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: postRequestPasswordReset });
}
