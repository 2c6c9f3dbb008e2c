// POST /api/auth/register (docs/product.md §7). Without an invitation the answer has no token: the user signs in next.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { registerResponse, type RegisterBody } from '../../../../common/contracts/auth';
import { request } from '../../../lib/transport';

export type RegisterResult = z.infer<typeof registerResponse>;

export function postRegister(body: RegisterBody): Promise<RegisterResult> {
  // Not retried: a 5xx after the account was written would turn a retry into a confusing 'email taken'.
  return request('/api/auth/register', { method: 'POST', body, schema: registerResponse, retries: 0 });
}

export function useRegister() {
  return useMutation({ mutationFn: postRegister });
}
